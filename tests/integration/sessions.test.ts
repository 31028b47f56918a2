// Server-side sessions on a real control database: how long each role's session lives without use
// and at most, when a sign-in's row is written, and which sessions each way of ending one ends.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { controlSchema, getControlDb } from "~/utils/db.server";
import type { Role } from "~/utils/roles";
import {
  SESSION_LIFETIMES,
  clearSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  endSessionOfUser,
  getSessionRow,
  listSessionsOfUser,
  loadSession,
  purgeExpiredSessions,
  readSessionId,
  sessionCookie,
} from "~/utils/session.server";

const { sessions } = controlSchema;
const HOST = "alpha.storyloom.localhost";
const ORIGIN = `http://${HOST}:3000`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.parse("2026-03-02T09:00:00.000Z");

/** How long a session lives without use (idle) and at most (absolute), role by role. */
const LIFETIMES: Record<Role, { idle: number; absolute: number }> = {
  super_admin: { idle: 30 * MINUTE, absolute: 12 * HOUR },
  administrator: { idle: HOUR, absolute: 12 * HOUR },
  staff: { idle: HOUR, absolute: 12 * HOUR },
  resident: { idle: 2 * HOUR, absolute: 7 * DAY },
  family: { idle: 14 * DAY, absolute: 30 * DAY },
};

let dir: string;
let ann: string;
let ben: string;

beforeAll(async () => {
  dir = useTempDataDir();
  const alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  const user = async (username: string) =>
    (
      await createUser({
        tenantId: alpha.id,
        username,
        email: `${username}@x.example`,
        displayName: username,
        role: "staff",
        passwordHash: "not-used",
      })
    ).id;
  ann = await user("ann");
  ben = await user("ben");
});
afterEach(() => {
  vi.useRealTimers();
  getControlDb().delete(sessions).run();
});
afterAll(() => cleanupDataDir(dir));

function at(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

const as = (role: Role) => () => role;

async function signIn(userId: string, opts: { role?: Role; host?: string } = {}) {
  return (await createSession({ userId, role: opts.role ?? "staff", host: opts.host ?? HOST })).id;
}

/** A row written as it would be by a sign-in at `createdAt` (for expired and old sessions). */
function insertSession(
  userId: string,
  times: { createdAt: number; lastSeenAt?: number; expiresAt: number },
) {
  const id = `${userId}-${times.createdAt}-${Math.random().toString(36).slice(2)}`;
  getControlDb()
    .insert(sessions)
    .values({
      id,
      userId,
      host: HOST,
      createdAt: new Date(times.createdAt).toISOString(),
      lastSeenAt: new Date(times.lastSeenAt ?? times.createdAt).toISOString(),
      expiresAt: new Date(times.expiresAt).toISOString(),
    })
    .run();
  return id;
}

function setLastSeen(id: string, ms: number) {
  getControlDb()
    .update(sessions)
    .set({ lastSeenAt: new Date(ms).toISOString() })
    .where(eq(sessions.id, id))
    .run();
}

function cookieRequest(setCookie: string) {
  return new Request(`${ORIGIN}/`, { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe("each role's session", () => {
  it("has the idle and absolute lifetimes of its role", () => {
    const table = Object.fromEntries(
      Object.entries(SESSION_LIFETIMES).map(([role, l]) => [
        role,
        { idle: l.idleMs, absolute: l.absoluteMs },
      ]),
    );
    expect(table).toEqual(LIFETIMES);
  });

  for (const [role, { idle, absolute }] of Object.entries(LIFETIMES) as [
    Role,
    (typeof LIFETIMES)[Role],
  ][]) {
    it(`${role}: ends after ${idle / MINUTE} minutes unused, and ${absolute / HOUR} hours after sign-in at most`, async () => {
      at(T0);
      const unused = await signIn(ann, { role });
      const usedJustInTime = await signIn(ann, { role });
      const kept = await signIn(ann, { role });
      expect(getSessionRow(kept)!.expiresAt).toBe(new Date(T0 + absolute).toISOString());

      at(T0 + idle - 1000);
      expect(loadSession(usedJustInTime, HOST, as(role))?.id).toBe(usedJustInTime);
      at(T0 + idle);
      expect(loadSession(unused, HOST, as(role))).toBeNull();
      expect(getSessionRow(unused)).toBeUndefined();

      // in use all along: live until the last second of its absolute lifetime, then gone
      at(T0 + absolute - 1000);
      setLastSeen(kept, T0 + absolute - 2000);
      expect(loadSession(kept, HOST, as(role))?.id).toBe(kept);
      at(T0 + absolute);
      setLastSeen(kept, T0 + absolute - 1000);
      expect(loadSession(kept, HOST, as(role))).toBeNull();
      expect(getSessionRow(kept)).toBeUndefined();
    });
  }
});

describe("signing in", () => {
  it("writes the session row for this user, host and browser", async () => {
    at(T0);
    const { id, setCookie } = await createSession({
      userId: ann,
      role: "family",
      host: HOST,
      userAgent: "A".repeat(400),
      ip: "203.0.113.9",
    });
    expect(getSessionRow(id)).toMatchObject({
      userId: ann,
      host: HOST,
      createdAt: new Date(T0).toISOString(),
      lastSeenAt: new Date(T0).toISOString(),
      expiresAt: new Date(T0 + 30 * DAY).toISOString(),
      userAgent: "A".repeat(300),
      ip: "203.0.113.9",
      impersonatorUserId: null,
      returnSessionId: null,
    });
    expect(await readSessionId(cookieRequest(setCookie))).toBe(id);
    const login = await createSession({
      userId: ben,
      role: "staff",
      host: HOST,
      impersonatorUserId: ann,
      returnSessionId: id,
    });
    expect(getSessionRow(login.id)).toMatchObject({
      userAgent: null,
      ip: null,
      impersonatorUserId: ann,
      returnSessionId: id,
    });
  });

  it("gives a cookie that lasts as long as the session, or until the browser closes", async () => {
    at(T0);
    const kept = await createSession({ userId: ann, role: "family", host: HOST });
    expect(kept.setCookie).toContain(`Expires=${new Date(T0 + 30 * DAY).toUTCString()}`);
    expect(kept.setCookie).toMatch(/HttpOnly/);
    expect(kept.setCookie).toMatch(/SameSite=Lax/);
    expect(kept.setCookie).toMatch(/Path=\//);
    const shared = await createSession({
      userId: ann,
      role: "staff",
      host: HOST,
      persistent: false,
    });
    expect(shared.setCookie).not.toMatch(/Expires=|Max-Age=/);
    expect(getSessionRow(shared.id)!.expiresAt).toBe(new Date(T0 + 12 * HOUR).toISOString());
  });

  it("clears away the user's expired sessions, and no one else's", async () => {
    at(T0);
    const annOld = insertSession(ann, { createdAt: T0 - 2 * DAY, expiresAt: T0 - DAY });
    const annLive = insertSession(ann, { createdAt: T0 - HOUR, expiresAt: T0 + HOUR });
    const benOld = insertSession(ben, { createdAt: T0 - 2 * DAY, expiresAt: T0 - DAY });
    await signIn(ann);
    expect(getSessionRow(annOld)).toBeUndefined();
    expect(getSessionRow(annLive)).toBeDefined();
    expect(getSessionRow(benOld)).toBeDefined();
  });
});

describe("loading a session", () => {
  it("finds nothing for an unknown id, another host or a user who may no longer sign in", async () => {
    at(T0);
    const id = await signIn(ann);
    expect(loadSession("no-such-session", HOST, as("staff"))).toBeNull();
    expect(loadSession(id, "bravo.storyloom.localhost", as("staff"))).toBeNull();
    expect(loadSession(id, HOST, () => null)).toBeNull();
    // none of these ends the session itself
    expect(loadSession(id, HOST, as("staff"))).toMatchObject({ id, userId: ann, host: HOST });
  });

  it("asks for the role of the session's own user", async () => {
    at(T0);
    const id = await signIn(ben);
    const asked: string[] = [];
    loadSession(id, HOST, (userId) => {
      asked.push(userId);
      return "staff";
    });
    expect(asked).toEqual([ben]);
  });

  it("notes the time of use at most once a minute, so that most reads stay reads", async () => {
    at(T0);
    const id = await signIn(ann);
    at(T0 + MINUTE);
    loadSession(id, HOST, as("staff"));
    expect(getSessionRow(id)!.lastSeenAt).toBe(new Date(T0).toISOString());
    at(T0 + MINUTE + 1);
    loadSession(id, HOST, as("staff"));
    expect(getSessionRow(id)!.lastSeenAt).toBe(new Date(T0 + MINUTE + 1).toISOString());
    // and the next use is measured from then
    at(T0 + MINUTE + 1 + HOUR - 1000);
    expect(loadSession(id, HOST, as("staff"))).not.toBeNull();
  });
});

describe("ending sessions", () => {
  it("signing out ends that session only", async () => {
    const one = await signIn(ann);
    const two = await signIn(ann);
    deleteSession(one);
    expect(getSessionRow(one)).toBeUndefined();
    expect(getSessionRow(two)).toBeDefined();
  });

  it("a password change ends the user's other sessions; deactivation ends all of them", async () => {
    const current = await signIn(ann);
    const other = await signIn(ann);
    const bens = await signIn(ben);
    deleteUserSessions(ann, current);
    expect(getSessionRow(current)).toBeDefined();
    expect(getSessionRow(other)).toBeUndefined();
    expect(getSessionRow(bens)).toBeDefined();
    deleteUserSessions(ann);
    expect(getSessionRow(current)).toBeUndefined();
    expect(getSessionRow(bens)).toBeDefined();
  });

  it("lists the user's live sessions, the most recently used first", async () => {
    at(T0);
    const older = await signIn(ann);
    const newer = await signIn(ann);
    await signIn(ben);
    setLastSeen(older, T0 - HOUR);
    insertSession(ann, { createdAt: T0 - DAY, expiresAt: T0 - 1 });
    insertSession(ann, { createdAt: T0 - DAY, expiresAt: T0 });
    expect(listSessionsOfUser(ann).map((s) => s.id)).toEqual([newer, older]);
  });

  it("ends one of the user's own sessions by the start of its id, never the current one or another user's", async () => {
    at(T0);
    const current = await signIn(ann);
    const target = await signIn(ann);
    const recent = await signIn(ann);
    const bens = await signIn(ben);
    setLastSeen(target, T0 - HOUR);
    const prefix = (id: string) => id.slice(0, 12);

    expect(endSessionOfUser(ann, prefix(current), current)).toBe(false);
    expect(endSessionOfUser(ann, prefix(bens), current)).toBe(false);
    expect(endSessionOfUser(ann, "no-such-id-x", current)).toBe(false);
    expect([current, target, recent, bens].every((id) => getSessionRow(id))).toBe(true);

    expect(endSessionOfUser(ann, prefix(target), current)).toBe(true);
    expect(getSessionRow(target)).toBeUndefined();
    expect([current, recent, bens].every((id) => getSessionRow(id))).toBe(true);
    expect(endSessionOfUser(ann, prefix(target), current)).toBe(false);

    const expired = insertSession(ann, { createdAt: T0 - DAY, expiresAt: T0 - 1 });
    expect(endSessionOfUser(ann, prefix(expired), current)).toBe(false);
  });

  it("the nightly purge removes every expired session and keeps the live ones", async () => {
    at(T0);
    const annOld = insertSession(ann, { createdAt: T0 - DAY, expiresAt: T0 - 1 });
    const benOld = insertSession(ben, { createdAt: T0 - DAY, expiresAt: T0 - 1 });
    const live = insertSession(ben, { createdAt: T0 - HOUR, expiresAt: T0 + HOUR });
    purgeExpiredSessions();
    expect(getSessionRow(annOld)).toBeUndefined();
    expect(getSessionRow(benOld)).toBeUndefined();
    expect(getSessionRow(live)).toBeDefined();
  });
});

describe("the session cookie", () => {
  it("is read only when signed and not empty; signing out sends one that reads as signed out", async () => {
    expect(await readSessionId(new Request(`${ORIGIN}/`))).toBeNull();
    expect(
      await readSessionId(
        new Request(`${ORIGIN}/`, { headers: { Cookie: "storyloom_session=abc" } }),
      ),
    ).toBeNull();
    const cleared = await clearSessionCookie();
    expect(cleared).toMatch(/^storyloom_session=/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toContain(`Expires=${new Date(0).toUTCString()}`);
    expect(await readSessionId(cookieRequest(cleared))).toBeNull();
    const signed = await sessionCookie().serialize("the-session-id");
    expect(await readSessionId(cookieRequest(signed))).toBe("the-session-id");
    // a cookie that names a session but was not signed with the secret is not read
    const forged = await signIn(ann);
    const unsigned = encodeURIComponent(Buffer.from(JSON.stringify(forged)).toString("base64"));
    expect(
      await readSessionId(
        new Request(`${ORIGIN}/`, { headers: { Cookie: `storyloom_session=${unsigned}` } }),
      ),
    ).toBeNull();
    // only a string is a session id, whatever else a signed cookie might carry
    expect(await readSessionId(cookieRequest(await sessionCookie().serialize(["x"])))).toBeNull();
  });

  it("in production is a __Host- cookie, sent over HTTPS only", async () => {
    const saved = { ...process.env };
    try {
      process.env.NODE_ENV = "production";
      process.env.SESSION_SECRET = "s".repeat(40);
      vi.resetModules();
      const production = await import("~/utils/session.server");
      const setCookie = await production.sessionCookie().serialize("the-session-id");
      expect(setCookie).toMatch(/^__Host-storyloom_session=/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Lax/);
      expect(setCookie).toMatch(/; Path=\//);
    } finally {
      process.env = saved;
      vi.resetModules();
    }
  });
});
