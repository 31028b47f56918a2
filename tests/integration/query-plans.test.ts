// The hot queries of the dashboards use indexes (no full table scans of stories, comments, views,
// events or activity). Prints each plan; fails if a hot query scans a growing table.
import { and, asc, count, desc, eq, gt, gte, lt } from "drizzle-orm";
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { getControlDb, getTenantDb, tenantSchema as t, type TenantDb } from "~/utils/db.server";

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
  const rows = db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as {
    detail: string;
  }[];
  return rows.map((r) => r.detail).join(" | ");
}

const GROWING = [
  "stories",
  "comments",
  "story_views",
  "calendar_events",
  "activity",
  "reactions",
  "family_photos",
  "family_questions",
];

describe("hot queries use indexes", () => {
  const queries = () =>
    ({
      "published stories, newest first": db
        .select()
        .from(t.stories)
        .where(eq(t.stories.isPublished, true))
        .orderBy(desc(t.stories.publishedAt))
        .limit(20),
      "featured stories of a category": db
        .select()
        .from(t.stories)
        .where(
          and(
            eq(t.stories.isFeatured, true),
            eq(t.stories.isPublished, true),
            eq(t.stories.category, "travel"),
          ),
        ),
      "a resident's stories": db
        .select()
        .from(t.stories)
        .where(eq(t.stories.residentId, "r1"))
        .orderBy(desc(t.stories.createdAt)),
      "the review queue": db
        .select()
        .from(t.stories)
        .where(eq(t.stories.reviewStatus, "pending"))
        .orderBy(asc(t.stories.createdAt)),
      "stories this month": db
        .select({ n: count() })
        .from(t.stories)
        .where(gte(t.stories.createdAt, "2026-11-01T00:00:00.000Z")),
      "a story's comments": db
        .select()
        .from(t.comments)
        .where(eq(t.comments.storyId, "s1"))
        .orderBy(asc(t.comments.createdAt)),
      "a view today": db
        .select()
        .from(t.storyViews)
        .where(
          and(
            eq(t.storyViews.storyId, "s1"),
            eq(t.storyViews.familyMemberId, "f1"),
            eq(t.storyViews.viewedOn, "2026-11-22"),
          ),
        ),
      "upcoming events": db
        .select()
        .from(t.calendarEvents)
        .where(gte(t.calendarEvents.eventDate, "2026-11-22"))
        .orderBy(asc(t.calendarEvents.eventDate)),
      "recent activity": db.select().from(t.activity).orderBy(desc(t.activity.createdAt)).limit(10),
      "a resident's family photos": db
        .select()
        .from(t.familyPhotos)
        .where(eq(t.familyPhotos.residentId, "r1"))
        .orderBy(desc(t.familyPhotos.createdAt)),
      // each comment, question and photo first counts the person's of the last day (or hour)
      "a person's comments of the last day": db
        .select({ at: t.activity.createdAt })
        .from(t.activity)
        .where(
          and(
            gt(t.activity.createdAt, "2026-11-21T12:00:00.000Z"),
            eq(t.activity.type, "comment_added"),
            eq(t.activity.actorUserId, "u1"),
          ),
        )
        .orderBy(desc(t.activity.createdAt))
        .limit(100),
      "a person's last email about a story": db
        .select()
        .from(t.emailOutbox)
        .where(
          and(
            gte(t.emailOutbox.dedupeKey, "about:u1:s1:"),
            lt(t.emailOutbox.dedupeKey, "about:u1:s1;"),
          ),
        )
        .orderBy(desc(t.emailOutbox.dedupeKey))
        .limit(1),
    }) as const;

  it("every hot query reads through an index", () => {
    const lines: string[] = [];
    for (const [name, q] of Object.entries(queries())) {
      const p = plan(q);
      lines.push(`${name}: ${p}`);
      for (const table of GROWING) {
        // "SCAN stories" without an index is a full scan; "SCAN stories USING INDEX" walks an index
        expect(p, `${name} scans ${table}`).not.toMatch(
          new RegExp(`SCAN ${table}(?! USING (COVERING )?INDEX)( |$)`),
        );
      }
      expect(p, name).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
    }
    console.log(`EXPLAIN QUERY PLAN\n${lines.join("\n")}`);
  });
});

// The long lists at a 200-bed facility's size: every list page reads through an index
// that also gives its order, so a page of 25 never sorts the whole table.
describe("list pages read through indexes at 500 residents and 1,000 family members", () => {
  let big: TenantDb;
  let tenantId: string;
  beforeAll(async () => {
    const { seedBigCommunity } = await import("../helpers/big-community");
    const community = await seedBigCommunity();
    tenantId = community.id;
    big = getTenantDb(community);
    big.$client.exec("ANALYZE");
    // the control database is not analysed (the app never does): its plans are the ones production gets
  }, 120_000);

  function planOn(
    client: Database.Database,
    query: { toSQL: () => { sql: string; params: unknown[] } },
  ) {
    const { sql, params } = query.toSQL();
    return (client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
      .map((r) => r.detail)
      .join(" | ");
  }

  const LIST_TABLES = [
    "residents",
    "family_members",
    "stories",
    "users",
    "communities",
    "audit_log",
  ];

  it("every list query walks an index in its order (no full scan, no sort of the whole table)", async () => {
    const { residentPageQuery, readResidentListParams } =
      await import("~/models/resident-list.server");
    const { familyPageQuery, readFamilyListParams } = await import("~/models/family-list.server");
    const { storyReviewPageQuery, readStoryListParams } =
      await import("~/models/story-review-list.server");
    const { staffPageQuery, readStaffListParams } = await import("~/models/staff.server");
    const { userPageQuery, readUserListParams, communityPageQuery, readCommunityListParams } =
      await import("~/models/user-list.server");
    const { communityAuditQuery } = await import("~/models/audit.server");
    const q = (s: string) => new URLSearchParams(s);
    const tenant = (query: { toSQL: () => { sql: string; params: unknown[] } }) =>
      planOn(big.$client, query);
    const control = (query: { toSQL: () => { sql: string; params: unknown[] } }) =>
      planOn(getControlDb().$client, query);
    const plans: Record<string, string> = {};
    for (const s of [
      "",
      "sort=room",
      "sort=-admitted",
      "status=all&sort=-name",
      "q=bronte",
      "status=inactive&sort=room",
    ]) {
      plans[`residents ?${s}`] = tenant(
        residentPageQuery(big, readResidentListParams(q(s)), 25, 50),
      );
    }
    // down the rooms: those with a room, then those without, each part in the index's order
    for (const part of ["numbered", "none"] as const)
      plans[`residents ?sort=-room, ${part}`] = tenant(
        residentPageQuery(big, readResidentListParams(q("sort=-room")), 25, 50, part),
      );
    for (const s of ["", "sort=resident", "invitation=pending", "q=ellis&sort=-name"]) {
      plans[`families ?${s}`] = tenant(
        familyPageQuery(big, tenantId, readFamilyListParams(q(s)), 25, 25),
      );
    }
    for (const s of [
      "",
      "status=published",
      "status=rejected",
      "status=all",
      "status=all&sort=date",
    ]) {
      plans[`stories ?${s}`] = tenant(storyReviewPageQuery(big, readStoryListParams(q(s)), 25, 0));
    }
    for (const s of ["", "sort=username", "role=staff&sort=-name"])
      plans[`staff ?${s}`] = control(staffPageQuery(tenantId, readStaffListParams(q(s)), 25, 0));
    for (const s of ["", "sort=name", `community=${tenantId}`, "role=family&sort=-username"])
      plans[`users ?${s}`] = control(userPageQuery(readUserListParams(q(s)), 25, 0));
    for (const s of ["", "sort=-created", "status=active"])
      plans[`communities ?${s}`] = control(
        communityPageQuery(readCommunityListParams(q(s)), 25, 0),
      );
    plans["audit of a community"] = control(communityAuditQuery(tenantId, null));
    plans["audit of a community, staff changes"] = control(communityAuditQuery(tenantId, "staff"));
    for (const [name, p] of Object.entries(plans)) {
      for (const table of LIST_TABLES)
        expect(p, `${name} scans ${table}`).not.toMatch(
          new RegExp(`SCAN ${table}(?! USING (COVERING )?INDEX)( |$)`),
        );
      // "USE TEMP B-TREE FOR RIGHT PART OF ORDER BY" only orders ties; a full sort would be the whole table
      expect(p, `${name} sorts the whole table`).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
    console.log(
      `EXPLAIN QUERY PLAN (lists)\n${Object.entries(plans)
        .map(([n, p]) => `${n}: ${p}`)
        .join("\n")}`,
    );
  });
});
