// The residents list at any size: search, sort, status filter and paging done by SQLite on the
// indexed sort keys (sort_name, sort_room), so a page of 25 reads 25 rows through an index.
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantQueries } from "~/utils/db.server";
import { containsPattern, residentSearchWords } from "~/utils/text-keys";
import { PER_PAGE, readListParams, type ListParams, type ListSpec } from "./list-params";
import { mediaUrl } from "./media-urls";
import { pageOf, type Page } from "./paging";
import { storyCountsOf, type ResidentWithCounts } from "./resident.server";

const { residents } = tenantSchema;

export const RESIDENT_LIST = {
  sorts: ["name", "room", "admitted"],
  defaultSort: "name",
  filters: { status: ["active", "inactive", "all"] },
  defaults: { status: "active" },
} as const satisfies ListSpec<"name" | "room" | "admitted", { status: readonly ["active", "inactive", "all"] }>;

export type ResidentListParams = ListParams<(typeof RESIDENT_LIST.sorts)[number], typeof RESIDENT_LIST.filters>;

export function readResidentListParams(params: URLSearchParams, overrides: Partial<ResidentListParams["filters"]> = {}): ResidentListParams {
  return readListParams(params, { ...RESIDENT_LIST, defaults: { ...RESIDENT_LIST.defaults, ...overrides } });
}

function whereOf(params: ResidentListParams): SQL | undefined {
  const status = params.filters.status;
  return and(
    status === "all" ? undefined : eq(residents.isActive, status === "active"),
    // every word somewhere in "last first room", compared folded (no case, no accents)
    ...residentSearchWords(params.q).map((word) => sql`(${residents.sortName} || ' ' || fold(coalesce(${residents.roomNumber}, ''))) like ${containsPattern(word)} escape '\\'`),
  );
}

function orderOf(params: ResidentListParams) {
  const columns =
    params.sort === "room"
      ? [residents.sortRoom, residents.sortName, residents.id]
      : params.sort === "admitted"
        ? [residents.admissionDate, residents.sortName, residents.id]
        : [residents.sortName, residents.id];
  return columns.map((c) => (params.desc ? desc(c) : asc(c)));
}

/** The query of a residents list page; exposed for the query-plan test. */
export function residentPageQuery(db: TenantQueries, params: ResidentListParams, limit: number, offset: number) {
  return db
    .select()
    .from(residents)
    .where(whereOf(params))
    .orderBy(...orderOf(params))
    .limit(limit)
    .offset(offset);
}

export function countResidentsMatching(db: TenantQueries, params: ResidentListParams): number {
  return db.select({ n: count() }).from(residents).where(whereOf(params)).get()?.n ?? 0;
}

function withCounts(db: TenantQueries, rows: (typeof residents.$inferSelect)[]): ResidentWithCounts[] {
  const totals = storyCountsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    ...r,
    profileImageUrl: r.profileImageId ? mediaUrl(r.profileImageId) : null,
    storyCount: totals.get(r.id)?.all ?? 0,
    publishedStoryCount: totals.get(r.id)?.published ?? 0,
    pendingStoryCount: totals.get(r.id)?.pending ?? 0,
  }));
}

/** One page of the residents that match, with their story counts. */
export function listResidentsPage(db: TenantQueries, params: ResidentListParams, perPage = PER_PAGE): { rows: ResidentWithCounts[]; page: Page } {
  const page = pageOf(countResidentsMatching(db, params), params.page, perPage);
  return { rows: withCounts(db, residentPageQuery(db, params, page.limit, page.offset).all()), page };
}

/** Every resident that matches, in the list's order (CSV export; the API without ?page=). */
export function listResidentsMatching(db: TenantQueries, params: ResidentListParams): ResidentWithCounts[] {
  return withCounts(db, db.select().from(residents).where(whereOf(params)).orderBy(...orderOf(params)).all());
}
