// The community home's figures and activity feed, computed from the community's own data.
import { and, count, desc, eq, exists, gte, inArray, notInArray, or, sql } from "drizzle-orm";
import { prepared, tenantSchema, type TenantDb, type Community } from "~/utils/db.server";
import type { ActivityRow, ActivityType } from "./activity.server";
import { startOfLocalMonthUtc } from "./local-time";
import { roleIn, CARE_TEAM_ROLES, type Role } from "~/utils/roles";
import { storyIsForEveryone, storyShownTo, viewerOfPrepared, type StoryViewer } from "./story.server";

const { residents, stories, storyViews, activity } = tenantSchema;

/** The community's figures, as the home and /api/stats show them. */
export type CommunityStats = {
  totalResidents: number;
  totalStories: number;
  totalFamilyViews: number;
  storiesThisMonth: number;
};

/**
 * - totalResidents: active residents;
 * - totalStories: published stories for everyone at the community ("Stories Shared");
 * - totalFamilyViews: story views by family members (one per member, story and local day) of those;
 * - storiesThisMonth: stories for everyone created since the first of this month in the community's
 *   time zone, in any review state (a count only: titles of stories under review are never shown).
 * Stories for a family or for the resident alone are never counted here: the home is
 * seen by everyone, and a count of someone's private stories is theirs to tell.
 */
export function getCommunityStats(db: TenantDb, community: Pick<Community, "timeZone">, now: Date = new Date()): CommunityStats {
  // every home page asks: one statement, prepared once per database (prepared() in db.server)
  const query = prepared(db, "community-stats", (d) =>
    d
      .select({
        totalResidents: sql<number>`(${d.select({ n: count() }).from(residents).where(eq(residents.isActive, true))})`,
        totalStories: sql<number>`(${d.select({ n: count() }).from(stories).where(storyIsForEveryone)})`,
        totalFamilyViews: sql<number>`(${d.select({ n: count() }).from(storyViews).innerJoin(stories, eq(storyViews.storyId, stories.id)).where(storyIsForEveryone)})`,
        storiesThisMonth: sql<number>`(${d
          .select({ n: count() })
          .from(stories)
          .where(and(eq(stories.audience, "community"), gte(stories.createdAt, sql.placeholder("monthStart"))))})`,
      })
      .from(sql`(select 1)`)
      .prepare(),
  );
  const row = query.get({ monthStart: startOfLocalMonthUtc(community.timeZone, now) });
  return {
    totalResidents: Number(row?.totalResidents ?? 0),
    totalStories: Number(row?.totalStories ?? 0),
    totalFamilyViews: Number(row?.totalFamilyViews ?? 0),
    storiesThisMonth: Number(row?.storiesThisMonth ?? 0),
  };
}

// What every member may see in the feed, and what only staff see (titles of stories under review,
// families' questions to their resident, new admissions).
const MEMBER_ACTIVITY: ActivityType[] = ["story_published", "comment_added", "photo_shared", "event_added", "news_posted"];
const STAFF_ACTIVITY: ActivityType[] = [...MEMBER_ACTIVITY, "story_submitted", "question_asked", "resident_added"];

export function activityTypesFor(role: Role): ActivityType[] {
  return roleIn(role, CARE_TEAM_ROLES) ? STAFF_ACTIVITY : MEMBER_ACTIVITY;
}

export type ActivityItem = Pick<ActivityRow, "id" | "type" | "summary" | "values" | "createdAt" | "actorName"> & { href: string | null };

const STORY_ACTIVITY: ActivityType[] = ["story_published", "comment_added"];

/**
 * The community's latest events that this viewer may see, newest first: a story's publication and
 * comments only while the story is in an audience that includes them (storyShownTo).
 */
export function listHomeActivity(db: TenantDb, viewer: StoryViewer, limit = 8): ActivityItem[] {
  // every home page asks: prepared once per handle and kind of viewer (viewerOfPrepared)
  const v = viewerOfPrepared(viewer);
  const query = prepared(db, `home-activity:${v.key}`, (d) => {
    const storyVisible = exists(d.select({ id: stories.id }).from(stories).where(and(eq(stories.id, activity.subjectId), storyShownTo(v.viewer))));
    return d
      .select()
      .from(activity)
      .where(and(inArray(activity.type, activityTypesFor(viewer.role)), or(notInArray(activity.type, STORY_ACTIVITY), storyVisible)))
      .orderBy(desc(activity.createdAt))
      .limit(sql.placeholder("limit"))
      .prepare();
  });
  return query
    .all({ ...v.values, limit })
    .map((a) => ({
      id: a.id,
      type: a.type,
      summary: a.summary,
      values: a.values,
      createdAt: a.createdAt,
      actorName: a.actorName,
      // published stories and their comments can be opened by every member
      href: a.subjectId && (a.type === "story_published" || a.type === "comment_added") ? `/stories/${a.subjectId}` : null,
    }));
}
