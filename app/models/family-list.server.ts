// The family members list at any size: search (name, email, resident), sort, filters on the
// invitation and on the sign-in, and paging, in SQL on the indexed sort keys. The sign-in state
// lives in the control database, so its filters arrive as id lists (json_each, one parameter).
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantQueries } from "~/utils/db.server";
import { ROLE } from "~/utils/roles";
import { containsPattern, searchWords } from "~/utils/text-keys";
import type { FamilyMemberRow } from "./family.server";
import { PER_PAGE, readListParams, type ListParams, type ListSpec } from "./list-params";
import { pageOf, type Page } from "./paging";
import type { ResidentRow } from "./resident.server";
import { linkedIdsByStatus } from "./sign-in-state.server";

const { familyMembers, residents } = tenantSchema;

export const FAMILY_LIST = {
  sorts: ["name", "resident"],
  defaultSort: "name",
  filters: { invitation: ["all", "pending", "accepted"], status: ["active", "inactive", "all"] },
  defaults: { invitation: "all", status: "active" },
} as const satisfies ListSpec<"name" | "resident", { invitation: readonly ["all", "pending", "accepted"]; status: readonly ["active", "inactive", "all"] }>;

export type FamilyListParams = ListParams<(typeof FAMILY_LIST.sorts)[number], typeof FAMILY_LIST.filters> & { residentId: string | null };

export function readFamilyListParams(params: URLSearchParams): FamilyListParams {
  const residentId = params.get("resident");
  return { ...readListParams(params, FAMILY_LIST), residentId: residentId && /^[\w-]{1,64}$/.test(residentId) ? residentId : null };
}

const inIds = (ids: string[]) => sql`${familyMembers.id} in (select value from json_each(${JSON.stringify(ids)}))`;
const notInIds = (ids: string[]) => sql`${familyMembers.id} not in (select value from json_each(${JSON.stringify(ids)}))`;

function whereOf(tenantId: string, params: FamilyListParams): SQL | undefined {
  const { invitation, status } = params.filters;
  const needsAccounts = invitation !== "all" || status !== "all";
  const ids = needsAccounts ? linkedIdsByStatus(tenantId, ROLE.family) : null;
  return and(
    params.residentId ? eq(familyMembers.residentId, params.residentId) : undefined,
    // accepted: they chose a password; pending: not yet (or no sign-in at all)
    ids && invitation === "accepted" ? inIds(ids.accepted) : undefined,
    ids && invitation === "pending" ? notInIds(ids.accepted) : undefined,
    ids && status === "active" ? notInIds(ids.deactivated) : undefined,
    ids && status === "inactive" ? inIds(ids.deactivated) : undefined,
    ...searchWords(params.q).map(
      (word) => sql`(${familyMembers.sortName} || ' ' || fold(${familyMembers.email}) || ' ' || coalesce(${residents.sortName}, '')) like ${containsPattern(word)} escape '\\'`,
    ),
  );
}

function orderOf(params: FamilyListParams) {
  const columns = params.sort === "resident" ? [residents.sortName, residents.id, familyMembers.sortName, familyMembers.id] : [familyMembers.sortName, familyMembers.id];
  return columns.map((c) => (params.desc ? desc(c) : asc(c)));
}

/** The query of a family list page; exposed for the query-plan test. */
export function familyPageQuery(db: TenantQueries, tenantId: string, params: FamilyListParams, limit?: number, offset = 0) {
  const query = db
    .select({ member: familyMembers, resident: residents })
    .from(familyMembers)
    .innerJoin(residents, eq(familyMembers.residentId, residents.id))
    .where(whereOf(tenantId, params))
    .orderBy(...orderOf(params));
  return limit === undefined ? query : query.limit(limit).offset(offset);
}

export type FamilyWithResident = { member: FamilyMemberRow; resident: ResidentRow };

/** One page of the family members that match, each with their resident. */
export function listFamilyPage(db: TenantQueries, tenantId: string, params: FamilyListParams, perPage = PER_PAGE): { rows: FamilyWithResident[]; page: Page } {
  const total =
    db
      .select({ n: count() })
      .from(familyMembers)
      .innerJoin(residents, eq(familyMembers.residentId, residents.id))
      .where(whereOf(tenantId, params))
      .get()?.n ?? 0;
  const page = pageOf(total, params.page, perPage);
  return { rows: familyPageQuery(db, tenantId, params, page.limit, page.offset).all(), page };
}

/** Every family member that matches, in the list's order (CSV export; the API without ?page=). */
export function listFamilyMatching(db: TenantQueries, tenantId: string, params: FamilyListParams): FamilyWithResident[] {
  return familyPageQuery(db, tenantId, params).all();
}
