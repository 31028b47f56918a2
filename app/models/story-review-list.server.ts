// The administrator's Stories tab at any size: one list with a status filter (awaiting review,
// published, not approved, all), search by title or resident, sort by date or resident, 25 a
// page; and reopening a story that was not approved.
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { containsPattern, searchWords } from "~/utils/text-keys";
import { PER_PAGE, readListParams, type ListParams, type ListSpec } from "./list-params";
import { pageOf, type Page } from "./paging";
import { getStoryRow, toStoryView, type Reviewer, type ReviewResult, type StoryView } from "./story.server";

const { stories, residents } = tenantSchema;

export const STORY_LIST = {
  sorts: ["date", "resident"],
  defaultSort: "-date",
  filters: { status: ["pending", "published", "rejected", "all"] },
  defaults: { status: "pending" },
} as const satisfies ListSpec<"date" | "resident", { status: readonly ["pending", "published", "rejected", "all"] }>;

export type StoryListParams = ListParams<(typeof STORY_LIST.sorts)[number], typeof STORY_LIST.filters>;

export function readStoryListParams(params: URLSearchParams): StoryListParams {
  return readListParams(params, STORY_LIST);
}

function whereOf(params: StoryListParams): SQL | undefined {
  const status = params.filters.status;
  return and(
    // published: through the (is_published, published_at) index; the others by review status
    status === "published" ? eq(stories.isPublished, true) : status === "all" ? undefined : eq(stories.reviewStatus, status),
    ...searchWords(params.q).map((word) => sql`(fold(${stories.title}) || ' ' || coalesce(${residents.sortName}, '')) like ${containsPattern(word)} escape '\\'`),
  );
}

function orderOf(params: StoryListParams) {
  const date = params.filters.status === "published" ? stories.publishedAt : stories.createdAt;
  const columns = params.sort === "resident" ? [residents.sortName, residents.id, date] : [date];
  return columns.map((c) => (params.desc ? desc(c) : asc(c)));
}

/** The query of a Stories tab page; exposed for the query-plan test. */
export function storyReviewPageQuery(db: TenantQueries, params: StoryListParams, limit: number, offset: number) {
  return db
    .select({ story: stories, resident: residents })
    .from(stories)
    .innerJoin(residents, eq(stories.residentId, residents.id))
    .where(whereOf(params))
    .orderBy(...orderOf(params))
    .limit(limit)
    .offset(offset);
}

export function listStoriesForReview(db: TenantQueries, params: StoryListParams, perPage = PER_PAGE): { rows: StoryView[]; page: Page } {
  const total =
    db
      .select({ n: count() })
      .from(stories)
      .innerJoin(residents, eq(stories.residentId, residents.id))
      .where(whereOf(params))
      .get()?.n ?? 0;
  const page = pageOf(total, params.page, perPage);
  return { rows: storyReviewPageQuery(db, params, page.limit, page.offset).all().map((r) => toStoryView(r)), page };
}

/** A story that was not approved goes back to the review queue (its note stays for reference). */
export function reopenStory(db: TenantDb, id: string, reviewer: Reviewer): ReviewResult {
  const story = getStoryRow(db, id);
  if (!story) return { ok: false, status: 404, reason: "Story not found" };
  if (story.reviewStatus !== "rejected") return { ok: false, status: 409, reason: "Only a story that was not approved can be reopened" };
  const now = new Date().toISOString();
  db.update(stories).set({ reviewStatus: "pending", isPublished: false, reviewedAt: now, reviewedByUserId: reviewer.id, updatedAt: now }).where(eq(stories.id, id)).run();
  return { ok: true, story: getStoryRow(db, id)! };
}
