// Deactivating and reactivating residents, one or many at once, and where a resident sits in the
// residents list (so that the page after adding one shows them).
import { and, count, eq, inArray, lt, or } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { PER_PAGE } from "./list-params";
import type { ResidentRow } from "./resident.server";

const { residents } = tenantSchema;

/** At most this many residents in one bulk action (a page holds 25). */
export const BULK_LIMIT = 100;

/** The residents with these ids (unknown ids are left out), by name. */
export function residentsByIds(db: TenantDb, ids: readonly string[]): ResidentRow[] {
  const wanted = [...new Set(ids)].slice(0, BULK_LIMIT);
  if (!wanted.length) return [];
  return db.select().from(residents).where(inArray(residents.id, wanted)).orderBy(residents.sortName, residents.id).all();
}

/** Sets these residents active or inactive in one transaction; returns the ones that changed. */
export function setResidentsActive(db: TenantDb, ids: readonly string[], isActive: boolean): ResidentRow[] {
  const targets = residentsByIds(db, ids).filter((r) => r.isActive !== isActive);
  if (!targets.length) return [];
  const now = new Date().toISOString();
  db.transaction((tx) => {
    tx.update(residents)
      .set({ isActive, updatedAt: now })
      .where(
        inArray(
          residents.id,
          targets.map((r) => r.id),
        ),
      )
      .run();
  });
  return targets.map((r) => ({ ...r, isActive, updatedAt: now }));
}

/** The page of the default residents list (active, by name) that shows this resident; 1 if none. */
export function residentListPageOf(db: TenantDb, resident: Pick<ResidentRow, "id" | "sortName" | "isActive">): number {
  if (!resident.isActive || !resident.sortName) return 1;
  const before =
    db
      .select({ n: count() })
      .from(residents)
      .where(
        and(
          eq(residents.isActive, true),
          or(lt(residents.sortName, resident.sortName), and(eq(residents.sortName, resident.sortName), lt(residents.id, resident.id))),
        ),
      )
      .get()?.n ?? 0;
  return Math.floor(before / PER_PAGE) + 1;
}
