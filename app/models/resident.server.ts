// Residents of one community. Every function takes the community's database handle.
import { and, asc, eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { mediaUrl } from "./media-urls";

const { residents } = tenantSchema;

export type ResidentRow = typeof residents.$inferSelect;

export type ResidentSummary = {
  id: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  profileImageUrl: string | null;
};

export function toResidentSummary(r: Pick<ResidentRow, "id" | "firstName" | "lastName" | "roomNumber" | "profileImageId">): ResidentSummary {
  return { id: r.id, firstName: r.firstName, lastName: r.lastName, roomNumber: r.roomNumber, profileImageUrl: r.profileImageId ? mediaUrl(r.profileImageId) : null };
}

export function getResident(db: TenantDb, id: string): ResidentRow | undefined {
  return db.select().from(residents).where(eq(residents.id, id)).get();
}

export function listResidents(db: TenantDb, opts: { activeOnly?: boolean } = {}): ResidentRow[] {
  return db
    .select()
    .from(residents)
    .where(opts.activeOnly ? eq(residents.isActive, true) : undefined)
    .orderBy(asc(residents.lastName), asc(residents.firstName))
    .all();
}

export function getActiveResident(db: TenantDb, id: string): ResidentRow | undefined {
  return db.select().from(residents).where(and(eq(residents.id, id), eq(residents.isActive, true))).get();
}

export function residentName(r: Pick<ResidentRow, "firstName" | "lastName">): string {
  return `${r.firstName} ${r.lastName}`;
}
