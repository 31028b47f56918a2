// Family members of one community's residents.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { nameSortKey } from "~/utils/text-keys";
import { unlinkMember } from "./family-links.server";

const { familyMembers, residents } = tenantSchema;

export type FamilyMemberRow = typeof familyMembers.$inferSelect;

/**
 * A family viewer's own record for this resident: one of her confirmed records (the session's
 * familyMemberIds) that belongs to the resident, or undefined when she does not follow them.
 */
export function recordForResident(db: TenantDb, familyMemberIds: readonly string[] | null | undefined, residentId: string): FamilyMemberRow | undefined {
  if (!familyMemberIds?.length) return undefined;
  return db
    .select()
    .from(familyMembers)
    .where(and(inArray(familyMembers.id, [...familyMemberIds]), eq(familyMembers.residentId, residentId)))
    .get();
}

export function getFamilyMember(db: TenantDb, id: string): FamilyMemberRow | undefined {
  return db.select().from(familyMembers).where(eq(familyMembers.id, id)).get();
}

/** Family members with their resident, for the families tables. */
export function listFamilyMembers(db: TenantDb) {
  return db
    .select({ member: familyMembers, resident: residents })
    .from(familyMembers)
    .innerJoin(residents, eq(familyMembers.residentId, residents.id))
    .orderBy(asc(familyMembers.sortName), asc(familyMembers.id))
    .all();
}

export function listFamilyOfResident(db: TenantDb, residentId: string): FamilyMemberRow[] {
  return db.select().from(familyMembers).where(eq(familyMembers.residentId, residentId)).orderBy(asc(familyMembers.sortName), asc(familyMembers.id)).all();
}

// --- administration: adding, editing and removing family members ---

export type FamilyMemberInput = {
  residentId: string;
  name: string;
  email: string;
  relationship?: string | null;
  phoneNumber?: string | null;
};

function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/** Adds the tenant row only; their sign-in (an invitation) is made by invitation.server.ts. */
export function createFamilyMember(db: TenantDb, input: FamilyMemberInput): FamilyMemberRow {
  const id = newId();
  db.insert(familyMembers)
    .values({
      id,
      residentId: input.residentId,
      name: input.name.trim(),
      email: input.email.trim(),
      relationship: blankToNull(input.relationship),
      phoneNumber: blankToNull(input.phoneNumber),
      sortName: nameSortKey(input.name),
    })
    .run();
  return getFamilyMember(db, id)!;
}

export function updateFamilyMember(db: TenantDb, id: string, patch: Partial<FamilyMemberInput>): FamilyMemberRow | undefined {
  const set: Partial<typeof familyMembers.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (patch.residentId !== undefined) set.residentId = patch.residentId;
  if (patch.name !== undefined) {
    set.name = patch.name.trim();
    set.sortName = nameSortKey(set.name);
  }
  if (patch.email !== undefined) set.email = patch.email.trim();
  if (patch.relationship !== undefined) set.relationship = blankToNull(patch.relationship);
  if (patch.phoneNumber !== undefined) set.phoneNumber = blankToNull(patch.phoneNumber);
  const result = db.update(familyMembers).set(set).where(eq(familyMembers.id, id)).run();
  return result.changes === 1 ? getFamilyMember(db, id) : undefined;
}

/**
 * Removes a family member and their link to a sign-in; the sign-in goes too (its sessions and any
 * open invitation link with it) unless it follows another resident. Returns false when there was
 * no such member.
 */
export function deleteFamilyMember(db: TenantDb, tenantId: string, id: string): boolean {
  const removed = db.delete(familyMembers).where(eq(familyMembers.id, id)).run().changes === 1;
  if (removed) unlinkMember(tenantId, id);
  return removed;
}

export function countFamilyMembers(db: TenantDb): number {
  return db.select({ n: count() }).from(familyMembers).get()?.n ?? 0;
}

/** A family member with their resident (the family dashboard's header and GET /api/family/profile). */
export function getFamilyProfile(db: TenantDb, familyMemberId: string): { member: FamilyMemberRow; resident: typeof residents.$inferSelect } | null {
  const row = db
    .select({ member: familyMembers, resident: residents })
    .from(familyMembers)
    .innerJoin(residents, eq(familyMembers.residentId, residents.id))
    .where(eq(familyMembers.id, familyMemberId))
    .get();
  return row ?? null;
}
