// The super admin's lists at any size: every user (search, role, community and status filters,
// sort, 25 a page) and every community (search, status filter, sort, 25 a page), in SQL on
// indexed sort keys of the control database.
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { controlSchema, getControlDb, type Community } from "~/utils/db.server";
import { ROLES } from "~/utils/roles";
import { containsPattern, searchWords } from "~/utils/text-keys";
import { PER_PAGE, readListParams, type ListParams, type ListSpec } from "./list-params";
import { pageOf, type Page } from "./paging";
import type { UserWithCommunity } from "./user.server";

const { users, communities } = controlSchema;

export const USER_LIST = {
  sorts: ["username", "name", "signin"],
  defaultSort: "username",
  filters: { role: ["all", ...ROLES], status: ["active", "inactive", "all"] },
  defaults: { role: "all", status: "all" },
} as const satisfies ListSpec<"username" | "name" | "signin", { role: readonly ["all", ...typeof ROLES]; status: readonly ["active", "inactive", "all"] }>;

export type UserListParams = ListParams<(typeof USER_LIST.sorts)[number], typeof USER_LIST.filters> & { communityId: string | null };

export function readUserListParams(params: URLSearchParams): UserListParams {
  const communityId = params.get("community");
  return { ...readListParams(params, USER_LIST), communityId: communityId && /^[\w-]{1,64}$/.test(communityId) ? communityId : null };
}

function userWhere(params: UserListParams): SQL | undefined {
  const { role, status } = params.filters;
  return and(
    role === "all" ? undefined : eq(users.role, role),
    status === "all" ? undefined : eq(users.isActive, status === "active"),
    params.communityId ? eq(users.tenantId, params.communityId) : undefined,
    ...searchWords(params.q).map(
      (word) => sql`(fold(${users.username}) || ' ' || coalesce(${users.sortName}, '') || ' ' || fold(${users.email}) || ' ' || coalesce(${communities.sortName}, '')) like ${containsPattern(word)} escape '\\'`,
    ),
  );
}

function userOrder(params: UserListParams) {
  const columns = params.sort === "name" ? [users.sortName, users.id] : params.sort === "signin" ? [users.lastLoginAt, users.username, users.id] : [users.username, users.id];
  return columns.map((c) => (params.desc ? desc(c) : asc(c)));
}

/** The query of a users page; exposed for the query-plan test. */
export function userPageQuery(params: UserListParams, limit: number, offset: number) {
  return getControlDb()
    .select({ user: users, tenantName: communities.name, tenantSubdomain: communities.subdomain })
    .from(users)
    .leftJoin(communities, eq(users.tenantId, communities.id))
    .where(userWhere(params))
    .orderBy(...userOrder(params))
    .limit(limit)
    .offset(offset);
}

export function listUsersPage(params: UserListParams, perPage = PER_PAGE): { rows: UserWithCommunity[]; page: Page } {
  const total =
    getControlDb()
      .select({ n: count() })
      .from(users)
      .leftJoin(communities, eq(users.tenantId, communities.id))
      .where(userWhere(params))
      .get()?.n ?? 0;
  const page = pageOf(total, params.page, perPage);
  const rows = userPageQuery(params, page.limit, page.offset)
    .all()
    .map(({ user, tenantName, tenantSubdomain }) => {
      const { passwordHash: _hash, ...rest } = user;
      return { ...rest, tenant: tenantName && tenantSubdomain ? { name: tenantName, subdomain: tenantSubdomain } : null };
    });
  return { rows, page };
}

// ---- communities

export const COMMUNITY_LIST = {
  sorts: ["name", "created", "subdomain"],
  defaultSort: "name",
  filters: { status: ["all", "active", "inactive"] },
  defaults: { status: "all" },
} as const satisfies ListSpec<"name" | "created" | "subdomain", { status: readonly ["all", "active", "inactive"] }>;

export type CommunityListParams = ListParams<(typeof COMMUNITY_LIST.sorts)[number], typeof COMMUNITY_LIST.filters>;

export function readCommunityListParams(params: URLSearchParams): CommunityListParams {
  return readListParams(params, COMMUNITY_LIST);
}

function communityWhere(params: CommunityListParams): SQL | undefined {
  const { status } = params.filters;
  return and(
    status === "all" ? undefined : eq(communities.isActive, status === "active"),
    ...searchWords(params.q).map(
      (word) => sql`(coalesce(${communities.sortName}, '') || ' ' || fold(${communities.subdomain}) || ' ' || fold(coalesce(${communities.city}, ''))) like ${containsPattern(word)} escape '\\'`,
    ),
  );
}

function communityOrder(params: CommunityListParams) {
  const columns = params.sort === "created" ? [communities.createdAt] : params.sort === "subdomain" ? [communities.subdomain] : [communities.sortName, communities.id];
  return columns.map((c) => (params.desc ? desc(c) : asc(c)));
}

/** The query of a communities page; exposed for the query-plan test. */
export function communityPageQuery(params: CommunityListParams, limit: number, offset: number) {
  return getControlDb().select().from(communities).where(communityWhere(params)).orderBy(...communityOrder(params)).limit(limit).offset(offset);
}

export function listCommunitiesPage(params: CommunityListParams, perPage = PER_PAGE): { rows: Community[]; page: Page } {
  const total = getControlDb().select({ n: count() }).from(communities).where(communityWhere(params)).get()?.n ?? 0;
  const page = pageOf(total, params.page, perPage);
  return { rows: communityPageQuery(params, page.limit, page.offset).all(), page };
}
