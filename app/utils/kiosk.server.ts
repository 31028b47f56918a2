// The lounge kiosk's identity (ADR 017): a browser bound to one community as a device by a signed,
// host-only cookie, and at most one resident using it at a time (a row in kiosk_sessions, keyed by
// the kiosk). No user is signed in: the kiosk's screens read this identity, every other screen
// reads the user session (session.server.ts) and so never sees a kiosk.
import { createCookie } from "@remix-run/node";
import { and, eq, isNull } from "drizzle-orm";
import crypto from "node:crypto";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "./db.server";
import { env } from "./env.server";
import { resolveHost } from "./host.server";
import { newId, sha256 } from "./ids.server";
import { ROLE } from "./roles";
import { sign, verify } from "./signed-token.server";

const { kiosks, kioskSessions } = tenantSchema;

/** A kiosk session ends after this long without input (a tap, a page, a keystroke with JavaScript). */
export const KIOSK_IDLE_MS = 2 * 60_000;
/**
 * A turn ended by the 2 minutes is taken up again by a form of that turn (a story being written,
 * a recording at its preview) sent from the same kiosk this long after the end.
 */
export const KIOSK_RESUME_GRACE_MS = 30 * 60_000;
/** The device cookie lives long: the tablet stays a kiosk until an administrator switches it off. */
const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 3600;
const TOUCH_INTERVAL_MS = 60_000;

let cookie: ReturnType<typeof createCookie> | null = null;
function kioskCookie() {
  const { isProduction, SESSION_SECRET } = env();
  // no Domain attribute: the browser sends it to the host that set it only (and `__Host-` in production)
  cookie ??= createCookie(isProduction ? "__Host-storyloom_kiosk" : "storyloom_kiosk", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
    secrets: [SESSION_SECRET],
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
  return cookie;
}

export type KioskRow = typeof kiosks.$inferSelect;
export type KioskSessionRow = typeof kioskSessions.$inferSelect;

/** A new device secret for a kiosk being set up: the cookie to send and the hash to store. */
export async function issueKioskDevice(
  community: Pick<Community, "id">,
  kioskId: string,
): Promise<{ secretHash: string; setCookie: string }> {
  const secret = crypto.randomBytes(32).toString("base64url");
  const setCookie = await kioskCookie().serialize(`${community.id}.${kioskId}.${secret}`);
  return { secretHash: sha256(secret), setCookie };
}

export async function clearKioskCookie(): Promise<string> {
  return kioskCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

export type KioskState =
  | { state: "none" }
  /** a kiosk of this community that an administrator switched off */
  | { state: "off"; community: Community; db: TenantDb; kiosk: KioskRow }
  | { state: "on"; community: Community; db: TenantDb; kiosk: KioskRow };

const cache = new WeakMap<Request, KioskState>();

/**
 * The kiosk this browser is, on this community's host. A cookie issued for another community
 * (another host, or a copy of the cookie) is ignored, and so is one whose secret does not match.
 */
export async function readKiosk(request: Request): Promise<KioskState> {
  const cached = cache.get(request);
  if (cached) return cached;
  let result: KioskState = { state: "none" };
  const ctx = resolveHost(request);
  const value =
    ctx.kind === "tenant" ? await kioskCookie().parse(request.headers.get("Cookie")) : null;
  if (ctx.kind === "tenant" && typeof value === "string") {
    const [communityId, kioskId, secret] = value.split(".");
    if (communityId === ctx.community.id && kioskId && secret) {
      const db = getTenantDb(ctx.community);
      const row = db.select().from(kiosks).where(eq(kiosks.id, kioskId)).get();
      const hash = sha256(secret);
      if (
        row &&
        row.deviceSecretHash?.length === hash.length &&
        crypto.timingSafeEqual(Buffer.from(row.deviceSecretHash), Buffer.from(hash))
      ) {
        if (row.revokedAt) result = { state: "off", community: ctx.community, db, kiosk: row };
        else {
          const now = Date.now();
          if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) > TOUCH_INTERVAL_MS) {
            db.update(kiosks)
              .set({ lastUsedAt: new Date(now).toISOString() })
              .where(eq(kiosks.id, row.id))
              .run();
          }
          result = { state: "on", community: ctx.community, db, kiosk: row };
        }
      }
    }
  }
  cache.set(request, result);
  return result;
}

/** When a running turn ends for lack of input: 2 minutes after its last input. */
function idleEndOf(row: Pick<KioskSessionRow, "lastInputAt">): number {
  return Date.parse(row.lastInputAt) + KIOSK_IDLE_MS;
}

/**
 * The resident session of this kiosk, or null; `expired` when it just ended for lack of input.
 * That end keeps the row, marked ended, so that a form of the turn can take it up again.
 */
export function kioskSessionOf(
  db: TenantDb,
  kioskId: string,
  now = Date.now(),
): { session: KioskSessionRow | null; expired: boolean } {
  const row = db.select().from(kioskSessions).where(eq(kioskSessions.kioskId, kioskId)).get();
  if (!row || row.endedAt) return { session: null, expired: false };
  if (idleEndOf(row) <= now) {
    endKioskSessionIdle(db, kioskId, idleEndOf(row));
    return { session: null, expired: true };
  }
  return { session: row, expired: false };
}

/** Counts a request as the resident's input: the 2 minutes start again. */
export function touchKioskSession(db: TenantDb, sessionId: string, now = Date.now()) {
  db.update(kioskSessions)
    .set({ lastInputAt: new Date(now).toISOString() })
    .where(and(eq(kioskSessions.id, sessionId), isNull(kioskSessions.endedAt)))
    .run();
}

/** Ends the running turn as 2 minutes without input do (at `at`): it may still be taken up again. */
export function endKioskSessionIdle(db: TenantDb, kioskId: string, at = Date.now()) {
  db.update(kioskSessions)
    .set({ endedAt: new Date(at).toISOString() })
    .where(and(eq(kioskSessions.kioskId, kioskId), isNull(kioskSessions.endedAt)))
    .run();
}

/**
 * Takes up turn `sessionId` of this kiosk again, when it is still running or ended for lack of
 * input less than 30 minutes ago (and no other turn began since): its 2 minutes start again.
 * Whether the form asking may do so (kiosk, resident, PIN) is the caller's check. Null otherwise.
 */
export function resumeKioskSession(
  db: TenantDb,
  kioskId: string,
  sessionId: string,
  now = Date.now(),
): KioskSessionRow | null {
  const row = db.select().from(kioskSessions).where(eq(kioskSessions.kioskId, kioskId)).get();
  if (!row || row.id !== sessionId) return null;
  const endedAt = row.endedAt ? Date.parse(row.endedAt) : idleEndOf(row);
  if (endedAt > now) return row;
  if (endedAt + KIOSK_RESUME_GRACE_MS <= now) return null;
  const lastInputAt = new Date(now).toISOString();
  db.update(kioskSessions)
    .set({ endedAt: null, endAudited: false, lastInputAt })
    .where(eq(kioskSessions.id, row.id))
    .run();
  return { ...row, endedAt: null, endAudited: false, lastInputAt };
}

/** What a kiosk form carries: the turn it was shown in, signed, so a late send can be placed. */
export type KioskTurnClaim = {
  communityId: string;
  kioskId: string;
  residentId: string;
  sessionId: string;
  /** a fingerprint of her PIN then: a PIN changed since ends what the old turn's forms may do */
  pin: string;
};

export function kioskPinFingerprint(pinHash: string | null): string {
  return sha256(`kiosk-pin:${pinHash ?? ""}`).slice(0, 16);
}

export function kioskTurnToken(claim: KioskTurnClaim, secret = env().SESSION_SECRET): string {
  const { communityId, kioskId, residentId, sessionId, pin } = claim;
  return sign("kiosk-turn", [communityId, kioskId, residentId, sessionId, pin], { secret });
}

/** The claim of a well-signed turn token of this community, else null. */
export function readKioskTurnToken(
  token: string,
  communityId: string,
  secret = env().SESSION_SECRET,
): KioskTurnClaim | null {
  const read = verify("kiosk-turn", token, { secret, fields: 5, maxLength: 400 });
  if (!read) return null;
  const [claimed, kioskId, residentId, sessionId, pin] = read.fields as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (claimed !== communityId) return null;
  return { communityId, kioskId, residentId, sessionId, pin };
}

/** Starts a resident's session on this kiosk (whoever used it before is ended). */
export function startKioskSession(
  db: TenantDb,
  input: { kioskId: string; residentId: string; helper?: { userId: string; name: string } | null },
): KioskSessionRow {
  const nowIso = new Date().toISOString();
  const row = {
    id: newId(),
    kioskId: input.kioskId,
    residentId: input.residentId,
    helperUserId: input.helper?.userId ?? null,
    helperName: input.helper?.name ?? null,
    startedAt: nowIso,
    lastInputAt: nowIso,
    endedAt: null,
    endAudited: false,
  };
  db.transaction((tx) => {
    tx.delete(kioskSessions).where(eq(kioskSessions.kioskId, input.kioskId)).run();
    tx.insert(kioskSessions).values(row).run();
  });
  return row;
}

export function endKioskSession(db: TenantDb, kioskId: string) {
  db.delete(kioskSessions).where(eq(kioskSessions.kioskId, kioskId)).run();
}

/**
 * Who acts in a kiosk session, in the shape the story models take for a signed-in member: the
 * resident, under an id of this session only (its uploads and transcriptions are its own; a later
 * session on the same tablet cannot reach them). Never a user row: nothing else accepts it.
 */
export type KioskActor = {
  id: string;
  role: typeof ROLE.resident;
  residentId: string;
  familyMemberId: null;
  username: string;
  displayName: string;
};

export function kioskActor(
  session: Pick<KioskSessionRow, "id" | "residentId">,
  displayName: string,
): KioskActor {
  return {
    id: `kiosk:${session.id}`,
    role: ROLE.resident,
    residentId: session.residentId,
    familyMemberId: null,
    username: "kiosk",
    displayName,
  };
}
