// Where a person's sign-in stands, for the lists that show it: never made, invited (a link was
// made, no password chosen yet), active (they chose a password), or deactivated; with the day
// the last link was made and when they were last active.
import { and, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { ROLE } from "~/utils/roles";

const { users, loginTokens, sessions } = controlSchema;

export type SignInStatus = "none" | "invited" | "active" | "deactivated";

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
const LINK = { [ROLE.family]: users.familyMemberId, [ROLE.resident]: users.residentId } as const;

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
  const link = LINK[role];
  const rows = getControlDb()
    .select({
      id: users.id,
      recordId: link,
      username: users.username,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, role), inArray(link, recordIds)))
    .all();
  const states = accountStates(rows);
  for (const r of rows) if (r.recordId) out.set(r.recordId, states.get(r.id)!);
  return out;
}

/** The record ids of a community's family members or residents who accepted (chose a password) and who are deactivated. */
export function linkedIdsByStatus(tenantId: string, role: LinkedRole): { accepted: string[]; deactivated: string[] } {
  const link = LINK[role];
  const rows = getControlDb()
    .select({ recordId: link, hasPassword: sql<number>`${users.passwordHash} is not null`, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, role)))
    .all();
  const out = { accepted: [] as string[], deactivated: [] as string[] };
  for (const r of rows) {
    if (!r.recordId) continue;
    if (r.hasPassword) out.accepted.push(r.recordId);
    if (!r.isActive) out.deactivated.push(r.recordId);
  }
  return out;
}
