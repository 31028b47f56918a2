// The people of one community who can be told about something: active sign-ins (control
// database), always looked up with the community's id in the where.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { ROLE, type Role } from "~/utils/roles";

const { users, familyLinks } = controlSchema;

export type Person = {
  id: string;
  displayName: string;
  email: string;
  role: Role;
  residentId: string | null;
  /** a family account's confirmed family member records, one per resident she follows */
  familyMemberIds: string[];
  /** has chosen a password (joined); only they get email */
  joined: boolean;
};

const columns = {
  id: users.id,
  displayName: users.displayName,
  email: users.email,
  role: users.role,
  residentId: users.residentId,
  passwordHash: users.passwordHash,
};

type Row = { id: string; displayName: string; email: string; role: Role; residentId: string | null; passwordHash: string | null };

/** The people, each family account with the records it follows (one query for all of them). */
function toPeople(communityId: string, rows: Row[]): Person[] {
  const family = rows.filter((r) => r.role === ROLE.family).map((r) => r.id);
  const follows = new Map<string, string[]>();
  for (let i = 0; i < family.length; i += 500) {
    const links = getControlDb()
      .select({ userId: familyLinks.userId, memberId: familyLinks.familyMemberId })
      .from(familyLinks)
      .where(and(eq(familyLinks.tenantId, communityId), inArray(familyLinks.userId, family.slice(i, i + 500)), isNotNull(familyLinks.confirmedAt)))
      .orderBy(asc(familyLinks.createdAt))
      .all();
    for (const l of links) follows.set(l.userId, [...(follows.get(l.userId) ?? []), l.memberId]);
  }
  return rows.map((r) => ({ id: r.id, displayName: r.displayName, email: r.email, role: r.role, residentId: r.residentId, familyMemberIds: follows.get(r.id) ?? [], joined: Boolean(r.passwordHash) }));
}

function select(communityId: string, where: ReturnType<typeof and>) {
  const rows = getControlDb()
    .select(columns)
    .from(users)
    .where(and(eq(users.tenantId, communityId), eq(users.isActive, true), where))
    .all();
  return toPeople(communityId, rows);
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

/** The sign-ins of these family members (only links she has confirmed). */
export function familyAccounts(communityId: string, familyMemberIds: readonly string[]): Person[] {
  const unique = [...new Set(familyMemberIds.filter(Boolean))];
  if (!unique.length) return [];
  const following = getControlDb()
    .select({ userId: familyLinks.userId })
    .from(familyLinks)
    .where(and(eq(familyLinks.tenantId, communityId), inArray(familyLinks.familyMemberId, unique), isNotNull(familyLinks.confirmedAt)));
  return select(communityId, and(eq(users.role, ROLE.family), inArray(users.id, following)));
}
