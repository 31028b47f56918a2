// The community's activity feed (story published, comment, photo shared, event added, ...).
import { desc } from "drizzle-orm";
import { tenantSchema, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import type { ActivityValues } from "./activity-text";

const { activity } = tenantSchema;

export type ActivityType = (typeof activity.$inferInsert)["type"];
export type ActivityRow = typeof activity.$inferSelect;

export function recordActivity(
  db: TenantQueries,
  entry: {
    type: ActivityType;
    summary: string;
    /** the values its sentence is written with in each language (activity-text.ts) */
    values: ActivityValues;
    subjectId?: string | null;
    actor?: { id: string; displayName: string } | null;
  },
) {
  db.insert(activity)
    .values({
      id: newId(),
      type: entry.type,
      summary: entry.summary,
      values: JSON.stringify(entry.values),
      subjectId: entry.subjectId ?? null,
      actorUserId: entry.actor?.id ?? null,
      actorName: entry.actor?.displayName ?? null,
    })
    .run();
}

export function listRecentActivity(db: TenantDb, limit = 10): ActivityRow[] {
  return db.select().from(activity).orderBy(desc(activity.createdAt)).limit(limit).all();
}
