// Where a person's sign-in stands, for the lists that show it: never made, invited (a link was
// made, no password chosen yet), active (they chose a password), or deactivated; with the day
// the last link was made and when they were last active.
import { and, eq, inArray, isNotNull, isNull, max } from "drizzle-orm";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { ROLE } from "~/utils/roles";

const { users, loginTokens, sessions, familyLinks } = controlSchema;

/** waiting: the record was added to an account she already had, and she has not confirmed it yet */
export type SignInStatus = "none" | "invited" | "active" | "deactivated" | "waiting";

export type SignInState = {
  userId: string | null;
  username: string | null;
  status: SignInStatus;
  /** when the newest invitation or sign-in link was made (ISO), for "Invited on ..." */
  invitedAt: string | null;
  /** the newer of the last sign-in and the last page seen in a session (ISO) */
  lastActiveAt: string | null;
};

export const NO_SIGN_IN: SignInState = { userId: null, username: null, status: "none", invitedAt: null, lastActiveAt: null };

type LinkedRole = typeof ROLE.family | typeof ROLE.resident;

const accountColumns = {
  id: users.id,
  username: users.username,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/**
 * The accounts of a community's family members (through family_links) or residents (their own
 * column), each with the record it is linked to; only these records when `recordIds` is given.
 */
function linkedAccountRows(tenantId: string, role: LinkedRole, recordIds: string[] | null) {
  const db = getControlDb();
  if (role === ROLE.family) {
    return db
      .select({ ...accountColumns, recordId: familyLinks.familyMemberId, confirmedAt: familyLinks.confirmedAt })
      .from(familyLinks)
      .innerJoin(users, eq(users.id, familyLinks.userId))
      .where(and(eq(familyLinks.tenantId, tenantId), eq(users.role, ROLE.family), recordIds ? inArray(familyLinks.familyMemberId, recordIds) : undefined))
      .all();
  }
  return db
    .select({ ...accountColumns, recordId: users.residentId, confirmedAt: users.createdAt })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, role), recordIds ? inArray(users.residentId, recordIds) : undefined))
    .all();
}

function newest(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a > b ? a : b;
}

/** The sign-in state of these accounts (by user id), from the control database. */
export function accountStates(rows: { id: string; username: string; passwordHash: string | null; isActive: boolean; lastLoginAt: string | null; createdAt: string }[]): Map<string, SignInState> {
  const out = new Map<string, SignInState>();
  if (!rows.length) return out;
  const ids = rows.map((r) => r.id);
  const db = getControlDb();
  const invited = new Map(
    db
      .select({ userId: loginTokens.userId, at: max(loginTokens.createdAt) })
      .from(loginTokens)
      .where(and(inArray(loginTokens.userId, ids), eq(loginTokens.purpose, "invite")))
      .groupBy(loginTokens.userId)
      .all()
      .map((r) => [r.userId, r.at]),
  );
  const seen = new Map(
    db
      .select({ userId: sessions.userId, at: max(sessions.lastSeenAt) })
      .from(sessions)
      // a session the super admin opened as them (login-as) was not them being active
      .where(and(inArray(sessions.userId, ids), isNotNull(sessions.lastSeenAt), isNull(sessions.impersonatorUserId)))
      .groupBy(sessions.userId)
      .all()
      .map((r) => [r.userId, r.at]),
  );
  for (const r of rows) {
    out.set(r.id, {
      userId: r.id,
      username: r.username,
      status: !r.isActive ? "deactivated" : r.passwordHash ? "active" : "invited",
      invitedAt: invited.get(r.id) ?? (r.passwordHash ? null : r.createdAt),
      lastActiveAt: newest(r.lastLoginAt, seen.get(r.id)),
    });
  }
  return out;
}

/** The sign-in state of each of these family members or residents (by their record's id). */
export function linkedSignInStates(tenantId: string, role: LinkedRole, recordIds: string[]): Map<string, SignInState> {
  const out = new Map<string, SignInState>();
  if (!recordIds.length) return out;
  const rows = linkedAccountRows(tenantId, role, recordIds);
  const states = accountStates(rows);
  for (const r of rows) {
    if (!r.recordId) continue;
    const state = states.get(r.id)!;
    // an account she has, linked to this record but not yet confirmed by her
    out.set(r.recordId, r.confirmedAt || state.status === "deactivated" ? state : { ...state, status: "waiting" });
  }
  return out;
}

/** The record ids of a community's family members or residents who accepted (chose a password) and who are deactivated. */
export function linkedIdsByStatus(tenantId: string, role: LinkedRole): { accepted: string[]; deactivated: string[] } {
  const rows = linkedAccountRows(tenantId, role, null);
  const out = { accepted: [] as string[], deactivated: [] as string[] };
  for (const r of rows) {
    if (!r.recordId) continue;
    if (r.passwordHash && r.confirmedAt) out.accepted.push(r.recordId);
    if (!r.isActive) out.deactivated.push(r.recordId);
  }
  return out;
}
