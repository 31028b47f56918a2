// The people of one community who can be told about something: active sign-ins (control
// database), always looked up with the community's id in the where.
import { and, eq, inArray } from "drizzle-orm";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { ROLE, type Role } from "~/utils/roles";

const { users } = controlSchema;

export type Person = {
  id: string;
  displayName: string;
  email: string;
  role: Role;
  residentId: string | null;
  familyMemberId: string | null;
  /** has chosen a password (joined); only they get email */
  joined: boolean;
};

const columns = {
  id: users.id,
  displayName: users.displayName,
  email: users.email,
  role: users.role,
  residentId: users.residentId,
  familyMemberId: users.familyMemberId,
  passwordHash: users.passwordHash,
};

function toPerson(r: { id: string; displayName: string; email: string; role: Role; residentId: string | null; familyMemberId: string | null; passwordHash: string | null }): Person {
  return { id: r.id, displayName: r.displayName, email: r.email, role: r.role, residentId: r.residentId, familyMemberId: r.familyMemberId, joined: Boolean(r.passwordHash) };
}

function select(communityId: string, where: ReturnType<typeof and>) {
  return getControlDb()
    .select(columns)
    .from(users)
    .where(and(eq(users.tenantId, communityId), eq(users.isActive, true), where))
    .all()
    .map(toPerson);
}

/** Everyone who signs in at the community (administrators, staff, residents, families). */
export function peopleOfCommunity(communityId: string): Person[] {
  return select(communityId, undefined);
}

/** The sign-ins of these users, when they belong to the community. */
export function peopleByIds(communityId: string, ids: readonly string[]): Person[] {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return [];
  return select(communityId, inArray(users.id, unique));
}

/** The resident's own sign-in(s). */
export function residentAccounts(communityId: string, residentId: string): Person[] {
  return select(communityId, and(eq(users.role, ROLE.resident), eq(users.residentId, residentId)));
}

/** The sign-ins of these family members. */
export function familyAccounts(communityId: string, familyMemberIds: readonly string[]): Person[] {
  const unique = [...new Set(familyMemberIds.filter(Boolean))];
  if (!unique.length) return [];
  return select(communityId, and(eq(users.role, ROLE.family), inArray(users.familyMemberId, unique)));
}
