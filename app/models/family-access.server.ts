// Switching family members' sign-ins off and on (one or many), and finding a family member who
// already follows a resident under an email, so that adding them again offers the existing person.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { controlSchema, getControlDb, tenantSchema, type TenantDb } from "~/utils/db.server";
import { ROLE } from "~/utils/roles";
import type { FamilyMemberRow } from "./family.server";

const { familyMembers } = tenantSchema;
const { users, sessions, familyLinks } = controlSchema;

export const FAMILY_BULK_LIMIT = 100;

/** The family members with these ids (unknown ids are left out), by name. */
export function familyMembersByIds(db: TenantDb, ids: readonly string[]): FamilyMemberRow[] {
  const wanted = [...new Set(ids)].slice(0, FAMILY_BULK_LIMIT);
  if (!wanted.length) return [];
  return db.select().from(familyMembers).where(inArray(familyMembers.id, wanted)).orderBy(familyMembers.sortName, familyMembers.id).all();
}

/**
 * Switches the sign-ins of these family members off (their sessions end at once) or back on.
 * Returns the accounts that changed, with the member each belongs to.
 */
export function setFamilySignInsActive(tenantId: string, memberIds: readonly string[], isActive: boolean): { userId: string; memberId: string }[] {
  if (!memberIds.length) return [];
  const db = getControlDb();
  const where = and(eq(familyLinks.tenantId, tenantId), inArray(familyLinks.familyMemberId, [...memberIds]), eq(users.role, ROLE.family), ne(users.isActive, isActive));
  const changed = db.select({ userId: users.id, memberId: familyLinks.familyMemberId }).from(familyLinks).innerJoin(users, eq(users.id, familyLinks.userId)).where(where).all();
  if (!changed.length) return [];
  const ids = [...new Set(changed.map((c) => c.userId))];
  db.transaction((tx) => {
    tx.update(users).set({ isActive }).where(inArray(users.id, ids)).run();
    if (!isActive) tx.delete(sessions).where(inArray(sessions.userId, ids)).run();
  });
  return changed.map((c) => ({ userId: c.userId, memberId: c.memberId ?? "" }));
}

/** A family member of this resident with this email (compared without case), if there is one. */
export function findFollowerByEmail(db: TenantDb, residentId: string, email: string): FamilyMemberRow | undefined {
  return db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.residentId, residentId), sql`lower(${familyMembers.email}) = ${email.trim().toLowerCase()}`))
    .get();
}
