// Stories of one community: reading, writing and the rules of who sees what.
// Screens and /api routes both call these functions; every one takes the community's handle.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { recordActivity } from "./activity.server";
import { markMediaAttached } from "./media.server";
import type { SessionUser } from "~/utils/auth.server";
import { excerptOf } from "./categories";
import { mediaUrl } from "./media-urls";
import { toResidentSummary, type ResidentSummary } from "./resident.server";

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
  if (user.role === "administrator" || user.role === "staff" || user.role === "super_admin") return true;
  return user.role === "resident" && user.residentId === story.residentId;
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
        isPublished: false,
        reviewStatus: "pending",
      })
      .run();
    if (input.imageId) markMediaAttached(tx as unknown as TenantDb, input.imageId);
    if (input.audioId) markMediaAttached(tx as unknown as TenantDb, input.audioId);
    recordActivity(tx as unknown as TenantDb, { type: "story_submitted", summary: `New story sent for review: "${title}"`, subjectId: id, actor: input.author });
  });
  return getStoryRow(db, id)!;
}
