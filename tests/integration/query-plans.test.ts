// The hot queries of the dashboards use indexes (no full table scans of stories, comments, views,
// events or activity). Prints each plan; fails if a hot query scans a growing table.
import { and, asc, count, desc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { getTenantDb, tenantSchema as t, type TenantDb } from "~/utils/db.server";

let dir: string;
let db: TenantDb;
beforeAll(() => {
  dir = useTempDataDir();
  db = getTenantDb(createCommunity({ name: "Plan House", subdomain: "plan-house" }));
  db.$client.exec("ANALYZE");
});
afterAll(() => cleanupDataDir(dir));

function plan(query: { toSQL: () => { sql: string; params: unknown[] } }): string {
  const { sql, params } = query.toSQL();
  const rows = db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return rows.map((r) => r.detail).join(" | ");
}

const GROWING = ["stories", "comments", "story_views", "calendar_events", "activity", "reactions", "family_photos", "family_questions"];

describe("hot queries use indexes", () => {
  const queries = () =>
    ({
      "published stories, newest first": db.select().from(t.stories).where(eq(t.stories.isPublished, true)).orderBy(desc(t.stories.publishedAt)).limit(20),
      "featured stories of a category": db
        .select()
        .from(t.stories)
        .where(and(eq(t.stories.isFeatured, true), eq(t.stories.isPublished, true), eq(t.stories.category, "travel"))),
      "a resident's stories": db.select().from(t.stories).where(eq(t.stories.residentId, "r1")).orderBy(desc(t.stories.createdAt)),
      "the review queue": db.select().from(t.stories).where(eq(t.stories.reviewStatus, "pending")).orderBy(asc(t.stories.createdAt)),
      "stories this month": db.select({ n: count() }).from(t.stories).where(gte(t.stories.createdAt, "2026-11-01T00:00:00.000Z")),
      "a story's comments": db.select().from(t.comments).where(eq(t.comments.storyId, "s1")).orderBy(asc(t.comments.createdAt)),
      "a view today": db
        .select()
        .from(t.storyViews)
        .where(and(eq(t.storyViews.storyId, "s1"), eq(t.storyViews.familyMemberId, "f1"), eq(t.storyViews.viewedOn, "2026-11-22"))),
      "upcoming events": db.select().from(t.calendarEvents).where(gte(t.calendarEvents.eventDate, "2026-11-22")).orderBy(asc(t.calendarEvents.eventDate)),
      "recent activity": db.select().from(t.activity).orderBy(desc(t.activity.createdAt)).limit(10),
      "a resident's family photos": db.select().from(t.familyPhotos).where(eq(t.familyPhotos.residentId, "r1")).orderBy(desc(t.familyPhotos.createdAt)),
    }) as const;

  it("every hot query reads through an index", () => {
    const lines: string[] = [];
    for (const [name, q] of Object.entries(queries())) {
      const p = plan(q);
      lines.push(`${name}: ${p}`);
      for (const table of GROWING) {
        // "SCAN stories" without an index is a full scan; "SCAN stories USING INDEX" walks an index
        expect(p, `${name} scans ${table}`).not.toMatch(new RegExp(`SCAN ${table}(?! USING (COVERING )?INDEX)( |$)`));
      }
      expect(p, name).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
    }
    console.log(`EXPLAIN QUERY PLAN\n${lines.join("\n")}`);
  });
});
