// Comments, reactions and story views of one community. Every function takes the community's handle.
// Families comment and react only on published stories of their own resident; counters on the
// story row (likeCount, viewCount) always match the rows they count.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import type { SessionUser } from "~/utils/auth.server";
import { REACTIONS } from "./categories";
import { recordActivity } from "./activity.server";
import { recordForResident, type FamilyMemberRow } from "./family.server";
import { localDateIn } from "./local-time";
import { getReadableStory, type StoryView } from "./story.server";
import { assertWithinLimits, spendReaction } from "./person-limits.server";
import { ROLE, roleIn, CARE_TEAM_ROLES } from "~/utils/roles";

const { comments, reactions, stories, storyViews, familyMembers } = tenantSchema;

/**
 * A comment as the screens and the JSON API show it: id, content, emoji, createdAt, familyMember
 * (name, relationship).
 */
export type CommentView = {
  id: string;
  storyId: string;
  content: string;
  emoji: string | null;
  createdAt: string;
  authorUserId: string | null;
  familyMember: { name: string; relationship: string | null };
};

export class CommentAccessError extends Error {
  constructor(
    public status: 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

type Member = Pick<SessionUser, "id" | "role" | "residentId" | "familyMemberIds" | "displayName" | "username">;

export function listComments(db: TenantDb, storyId: string): CommentView[] {
  return db
    .select({ comment: comments, member: familyMembers })
    .from(comments)
    .leftJoin(familyMembers, eq(comments.familyMemberId, familyMembers.id))
    .where(eq(comments.storyId, storyId))
    .orderBy(asc(comments.createdAt))
    .all()
    .map(({ comment: c, member: m }) => ({
      id: c.id,
      storyId: c.storyId,
      content: c.content,
      emoji: c.emoji,
      createdAt: c.createdAt,
      authorUserId: c.authorUserId,
      familyMember: { name: m?.name ?? c.authorName, relationship: m?.relationship ?? null },
    }));
}

/** The signed-in family member's record for this resident, when she follows them. */
function familyRowOf(db: TenantDb, user: Pick<Member, "role" | "familyMemberIds">, residentId: string): FamilyMemberRow | null {
  if (user.role !== ROLE.family) return null;
  return recordForResident(db, user.familyMemberIds, residentId) ?? null;
}

/** Whether this user may comment on and react to this story (family of its resident, published). */
export function canRespondTo(db: TenantDb, user: Pick<Member, "role" | "familyMemberIds">, story: Pick<StoryView, "isPublished" | "residentId">): boolean {
  const member = familyRowOf(db, user, story.residentId);
  return Boolean(member && story.isPublished);
}

/**
 * The story a family member responds to, or a CommentAccessError: 404 when the story cannot be read
 * (missing, or unpublished), 403 when it belongs to another resident or the user is not family.
 */
export function responseTarget(db: TenantDb, user: Member, storyId: string): { story: StoryView; member: FamilyMemberRow } {
  const story = getReadableStory(db, user, storyId);
  if (!story) throw new CommentAccessError(404, "Story not found");
  if (user.role !== ROLE.family || !user.familyMemberIds.length) throw new CommentAccessError(403, "Only family members can comment on stories");
  if (!story.isPublished) throw new CommentAccessError(404, "Story not found");
  // she answers as the resident's family: her own record for this resident
  const member = familyRowOf(db, user, story.residentId);
  if (!member) throw new CommentAccessError(403, "You can comment only on your own resident's stories");
  return { story, member };
}

function syncLikeCount(db: TenantQueries, storyId: string) {
  db.update(stories)
    .set({ likeCount: sql`(SELECT count(*) FROM ${reactions} WHERE ${reactions.storyId} = ${storyId})` })
    .where(eq(stories.id, storyId))
    .run();
}

/** A comment sent again this soon with the same words is the same comment (a double tap, a resend). */
export const REPEATED_COMMENT_SECONDS = 60;

/**
 * Adds a comment by the signed-in family member. Its emoji, when given, also counts as the member's
 * reaction to the story. Content must already be validated (CommentSchema). The same words and
 * emoji from the same member on the same story within REPEATED_COMMENT_SECONDS are not added twice:
 * the comment already there is answered, with `repeated: true`. A new comment past the member's
 * limits (PERSON_LIMITS.comment) throws PersonLimitError and nothing is stored.
 */
export function addComment(db: TenantDb, user: Member, storyId: string, input: { content: string; emoji?: string | null }, now = new Date()): CommentView & { repeated: boolean } {
  const { story, member } = responseTarget(db, user, storyId);
  const id = newId();
  const content = input.content.trim();
  const emoji = input.emoji && REACTIONS.some((r) => r.emoji === input.emoji) ? input.emoji : null;
  const repeat = db
    .select({ id: comments.id, emoji: comments.emoji })
    .from(comments)
    .where(
      and(
        eq(comments.storyId, storyId),
        eq(comments.authorUserId, user.id),
        eq(comments.content, content),
        sql`${comments.createdAt} >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${REPEATED_COMMENT_SECONDS} seconds`})`,
      ),
    )
    .all()
    .find((c) => c.emoji === emoji);
  if (repeat) return { ...listComments(db, storyId).find((c) => c.id === repeat.id)!, repeated: true };
  db.transaction((t) => {
    assertWithinLimits(t, "comment", user.id, now);
    t.insert(comments).values({ id, storyId, familyMemberId: member.id, authorUserId: user.id, authorName: member.name, content, emoji }).run();
    if (emoji) {
      t.insert(reactions).values({ id: newId(), storyId, userId: user.id, emoji }).onConflictDoNothing().run();
      syncLikeCount(t, storyId);
    }
    recordActivity(t, { type: "comment_added", summary: `${member.name} commented on "${story.title}"`, values: { name: member.name, title: story.title }, subjectId: storyId, actor: { id: user.id, displayName: member.name } });
  });
  return { ...listComments(db, storyId).find((c) => c.id === id)!, repeated: false };
}

/**
 * Deletes a comment: family members their own, staff and administrators any (moderation).
 * Returns false when there is no such comment this user may delete.
 */
export function deleteComment(db: TenantDb, user: Pick<Member, "id" | "role">, commentId: string, storyId: string): boolean {
  const moderator = roleIn(user.role, CARE_TEAM_ROLES);
  const where = moderator
    ? and(eq(comments.id, commentId), eq(comments.storyId, storyId))
    : and(eq(comments.id, commentId), eq(comments.storyId, storyId), eq(comments.authorUserId, user.id));
  return db.delete(comments).where(where).run().changes === 1;
}

export type ReactionCount = { emoji: string; label: string; count: number; mine: boolean };

/** The eight reactions with how often each was given to the story, and which are this user's. */
export function reactionSummary(db: TenantDb, storyId: string, userId: string | null): ReactionCount[] {
  const rows = db
    .select({ emoji: reactions.emoji, n: count(), mine: sql<number>`sum(${reactions.userId} = ${userId ?? ""})` })
    .from(reactions)
    .where(eq(reactions.storyId, storyId))
    .groupBy(reactions.emoji)
    .all();
  return REACTIONS.map((r) => {
    const row = rows.find((x) => x.emoji === r.emoji);
    return { emoji: r.emoji, label: r.label, count: row?.n ?? 0, mine: Boolean(row?.mine) };
  });
}

/**
 * Sets the member's reaction to the state asked for: given ("on") or not ("off"). Never a turn-over:
 * the page sends the state its button offered, so a press sent twice (a double tap, with or without
 * JavaScript) ends where the person meant. Returns whether it is on now and whether anything
 * changed. Every press counts toward the member's limit (PERSON_LIMITS.reaction); past it,
 * PersonLimitError.
 */
export function setReaction(db: TenantDb, user: Member, storyId: string, emoji: string, want: "on" | "off", now = new Date()): { on: boolean; changed: boolean } {
  responseTarget(db, user, storyId);
  if (!REACTIONS.some((r) => r.emoji === emoji)) throw new CommentAccessError(404, "Unknown reaction");
  spendReaction(user.id, now);
  return db.transaction((t) => {
    const mine = and(eq(reactions.storyId, storyId), eq(reactions.userId, user.id), eq(reactions.emoji, emoji));
    const given = Boolean(t.select({ id: reactions.id }).from(reactions).where(mine).get());
    const on = want === "on";
    if (on === given) return { on, changed: false };
    if (on) t.insert(reactions).values({ id: newId(), storyId, userId: user.id, emoji }).run();
    else t.delete(reactions).where(mine).run();
    syncLikeCount(t, storyId);
    return { on, changed: true };
  });
}

/**
 * Counts a family member's view of a published story: at most one per member, story and calendar
 * day in the community's time zone. Returns whether this view was new.
 */
export function recordStoryView(
  db: TenantDb,
  community: Pick<Community, "timeZone">,
  familyMemberId: string,
  storyId: string,
  now: Date = new Date(),
): boolean {
  const viewedOn = localDateIn(community.timeZone, now);
  return db.transaction((t) => {
    const story = t.select({ isPublished: stories.isPublished }).from(stories).where(eq(stories.id, storyId)).get();
    if (!story?.isPublished) return false;
    const inserted = t.insert(storyViews).values({ storyId, familyMemberId, viewedOn }).onConflictDoNothing().run().changes === 1;
    if (inserted) t.update(stories).set({ viewCount: sql`${stories.viewCount} + 1` }).where(eq(stories.id, storyId)).run();
    return inserted;
  });
}
