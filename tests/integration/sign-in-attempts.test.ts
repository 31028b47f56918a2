// Password attempts, in process: the account-wide cap and its progressive delay, the browsers that
// signed in before, and concurrent reservations. (tests/integration/hardening.test.ts tries the
// same against a real server.)
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { getControlDb, controlSchema } from "~/utils/db.server";
import { reserveAttempts } from "~/utils/rate-limit.server";
import {
  attemptClock,
  beginPasswordAttempt,
  progressiveDelayMs,
  SIGN_IN_LIMITS,
} from "~/utils/sign-in-attempts.server";
import * as loginRoute from "~/routes/_auth+/login";

let dir: string;
const A = "http://alpha.storyloom.localhost:3000";
const B = "http://bravo.storyloom.localhost:3000";
let waits: number[] = [];
const realSleep = attemptClock.sleep;
const defaults = { ...SIGN_IN_LIMITS };

beforeAll(async () => {
  dir = useTempDataDir();
  const alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  const bravo = createCommunity({ name: "Bravo Court", subdomain: "bravo" });
  for (const username of ["owner", "sprayed", "kiosk"]) {
    await createUser({
      tenantId: alpha.id,
      username,
      email: `${username}@x.example`,
      displayName: username,
      role: "staff",
      password: "correct-pass-phrase",
    });
  }
  await createUser({
    tenantId: bravo.id,
    username: "owner",
    email: "o@y.example",
    displayName: "Other owner",
    role: "staff",
    password: "correct-pass-phrase",
  });
  // the progressive delay is recorded, not waited for
  attemptClock.sleep = async (ms) => {
    waits.push(ms);
  };
  // a smaller account-wide cap, so that reaching it takes 20 password hashes rather than 100
  SIGN_IN_LIMITS.perAccount = 20;
  SIGN_IN_LIMITS.delayAfter = 5;
});
afterAll(() => {
  attemptClock.sleep = realSleep;
  Object.assign(SIGN_IN_LIMITS, defaults);
  cleanupDataDir(dir);
});
beforeEach(() => {
  waits = [];
});

async function login(
  origin: string,
  username: string,
  password: string,
  ip: string,
  cookie?: string,
) {
  const body = new URLSearchParams({ username, password, redirectTo: "" });
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    "x-real-ip": ip,
  };
  if (cookie) headers.Cookie = cookie;
  try {
    return (await loginRoute.action({
      request: new Request(`${origin}/login`, { method: "POST", body, headers }),
      params: {},
      context: {},
    })) as unknown;
  } catch (thrown) {
    return thrown;
  }
}
const statusOf = (r: unknown) => (r instanceof Response ? r.status : 200);
const cookiesOf = (r: unknown) =>
  (r as Response).headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

// these wait out real progressive delays (about 13 s idle): room for a busy two-core machine
describe("the account-wide cap", { timeout: 120_000 }, () => {
  it("waits progressively, then holds strangers at the cap; the owner's browser still signs in", async () => {
    // the owner signed in from their own computer once: it is remembered
    const ownersBrowser = cookiesOf(await login(A, "owner", "correct-pass-phrase", "192.0.2.1"));
    expect(ownersBrowser).toMatch(/storyloom_known=/);
    // many addresses, ten guesses each: no pair is over its own limit
    let n = 0;
    for (let a = 0; n < SIGN_IN_LIMITS.perAccount; a++) {
      for (
        let i = 0;
        i < SIGN_IN_LIMITS.perAccountAndAddress && n < SIGN_IN_LIMITS.perAccount;
        i++, n++
      ) {
        expect(statusOf(await login(A, "owner", `guess-${n}`, `198.51.100.${a}`))).toBe(200);
      }
    }
    // past the first few failures each attempt waited a little longer, never more than the most
    expect(waits.length).toBe(SIGN_IN_LIMITS.perAccount - SIGN_IN_LIMITS.delayAfter);
    expect(waits.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    // now a stranger from a fresh address is held, even with the right password
    const held = await login(A, "owner", "correct-pass-phrase", "203.0.113.9");
    expect(statusOf(held)).toBe(429);
    expect(await (held as Response).text()).toMatch(/Too many failed sign-in attempts/);
    // the owner's own browser, from yet another address, is not, and does not wait
    waits = [];
    const owner = await login(A, "owner", "correct-pass-phrase", "203.0.113.10", ownersBrowser);
    expect(statusOf(owner)).toBe(302);
    expect(waits).toEqual([]);
    // a same-named account of another community is another account
    expect(statusOf(await login(B, "owner", "correct-pass-phrase", "203.0.113.9"))).toBe(302);
  });

  it("a forged or other account's known-device cookie buys nothing", async () => {
    const forged = "storyloom_known=WyJhYmMiXQ%3D%3D.forged";
    const other = cookiesOf(await login(A, "kiosk", "correct-pass-phrase", "192.0.2.2"));
    expect(statusOf(await login(A, "owner", "correct-pass-phrase", "203.0.113.11", forged))).toBe(
      429,
    );
    expect(statusOf(await login(A, "owner", "correct-pass-phrase", "203.0.113.12", other))).toBe(
      429,
    );
  });
});

describe("reservations", () => {
  it("a right password gives its attempt back: a kiosk signing in all day is never held", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress + 5; i++)
      expect(statusOf(await login(A, "kiosk", "correct-pass-phrase", "192.0.2.50"))).toBe(302);
  });

  it("N concurrent reservations take N places, in one transaction each", async () => {
    const key = { key: "test:concurrent", limit: 8, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 26 }, async () =>
        reserveAttempts([key, { key: "test:concurrent-ip", limit: 1000, windowMs: 60_000 }]),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(8);
    // refused ones counted nowhere
    const row = getControlDb()
      .select()
      .from(controlSchema.rateLimits)
      .all()
      .find((r) => r.key === "test:concurrent-ip");
    expect(row?.count).toBe(8);
  });

  it("concurrent sign-ins from one address spend one attempt each, the right one included", async () => {
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        login(A, "sprayed", i === 12 ? "correct-pass-phrase" : `wrong-${i}`, "192.0.2.77"),
      ),
    );
    expect(burst.filter((r) => statusOf(r) !== 429).length).toBe(
      SIGN_IN_LIMITS.perAccountAndAddress,
    );
    expect(statusOf(burst[12])).toBe(429);
  });

  it("the delay grows from 1 s to its most, and the real limits are as ADR 006 says", () => {
    expect(defaults).toEqual({
      perAccountAndAddress: 10,
      perAddress: 30,
      perAccount: 100,
      delayAfter: 10,
      maxDelayMs: 10_000,
    });
    expect(progressiveDelayMs(SIGN_IN_LIMITS.delayAfter - 1)).toBe(0);
    expect(progressiveDelayMs(SIGN_IN_LIMITS.delayAfter)).toBe(1000);
    expect(progressiveDelayMs(SIGN_IN_LIMITS.delayAfter + 3)).toBe(8000);
    expect(progressiveDelayMs(SIGN_IN_LIMITS.delayAfter + 30)).toBe(SIGN_IN_LIMITS.maxDelayMs);
  });

  it("an attempt is for the account the name means on this host", async () => {
    const here = await beginPasswordAttempt(
      new Request(`${A}/login`, { headers: { "x-real-ip": "192.0.2.99" } }),
      { username: "  KIOSK " },
    );
    expect(here.ok).toBe(true);
    if (here.ok) here.succeeded();
  });
});
