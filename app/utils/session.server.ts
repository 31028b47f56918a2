// Server-side sessions: the cookie holds only a signed session id; the row lives in the control
// database, so sign-out and password changes end sessions for real. See docs/decisions/003-sessions.md.
import { createCookie } from "@remix-run/node";
import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { controlSchema, getControlDb, prepared } from "./db.server";
import { env } from "./env.server";
import { ROLE, type Role } from "./roles";

const { sessions } = controlSchema;

/** Idle and absolute lifetimes per role: short for staff on shared computers, long for family phones. */
export const SESSION_LIFETIMES: Record<Role, { idleMs: number; absoluteMs: number }> = {
  [ROLE.superAdmin]: { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000 },
  [ROLE.administrator]: { idleMs: 60 * 60_000, absoluteMs: 12 * 3600_000 },
  [ROLE.staff]: { idleMs: 60 * 60_000, absoluteMs: 12 * 3600_000 },
  [ROLE.resident]: { idleMs: 2 * 3600_000, absoluteMs: 7 * 24 * 3600_000 },
  [ROLE.family]: { idleMs: 14 * 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 },
};

// lastSeenAt is written at most this often, so that reads stay reads
const TOUCH_INTERVAL_MS = 60_000;

let cookie: ReturnType<typeof createCookie> | null = null;
export function sessionCookie() {
  const { isProduction, SESSION_SECRET } = env();
  cookie ??= createCookie(isProduction ? "__Host-storyloom_session" : "storyloom_session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
    secrets: [SESSION_SECRET],
  });
  return cookie;
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(opts: {
  userId: string;
  role: Role;
  host: string;
  userAgent?: string | null;
  ip?: string | null;
  /** login-as: the super admin who opens this session as the user, and their own session to go back to */
  impersonatorUserId?: string | null;
  returnSessionId?: string | null;
  /**
   * false: the cookie has no Expires, so the browser forgets it when it closes (a shared computer);
   * the row's idle and absolute limits apply either way
   */
  persistent?: boolean;
}): Promise<{ id: string; setCookie: string }> {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_LIFETIMES[opts.role].absoluteMs);
  const db = getControlDb();
  db.insert(sessions)
    .values({
      id,
      userId: opts.userId,
      host: opts.host,
      createdAt: new Date(now).toISOString(),
      lastSeenAt: new Date(now).toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
      ip: opts.ip ?? null,
      impersonatorUserId: opts.impersonatorUserId ?? null,
      returnSessionId: opts.returnSessionId ?? null,
    })
    .run();
  // clean up this user's dead sessions while we are here
  db.delete(sessions)
    .where(
      and(eq(sessions.userId, opts.userId), lt(sessions.expiresAt, new Date(now).toISOString())),
    )
    .run();
  const setCookie = await sessionCookie().serialize(
    id,
    opts.persistent === false ? {} : { expires: expiresAt },
  );
  return { id, setCookie };
}

/** The live session for this id on this host, or null (expired, idle too long, or another host's). */
export function loadSession(
  id: string,
  host: string,
  role: (userId: string) => Role | null,
): SessionRow | null {
  const db = getControlDb();
  const row = getSessionRow(id);
  if (!row) return null;
  const now = Date.now();
  const userRole = role(row.userId);
  if (!userRole || row.host !== host) return null;
  const idleLimit = SESSION_LIFETIMES[userRole].idleMs;
  if (Date.parse(row.expiresAt) <= now || Date.parse(row.lastSeenAt) + idleLimit <= now) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  if (now - Date.parse(row.lastSeenAt) > TOUCH_INTERVAL_MS) {
    db.update(sessions)
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where(eq(sessions.id, id))
      .run();
  }
  return row;
}

/** The session row by id, without checks (callers check host, user and expiry themselves). */
export function getSessionRow(id: string): SessionRow | undefined {
  return prepared(getControlDb(), "session-by-id", (db) =>
    db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

export function deleteSession(id: string) {
  getControlDb().delete(sessions).where(eq(sessions.id, id)).run();
}

/** Ends every session of a user, optionally keeping one (the one that changed the password). */
export function deleteUserSessions(userId: string, exceptSessionId?: string) {
  getControlDb()
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
    .run();
}

export function listSessionsOfUser(userId: string): SessionRow[] {
  const now = new Date().toISOString();
  return getControlDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .all();
}

/** Ends one of the user's sessions named by the first characters of its id (never another user's). */
export function endSessionOfUser(userId: string, idPrefix: string, keepSessionId: string): boolean {
  const target = listSessionsOfUser(userId).find(
    (s) => s.id.startsWith(idPrefix) && s.id !== keepSessionId,
  );
  if (!target) return false;
  getControlDb()
    .delete(sessions)
    .where(and(eq(sessions.id, target.id), eq(sessions.userId, userId)))
    .run();
  return true;
}

export async function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

export function purgeExpiredSessions() {
  const now = new Date().toISOString();
  getControlDb()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now)))
    .run();
}
