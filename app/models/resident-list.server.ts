// The residents list at any size: search, sort, status filter and paging done by SQLite on the
// indexed sort keys (sort_name, sort_room), so a page of 25 reads 25 rows through an index.
// Residents without a room come last in either direction of the room sort: their key sorts after
// every room, so going down the rooms reads the numbered rooms first and then the rest, each part
// in the index's order (no sort of the whole table).
import { and, asc, count, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantQueries } from "~/utils/db.server";
import { containsPattern, NO_ROOM_KEY, residentSearchWords } from "~/utils/text-keys";
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

/** Of a list sorted down the rooms: the residents with a room, or those without one. */
export type RoomPart = "numbered" | "none";

/** Whether the list is read in two parts, residents with a room and then those without. */
function roomsDescending(params: ResidentListParams): boolean {
  return params.sort === "room" && params.desc;
}

function whereOf(params: ResidentListParams, part?: RoomPart): SQL | undefined {
  const status = params.filters.status;
  return and(
    part === "numbered" ? lt(residents.sortRoom, NO_ROOM_KEY) : undefined,
    part === "none" ? eq(residents.sortRoom, NO_ROOM_KEY) : undefined,
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

/** The query of a residents list page (or of one `part` of it); exposed for the query-plan test. */
export function residentPageQuery(db: TenantQueries, params: ResidentListParams, limit: number, offset: number, part?: RoomPart) {
  return db
    .select()
    .from(residents)
    .where(whereOf(params, part))
    .orderBy(...orderOf(params))
    .limit(limit)
    .offset(offset);
}

export function countResidentsMatching(db: TenantQueries, params: ResidentListParams, part?: RoomPart): number {
  return db.select({ n: count() }).from(residents).where(whereOf(params, part)).get()?.n ?? 0;
}

/** The rows of a page: down the rooms, those with a room first, then those without. */
function pageRows(db: TenantQueries, params: ResidentListParams, limit: number, offset: number) {
  if (!roomsDescending(params)) return residentPageQuery(db, params, limit, offset).all();
  const numbered = countResidentsMatching(db, params, "numbered");
  const rows = offset < numbered ? residentPageQuery(db, params, limit, offset, "numbered").all() : [];
  const rest = limit - rows.length;
  if (rest > 0) rows.push(...residentPageQuery(db, params, rest, Math.max(0, offset - numbered), "none").all());
  return rows;
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
  return { rows: withCounts(db, pageRows(db, params, page.limit, page.offset)), page };
}

/** Every resident that matches, in the list's order (CSV export; the API without ?page=). */
export function listResidentsMatching(db: TenantQueries, params: ResidentListParams): ResidentWithCounts[] {
  const all = (part?: RoomPart) => db.select().from(residents).where(whereOf(params, part)).orderBy(...orderOf(params)).all();
  return withCounts(db, roomsDescending(params) ? [...all("numbered"), ...all("none")] : all());
}
