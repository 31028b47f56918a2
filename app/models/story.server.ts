// Stories of one community: reading, writing and the rules of who sees what.
// Screens and /api routes both call these functions; every one takes the community's handle.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { recordActivity } from "./activity.server";
import { deleteMedia, markMediaAttached } from "./media.server";
import type { SessionUser } from "~/utils/auth.server";
import { excerptOf } from "./categories";
import { mediaUrl } from "./media-urls";
import { toResidentSummary, type ResidentSummary } from "./resident.server";
import { ROLE, roleIn, CARE_TEAM_ROLES } from "~/utils/roles";

const { stories, residents } = tenantSchema;

export type StoryRow = typeof stories.$inferSelect;

/** A story as screens and the JSON API show it (the spec's Story fields, plus review details). */
export type StoryView = {
  id: string;
  title: string;
  content: string;
  excerpt: string;
  category: string;
  imageUrl: string | null;
  imageId: string | null;
  audioUrl: string | null;
  audioId: string | null;
  aiPrompt: string | null;
  durationSeconds: number | null;
  isPublished: boolean;
  isFeatured: boolean;
  reviewStatus: "pending" | "published" | "rejected";
  reviewNote: string | null;
  viewCount: number;
  likeCount: number;
  createdAt: string;
  publishedAt: string | null;
  residentId: string;
  resident: ResidentSummary;
  author: { username: string | null };
  /** told at the lounge kiosk with a carer's help: the helper's name ("told with help from Marcus") */
  helperName: string | null;
};

const storyColumns = { story: stories, resident: residents };

export function toStoryView(row: { story: StoryRow; resident: typeof residents.$inferSelect }, excerptLength?: number): StoryView {
  const s = row.story;
  return {
    id: s.id,
    title: s.title,
    content: s.content,
    excerpt: excerptOf(s, excerptLength),
    category: s.category,
    imageUrl: s.imageId ? mediaUrl(s.imageId) : null,
    imageId: s.imageId,
    audioUrl: s.audioId ? mediaUrl(s.audioId) : null,
    audioId: s.audioId,
    aiPrompt: s.aiPrompt,
    durationSeconds: s.durationSeconds,
    isPublished: s.isPublished,
    isFeatured: s.isFeatured,
    reviewStatus: s.reviewStatus,
    reviewNote: s.reviewNote,
    viewCount: s.viewCount,
    likeCount: s.likeCount,
    createdAt: s.createdAt,
    publishedAt: s.publishedAt,
    residentId: s.residentId,
    resident: toResidentSummary(row.resident),
    author: { username: s.authorUsername },
    helperName: s.helperName,
  };
}

function selectStories(db: TenantDb) {
  return db.select(storyColumns).from(stories).innerJoin(residents, eq(stories.residentId, residents.id));
}

/** Newest published stories first. */
export function listPublishedStories(
  db: TenantDb,
  opts: { limit?: number; offset?: number; category?: string | null; residentId?: string } = {},
): StoryView[] {
  const where = and(
    eq(stories.isPublished, true),
    opts.category ? eq(stories.category, opts.category) : undefined,
    opts.residentId ? eq(stories.residentId, opts.residentId) : undefined,
  );
  return selectStories(db)
    .where(where)
    .orderBy(desc(stories.publishedAt), desc(stories.createdAt))
    .limit(opts.limit ?? 20)
    .offset(opts.offset ?? 0)
    .all()
    .map((r) => toStoryView(r));
}

export function countPublishedStories(db: TenantDb, opts: { category?: string | null } = {}): number {
  return (
    db
      .select({ n: count() })
      .from(stories)
      .where(and(eq(stories.isPublished, true), opts.category ? eq(stories.category, opts.category) : undefined))
      .get()?.n ?? 0
  );
}

export function listFeaturedStories(db: TenantDb, opts: { category?: string | null; limit?: number } = {}): StoryView[] {
  return selectStories(db)
    .where(and(eq(stories.isPublished, true), eq(stories.isFeatured, true), opts.category ? eq(stories.category, opts.category) : undefined))
    .orderBy(desc(stories.publishedAt))
    .limit(opts.limit ?? 12)
    .all()
    .map((r) => toStoryView(r));
}

/** Every story of one resident, any review state, newest first (the resident's own grid). */
export function listStoriesOfResident(db: TenantDb, residentId: string): StoryView[] {
  return selectStories(db)
    .where(eq(stories.residentId, residentId))
    .orderBy(desc(stories.createdAt))
    .all()
    .map((r) => toStoryView(r));
}

export function getStoryView(db: TenantDb, id: string): StoryView | null {
  const row = selectStories(db).where(eq(stories.id, id)).get();
  return row ? toStoryView(row) : null;
}

export function getStoryRow(db: TenantDb, id: string): StoryRow | undefined {
  return db.select().from(stories).where(eq(stories.id, id)).get();
}

/**
 * Who may read a story: published ones every member of the community; unpublished ones only
 * their resident, staff and administrators (and super admins).
 */
export function canReadStory(user: Pick<SessionUser, "role" | "residentId">, story: Pick<StoryRow, "isPublished" | "residentId">): boolean {
  if (story.isPublished) return true;
  if (roleIn(user.role, CARE_TEAM_ROLES)) return true;
  return user.role === ROLE.resident && user.residentId === story.residentId;
}

/** A story the user may read, or null (callers answer 404, so existence does not leak). */
export function getReadableStory(db: TenantDb, user: Pick<SessionUser, "role" | "residentId">, id: string): StoryView | null {
  const story = getStoryView(db, id);
  return story && canReadStory(user, story) ? story : null;
}

/** Title generated from the content when none is given: the first sentence, at most 60 characters. */
export function titleFromContent(content: string): string {
  const text = content.replace(/\s+/g, " ").trim();
  if (!text) return "My story";
  const sentence = text.split(/(?<=[.!?])\s/)[0] ?? text;
  if (sentence.length <= 60) return sentence.replace(/[.!?]+$/, "");
  const cut = sentence.slice(0, 60);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 30 ? cut.slice(0, lastSpace) : cut).replace(/[,;:]+$/, "")}…`;
}

export function storiesCreatedSince(db: TenantDb, sinceIso: string): number {
  return db.select({ n: count() }).from(stories).where(sql`${stories.createdAt} >= ${sinceIso}`).get()?.n ?? 0;
}

export type NewStory = {
  residentId: string;
  author: { id: string; username: string; displayName: string };
  title?: string | null;
  content: string;
  category: string;
  excerpt?: string | null;
  imageId?: string | null;
  audioId?: string | null;
  aiPrompt?: string | null;
  durationSeconds?: number | null;
  /** the recording's words with their times (stored JSON, see transcript-timing.ts) */
  transcriptWords?: string | null;
  /** a staff member who helped the resident tell it at the lounge kiosk */
  helper?: { userId: string; name: string } | null;
};

/**
 * Creates a story awaiting review (every new story is reviewed before families see it). A blank
 * title is generated from the content. Attached media become owned by the story.
 */
export function createStory(db: TenantDb, input: NewStory): StoryRow {
  const id = newId();
  const title = input.title?.trim() || titleFromContent(input.content);
  db.transaction((tx) => {
    tx.insert(stories)
      .values({
        id,
        residentId: input.residentId,
        authorUserId: input.author.id,
        authorUsername: input.author.username,
        title,
        content: input.content.trim(),
        excerpt: input.excerpt?.trim() || null,
        category: input.category,
        imageId: input.imageId ?? null,
        audioId: input.audioId ?? null,
        aiPrompt: input.aiPrompt?.trim() || null,
        durationSeconds: input.durationSeconds ?? null,
        transcriptWords: input.transcriptWords ?? null,
        helperUserId: input.helper?.userId ?? null,
        helperName: input.helper?.name ?? null,
        isPublished: false,
        reviewStatus: "pending",
      })
      .run();
    if (input.imageId) markMediaAttached(tx, input.imageId);
    if (input.audioId) markMediaAttached(tx, input.audioId);
    recordActivity(tx, { type: "story_submitted", summary: `New story sent for review: "${title}"`, subjectId: id, actor: input.author });
  });
  return getStoryRow(db, id)!;
}

// --- story review by administrators (issue 4) ---

export type Reviewer = { id: string; displayName: string };
export type ReviewResult = { ok: true; story: StoryRow } | { ok: false; status: 404 | 409; reason: string };

const NOT_FOUND: ReviewResult = { ok: false, status: 404, reason: "Story not found" };

/** The review queue: stories awaiting a decision, oldest first. */
export function listPendingStories(db: TenantDb): StoryView[] {
  return selectStories(db)
    .where(and(eq(stories.reviewStatus, "pending"), eq(stories.isPublished, false)))
    .orderBy(asc(stories.createdAt))
    .all()
    .map((r) => toStoryView(r));
}

/** Published stories for the review screen, newest first, a page at a time. */
export function listPublishedForReview(db: TenantDb, limit = 10, offset = 0): StoryView[] {
  return listPublishedStories(db, { limit, offset });
}

/** Stories that were not approved, newest decision first. */
export function listRejectedStories(db: TenantDb, limit = 20): StoryView[] {
  return selectStories(db)
    .where(eq(stories.reviewStatus, "rejected"))
    .orderBy(desc(stories.reviewedAt))
    .limit(limit)
    .all()
    .map((r) => toStoryView(r));
}

export function countStoriesByReviewStatus(db: TenantDb): { pending: number; published: number; rejected: number; featured: number } {
  const out = { pending: 0, published: 0, rejected: 0, featured: 0 };
  for (const r of db.select({ status: stories.reviewStatus, n: count() }).from(stories).groupBy(stories.reviewStatus).all()) out[r.status] = r.n;
  out.featured = db.select({ n: count() }).from(stories).where(and(eq(stories.isPublished, true), eq(stories.isFeatured, true))).get()?.n ?? 0;
  return out;
}

/** Approves a story: published at once, visible to families, and announced in the activity feed. */
export function approveStory(db: TenantDb, id: string, reviewer: Reviewer): ReviewResult {
  const story = getStoryRow(db, id);
  if (!story) return NOT_FOUND;
  if (story.isPublished) return { ok: true, story };
  const now = new Date().toISOString();
  db.transaction((tx) => {
    tx.update(stories)
      .set({ isPublished: true, reviewStatus: "published", reviewNote: null, reviewedAt: now, reviewedByUserId: reviewer.id, publishedAt: now, updatedAt: now })
      .where(eq(stories.id, id))
      .run();
    const resident = tx.select().from(residents).where(eq(residents.id, story.residentId)).get();
    const name = resident ? `${resident.firstName} ${resident.lastName}` : "A resident";
    recordActivity(tx, {
      type: "story_published",
      summary: `${name} shared "${story.title}"`,
      subjectId: id,
      actor: story.authorUserId ? { id: story.authorUserId, displayName: name } : null,
    });
  });
  return { ok: true, story: getStoryRow(db, id)! };
}

/** Declines a story that is not published: it leaves the queue, stays unpublished, and keeps the note for its resident. */
export function rejectStory(db: TenantDb, id: string, reviewer: Reviewer, note?: string | null): ReviewResult {
  const story = getStoryRow(db, id);
  if (!story) return NOT_FOUND;
  if (story.isPublished) return { ok: false, status: 409, reason: "This story is published; unpublish it first" };
  const now = new Date().toISOString();
  db.update(stories)
    .set({ isPublished: false, isFeatured: false, reviewStatus: "rejected", reviewNote: note?.trim() || null, reviewedAt: now, reviewedByUserId: reviewer.id, updatedAt: now })
    .where(eq(stories.id, id))
    .run();
  return { ok: true, story: getStoryRow(db, id)! };
}

/** Takes a published story down: families no longer see it and it waits in the review queue again. */
export function unpublishStory(db: TenantDb, id: string, reviewer: Reviewer): ReviewResult {
  const story = getStoryRow(db, id);
  if (!story) return NOT_FOUND;
  if (!story.isPublished) return { ok: false, status: 409, reason: "This story is not published" };
  const now = new Date().toISOString();
  db.update(stories)
    .set({ isPublished: false, isFeatured: false, reviewStatus: "pending", publishedAt: null, reviewedAt: now, reviewedByUserId: reviewer.id, updatedAt: now })
    .where(eq(stories.id, id))
    .run();
  return { ok: true, story: getStoryRow(db, id)! };
}

/** Features or unfeatures a story; only published stories can be featured. */
export function setStoryFeatured(db: TenantDb, id: string, isFeatured: boolean): ReviewResult {
  const result = db
    .update(stories)
    .set({ isFeatured, updatedAt: new Date().toISOString() })
    .where(and(eq(stories.id, id), eq(stories.isPublished, true)))
    .run();
  if (result.changes === 1) return { ok: true, story: getStoryRow(db, id)! };
  return getStoryRow(db, id) ? { ok: false, status: 409, reason: "Only published stories can be featured" } : NOT_FOUND;
}

/** One of the resident's own stories in any review state, or null (ownership is in the where). */
export function getStoryOfResident(db: TenantDb, residentId: string, id: string): StoryView | null {
  const row = selectStories(db).where(and(eq(stories.id, id), eq(stories.residentId, residentId))).get();
  return row ? toStoryView(row) : null;
}

export type StoryEdit = { title?: string | null; content: string; category: string; imageId?: string | null };
export type StoryEditResult = { story: StoryRow; sentBackForReview: boolean; previousStatus: StoryRow["reviewStatus"] };

/**
 * Changes one of the resident's own stories. A published story goes back for review (families stop
 * seeing it until it is approved again), and so does one that was not approved. `imageId`
 * undefined keeps the image, null removes it, an id replaces it; the old image's files are deleted.
 */
export function updateStoryOfResident(
  db: TenantDb,
  community: Parameters<typeof deleteMedia>[1],
  residentId: string,
  id: string,
  edit: StoryEdit,
  actor?: { id: string; displayName: string } | null,
): StoryEditResult | null {
  const mine = and(eq(stories.id, id), eq(stories.residentId, residentId));
  const current = db.select().from(stories).where(mine).get();
  if (!current) return null;
  const sentBackForReview = current.reviewStatus !== "pending";
  const content = edit.content.trim();
  const title = edit.title?.trim() || titleFromContent(content);
  const replacedImageId = edit.imageId !== undefined && edit.imageId !== current.imageId ? current.imageId : null;
  db.transaction((tx) => {
    tx.update(stories)
      .set({
        title,
        content,
        // a hand-written excerpt no longer fits new content
        excerpt: content === current.content ? current.excerpt : null,
        category: edit.category,
        ...(edit.imageId !== undefined ? { imageId: edit.imageId } : {}),
        updatedAt: new Date().toISOString(),
        ...(sentBackForReview ? { isPublished: false, isFeatured: false, reviewStatus: "pending" as const, reviewNote: null, publishedAt: null } : {}),
      })
      .where(mine)
      .run();
    if (edit.imageId) markMediaAttached(tx, edit.imageId);
    if (sentBackForReview) {
      recordActivity(tx, { type: "story_submitted", summary: `Story edited and sent for review: "${title}"`, subjectId: id, actor: actor ?? null });
    }
  });
  if (replacedImageId) deleteMedia(db, community, replacedImageId);
  return { story: getStoryRow(db, id)!, sentBackForReview, previousStatus: current.reviewStatus };
}

/**
 * The words of a recorded story, typed or corrected by an administrator on the review page. Its
 * review state stays as it is; a hand-written excerpt no longer fits and is dropped.
 */
export function setStoryWords(db: TenantDb, id: string, content: string): StoryRow | null {
  const text = content.replace(/\r\n/g, "\n").trim();
  const result = db.update(stories).set({ content: text, excerpt: null, updatedAt: new Date().toISOString() }).where(eq(stories.id, id)).run();
  return result.changes === 1 ? getStoryRow(db, id)! : null;
}

/** Sets a story's image as staff (no review change); the old image's files are deleted. */
export function setStoryImage(db: TenantDb, community: Parameters<typeof deleteMedia>[1], id: string, imageId: string): StoryRow | null {
  const current = getStoryRow(db, id);
  if (!current) return null;
  db.transaction((tx) => {
    tx.update(stories).set({ imageId, updatedAt: new Date().toISOString() }).where(eq(stories.id, id)).run();
    markMediaAttached(tx, imageId);
  });
  if (current.imageId && current.imageId !== imageId) deleteMedia(db, community, current.imageId);
  return getStoryRow(db, id)!;
}

/** Deletes one of the resident's own stories and its image and audio files. False when not theirs. */
export function deleteStoryOfResident(db: TenantDb, community: Parameters<typeof deleteMedia>[1], residentId: string, id: string): boolean {
  const mine = and(eq(stories.id, id), eq(stories.residentId, residentId));
  const row = db.select({ imageId: stories.imageId, audioId: stories.audioId }).from(stories).where(mine).get();
  if (!row) return false;
  const deleted = db.delete(stories).where(mine).run();
  if (deleted.changes !== 1) return false;
  for (const mediaId of [row.imageId, row.audioId]) if (mediaId) deleteMedia(db, community, mediaId);
  return true;
}

/** The published stories of one resident as their family sees them (200-character excerpts). */
export function publishedStoriesForFamily(db: TenantDb, residentId: string, opts: { limit?: number; excerptLength?: number } = {}): StoryView[] {
  return selectStories(db)
    .where(and(eq(stories.isPublished, true), eq(stories.residentId, residentId)))
    .orderBy(desc(stories.publishedAt), desc(stories.createdAt))
    .limit(opts.limit ?? 60)
    .all()
    .map((r) => toStoryView(r, opts.excerptLength ?? 200));
}
