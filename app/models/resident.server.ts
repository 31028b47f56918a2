// Residents of one community. Every function takes the community's database handle.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { normalizeRoom, personSortKey, roomSortKey } from "~/utils/text-keys";
import { recordActivity } from "./activity.server";
import { writeAudit } from "./audit.server";
import { clientOf, type RequestClient } from "~/utils/host.server";
import { deleteMedia, saveImage } from "./media.server";
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
    .orderBy(asc(residents.sortName), asc(residents.id))
    .all();
}

export function getActiveResident(db: TenantDb, id: string): ResidentRow | undefined {
  return db.select().from(residents).where(and(eq(residents.id, id), eq(residents.isActive, true))).get();
}

export function residentName(r: Pick<ResidentRow, "firstName" | "lastName">): string {
  return `${r.firstName} ${r.lastName}`;
}

// --- administration: adding, editing, (de)activating residents ---

export type ResidentInput = {
  firstName: string;
  lastName: string;
  roomNumber?: string | null;
  dateOfBirth?: string | null;
  admissionDate?: string | null;
  /** an image already saved by saveImage (see setResidentPhoto for replacing one later) */
  profileImageId?: string | null;
  /** the Whisper language their recordings are transcribed in (English when not given) */
  preferredLanguage?: string | null;
  /** her own email, when she has one (her sign-in link is emailed there) */
  email?: string | null;
};

/** Empty optional text is stored as null, never as "". */
function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * Who adds or changes a resident: named in her welcome on the activity feed; with `audit` (the
 * community and the request's client) the change is written to the audit log, naming her and,
 * for a change, the fields changed (never their values).
 */
export type ResidentActor = { id: string; displayName: string; audit?: { tenantId: string; client?: RequestClient } };

/** The actor of a change made by a signed-in person on a request: audited in her community. */
export function auditedBy(user: { id: string; displayName: string }, community: { id: string }, request: Request): ResidentActor {
  return { id: user.id, displayName: user.displayName, audit: { tenantId: community.id, client: clientOf(request) } };
}

/** `announce: false` adds her without a welcome on the activity feed (an import of many at once). */
export function createResident(db: TenantDb, input: ResidentInput, actor?: ResidentActor | null, opts: { announce?: boolean } = {}): ResidentRow {
  const id = newId();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const roomNumber = normalizeRoom(input.roomNumber);
  const row = {
    id,
    firstName,
    lastName,
    // "Room 14" typed into Room is stored as "14" (the screens say "Room 14")
    roomNumber,
    dateOfBirth: blankToNull(input.dateOfBirth),
    admissionDate: blankToNull(input.admissionDate),
    email: blankToNull(input.email),
    profileImageId: input.profileImageId ?? null,
    sortName: personSortKey(firstName, lastName),
    sortRoom: roomSortKey(roomNumber),
    preferredLanguage: input.preferredLanguage || "en",
  };
  db.transaction((tx) => {
    tx.insert(residents).values(row).run();
    if (opts.announce !== false)
      recordActivity(tx, { type: "resident_added", summary: `Welcome to ${row.firstName} ${row.lastName}`, values: { name: `${row.firstName} ${row.lastName}` }, subjectId: id, actor: actor ? { id: actor.id, displayName: actor.displayName } : null });
  });
  if (actor?.audit) writeAudit({ actorUserId: actor.id, action: "resident.added", tenantId: actor.audit.tenantId, client: actor.audit.client, details: `${firstName} ${lastName}` });
  return getResident(db, id)!;
}

/** Changes the given fields only (an omitted field keeps its value; "" or null clears an optional one). */
export function updateResident(db: TenantDb, id: string, patch: Partial<ResidentInput> & { isActive?: boolean }, actor?: ResidentActor | null): ResidentRow | undefined {
  const before = actor?.audit ? getResident(db, id) : undefined;
  const set: Partial<typeof residents.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (patch.firstName !== undefined) set.firstName = patch.firstName.trim();
  if (patch.lastName !== undefined) set.lastName = patch.lastName.trim();
  if (patch.firstName !== undefined || patch.lastName !== undefined) {
    const current = getResident(db, id);
    if (!current) return undefined;
    set.sortName = personSortKey(set.firstName ?? current.firstName, set.lastName ?? current.lastName);
  }
  if (patch.roomNumber !== undefined) {
    set.roomNumber = normalizeRoom(patch.roomNumber);
    set.sortRoom = roomSortKey(set.roomNumber);
  }
  if (patch.dateOfBirth !== undefined) set.dateOfBirth = blankToNull(patch.dateOfBirth);
  if (patch.admissionDate !== undefined) set.admissionDate = blankToNull(patch.admissionDate);
  if (patch.email !== undefined) set.email = blankToNull(patch.email);
  if (patch.preferredLanguage) set.preferredLanguage = patch.preferredLanguage;
  if (patch.isActive !== undefined) set.isActive = patch.isActive;
  const result = db.update(residents).set(set).where(eq(residents.id, id)).run();
  if (result.changes !== 1) return undefined;
  const after = getResident(db, id)!;
  if (actor?.audit && before) {
    const changed = RESIDENT_FIELDS.filter(([key]) => (before[key] ?? null) !== (after[key] ?? null)).map(([, name]) => name);
    if (changed.length)
      writeAudit({ actorUserId: actor.id, action: "resident.updated", tenantId: actor.audit.tenantId, client: actor.audit.client, details: `${residentName(after)}: ${changed.join(", ")}` });
  }
  return after;
}

// what a change to a resident names in the audit log (the field, never its value)
const RESIDENT_FIELDS = [
  ["firstName", "first name"],
  ["lastName", "last name"],
  ["roomNumber", "room"],
  ["dateOfBirth", "date of birth"],
  ["admissionDate", "admission date"],
  ["email", "email"],
  ["preferredLanguage", "language"],
  ["isActive", "active"],
] as const satisfies readonly (readonly [keyof ResidentRow, string])[];

export function setResidentActive(db: TenantDb, id: string, isActive: boolean): ResidentRow | undefined {
  return updateResident(db, id, { isActive });
}

/**
 * Replaces (or with null bytes removes) a resident's profile photo. The image is validated and
 * re-encoded by saveImage (throws MediaError with the fixed messages); the old photo is deleted.
 */
export async function setResidentPhoto(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  id: string,
  bytes: Buffer | null,
  uploadedByUserId?: string | null,
): Promise<ResidentRow | undefined> {
  const resident = getResident(db, id);
  if (!resident) return undefined;
  const image = bytes ? await saveImage(db, community, bytes, { uploadedByUserId, status: "attached" }) : null;
  db.update(residents)
    .set({ profileImageId: image?.id ?? null, updatedAt: new Date().toISOString() })
    .where(eq(residents.id, id))
    .run();
  if (resident.profileImageId) deleteMedia(db, community, resident.profileImageId);
  return getResident(db, id);
}

export type ResidentWithCounts = ResidentRow & {
  profileImageUrl: string | null;
  storyCount: number;
  publishedStoryCount: number;
  /** stories awaiting review (not those turned down) */
  pendingStoryCount: number;
};

export type StoryCounts = { all: number; published: number; pending: number };

/** How many stories each resident (these, or all) has, how many are published and how many wait for review. */
export function storyCountsOf(db: TenantQueries, ids?: string[]): Map<string, StoryCounts> {
  const { stories } = tenantSchema;
  const totals = new Map<string, StoryCounts>();
  if (ids && !ids.length) return totals;
  const rows = db
    .select({ residentId: stories.residentId, isPublished: stories.isPublished, reviewStatus: stories.reviewStatus, n: count() })
    .from(stories)
    .where(ids ? inArray(stories.residentId, ids) : undefined)
    .groupBy(stories.residentId, stories.isPublished, stories.reviewStatus)
    .all();
  for (const r of rows) {
    const entry = totals.get(r.residentId) ?? { all: 0, published: 0, pending: 0 };
    entry.all += r.n;
    if (r.isPublished) entry.published += r.n;
    else if (r.reviewStatus === "pending") entry.pending += r.n;
    totals.set(r.residentId, entry);
  }
  return totals;
}

/** Every resident (active first, then by name) with how many stories they have and how many are published. */
export function listResidentsWithStoryCounts(db: TenantDb): ResidentWithCounts[] {
  const totals = storyCountsOf(db);
  return listResidents(db)
    .map((r) => ({
      ...r,
      profileImageUrl: r.profileImageId ? mediaUrl(r.profileImageId) : null,
      storyCount: totals.get(r.id)?.all ?? 0,
      publishedStoryCount: totals.get(r.id)?.published ?? 0,
      pendingStoryCount: totals.get(r.id)?.pending ?? 0,
    }))
    .sort((a, b) => Number(b.isActive) - Number(a.isActive));
}

export function countActiveResidents(db: TenantDb): number {
  return db.select({ n: count() }).from(residents).where(eq(residents.isActive, true)).get()?.n ?? 0;
}
