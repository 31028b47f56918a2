// What happened, who is told, and what their notice says (its kind and the values of its sentence,
// written in each reader's language: notify.json). Routes (screens and /api) call one function per
// event after the change is saved; a failure here is logged and never undoes the change.
import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { ROLE } from "~/utils/roles";
import { familyAccounts, peopleByIds, peopleOfCommunity, residentAccounts, type Person } from "./community-people.server";
import { listFamilyOfResident } from "./family.server";
import { hasUnreadNotice, anyNoticeAbout, notifyPeople, type NoticeCommunity } from "./notification.server";
import { getStoryRow, type StoryRow } from "./story.server";

const { comments, familyQuestions, residents } = tenantSchema;

type Actor = { id: string; displayName: string };

function safely(what: string, fn: () => void) {
  try {
    fn();
  } catch (error) {
    console.error(`Notifications for ${what} could not be created`, error);
  }
}

function residentOf(db: TenantDb, story: Pick<StoryRow, "residentId">) {
  return db.select().from(residents).where(eq(residents.id, story.residentId)).get();
}

/** The people a story belongs to: the resident's own sign-in and whoever wrote it for them. */
function storyOwners(db: TenantDb, community: NoticeCommunity, story: StoryRow): Person[] {
  return [...residentAccounts(community.id, story.residentId), ...peopleByIds(community.id, story.authorUserId ? [story.authorUserId] : [])];
}

const quote = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export type ReviewOutcome = "approved" | "rejected" | "featured";

/** Whether a review changed something worth telling (approving a published story does not). */
function changed(before: StoryRow, outcome: ReviewOutcome): boolean {
  if (outcome === "approved") return !before.isPublished;
  if (outcome === "featured") return !before.isFeatured;
  return before.reviewStatus !== "rejected";
}

/**
 * A story was approved, not approved, or featured (`before` is the story as it was): its resident
 * (and the staff member who wrote it) hear about it; an approved story is also news for the
 * resident's family, once per story, and the answer to any question a family member asked.
 */
export function notifyStoryReviewed(db: TenantDb, community: NoticeCommunity, before: StoryRow, outcome: ReviewOutcome, actor: Actor) {
  if (!changed(before, outcome)) return;
  safely(`story ${outcome}`, () => {
    const story = getStoryRow(db, before.id);
    if (!story) return;
    const resident = residentOf(db, story);
    const first = resident?.firstName ?? null;
    const full = resident ? `${resident.firstName} ${resident.lastName}` : null;
    const link = `/stories/${story.id}`;
    const kind = outcome === "approved" ? "story_approved" : outcome === "rejected" ? "story_rejected" : "story_featured";
    const owners = storyOwners(db, community, story).filter((p) => p.id !== actor.id);
    notifyPeople(db, community, owners, (p) => ({
      kind,
      values: { title: story.title, own: p.role === ROLE.resident, resident: first },
      link: outcome === "rejected" && p.role === ROLE.resident ? `/resident/stories/${story.id}/edit` : link,
      subjectId: story.id,
      actorUserId: actor.id,
      quote: outcome === "rejected" ? story.reviewNote : null,
      action: outcome === "rejected" ? "seeStory" : "readStory",
    }));
    // told once per story: an edited story approved again is not new to its family; a story the
    // resident keeps to themselves and the care team (or withdrew) is no news for anyone else
    if (outcome !== "approved" || story.audience === "private" || story.withdrawnAt || anyNoticeAbout(db, "new_story", story.id) || anyNoticeAbout(db, "question_answered", story.id)) return;

    // questions this story answers: the asker hears "answered", not "new story"
    const asked = db.select({ question: familyQuestions.question, memberId: familyQuestions.familyMemberId }).from(familyQuestions).where(eq(familyQuestions.answeredStoryId, story.id)).all();
    const askers = familyAccounts(community.id, asked.map((q) => q.memberId));
    const askerIds = new Set(askers.map((a) => a.id));
    notifyPeople(db, community, askers, (p) => {
      const q = asked.find((a) => p.familyMemberIds.includes(a.memberId));
      return {
        kind: "question_answered",
        values: { title: story.title, resident: first },
        link,
        subjectId: story.id,
        actorUserId: actor.id,
        quote: q ? quote(q.question) : null,
        action: "readAnswer",
      };
    });
    const family = familyAccounts(community.id, listFamilyOfResident(db, story.residentId).map((m) => m.id)).filter((p) => !askerIds.has(p.id));
    notifyPeople(db, community, family, () => ({
      kind: "new_story",
      values: { title: story.title, resident: full },
      link,
      subjectId: story.id,
      actorUserId: actor.id,
      quote: quote(story.excerpt || story.content),
      action: "readStory",
    }));
  });
}

/** Everyone who has a part in a story's conversation: its owners and the people who commented. */
function conversation(db: TenantDb, community: NoticeCommunity, story: StoryRow, actorId: string): Person[] {
  const commenters = db.selectDistinct({ id: comments.authorUserId }).from(comments).where(eq(comments.storyId, story.id)).all();
  return [...storyOwners(db, community, story), ...peopleByIds(community.id, commenters.map((c) => c.id ?? ""))].filter((p) => p.id !== actorId);
}

/** Whether the story is the person's own (they are its resident). */
function isOwnStory(p: Person, story: StoryRow) {
  return p.role === ROLE.resident && p.residentId === story.residentId;
}

/** A comment on a story: its resident, its writer and the others who commented are told. */
export function notifyComment(db: TenantDb, community: NoticeCommunity, storyId: string, comment: { id: string; content: string }, actor: Actor, now = new Date()) {
  safely("a comment", () => {
    const story = getStoryRow(db, storyId);
    if (!story) return;
    notifyPeople(db, community, conversation(db, community, story, actor.id), (p) => ({
      kind: "comment",
      values: { title: story.title, own: isOwnStory(p, story), actor: actor.displayName },
      link: `/stories/${story.id}#comments`,
      subjectId: story.id,
      actorUserId: actor.id,
      quote: quote(comment.content),
      action: "readComment",
    }), now);
  });
}

/**
 * A reaction given (not taken back): told once until read, however often it is pressed. The
 * reaction's name is written in each reader's language, from its emoji (`label` is not needed).
 */
export function notifyReaction(db: TenantDb, community: NoticeCommunity, storyId: string, reaction: { emoji: string; label?: string }, actor: Actor) {
  safely("a reaction", () => {
    const story = getStoryRow(db, storyId);
    if (!story) return;
    const people = conversation(db, community, story, actor.id).filter((p) => !hasUnreadNotice(db, p.id, "reaction", story.id, actor.id));
    notifyPeople(db, community, people, (p) => ({
      kind: "reaction",
      values: { title: story.title, own: isOwnStory(p, story), actor: actor.displayName, emoji: reaction.emoji },
      link: `/stories/${story.id}#reactions`,
      subjectId: story.id,
      actorUserId: actor.id,
      action: "seeStory",
    }));
  });
}

type PostState = { id: string; title: string; content: string; isPublished: boolean; isPinned: boolean };

/**
 * A news post that has just become published and pinned (new, or changed): everyone in the
 * community is told, once per post.
 */
export function notifyIfNewlyPinned(db: TenantDb, community: NoticeCommunity, before: PostState | null | undefined, after: PostState | null | undefined, actor: Actor) {
  if (!after || !after.isPublished || !after.isPinned) return;
  if (before && before.isPublished && before.isPinned) return;
  safely("a pinned post", () => {
    if (anyNoticeAbout(db, "pinned_post", after.id)) return;
    const everyone = peopleOfCommunity(community.id).filter((p) => p.id !== actor.id);
    notifyPeople(db, community, everyone, () => ({
      kind: "pinned_post",
      values: { title: after.title },
      link: `/news/${after.id}`,
      subjectId: after.id,
      actorUserId: actor.id,
      quote: quote(after.content),
      action: "readNews",
    }));
  });
}
