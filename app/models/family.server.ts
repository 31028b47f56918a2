// Family members of one community's residents.
import { asc, eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";

const { familyMembers, residents } = tenantSchema;

export type FamilyMemberRow = typeof familyMembers.$inferSelect;

export function getFamilyMember(db: TenantDb, id: string): FamilyMemberRow | undefined {
  return db.select().from(familyMembers).where(eq(familyMembers.id, id)).get();
}

/** Family members with their resident, for the families tables. */
export function listFamilyMembers(db: TenantDb) {
  return db
    .select({ member: familyMembers, resident: residents })
    .from(familyMembers)
    .innerJoin(residents, eq(familyMembers.residentId, residents.id))
    .orderBy(asc(familyMembers.name))
    .all();
}

export function listFamilyOfResident(db: TenantDb, residentId: string): FamilyMemberRow[] {
  return db.select().from(familyMembers).where(eq(familyMembers.residentId, residentId)).orderBy(asc(familyMembers.name)).all();
}
