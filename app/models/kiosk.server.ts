// Lounge kiosks (ADR 017): registering, setting up and switching off the devices; the
// residents a kiosk shows; kiosk PINs (hashed like passwords, limited per resident and kiosk, and
// per kiosk across residents) and sign-in cards; a resident's turn from its start to what it
// leaves behind (its end in the audit log, its recordings kept, a story sent too late kept for
// her). The device cookie and the session row itself are utils/kiosk.server.ts.
import { and, asc, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import crypto from "node:crypto";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { newId, sha256 } from "~/utils/ids.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { rateLimitSpent, reserveAttempts } from "~/utils/rate-limit.server";
import {
  endKioskSession,
  endKioskSessionIdle,
  startKioskSession,
  KIOSK_IDLE_MS,
  KIOSK_RESUME_GRACE_MS,
  type KioskRow,
  type KioskSessionRow,
} from "~/utils/kiosk.server";
import { personSortKey } from "~/utils/text-keys";
import { writeAudit } from "./audit.server";
import { deleteMedia } from "./media.server";
import { formatDateTime } from "./local-time";
import { RecordedStoryError, saveRecordedStory } from "./recorded-story.server";
import { isCategory } from "./categories";
import { isAudience, type Audience } from "./story-audience";
import type { RequestClient } from "~/utils/host.server";
import type { T } from "~/utils/i18n";
import type { ResidentRow } from "./resident.server";
import { firstGrapheme } from "~/utils/initials";

const { kiosks, kioskSessions, kioskRecordings, kioskDrafts, media, residents } = tenantSchema;

/** A setup link works once, for a day, on this community's site. */
export const KIOSK_SETUP_TTL_MS = 24 * 3600_000;
export const KIOSK_NAME_MAX = 80;
/** Wrong PINs per resident and kiosk before her PIN pauses there, and for how long. */
export const KIOSK_PIN_LIMIT = 5;
export const KIOSK_PIN_PAUSE_MS = 15 * 60_000;
/** Wrong PINs per kiosk, whoever they were for, before it takes no more PINs for the hour. */
export const KIOSK_PIN_KIOSK_LIMIT = 30;
export const KIOSK_PIN_KIOSK_WINDOW_MS = 60 * 60_000;

/** What the kiosk says, in English; in a reader's language with `kioskMessage` (the `kiosk` catalog's `message.*`). */
export const KIOSK_MESSAGES = {
  nameRequired: "Please give the kiosk a name, for example “Garden lounge tablet”.",
  nameTooLong: `A kiosk's name can be at most ${KIOSK_NAME_MAX} characters long.`,
  pinFormat: "A kiosk PIN is exactly 4 digits, for example 2580.",
  pinEasy: "That PIN is too easy to guess (all one digit, or digits in a row). Please choose another 4 digits.",
  pinMismatch: "The two PINs are not the same. Please type the new PIN twice.",
  wrongPin: "That PIN is not right. Please try again.",
  noPin: "You do not have a kiosk PIN yet. Please ask a member of staff to help you.",
  askStaff: "Too many wrong PINs on this kiosk. Ask a member of staff to help: they can start your turn with “I'm helping”.",
} as const;

type PinMessage = Exclude<keyof typeof KIOSK_MESSAGES, "nameRequired" | "nameTooLong">;

/** A PIN message in the reader's language with `t` (any namespace's translator), else in English. */
export function kioskMessage(key: PinMessage, t?: T): string {
  return t ? t(`kiosk:message.${key}`) : KIOSK_MESSAGES[key];
}

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
  const inUse = new Set(db.select({ kioskId: kioskSessions.kioskId }).from(kioskSessions).where(isNull(kioskSessions.endedAt)).all().map((r) => r.kioskId));
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
  const turn = db.select().from(kioskSessions).where(eq(kioskSessions.kioskId, row.id)).get();
  endKioskSession(db, row.id);
  if (turn) auditTurnEnd(db, { tenantId: audit.tenantId, client: audit.client, kiosk: row }, turn, "moved");
  writeAudit({ ...audit, action: "kiosk.set_up", details: row.name });
  return getKiosk(db, row.id);
}

/** Switches a kiosk off at once: its device is no longer a kiosk and whoever uses it is ended. */
export function revokeKiosk(db: TenantDb, id: string, audit: KioskAudit): boolean {
  const row = getKiosk(db, id);
  if (!row) return false;
  if (row.revokedAt) return true;
  const turn = db.select().from(kioskSessions).where(eq(kioskSessions.kioskId, id)).get();
  db.transaction((tx) => {
    tx.update(kiosks).set({ revokedAt: new Date().toISOString(), setupTokenHash: null, setupExpiresAt: null }).where(eq(kiosks.id, id)).run();
    tx.delete(kioskSessions).where(eq(kioskSessions.kioskId, id)).run();
  });
  writeAudit({ ...audit, action: "kiosk.revoked", details: row.name });
  if (turn) auditTurnEnd(db, { tenantId: audit.tenantId, client: audit.client, kiosk: row }, turn, "off");
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
  return firstGrapheme(name.normalize("NFD").replace(/\p{M}/gu, "")).toUpperCase();
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

/** Why a chosen PIN will not do, or null; in the reader's language with `t`, else in English. */
export function kioskPinProblem(pin: string, t?: T): string | null {
  if (!/^\d{4}$/.test(pin)) return kioskMessage("pinFormat", t);
  const d = pin.split("").map(Number);
  const same = d.every((x) => x === d[0]);
  const up = d.every((x, i) => i === 0 || x === d[i - 1]! + 1);
  const down = d.every((x, i) => i === 0 || x === d[i - 1]! - 1);
  return same || up || down ? kioskMessage("pinEasy", t) : null;
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

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: "wrong"; remaining: number }
  | { ok: false; reason: "paused"; retryAfterSeconds: number }
  | { ok: false; reason: "kiosk-paused"; retryAfterSeconds: number }
  | { ok: false; reason: "no-pin" };

function residentPinKey(communityId: string, kioskId: string, residentId: string) {
  return `kioskpin:${communityId}:${kioskId}:${residentId}`;
}

function kioskPinKey(communityId: string, kioskId: string) {
  return `kioskpins:${communityId}:${kioskId}`;
}

/** Whether her PIN is paused on this kiosk (5 wrong ones), without counting an attempt. */
export function kioskPinPaused(communityId: string, kioskId: string, residentId: string) {
  return rateLimitSpent(residentPinKey(communityId, kioskId, residentId), KIOSK_PIN_LIMIT);
}

/** Whether this kiosk takes no more PINs (30 wrong ones within the hour), without counting one. */
export function kioskPinsStopped(communityId: string, kioskId: string) {
  return rateLimitSpent(kioskPinKey(communityId, kioskId), KIOSK_PIN_KIOSK_LIMIT);
}

type PinAuditAction = "kiosk.pin_wrong" | "kiosk.pin_paused" | "kiosk.pin_capped" | "kiosk.pin_refused";

/**
 * Checks a resident's PIN on one kiosk. Each attempt is reserved before the hash is checked (the
 * sign-in rule), under her key and the kiosk's: 5 wrong ones pause her PIN on that kiosk for 15
 * minutes; 30 wrong ones on the kiosk, whoever they were for, stop it taking PINs for the hour
 * (staff still help with their own password). A right one gives its places back. Another kiosk,
 * and her own sign-in, are not affected. Every wrong PIN, every attempt not checked, and each
 * pause as it begins are written to the audit log.
 */
export async function checkKioskPin(
  db: TenantDb,
  input: {
    communityId: string;
    kioskId: string;
    /** how the audit log names the kiosk */
    kioskName?: string;
    resident: Pick<ResidentRow, "id" | "kioskPinHash"> & Partial<Pick<ResidentRow, "firstName" | "lastName">>;
    pin: string;
    client?: RequestClient;
  },
): Promise<PinCheck> {
  if (!input.resident.kioskPinHash) return { ok: false, reason: "no-pin" };
  const kioskName = input.kioskName ?? "A kiosk";
  const name = [input.resident.firstName, input.resident.lastName].filter(Boolean).join(" ") || "a resident";
  const who = `${kioskName}: ${name}`;
  const audit = (action: PinAuditAction, details: string) => writeAudit({ actorUserId: null, action, tenantId: input.communityId, client: input.client, details });
  const kioskKey = kioskPinKey(input.communityId, input.kioskId);
  const reservation = reserveAttempts([
    { key: residentPinKey(input.communityId, input.kioskId, input.resident.id), limit: KIOSK_PIN_LIMIT, windowMs: KIOSK_PIN_PAUSE_MS },
    { key: kioskKey, limit: KIOSK_PIN_KIOSK_LIMIT, windowMs: KIOSK_PIN_KIOSK_WINDOW_MS },
  ]);
  if (!reservation.ok) {
    const stopped = rateLimitSpent(kioskKey, KIOSK_PIN_KIOSK_LIMIT);
    if (!stopped.ok) {
      audit("kiosk.pin_refused", `${who}: PIN not checked, the kiosk asks for staff`);
      return { ok: false, reason: "kiosk-paused", retryAfterSeconds: stopped.retryAfterSeconds };
    }
    audit("kiosk.pin_refused", `${who}: PIN not checked, her PIN is paused on this kiosk`);
    return { ok: false, reason: "paused", retryAfterSeconds: reservation.retryAfterSeconds };
  }
  const ok = /^\d{4}$/.test(input.pin) && (await verifyPassword(input.pin, input.resident.kioskPinHash));
  if (ok) {
    reservation.release();
    return { ok: true };
  }
  const [hers, onKiosk] = reservation.counts as [number, number];
  audit("kiosk.pin_wrong", `${who}: wrong PIN (${hers} of ${KIOSK_PIN_LIMIT} for her, ${onKiosk} of ${KIOSK_PIN_KIOSK_LIMIT} on the kiosk within the hour)`);
  if (hers >= KIOSK_PIN_LIMIT) audit("kiosk.pin_paused", `${who}: her PIN is paused on this kiosk for 15 minutes`);
  if (onKiosk >= KIOSK_PIN_KIOSK_LIMIT) audit("kiosk.pin_capped", `${kioskName}: ${KIOSK_PIN_KIOSK_LIMIT} wrong PINs within the hour; it takes no PINs for now and asks for staff`);
  return { ok: false, reason: "wrong", remaining: Math.max(0, KIOSK_PIN_LIMIT - hers) };
}

/** Her PIN is paused on this kiosk: for how long, in the reader's language with `t`, else in English. */
export function kioskPausedMessage(retryAfterSeconds: number, t?: T): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (t) return t("kiosk:message.paused", { minutes });
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

// --- a resident's turn, from its start to what it leaves behind ---

/** Who a turn's audit rows are about: the community, the kiosk (by name) and the request's client. */
export type KioskTurnAudit = {
  tenantId: string;
  kiosk: Pick<KioskRow, "id" | "name">;
  client?: RequestClient;
  /** the community's time zone: an end found later says when it was */
  timeZone?: string;
};

const TURN_ENDS = {
  done: "she chose “I'm done”",
  saved: "her story was saved",
  idle: "2 minutes without a tap",
  replaced: "another turn began",
  off: "the kiosk was switched off",
  moved: "the kiosk was set up on another tablet",
} as const;
export type KioskTurnEnd = keyof typeof TURN_ENDS;

function residentNameOf(db: TenantDb, residentId: string): string {
  const r = db.select({ firstName: residents.firstName, lastName: residents.lastName }).from(residents).where(eq(residents.id, residentId)).get();
  return r ? `${r.firstName} ${r.lastName}` : "a resident";
}

function turnOf(db: TenantDb, kioskId: string): KioskSessionRow | undefined {
  return db.select().from(kioskSessions).where(eq(kioskSessions.kioskId, kioskId)).get();
}

/** When a running turn ends for lack of input. */
function idleEndOf(row: Pick<KioskSessionRow, "lastInputAt">): number {
  return Date.parse(row.lastInputAt) + KIOSK_IDLE_MS;
}

/** Writes a turn's end to the audit log, once: an end by 2 minutes without a tap is written when it is first found. */
function auditTurnEnd(db: TenantDb, audit: KioskTurnAudit, row: KioskSessionRow, why: KioskTurnEnd) {
  if (row.endedAt && row.endAudited) return;
  const reason = row.endedAt ? `${TURN_ENDS.idle}${audit.timeZone ? ` (${formatDateTime(row.endedAt, audit.timeZone)})` : ""}` : TURN_ENDS[why];
  writeAudit({
    actorUserId: row.helperUserId,
    action: "kiosk.turn_ended",
    tenantId: audit.tenantId,
    client: audit.client,
    details: `${audit.kiosk.name}: ${residentNameOf(db, row.residentId)}: ${reason}`,
  });
  if (row.endedAt) db.update(kioskSessions).set({ endAudited: true }).where(eq(kioskSessions.id, row.id)).run();
}

/**
 * Starts a resident's turn on this kiosk, by her PIN or with a member of staff's help (the caller
 * audits that as kiosk.helped); the turn before it ends. Both are written to the audit log.
 */
export function startKioskTurn(db: TenantDb, audit: KioskTurnAudit, input: { residentId: string; helper?: { userId: string; name: string } | null }): KioskSessionRow {
  const before = turnOf(db, audit.kiosk.id);
  if (before) auditTurnEnd(db, audit, before, "replaced");
  const row = startKioskSession(db, { kioskId: audit.kiosk.id, residentId: input.residentId, helper: input.helper });
  if (!input.helper)
    writeAudit({ actorUserId: null, action: "kiosk.turn_started", tenantId: audit.tenantId, client: audit.client, details: `${audit.kiosk.name}: ${residentNameOf(db, input.residentId)}` });
  return row;
}

/** Ends this kiosk's turn for good ("I'm done", her story saved): written to the audit log. */
export function endKioskTurn(db: TenantDb, audit: KioskTurnAudit, why: "done" | "saved") {
  const row = turnOf(db, audit.kiosk.id);
  if (!row) return;
  endKioskSession(db, audit.kiosk.id);
  auditTurnEnd(db, audit, row, why);
}

/**
 * Ends the running turn as 2 minutes without a tap end it (the page's countdown, or its refresh
 * without JavaScript): a form of the turn may still take it up again for 30 minutes.
 */
export function endKioskTurnIdle(db: TenantDb, audit: KioskTurnAudit) {
  const row = turnOf(db, audit.kiosk.id);
  if (!row || row.endedAt) return;
  const now = Date.now();
  endKioskSessionIdle(db, audit.kiosk.id, now);
  auditTurnEnd(db, audit, { ...row, endedAt: new Date(now).toISOString() }, "idle");
}

/** A form of her turn sent after 2 minutes without a tap took the turn up again: written to the audit log. */
export function auditKioskTurnResumed(db: TenantDb, audit: KioskTurnAudit, session: Pick<KioskSessionRow, "residentId" | "helperUserId">, what = "her story") {
  writeAudit({
    actorUserId: session.helperUserId,
    action: "kiosk.turn_resumed",
    tenantId: audit.tenantId,
    client: audit.client,
    details: `${audit.kiosk.name}: ${residentNameOf(db, session.residentId)}: ${what} was sent after 2 minutes without a tap`,
  });
}

/**
 * Puts in order what this community's kiosk turns left behind; the kiosk's screens and
 * /admin/kiosks run it as they open. A turn past its 2 minutes is ended and its end written to the
 * audit log; 30 minutes after that end no form can take it up again and it goes. A recording of a
 * turn over for good, or one whose "Keep this recording?" went unanswered, is kept as a story
 * ("Words to add"). A story kept for a resident after her turn ended goes after a day.
 */
export async function settleKioskTurns(db: TenantDb, community: Pick<Community, "id" | "subdomain" | "timeZone">, client?: RequestClient) {
  const now = Date.now();
  const names = new Map(db.select({ id: kiosks.id, name: kiosks.name }).from(kiosks).all().map((k) => [k.id, k.name]));
  for (const row of db.select().from(kioskSessions).all()) {
    let endedAt = row.endedAt;
    if (!endedAt && idleEndOf(row) <= now) {
      endKioskSessionIdle(db, row.kioskId, idleEndOf(row));
      endedAt = new Date(idleEndOf(row)).toISOString();
    }
    if (!endedAt) continue;
    const audit = { tenantId: community.id, kiosk: { id: row.kioskId, name: names.get(row.kioskId) ?? "A kiosk" }, client, timeZone: community.timeZone };
    auditTurnEnd(db, audit, { ...row, endedAt }, "idle");
    if (Date.parse(endedAt) + KIOSK_RESUME_GRACE_MS <= now) db.delete(kioskSessions).where(eq(kioskSessions.id, row.id)).run();
  }
  await keepLeftRecordings(db, community, now);
  // an expired story kept for her goes with the photo she chose for it
  const expired = db
    .select({ id: kioskDrafts.id })
    .from(kioskDrafts)
    .where(lt(kioskDrafts.createdAt, new Date(now - KIOSK_DRAFT_TTL_MS).toISOString()))
    .all();
  for (const d of expired) discardKioskDraft(db, community, d.id);
}

// --- recordings made in a turn ---

export type KioskRecording = typeof kioskRecordings.$inferSelect;

/**
 * Notes the recording a turn made, with what it takes to keep it as a story. A recording made
 * again ("Record Again") takes the place of the one before it.
 */
export function noteKioskRecording(
  db: TenantDb,
  input: {
    audioId: string;
    session: Pick<KioskSessionRow, "id" | "kioskId" | "residentId" | "helperUserId" | "helperName">;
    category: string;
    promptKey: string | null;
    jobId: string | null;
  },
) {
  const { session } = input;
  db.transaction((tx) => {
    tx.delete(kioskRecordings).where(eq(kioskRecordings.sessionId, session.id)).run();
    tx.insert(kioskRecordings)
      .values({
        audioId: input.audioId,
        sessionId: session.id,
        kioskId: session.kioskId,
        residentId: session.residentId,
        helperUserId: session.helperUserId,
        helperName: session.helperName,
        category: input.category,
        promptKey: input.promptKey,
        jobId: input.jobId,
      })
      .run();
  });
}

/** The turn's recording that is not a story yet (nor thrown away), if any. */
export function waitingKioskRecording(db: TenantDb, sessionId: string): KioskRecording | undefined {
  return db
    .select({ rec: kioskRecordings })
    .from(kioskRecordings)
    .innerJoin(media, eq(media.id, kioskRecordings.audioId))
    .where(and(eq(kioskRecordings.sessionId, sessionId), eq(media.status, "pending")))
    .get()?.rec;
}

/** "I'm done" asked "Keep this recording?" (or she went back to it): unanswered, it is kept when the turn ends. */
export function setKioskRecordingAsked(db: TenantDb, audioId: string, asked: boolean) {
  db.update(kioskRecordings)
    .set({ askedAt: asked ? new Date().toISOString() : null })
    .where(eq(kioskRecordings.audioId, audioId))
    .run();
}

/**
 * Keeps a turn's recording as a story awaiting review, as "Save the recording without words"
 * does: "Words to add" (or with the words she typed, when the preview was sent too late). Who may
 * see it was not chosen, so only she and the care team, until she chooses. The story's id, or
 * null when the recording is gone.
 */
async function keepRecording(db: TenantDb, community: Pick<Community, "subdomain" | "timeZone">, rec: KioskRecording): Promise<string | null> {
  try {
    const story = await saveRecordedStory(
      db,
      community,
      { id: `kiosk:${rec.sessionId}`, username: "kiosk", displayName: residentNameOf(db, rec.residentId) },
      {
        residentId: rec.residentId,
        content: (rec.words ?? "").slice(0, 50_000),
        withoutWords: true,
        category: isCategory(rec.category) ? rec.category : "general",
        promptKey: rec.promptKey,
        audio: { mediaId: rec.audioId },
        helper: rec.helperUserId && rec.helperName ? { userId: rec.helperUserId, name: rec.helperName } : null,
        audience: "private",
      },
    );
    return story.id;
  } catch (error) {
    if (error instanceof RecordedStoryError) return null;
    throw error;
  } finally {
    db.delete(kioskRecordings).where(eq(kioskRecordings.audioId, rec.audioId)).run();
  }
}

/** "Keep": the turn's waiting recording becomes a story ("Words to add"). Its id, or null. */
export async function keepKioskRecording(db: TenantDb, community: Pick<Community, "subdomain" | "timeZone">, sessionId: string): Promise<string | null> {
  const rec = waitingKioskRecording(db, sessionId);
  return rec ? keepRecording(db, community, rec) : null;
}

/** "Throw it away": the turn's waiting recording and its file are deleted. */
export function throwAwayKioskRecording(db: TenantDb, community: Pick<Community, "subdomain">, sessionId: string): boolean {
  const rec = waitingKioskRecording(db, sessionId);
  if (!rec) return false;
  // its transcription and its note go with it (ON DELETE CASCADE)
  deleteMedia(db, community, rec.audioId);
  db.delete(kioskRecordings).where(eq(kioskRecordings.audioId, rec.audioId)).run();
  return true;
}

/**
 * A preview sent after its turn was over for this form (too late, PIN changed, another kiosk or
 * turn): the recording it names, when it is that turn's, is kept at once with the words typed.
 */
export async function keepLateKioskRecording(
  db: TenantDb,
  community: Pick<Community, "subdomain" | "timeZone">,
  input: { audioId: string; sessionId: string; residentId: string; words: string },
): Promise<string | null> {
  const rec = db
    .select({ rec: kioskRecordings })
    .from(kioskRecordings)
    .innerJoin(media, eq(media.id, kioskRecordings.audioId))
    .where(and(eq(kioskRecordings.audioId, input.audioId), eq(kioskRecordings.sessionId, input.sessionId), eq(kioskRecordings.residentId, input.residentId), eq(media.status, "pending")))
    .get()?.rec;
  if (!rec) return null;
  return keepRecording(db, community, { ...rec, words: input.words.trim() || null });
}

async function keepLeftRecordings(db: TenantDb, community: Pick<Community, "subdomain" | "timeZone">, now: number) {
  const notes = db.select({ rec: kioskRecordings, status: media.status }).from(kioskRecordings).leftJoin(media, eq(media.id, kioskRecordings.audioId)).all();
  if (!notes.length) return;
  const turns = new Map(
    db
      .select()
      .from(kioskSessions)
      .where(inArray(kioskSessions.id, [...new Set(notes.map((n) => n.rec.sessionId))]))
      .all()
      .map((t) => [t.id, t]),
  );
  for (const { rec, status } of notes) {
    // saved as a story already, or its file gone
    if (status !== "pending") {
      db.delete(kioskRecordings).where(eq(kioskRecordings.audioId, rec.audioId)).run();
      continue;
    }
    const turn = turns.get(rec.sessionId);
    const over = !turn || (turn.endedAt !== null && (rec.askedAt !== null || Date.parse(turn.endedAt) + KIOSK_RESUME_GRACE_MS <= now));
    if (over) await keepRecording(db, community, rec);
  }
}

// --- a story sent after its turn ended ---

/** A story kept for a resident on a kiosk after her turn ended is put back in her form for a day. */
export const KIOSK_DRAFT_TTL_MS = 24 * 3600_000;

export type KioskDraft = typeof kioskDrafts.$inferSelect;
export type KioskDraftFields = { title: string; content: string; category: string; audience: string | null; questionId: string | null };

/** Keeps what she wrote, for her on this kiosk; `draftId` (hers, there) is kept again instead of a new one. Its id. */
export function keepKioskDraft(db: TenantDb, input: { kioskId: string; residentId: string; draftId?: string | null; fields: KioskDraftFields }): string {
  const { fields } = input;
  const values = {
    title: fields.title.slice(0, 1000),
    content: fields.content.slice(0, 100_000),
    category: isCategory(fields.category) ? fields.category : "general",
    audience: isAudience(fields.audience) ? fields.audience : null,
    questionId: fields.questionId?.slice(0, 64) || null,
    createdAt: new Date().toISOString(),
  };
  if (input.draftId) {
    const done = db
      .update(kioskDrafts)
      .set(values)
      .where(and(eq(kioskDrafts.id, input.draftId), eq(kioskDrafts.kioskId, input.kioskId), eq(kioskDrafts.residentId, input.residentId)))
      .run();
    if (done.changes === 1) return input.draftId;
  }
  const id = newId();
  db.insert(kioskDrafts)
    .values({ id, kioskId: input.kioskId, residentId: input.residentId, ...values })
    .run();
  return id;
}

/** A kept story of this kiosk, while it is less than a day old. */
export function getKioskDraft(db: TenantDb, id: string, kioskId: string): (KioskDraft & { audience: Audience | null }) | undefined {
  const row = db
    .select()
    .from(kioskDrafts)
    .where(and(eq(kioskDrafts.id, id), eq(kioskDrafts.kioskId, kioskId)))
    .get();
  if (!row || Date.parse(row.createdAt) + KIOSK_DRAFT_TTL_MS <= Date.now()) return undefined;
  return { ...row, audience: isAudience(row.audience) ? row.audience : null };
}

/** Her newest kept story on this kiosk, while it is less than a day old. */
export function latestKioskDraft(db: TenantDb, kioskId: string, residentId: string): KioskDraft | undefined {
  const row = db
    .select()
    .from(kioskDrafts)
    .where(and(eq(kioskDrafts.kioskId, kioskId), eq(kioskDrafts.residentId, residentId)))
    .orderBy(desc(kioskDrafts.createdAt))
    .get();
  return row && Date.parse(row.createdAt) + KIOSK_DRAFT_TTL_MS > Date.now() ? row : undefined;
}

/** Her kept story was saved: the draft goes; its photo, if any, is the story's now. */
export function dropKioskDraft(db: TenantDb, id: string) {
  db.delete(kioskDrafts).where(eq(kioskDrafts.id, id)).run();
}

/** A kept story thrown away (or too old): the draft and the photo it kept both go. */
export function discardKioskDraft(db: TenantDb, community: Pick<Community, "subdomain">, id: string) {
  const row = db.select({ imageId: kioskDrafts.imageId }).from(kioskDrafts).where(eq(kioskDrafts.id, id)).get();
  db.delete(kioskDrafts).where(eq(kioskDrafts.id, id)).run();
  if (row?.imageId) deleteMedia(db, community, row.imageId);
}

/**
 * The photo kept with a story: `imageId` (a pending media row of nobody's upload) in place of the
 * one before it, which is deleted; null takes the kept photo away.
 */
export function setKioskDraftPhoto(db: TenantDb, community: Pick<Community, "subdomain">, draftId: string, imageId: string | null) {
  const row = db.select({ imageId: kioskDrafts.imageId }).from(kioskDrafts).where(eq(kioskDrafts.id, draftId)).get();
  if (!row) {
    if (imageId) deleteMedia(db, community, imageId);
    return;
  }
  if (row.imageId === imageId) return;
  db.update(kioskDrafts).set({ imageId }).where(eq(kioskDrafts.id, draftId)).run();
  if (row.imageId) deleteMedia(db, community, row.imageId);
}

/**
 * Whether this kiosk may show a photo kept with one of its stories: while no turn runs (the page
 * that gives her words back), or in the turn of the resident it was kept for. Nobody else.
 */
export function kioskMayOpenDraftPhoto(db: TenantDb, kioskId: string, session: { residentId: string } | null, mediaId: string): boolean {
  const draft = db
    .select({ residentId: kioskDrafts.residentId })
    .from(kioskDrafts)
    .where(and(eq(kioskDrafts.imageId, mediaId), eq(kioskDrafts.kioskId, kioskId)))
    .get();
  return !!draft && (!session || session.residentId === draft.residentId);
}
