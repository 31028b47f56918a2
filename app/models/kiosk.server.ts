// Lounge kiosks (ADR 017): registering, setting up and switching off the devices; the
// residents a kiosk shows; kiosk PINs (hashed like passwords, limited per resident and kiosk) and
// sign-in cards. The device cookie and the resident's kiosk session are utils/kiosk.server.ts.
import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import crypto from "node:crypto";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId, sha256 } from "~/utils/ids.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { endKioskSession, type KioskRow } from "~/utils/kiosk.server";
import { personSortKey } from "~/utils/text-keys";
import { writeAudit } from "./audit.server";
import type { RequestClient } from "~/utils/host.server";
import type { ResidentRow } from "./resident.server";

const { kiosks, kioskSessions, residents } = tenantSchema;

/** A setup link works once, for a day, on this community's site. */
export const KIOSK_SETUP_TTL_MS = 24 * 3600_000;
export const KIOSK_NAME_MAX = 80;
/** Wrong PINs per resident and kiosk before her PIN pauses there, and for how long. */
export const KIOSK_PIN_LIMIT = 5;
export const KIOSK_PIN_PAUSE_MS = 15 * 60_000;

export const KIOSK_MESSAGES = {
  nameRequired: "Please give the kiosk a name, for example “Garden lounge tablet”.",
  nameTooLong: `A kiosk's name can be at most ${KIOSK_NAME_MAX} characters long.`,
  pinFormat: "A kiosk PIN is exactly 4 digits, for example 2580.",
  pinEasy: "That PIN is too easy to guess (all one digit, or digits in a row). Please choose another 4 digits.",
  pinMismatch: "The two PINs are not the same. Please type the new PIN twice.",
  wrongPin: "That PIN is not right. Please try again.",
  noPin: "You do not have a kiosk PIN yet. Please ask a member of staff to help you.",
} as const;

function token(): string {
  return crypto.randomBytes(24).toString("base64url");
}

export function kioskNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return KIOSK_MESSAGES.nameRequired;
  if (trimmed.length > KIOSK_NAME_MAX) return KIOSK_MESSAGES.nameTooLong;
  return null;
}

export type KioskListItem = { id: string; name: string; state: "waiting" | "active" | "off"; setUpAt: string | null; lastUsedAt: string | null; revokedAt: string | null; createdAt: string; inUse: boolean };

export function listKiosks(db: TenantDb): KioskListItem[] {
  const inUse = new Set(db.select({ kioskId: kioskSessions.kioskId }).from(kioskSessions).all().map((r) => r.kioskId));
  return db
    .select()
    .from(kiosks)
    .orderBy(asc(kiosks.revokedAt), desc(kiosks.createdAt))
    .all()
    .map((k) => ({
      id: k.id,
      name: k.name,
      state: k.revokedAt ? ("off" as const) : k.deviceSecretHash ? ("active" as const) : ("waiting" as const),
      setUpAt: k.setUpAt,
      lastUsedAt: k.lastUsedAt,
      revokedAt: k.revokedAt,
      createdAt: k.createdAt,
      inUse: inUse.has(k.id),
    }));
}

export function getKiosk(db: TenantDb, id: string): KioskRow | undefined {
  return db.select().from(kiosks).where(eq(kiosks.id, id)).get();
}

/** Registers a kiosk; returns it and its one-time setup token (shown once, stored hashed). */
export type KioskAudit = { actorUserId: string | null; tenantId: string; client?: RequestClient };

export function registerKiosk(db: TenantDb, name: string, audit: KioskAudit): { kiosk: KioskRow; setupToken: string } {
  const setupToken = token();
  const id = newId();
  db.insert(kiosks)
    .values({ id, name: name.trim(), setupTokenHash: sha256(setupToken), setupExpiresAt: new Date(Date.now() + KIOSK_SETUP_TTL_MS).toISOString(), createdByUserId: audit.actorUserId })
    .run();
  writeAudit({ ...audit, action: "kiosk.registered", details: name.trim() });
  return { kiosk: getKiosk(db, id)!, setupToken };
}

/** A new setup link for a kiosk that is not switched off (a replaced tablet): the old device stops being the kiosk once the new one is set up. */
export function newKioskSetupToken(db: TenantDb, id: string, audit: KioskAudit): string | null {
  const row = getKiosk(db, id);
  if (!row || row.revokedAt) return null;
  const setupToken = token();
  db.update(kiosks).set({ setupTokenHash: sha256(setupToken), setupExpiresAt: new Date(Date.now() + KIOSK_SETUP_TTL_MS).toISOString() }).where(eq(kiosks.id, id)).run();
  writeAudit({ ...audit, action: "kiosk.setup_link", details: row.name });
  return setupToken;
}

/** The kiosk a setup token opens, while it is unused, unexpired and the kiosk is on. */
export function kioskForSetupToken(db: TenantDb, setupToken: string): KioskRow | undefined {
  if (!setupToken || setupToken.length > 100) return undefined;
  const row = db.select().from(kiosks).where(eq(kiosks.setupTokenHash, sha256(setupToken))).get();
  if (!row || row.revokedAt || !row.setupExpiresAt || Date.parse(row.setupExpiresAt) <= Date.now()) return undefined;
  return row;
}

/** Binds the kiosk to the device whose secret hash is given; the setup token is used up. */
export function completeKioskSetup(db: TenantDb, setupToken: string, deviceSecretHash: string, audit: KioskAudit): KioskRow | undefined {
  const row = kioskForSetupToken(db, setupToken);
  if (!row) return undefined;
  const now = new Date().toISOString();
  const done = db
    .update(kiosks)
    .set({ deviceSecretHash, setupTokenHash: null, setupExpiresAt: null, setUpAt: now, lastUsedAt: now })
    .where(and(eq(kiosks.id, row.id), eq(kiosks.setupTokenHash, sha256(setupToken))))
    .run();
  if (done.changes !== 1) return undefined;
  endKioskSession(db, row.id);
  writeAudit({ ...audit, action: "kiosk.set_up", details: row.name });
  return getKiosk(db, row.id);
}

/** Switches a kiosk off at once: its device is no longer a kiosk and whoever uses it is ended. */
export function revokeKiosk(db: TenantDb, id: string, audit: KioskAudit): boolean {
  const row = getKiosk(db, id);
  if (!row) return false;
  if (row.revokedAt) return true;
  db.transaction((tx) => {
    tx.update(kiosks).set({ revokedAt: new Date().toISOString(), setupTokenHash: null, setupExpiresAt: null }).where(eq(kiosks.id, id)).run();
    tx.delete(kioskSessions).where(eq(kioskSessions.kioskId, id)).run();
  });
  writeAudit({ ...audit, action: "kiosk.revoked", details: row.name });
  return true;
}

// --- the residents a kiosk shows ---

export type KioskResident = { id: string; firstName: string; lastName: string; profileImageId: string | null; hasPin: boolean };

function toKioskResident(r: ResidentRow): KioskResident {
  return { id: r.id, firstName: r.firstName, lastName: r.lastName, profileImageId: r.profileImageId, hasPin: !!r.kioskPinHash };
}

/** Active residents who agreed to kiosk use, by first name; `letter` keeps those whose first name starts with it. */
export function listKioskResidents(db: TenantDb, letter?: string | null): KioskResident[] {
  const rows = db
    .select()
    .from(residents)
    .where(and(eq(residents.isActive, true), eq(residents.kioskConsent, true)))
    .all()
    .map(toKioskResident)
    .sort((a, b) => personSortKey(a.lastName, a.firstName).localeCompare(personSortKey(b.lastName, b.firstName)));
  return letter ? rows.filter((r) => initialOf(r.firstName) === letter) : rows;
}

/** The first letter of a name, without accents, upper case ("Émile" is under E). */
export function initialOf(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").trim().charAt(0).toUpperCase();
}

/** One resident the kiosk may show: active and agreed to kiosk use. */
export function getKioskResident(db: TenantDb, id: string): ResidentRow | undefined {
  const r = db.select().from(residents).where(eq(residents.id, id)).get();
  return r && r.isActive && r.kioskConsent ? r : undefined;
}

/** Whether a profile photo belongs to a resident shown on kiosk grids (a kiosk without a resident session sees only these). */
export function isKioskGridPhoto(db: TenantDb, mediaId: string): boolean {
  return !!db
    .select({ id: residents.id })
    .from(residents)
    .where(and(eq(residents.profileImageId, mediaId), eq(residents.isActive, true), eq(residents.kioskConsent, true)))
    .get();
}

// --- PINs ---

/** Why a chosen PIN will not do, or null. */
export function kioskPinProblem(pin: string): string | null {
  if (!/^\d{4}$/.test(pin)) return KIOSK_MESSAGES.pinFormat;
  const d = pin.split("").map(Number);
  const same = d.every((x) => x === d[0]);
  const up = d.every((x, i) => i === 0 || x === d[i - 1]! + 1);
  const down = d.every((x, i) => i === 0 || x === d[i - 1]! - 1);
  return same || up || down ? KIOSK_MESSAGES.pinEasy : null;
}

export async function setKioskPin(db: TenantDb, residentId: string, pin: string): Promise<void> {
  const hash = await hashPassword(pin);
  db.update(residents).set({ kioskPinHash: hash, updatedAt: new Date().toISOString() }).where(eq(residents.id, residentId)).run();
}

export function clearKioskPin(db: TenantDb, residentId: string) {
  db.update(residents).set({ kioskPinHash: null, updatedAt: new Date().toISOString() }).where(eq(residents.id, residentId)).run();
}

export function setKioskConsent(db: TenantDb, residentId: string, consent: boolean) {
  db.update(residents).set({ kioskConsent: consent, updatedAt: new Date().toISOString() }).where(eq(residents.id, residentId)).run();
}

export type PinCheck = { ok: true } | { ok: false; reason: "wrong"; remaining: number } | { ok: false; reason: "paused"; retryAfterSeconds: number } | { ok: false; reason: "no-pin" };

/**
 * Checks a resident's PIN on one kiosk. Each attempt is reserved before the hash is checked
 * (the sign-in rule): 5 wrong ones pause her PIN on that kiosk for 15 minutes; a right one gives
 * its place back. Another kiosk, and her own sign-in, are not affected.
 */
export async function checkKioskPin(db: TenantDb, input: { communityId: string; kioskId: string; resident: Pick<ResidentRow, "id" | "kioskPinHash">; pin: string }): Promise<PinCheck> {
  if (!input.resident.kioskPinHash) return { ok: false, reason: "no-pin" };
  const reservation = reserveAttempts([{ key: `kioskpin:${input.communityId}:${input.kioskId}:${input.resident.id}`, limit: KIOSK_PIN_LIMIT, windowMs: KIOSK_PIN_PAUSE_MS }]);
  if (!reservation.ok) return { ok: false, reason: "paused", retryAfterSeconds: reservation.retryAfterSeconds };
  const ok = /^\d{4}$/.test(input.pin) && (await verifyPassword(input.pin, input.resident.kioskPinHash));
  if (ok) {
    reservation.release();
    return { ok: true };
  }
  return { ok: false, reason: "wrong", remaining: Math.max(0, KIOSK_PIN_LIMIT - reservation.counts[0]!) };
}

export function kioskPausedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong PINs. Your PIN is paused on this kiosk for ${minutes} minute${minutes === 1 ? "" : "s"}. A member of staff can help you now with “I'm helping”.`;
}

// --- sign-in cards ---

/** A new sign-in card for a resident: the old card stops working. Returns the card's token. */
export function newKioskCard(db: TenantDb, residentId: string): string {
  const cardToken = token();
  db.update(residents).set({ kioskCardTokenHash: sha256(cardToken) }).where(eq(residents.id, residentId)).run();
  return cardToken;
}

/** The resident a sign-in card names (active, agreed to kiosk use), or undefined. */
export function residentForKioskCard(db: TenantDb, cardToken: string): ResidentRow | undefined {
  if (!cardToken || cardToken.length > 100) return undefined;
  const r = db.select().from(residents).where(and(eq(residents.kioskCardTokenHash, sha256(cardToken)), eq(residents.isActive, true), eq(residents.kioskConsent, true))).get();
  return r;
}

/** Kiosks not switched off (for tests and the admin overview). */
export function countActiveKiosks(db: TenantDb): number {
  return db.select({ id: kiosks.id }).from(kiosks).where(isNull(kiosks.revokedAt)).all().length;
}

/**
 * What a kiosk session may see: her own stories' recordings and images, her family's photos to
 * her, her own profile photo, and what this session uploaded. Never another resident's story,
 * published or not.
 */
export function kioskMayOpenMedia(db: TenantDb, session: { id: string; residentId: string }, row: { id: string; status: string; uploadedByUserId: string | null }): boolean {
  const { stories, familyPhotos } = tenantSchema;
  const owners = db.select({ residentId: stories.residentId }).from(stories).where(or(eq(stories.imageId, row.id), eq(stories.audioId, row.id))).all();
  if (owners.some((s) => s.residentId === session.residentId)) return true;
  if (owners.length) return false;
  const photo = db.select({ residentId: familyPhotos.residentId }).from(familyPhotos).where(eq(familyPhotos.imageId, row.id)).get();
  if (photo) return photo.residentId === session.residentId;
  if (db.select({ id: residents.id }).from(residents).where(and(eq(residents.id, session.residentId), eq(residents.profileImageId, row.id))).get()) return true;
  return row.status === "pending" && row.uploadedByUserId === `kiosk:${session.id}`;
}
