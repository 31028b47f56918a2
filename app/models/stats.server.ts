// The community home's figures and activity feed, computed from the community's own data.
import { and, count, desc, eq, gte, inArray } from "drizzle-orm";
import { tenantSchema, type TenantDb, type Community } from "~/utils/db.server";
import type { Role } from "~/utils/roles";
import type { ActivityRow, ActivityType } from "./activity.server";
import { startOfLocalMonthUtc } from "./local-time";

const { residents, stories, storyViews, activity } = tenantSchema;

/** The spec's Stats entity. */
export type CommunityStats = {
  totalResidents: number;
  totalStories: number;
  totalFamilyViews: number;
  storiesThisMonth: number;
};

/**
 * - totalResidents: active residents;
 * - totalStories: published stories ("Stories Shared");
 * - totalFamilyViews: story views by family members (one per member, story and local day);
 * - storiesThisMonth: stories created since the first of this month in the community's time zone,
 *   in any review state (a count only: titles of stories under review are never shown).
 */
export function getCommunityStats(db: TenantDb, community: Pick<Community, "timeZone">, now: Date = new Date()): CommunityStats {
  const one = (n: { n: number } | undefined) => n?.n ?? 0;
  return {
    totalResidents: one(db.select({ n: count() }).from(residents).where(eq(residents.isActive, true)).get()),
    totalStories: one(db.select({ n: count() }).from(stories).where(eq(stories.isPublished, true)).get()),
    totalFamilyViews: one(db.select({ n: count() }).from(storyViews).get()),
    storiesThisMonth: one(
      db.select({ n: count() }).from(stories).where(gte(stories.createdAt, startOfLocalMonthUtc(community.timeZone, now))).get(),
    ),
  };
}

// What every member may see in the feed, and what only staff see (titles of stories under review,
// families' questions to their resident, new admissions).
const MEMBER_ACTIVITY: ActivityType[] = ["story_published", "comment_added", "photo_shared", "event_added", "news_posted"];
const STAFF_ACTIVITY: ActivityType[] = [...MEMBER_ACTIVITY, "story_submitted", "question_asked", "resident_added"];

export function activityTypesFor(role: Role): ActivityType[] {
  return role === "administrator" || role === "staff" || role === "super_admin" ? STAFF_ACTIVITY : MEMBER_ACTIVITY;
}

export type ActivityItem = Pick<ActivityRow, "id" | "type" | "summary" | "createdAt" | "actorName"> & { href: string | null };

/** The community's latest events that this role may see, newest first. */
export function listHomeActivity(db: TenantDb, role: Role, limit = 8): ActivityItem[] {
  return db
    .select()
    .from(activity)
    .where(and(inArray(activity.type, activityTypesFor(role))))
    .orderBy(desc(activity.createdAt))
    .limit(limit)
    .all()
    .map((a) => ({
      id: a.id,
      type: a.type,
      summary: a.summary,
      createdAt: a.createdAt,
      actorName: a.actorName,
      // published stories and their comments can be opened by every member
      href: a.subjectId && (a.type === "story_published" || a.type === "comment_added") ? `/stories/${a.subjectId}` : null,
    }));
}
