// A community's staff and administrators: listed, added (with a one-time sign-in link or a
// temporary password the server makes and shows once), edited, given a new sign-in, deactivated
// and reactivated. Used by the administrator's /admin/staff and by the super admin's console.
// Nobody demotes or deactivates themself, and a community always keeps an active administrator.
// Every change is written to the audit log.
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { controlSchema, getControlDb } from "~/utils/db.server";
import type { RequestClient } from "~/utils/host.server";
import { generateTemporaryPassword, hashPassword } from "~/utils/password.server";
import { COMMUNITY_STAFF_ROLES, ROLE, type CommunityStaffRole } from "~/utils/roles";
import { containsPattern, nameSortKey, searchWords } from "~/utils/text-keys";
import { DEFAULT_LANGUAGE, msg, translateMessage, type TranslationValues } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { writeAudit } from "./audit.server";
import { PER_PAGE, readListParams, type ListParams, type ListSpec } from "./list-params";
import { issueLoginToken } from "./login-token.server";
import { pageOf, type Page } from "./paging";
import { accountStates, type SignInState } from "./sign-in-state.server";
import { createUser, getUserById, usernameTaken, type PublicUser, type UserRow } from "./user.server";

const { users, communities, sessions, loginTokens } = controlSchema;

export const STAFF_LINK_TTL_MS = 7 * 24 * 3600_000;

export type SignInMethod = "link" | "password";
/** What the new sign-in is, shown once: a link to open, or a temporary password to change at first sign-in. */
export type NewSignIn = { kind: "link"; url: string; expiresAt: string } | { kind: "password"; temporaryPassword: string };

/** Who does it: an administrator of the community, or a super admin (who belongs to none). */
export type StaffActor = { id: string; role: string };

/** A refusal: `key` the catalog message for a screen (`msg`), `message` the same in English (the JSON API). */
export class StaffError extends Error {
  public key: string;
  constructor(
    public field: "tenantId" | "username" | "role" | "form",
    key: string,
    values?: TranslationValues,
  ) {
    const message = msg(`admin:staffError.${key}`, values);
    super(translateMessage(translator(DEFAULT_LANGUAGE, "admin"), message));
    this.key = message;
  }
}

// ---- the list

export const STAFF_LIST = {
  sorts: ["name", "username", "signin"],
  defaultSort: "name",
  filters: { role: ["all", ROLE.administrator, ROLE.staff], status: ["active", "inactive", "all"] },
  defaults: { role: "all", status: "active" },
} as const satisfies ListSpec<"name" | "username" | "signin", { role: readonly ["all", typeof ROLE.administrator, typeof ROLE.staff]; status: readonly ["active", "inactive", "all"] }>;

export type StaffListParams = ListParams<(typeof STAFF_LIST.sorts)[number], typeof STAFF_LIST.filters>;

export function readStaffListParams(params: URLSearchParams): StaffListParams {
  return readListParams(params, STAFF_LIST);
}

function staffWhere(tenantId: string, params: StaffListParams): SQL | undefined {
  const { role, status } = params.filters;
  return and(
    eq(users.tenantId, tenantId),
    role === "all" ? inArray(users.role, [...COMMUNITY_STAFF_ROLES]) : eq(users.role, role),
    status === "all" ? undefined : eq(users.isActive, status === "active"),
    ...searchWords(params.q).map((word) => sql`(${users.sortName} || ' ' || fold(${users.username}) || ' ' || fold(${users.email})) like ${containsPattern(word)} escape '\\'`),
  );
}

function staffOrder(params: StaffListParams) {
  const columns = params.sort === "username" ? [users.username] : params.sort === "signin" ? [users.lastLoginAt, users.sortName, users.id] : [users.sortName, users.id];
  return columns.map((c) => (params.desc ? desc(c) : asc(c)));
}

/** The query of a staff list page; exposed for the query-plan test. */
export function staffPageQuery(tenantId: string, params: StaffListParams, limit?: number, offset = 0) {
  const query = getControlDb().select().from(users).where(staffWhere(tenantId, params)).orderBy(...staffOrder(params));
  return limit === undefined ? query : query.limit(limit).offset(offset);
}

export type StaffRow = PublicUser & { signIn: SignInState };

function withStates(rows: UserRow[]): StaffRow[] {
  const states = accountStates(rows);
  return rows.map(({ passwordHash: _hash, ...u }) => ({ ...u, signIn: states.get(u.id)! }));
}

export function listStaffPage(tenantId: string, params: StaffListParams, perPage = PER_PAGE): { rows: StaffRow[]; page: Page } {
  const total = getControlDb().select({ n: count() }).from(users).where(staffWhere(tenantId, params)).get()?.n ?? 0;
  const page = pageOf(total, params.page, perPage);
  return { rows: withStates(staffPageQuery(tenantId, params, page.limit, page.offset).all()), page };
}

/** Every staff member that matches, in the list's order (CSV export). */
export function listStaffMatching(tenantId: string, params: StaffListParams): StaffRow[] {
  return withStates(staffPageQuery(tenantId, params).all());
}

/** A staff member or administrator of this community (never another community's, never a super admin). */
export function getStaffMember(tenantId: string, userId: string): UserRow | undefined {
  return getControlDb()
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), inArray(users.role, [...COMMUNITY_STAFF_ROLES])))
    .get();
}

function activeAdministrators(tenantId: string): number {
  return getControlDb().select({ n: count() }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.role, ROLE.administrator), eq(users.isActive, true))).get()?.n ?? 0;
}

// ---- sign-ins

async function newSignIn(user: Pick<UserRow, "id" | "tenantId">, method: SignInMethod, actor: StaffActor, origin: string): Promise<NewSignIn> {
  if (method === "link") {
    const token = await issueLoginToken({ userId: user.id, tenantId: user.tenantId, purpose: "invite", createdByUserId: actor.id, ttlMs: STAFF_LINK_TTL_MS });
    return { kind: "link", url: `${origin}/invite?token=${token}`, expiresAt: new Date(Date.now() + STAFF_LINK_TTL_MS).toISOString() };
  }
  const temporaryPassword = generateTemporaryPassword();
  getControlDb()
    .update(users)
    .set({ passwordHash: await hashPassword(temporaryPassword), mustChangePassword: true })
    .where(eq(users.id, user.id))
    .run();
  return { kind: "password", temporaryPassword };
}

/** Ends every session of these accounts and closes their unused sign-in links. */
function endAccess(userIds: string[]) {
  if (!userIds.length) return;
  const db = getControlDb();
  db.transaction((tx) => {
    tx.delete(sessions).where(inArray(sessions.userId, userIds)).run();
    tx.update(loginTokens)
      .set({ usedAt: new Date().toISOString() })
      .where(and(inArray(loginTokens.userId, userIds), isNull(loginTokens.usedAt)))
      .run();
  });
}

// ---- changes

export type NewStaff = {
  tenantId: string;
  username: string;
  email: string;
  role: CommunityStaffRole;
  displayName?: string | null;
  method: SignInMethod;
};

/**
 * Adds a staff member or administrator with the sign-in the caller chose: a one-time link (no
 * password until they open it) or a temporary password they must change at first sign-in. The
 * link or password is returned once and never stored in clear.
 */
export async function createStaffMember(input: NewStaff, actor: StaffActor, site: { origin: string; client: RequestClient }): Promise<{ user: PublicUser; signIn: NewSignIn }> {
  const community = getControlDb().select().from(communities).where(eq(communities.id, input.tenantId)).get();
  if (!community) throw new StaffError("tenantId", "communityUnknown");
  const username = input.username.trim().toLowerCase();
  const taken = () => new StaffError("username", "usernameTaken", { username, community: community.name });
  if (usernameTaken(username, community.id)) throw taken();
  let created: UserRow;
  try {
    created = await createUser({ tenantId: community.id, username, email: input.email, displayName: input.displayName?.trim() || username, role: input.role });
  } catch (error) {
    // two requests for the same name at once: the unique index keeps one
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) throw taken();
    throw error;
  }
  const signIn = await newSignIn(created, input.method, actor, site.origin);
  writeAudit({ client: site.client, actorUserId: actor.id, action: "staff.created", targetUserId: created.id, tenantId: community.id, details: `${created.role}, ${input.method === "link" ? "sign-in link" : "temporary password"}` });
  const { passwordHash: _hash, ...user } = getUserById(created.id)!;
  return { user, signIn };
}

export type StaffPatch = { displayName: string; email: string; role: CommunityStaffRole };

/** Changes name, email and role. Refused: changing your own role, and demoting the last active administrator. */
export function updateStaffMember(tenantId: string, userId: string, patch: StaffPatch, actor: StaffActor, client: RequestClient): PublicUser {
  const target = getStaffMember(tenantId, userId);
  if (!target) throw new StaffError("form", "gone");
  if (patch.role !== target.role) {
    if (target.id === actor.id) throw new StaffError("role", "ownRole");
    if (target.role === ROLE.administrator && target.isActive && activeAdministrators(tenantId) <= 1) {
      throw new StaffError("role", "onlyAdministrator", { name: target.displayName });
    }
  }
  const displayName = patch.displayName.trim() || target.username;
  getControlDb()
    .update(users)
    .set({ displayName, email: patch.email.trim(), role: patch.role, sortName: nameSortKey(displayName) })
    .where(eq(users.id, target.id))
    .run();
  const changes = [displayName !== target.displayName ? "name" : null, patch.email.trim() !== target.email ? "email" : null, patch.role !== target.role ? `role ${target.role} -> ${patch.role}` : null].filter(Boolean);
  writeAudit({ client, actorUserId: actor.id, action: "staff.updated", targetUserId: target.id, tenantId, details: changes.join(", ") || "no change" });
  const { passwordHash: _hash, ...user } = getUserById(target.id)!;
  return user;
}

/**
 * A new sign-in for a staff member who lost theirs: the old password stops working, their
 * sessions end, and a new link or temporary password is returned once. Not for yourself (change
 * your own password on the password page).
 */
export async function resetStaffSignIn(tenantId: string, userId: string, method: SignInMethod, actor: StaffActor, site: { origin: string; client: RequestClient }): Promise<{ user: PublicUser; signIn: NewSignIn }> {
  const target = getStaffMember(tenantId, userId);
  if (!target) throw new StaffError("form", "gone");
  if (target.id === actor.id) throw new StaffError("form", "ownPassword");
  if (!target.isActive) throw new StaffError("form", "deactivated", { name: target.displayName });
  getControlDb().update(users).set({ passwordHash: null, mustChangePassword: false }).where(eq(users.id, target.id)).run();
  endAccess([target.id]);
  const signIn = await newSignIn(target, method, actor, site.origin);
  writeAudit({ client: site.client, actorUserId: actor.id, action: "staff.sign_in_reset", targetUserId: target.id, tenantId, details: method === "link" ? "sign-in link" : "temporary password" });
  const { passwordHash: _hash, ...user } = getUserById(target.id)!;
  return { user, signIn };
}

/**
 * Deactivates (their sessions end at once and unused links close) or reactivates a staff member.
 * Refused: deactivating yourself, and deactivating the last active administrator.
 */
export function setStaffActive(tenantId: string, userId: string, isActive: boolean, actor: StaffActor, client: RequestClient): PublicUser {
  const target = getStaffMember(tenantId, userId);
  if (!target) throw new StaffError("form", "gone");
  if (!isActive) {
    if (target.id === actor.id) throw new StaffError("form", "deactivateSelf");
    if (target.role === ROLE.administrator && target.isActive && activeAdministrators(tenantId) <= 1) {
      throw new StaffError("form", "lastActiveAdministrator", { name: target.displayName });
    }
  }
  if (target.isActive !== isActive) {
    getControlDb()
      .update(users)
      .set({ isActive })
      .where(and(eq(users.id, target.id), ne(users.isActive, isActive)))
      .run();
    if (!isActive) endAccess([target.id]);
    writeAudit({ client, actorUserId: actor.id, action: isActive ? "staff.reactivated" : "staff.deactivated", targetUserId: target.id, tenantId, details: target.role });
  }
  const { passwordHash: _hash, ...user } = getUserById(target.id)!;
  return user;
}
