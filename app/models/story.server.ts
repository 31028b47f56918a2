// Stories of one community: reading, writing and the rules of who sees what.
// Screens and /api routes both call these functions; every one takes the community's handle.
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { prepared, tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { recordActivity } from "./activity.server";
import { deleteMedia, markMediaAttached } from "./media.server";
import { cardHasMore, excerptOf } from "./categories";
import { mediaUrl } from "./media-urls";
import { toResidentSummary, type ResidentSummary } from "./resident.server";
import { ROLE, roleIn, CARE_TEAM_ROLES, type Role } from "~/utils/roles";
import { AGREED_MISSING, DEFAULT_AUDIENCE, type Audience } from "./story-audience";
import { peopleByIds } from "./community-people.server";
import { writeAudit, type AuditAction } from "./audit.server";
import type { RequestClient } from "~/utils/host.server";

const { stories, residents, familyMembers, notifications } = tenantSchema;

export type StoryRow = typeof stories.$inferSelect;

/** A story as screens and the JSON API show it (the Story entity's fields, plus review details). */
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
  /** who may see it once approved, as its resident chose: private, family or community */
  audience: Audience;
  /** set when the resident withdrew it: then nobody but the resident and the care team sees it */
  withdrawnAt: string | null;
  /** told at the lounge kiosk with a carer's help: the helper's name ("told with help from Marcus") */
  helperName: string | null;
  /** the language its words are in (BCP 47), whatever the reader's: `lang` on the element that holds them */
  lang: string;
};

/**
 * What a story card shows (the home, the stories list): the excerpt, not the whole story, so a page
 * of cards does not carry every story's text in its data (the home sends it to the browser twice:
 * in the markup and for hydration).
 */
export type StoryCardView = Pick<StoryView, "id" | "title" | "excerpt" | "category" | "imageId" | "imageUrl" | "createdAt" | "isPublished" | "audioUrl" | "durationSeconds" | "lang"> & {
  /** more to read than the excerpt shows: the card says "Read More" */
  hasMore: boolean;
  resident: Pick<ResidentSummary, "firstName" | "lastName" | "roomNumber" | "profileImageUrl">;
};

export function toStoryCard(s: StoryView): StoryCardView {
  const { firstName, lastName, roomNumber, profileImageUrl } = s.resident;
  return {
    id: s.id,
    title: s.title,
    excerpt: s.excerpt,
    hasMore: cardHasMore(s.content, s.excerpt),
    category: s.category,
    imageId: s.imageId,
    imageUrl: s.imageUrl,
    createdAt: s.createdAt,
    isPublished: s.isPublished,
    audioUrl: s.audioUrl,
    durationSeconds: s.durationSeconds,
    lang: s.lang,
    resident: { firstName, lastName, roomNumber, profileImageUrl },
  };
}

/**
 * The columns a card is made of (toStoryCard's, read straight from the row): 14 of the join's
 * 45. Reading a column into JavaScript is most of what a short list query costs, so the lists
 * of cards (the home, /stories) read only these.
 */
const storyCardColumns = {
  id: stories.id,
  title: stories.title,
  excerpt: stories.excerpt,
  content: stories.content,
  category: stories.category,
  imageId: stories.imageId,
  audioId: stories.audioId,
  durationSeconds: stories.durationSeconds,
  isPublished: stories.isPublished,
  createdAt: stories.createdAt,
  lang: stories.lang,
  residentLang: residents.preferredLanguage,
  firstName: residents.firstName,
  lastName: residents.lastName,
  roomNumber: residents.roomNumber,
  profileImageId: residents.profileImageId,
};

function selectStoryCards(db: TenantDb) {
  return db.select(storyCardColumns).from(stories).innerJoin(residents, eq(stories.residentId, residents.id));
}

function toStoryCardOfRow(r: ReturnType<ReturnType<typeof selectStoryCards>["all"]>[number]): StoryCardView {
  const excerpt = excerptOf(r);
  return {
    id: r.id,
    title: r.title,
    excerpt,
    hasMore: cardHasMore(r.content, excerpt),
    category: r.category,
    imageId: r.imageId,
    imageUrl: r.imageId ? mediaUrl(r.imageId) : null,
    createdAt: r.createdAt,
    isPublished: r.isPublished,
    audioUrl: r.audioId ? mediaUrl(r.audioId) : null,
    durationSeconds: r.durationSeconds,
    lang: r.lang ?? r.residentLang,
    resident: { firstName: r.firstName, lastName: r.lastName, roomNumber: r.roomNumber, profileImageUrl: r.profileImageId ? mediaUrl(r.profileImageId) : null },
  };
}

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
    audience: s.audience,
    withdrawnAt: s.withdrawnAt,
    helperName: s.helperName,
    // stories from before the language was kept are read as in their resident's language
    lang: s.lang ?? row.resident.preferredLanguage,
  };
}

// --- who sees a story: ONE rule, used by every list, count, page, feed and API ---

/**
 * Whoever is looking: a signed-in member of the community (family members through their family
 * records, one for each resident they follow).
 */
export type StoryViewer = { role: Role; residentId?: string | null; familyMemberIds?: readonly string[] | null };

/**
 * A viewer in a query prepared ahead: their ids may be placeholders, filled in when it runs (a
 * family member's records as one JSON array).
 */
type QueryViewer = { role: Role; residentId?: string | Placeholder | null; familyMemberIds?: string | Placeholder | null };

/**
 * A viewer's part of a story query prepared once per database handle (prepared() in db.server):
 * the rule's SQL depends only on the role and on which of the two ids are set (`key`), so it is
 * built once for each such kind of viewer, with the ids as values (`values`).
 */
export function viewerOfPrepared(viewer: StoryViewer): { key: string; viewer: QueryViewer; values: Record<string, string | null> } {
  return {
    key: `${viewer.role}:${viewer.residentId ? "r" : "-"}${viewer.familyMemberIds?.length ? "f" : "-"}`,
    viewer: {
      role: viewer.role,
      residentId: viewer.residentId ? sql.placeholder("viewerResidentId") : null,
      familyMemberIds: viewer.familyMemberIds?.length ? sql.placeholder("viewerFamilyMemberIds") : null,
    },
    values: { viewerResidentId: viewer.residentId ?? null, viewerFamilyMemberIds: viewer.familyMemberIds?.length ? JSON.stringify(viewer.familyMemberIds) : null },
  };
}

/** Stories approved and not withdrawn: the only ones anybody but the resident and the care team may see. */
export const storyIsShared: SQL = and(eq(stories.isPublished, true), isNull(stories.withdrawnAt))!;

/** Shared stories that the resident's family may see ("My family" and "Everyone at ..."), e.g. for the book, digest and gazette. */
export const storyIsForFamily: SQL = and(storyIsShared, inArray(stories.audience, ["family", "community"]))!;

/** Shared stories for everyone at the community: the home's statistics and featured stories count only these. */
export const storyIsForEveryone: SQL = and(storyIsShared, eq(stories.audience, "community"))!;

function isCareTeam(viewer: { role: Role }) {
  return roleIn(viewer.role, CARE_TEAM_ROLES);
}

/** A viewer as queries take it: a family member's records as one JSON array. */
function asQueryViewer(viewer: QueryViewer | StoryViewer): QueryViewer {
  const ids = viewer.familyMemberIds;
  if (!Array.isArray(ids)) return viewer as QueryViewer;
  return { ...viewer, familyMemberIds: ids.length ? JSON.stringify(ids) : null };
}

/** The audiences that include this viewer, as a condition on `stories` (undefined: every audience). */
function audienceIncludes(anyViewer: QueryViewer | StoryViewer): SQL | undefined {
  const viewer = asQueryViewer(anyViewer);
  if (isCareTeam(viewer)) return undefined;
  const everyone = eq(stories.audience, "community");
  if (viewer.role === ROLE.resident && viewer.residentId) return or(everyone, eq(stories.residentId, viewer.residentId));
  if (viewer.role === ROLE.family && viewer.familyMemberIds) {
    const theirResidents = sql`(select ${familyMembers.residentId} from ${familyMembers} where ${familyMembers.id} in (select value from json_each(${viewer.familyMemberIds})))`;
    return or(everyone, and(eq(stories.audience, "family"), sql`${stories.residentId} in ${theirResidents}`));
  }
  return everyone;
}

/**
 * Stories this viewer finds in shared lists and feeds (/stories, the home, the API's recent list,
 * the activity feed): approved, not withdrawn, and in an audience that includes them. The care
 * team sees every audience; a resident also their own stories; family "My family" stories of
 * their own resident only.
 */
export function storyShownTo(viewer: QueryViewer | StoryViewer): SQL {
  return and(storyIsShared, audienceIncludes(viewer))!;
}

/**
 * Stories this viewer may open (the story page, its media and captions, GET /api/stories/{id}):
 * the care team any story, a resident any of their own (under review, withdrawn, any audience),
 * everyone else what storyShownTo shows them.
 */
export function storyReadableBy(viewer: QueryViewer | StoryViewer): SQL | undefined {
  if (isCareTeam(viewer)) return undefined;
  if (viewer.role === ROLE.resident && viewer.residentId) return or(eq(stories.residentId, viewer.residentId), storyShownTo(viewer));
  return storyShownTo(viewer);
}

function selectStories(db: TenantDb) {
  return db.select(storyColumns).from(stories).innerJoin(residents, eq(stories.residentId, residents.id));
}

type PublishedFilter = { limit?: number; offset?: number; category?: string | null; residentId?: string };

/** Which published stories a list shows: storyShownTo this viewer, and the filters (their values are placeholders). */
function publishedStoriesWhere(v: ReturnType<typeof viewerOfPrepared>, opts: PublishedFilter): SQL | undefined {
  return and(
    storyShownTo(v.viewer),
    opts.category ? eq(stories.category, sql.placeholder("category")) : undefined,
    opts.residentId ? eq(stories.residentId, sql.placeholder("residentId")) : undefined,
  );
}

const newestPublishedFirst = [desc(stories.publishedAt), desc(stories.createdAt)];

function publishedStoriesKey(v: ReturnType<typeof viewerOfPrepared>, opts: PublishedFilter) {
  return `${v.key}:${opts.category ? "c" : "-"}${opts.residentId ? "r" : "-"}`;
}

function publishedStoriesValues(v: ReturnType<typeof viewerOfPrepared>, opts: PublishedFilter) {
  return { ...v.values, category: opts.category ?? null, residentId: opts.residentId ?? null, limit: opts.limit ?? 20, offset: opts.offset ?? 0 };
}

/**
 * Newest published stories this viewer may see first (storyShownTo). Prepared once per handle and
 * per kind of viewer and filter: the API's recent list runs it on every call.
 */
export function listPublishedStories(db: TenantDb, viewer: StoryViewer, opts: PublishedFilter = {}): StoryView[] {
  const v = viewerOfPrepared(viewer);
  const query = prepared(db, `published-stories:${publishedStoriesKey(v, opts)}`, (d) =>
    selectStories(d)
      .where(publishedStoriesWhere(v, opts))
      .orderBy(...newestPublishedFirst)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
  return query.all(publishedStoriesValues(v, opts)).map((r) => toStoryView(r));
}

/** The same stories as listPublishedStories, as cards (the home, /stories): only a card's columns are read. */
export function listPublishedStoryCards(db: TenantDb, viewer: StoryViewer, opts: PublishedFilter = {}): StoryCardView[] {
  const v = viewerOfPrepared(viewer);
  const query = prepared(db, `published-story-cards:${publishedStoriesKey(v, opts)}`, (d) =>
    selectStoryCards(d)
      .where(publishedStoriesWhere(v, opts))
      .orderBy(...newestPublishedFirst)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
  return query.all(publishedStoriesValues(v, opts)).map(toStoryCardOfRow);
}

export function countPublishedStories(db: TenantDb, viewer: StoryViewer, opts: { category?: string | null } = {}): number {
  return (
    db
      .select({ n: count() })
      .from(stories)
      .where(and(storyShownTo(viewer), opts.category ? eq(stories.category, opts.category) : undefined))
      .get()?.n ?? 0
  );
}

/** Which stories are featured: only those shared with everyone at the community (the category a placeholder). */
function featuredWhere(category: string | null | undefined): SQL | undefined {
  return and(storyIsForEveryone, eq(stories.isFeatured, true), category ? eq(stories.category, sql.placeholder("category")) : undefined);
}

/** Featured stories: only those shared with everyone at the community. */
export function listFeaturedStories(db: TenantDb, opts: { category?: string | null; limit?: number } = {}): StoryView[] {
  const query = prepared(db, `featured-stories:${opts.category ? "c" : "-"}`, (d) =>
    selectStories(d).where(featuredWhere(opts.category)).orderBy(desc(stories.publishedAt)).limit(sql.placeholder("limit")).prepare(),
  );
  return query.all({ category: opts.category ?? null, limit: opts.limit ?? 12 }).map((r) => toStoryView(r));
}

/** The same stories as listFeaturedStories, as cards (the home): only a card's columns are read. */
export function listFeaturedStoryCards(db: TenantDb, opts: { category?: string | null; limit?: number } = {}): StoryCardView[] {
  const query = prepared(db, `featured-story-cards:${opts.category ? "c" : "-"}`, (d) =>
    selectStoryCards(d).where(featuredWhere(opts.category)).orderBy(desc(stories.publishedAt)).limit(sql.placeholder("limit")).prepare(),
  );
  return query.all({ category: opts.category ?? null, limit: opts.limit ?? 12 }).map(toStoryCardOfRow);
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

/** A story the user may read (storyReadableBy), or null (callers answer 404, so existence does not leak). */
export function getReadableStory(db: TenantDb, user: StoryViewer, id: string): StoryView | null {
  const row = selectStories(db)
    .where(and(eq(stories.id, id), storyReadableBy(user)))
    .get();
  return row ? toStoryView(row) : null;
}

/** Whether any story that owns this media file (image or recording) is one the viewer may read. */
export function mediaOfReadableStory(db: TenantDb, viewer: StoryViewer, mediaId: string): { owned: boolean; readable: boolean } {
  const owners = db
    .select({ id: stories.id })
    .from(stories)
    .where(or(eq(stories.imageId, mediaId), eq(stories.audioId, mediaId)))
    .all();
  if (!owners.length) return { owned: false, readable: false };
  const readable = db
    .select({ id: stories.id })
    .from(stories)
    .where(and(or(eq(stories.imageId, mediaId), eq(stories.audioId, mediaId)), storyReadableBy(viewer)))
    .get();
  return { owned: true, readable: !!readable };
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
  return db
    .select({ n: count() })
    .from(stories)
    .where(and(eq(stories.audience, "community"), isNull(stories.withdrawnAt), sql`${stories.createdAt} >= ${sinceIso}`))
    .get()?.n ?? 0;
}

/** The language a resident speaks (the one her stories are transcribed in). */
function residentLanguage(db: TenantDb, residentId: string): string {
  return (
    db
      .select({ lang: residents.preferredLanguage })
      .from(residents)
      .where(eq(residents.id, residentId))
      .get()?.lang ?? "en"
  );
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
  /** who may see it once approved (default "My family") */
  audience?: Audience | null;
  /** a staff member who helped the resident tell it at the lounge kiosk */
  helper?: { userId: string; name: string } | null;
  /** the language it is told in (a transcription's); null: the resident's language */
  lang?: string | null;
};

/**
 * Creates a story awaiting review (every new story is reviewed before families see it). A blank
 * title is generated from the content. Attached media become owned by the story.
 */
export function createStory(db: TenantDb, input: NewStory): StoryRow {
  const id = newId();
  const title = input.title?.trim() || titleFromContent(input.content);
  // a story is in the language it was transcribed in, else the one its teller speaks
  const lang = input.lang || residentLanguage(db, input.residentId);
  db.transaction((tx) => {
    tx.insert(stories)
      .values({
        id,
        lang,
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
        audience: input.audience ?? DEFAULT_AUDIENCE,
        audienceSetByUserId: input.author.id,
        helperUserId: input.helper?.userId ?? null,
        helperName: input.helper?.name ?? null,
        isPublished: false,
        reviewStatus: "pending",
      })
      .run();
    if (input.imageId) markMediaAttached(tx, input.imageId);
    if (input.audioId) markMediaAttached(tx, input.audioId);
    recordActivity(tx, { type: "story_submitted", summary: `New story sent for review: "${title}"`, values: { title }, subjectId: id, actor: input.author });
  });
  return getStoryRow(db, id)!;
}

// --- story review by administrators ---

/**
 * Who reviews. With `audit` (the community and the request's client) approvals, refusals and
 * features are written to the audit log; the log names the story and its resident, never its words.
 */
export type Reviewer = {
  id: string;
  displayName: string;
  audit?: { tenantId: string; client?: RequestClient };
};

function auditReview(db: TenantDb, reviewer: Reviewer | undefined, action: AuditAction, story: StoryRow) {
  if (!reviewer?.audit) return;
  const resident = db.select({ first: residents.firstName, last: residents.lastName }).from(residents).where(eq(residents.id, story.residentId)).get();
  const by = resident ? ` (${resident.first} ${resident.last})` : "";
  writeAudit({
    actorUserId: reviewer.id,
    action,
    tenantId: reviewer.audit.tenantId,
    client: reviewer.audit.client,
    details: `“${story.title}”${by}`,
  });
}
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

/** Published stories for the review screen, newest first, a page at a time (every audience). */
export function listPublishedForReview(db: TenantDb, limit = 10, offset = 0): StoryView[] {
  return listPublishedStories(db, { role: ROLE.administrator }, { limit, offset });
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
  out.featured = db.select({ n: count() }).from(stories).where(and(storyIsForEveryone, eq(stories.isFeatured, true))).get()?.n ?? 0;
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
      values: { name, title: story.title },
      subjectId: id,
      actor: story.authorUserId ? { id: story.authorUserId, displayName: name } : null,
    });
  });
  auditReview(db, reviewer, "story.approved", story);
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
  auditReview(db, reviewer, "story.rejected", story);
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

/** Features or unfeatures a story; only published stories for everyone at the community can be featured. */
export function setStoryFeatured(db: TenantDb, id: string, isFeatured: boolean, reviewer?: Reviewer): ReviewResult {
  const before = getStoryRow(db, id);
  const result = db
    .update(stories)
    .set({ isFeatured, updatedAt: new Date().toISOString() })
    .where(and(eq(stories.id, id), isFeatured ? storyIsForEveryone : eq(stories.isPublished, true)))
    .run();
  if (result.changes === 1) {
    if (before && before.isFeatured !== isFeatured) auditReview(db, reviewer, isFeatured ? "story.featured" : "story.unfeatured", before);
    return { ok: true, story: getStoryRow(db, id)! };
  }
  const story = getStoryRow(db, id);
  if (!story) return NOT_FOUND;
  if (!story.isPublished) return { ok: false, status: 409, reason: "Only published stories can be featured" };
  return { ok: false, status: 409, reason: "Only stories the resident shares with everyone at the community can be featured" };
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
      recordActivity(tx, { type: "story_submitted", summary: `Story edited and sent for review: "${title}"`, values: { title, edited: "yes" }, subjectId: id, actor: actor ?? null });
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

/** The published stories of one resident that their family may see (200-character excerpts). */
export function publishedStoriesForFamily(db: TenantDb, residentId: string, opts: { limit?: number; excerptLength?: number } = {}): StoryView[] {
  return selectStories(db)
    .where(and(storyIsForFamily, eq(stories.residentId, residentId)))
    .orderBy(desc(stories.publishedAt), desc(stories.createdAt))
    .limit(opts.limit ?? 60)
    .all()
    .map((r) => toStoryView(r, opts.excerptLength ?? 200));
}

// --- the resident leads: audience and withdrawal ---

/** Notices about a story leave the bells of people who may no longer read it (narrowed or withdrawn). */
function forgetNoticesOfOutsiders(db: TenantDb, communityId: string, storyId: string) {
  const recipients = db.selectDistinct({ userId: notifications.userId }).from(notifications).where(eq(notifications.subjectId, storyId)).all();
  const outsiders = peopleByIds(communityId, recipients.map((r) => r.userId))
    .filter((p) => !getReadableStory(db, p, storyId))
    .map((p) => p.id);
  if (outsiders.length) db.delete(notifications).where(and(eq(notifications.subjectId, storyId), inArray(notifications.userId, outsiders))).run();
}

export type AudienceOptions = { communityId: string; byUserId?: string | null };

/**
 * Sets who may see one of the resident's stories (ownership in the where: null when the story is
 * not theirs). Choosing an audience also brings back a withdrawn story. Called by the resident's
 * pages, PATCH /api/stories/{id} and the kiosk; a staff caller must have confirmed that the resident
 * agreed. Only stories for everyone stay featured; notices leave the bells of people outside it.
 */
export function setStoryAudience(db: TenantDb, storyId: string, residentId: string, audience: Audience, opts: AudienceOptions): StoryRow | null {
  const mine = and(eq(stories.id, storyId), eq(stories.residentId, residentId));
  const current = db.select({ id: stories.id }).from(stories).where(mine).get();
  if (!current) return null;
  db.update(stories)
    .set({
      audience,
      withdrawnAt: null,
      audienceSetByUserId: opts.byUserId ?? null,
      ...(audience !== "community" ? { isFeatured: false } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where(mine)
    .run();
  forgetNoticesOfOutsiders(db, opts.communityId, storyId);
  return getStoryRow(db, storyId)!;
}

/**
 * Withdraws one of the resident's stories: it leaves every audience at once (only the resident and
 * the care team still open it, marked "Withdrawn"), is no longer featured, and its notices leave
 * everyone else's bells. Choosing an audience again brings it back. Null when not theirs.
 */
export function withdrawStory(db: TenantDb, storyId: string, residentId: string, opts: AudienceOptions): StoryRow | null {
  const mine = and(eq(stories.id, storyId), eq(stories.residentId, residentId));
  const current = db.select({ withdrawnAt: stories.withdrawnAt }).from(stories).where(mine).get();
  if (!current) return null;
  const now = new Date().toISOString();
  db.update(stories)
    .set({ withdrawnAt: current.withdrawnAt ?? now, isFeatured: false, audienceSetByUserId: opts.byUserId ?? null, updatedAt: now })
    .where(mine)
    .run();
  forgetNoticesOfOutsiders(db, opts.communityId, storyId);
  return getStoryRow(db, storyId)!;
}

export type AudienceChange = { audience: Audience } | { withdraw: true };
export type AudienceChangeResult = { ok: true; story: StoryRow } | { ok: false; status: 400 | 403 | 404; reason: string };

/**
 * The resident changes who may see their story or withdraws it; staff and administrators may do it
 * for them only when they confirm the resident agreed (`residentAgreed`). One rule for the page
 * (/stories/{id}/audience), PATCH /api/stories/{id} and POST /api/stories/{id}/withdraw.
 */
export function changeStoryAudience(
  db: TenantDb,
  communityId: string,
  user: StoryViewer & { id: string },
  storyId: string,
  change: AudienceChange,
  residentAgreed: boolean,
): AudienceChangeResult {
  const story = getReadableStory(db, user, storyId);
  if (!story) return { ok: false, status: 404, reason: "Story not found" };
  const own = user.role === ROLE.resident && user.residentId === story.residentId;
  if (!own) {
    if (!isCareTeam(user)) return { ok: false, status: 403, reason: "Only the resident (or the care team with the resident's agreement) can change who sees this story" };
    if (!residentAgreed) return { ok: false, status: 400, reason: AGREED_MISSING };
  }
  const opts = { communityId, byUserId: user.id };
  const row = "withdraw" in change ? withdrawStory(db, storyId, story.residentId, opts) : setStoryAudience(db, storyId, story.residentId, change.audience, opts);
  return row ? { ok: true, story: row } : { ok: false, status: 404, reason: "Story not found" };
}

/** Whether this viewer may change a story's audience (its resident, or the care team for them). */
export function mayChangeAudience(viewer: StoryViewer, story: Pick<StoryRow, "residentId">): { may: boolean; onBehalf: boolean } {
  if (viewer.role === ROLE.resident && viewer.residentId === story.residentId) return { may: true, onBehalf: false };
  if (isCareTeam(viewer)) return { may: true, onBehalf: true };
  return { may: false, onBehalf: false };
}
