// Fixed-window rate limits kept in the control database (they survive restarts; one server).
import { and, eq, lt, sql } from "drizzle-orm";
import { controlSchema, getControlDb } from "./db.server";
import { requestLanguage, translator } from "./i18n.server";

const { rateLimits } = controlSchema;

export type RateLimitResult = { ok: boolean; remaining: number; retryAfterSeconds: number };

/** Counts one attempt for `key`; refuses once `limit` attempts fell in the current window. */
export function hitRateLimit(
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): RateLimitResult {
  const db = getControlDb();
  return db.transaction((tx) => {
    const row = tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
    if (!row || row.resetAt <= now) {
      tx.insert(rateLimits)
        .values({ key, count: 1, resetAt: now + windowMs })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt: now + windowMs } })
        .run();
      return { ok: true, remaining: limit - 1, retryAfterSeconds: 0 };
    }
    if (row.count >= limit)
      return { ok: false, remaining: 0, retryAfterSeconds: Math.ceil((row.resetAt - now) / 1000) };
    tx.update(rateLimits)
      .set({ count: row.count + 1 })
      .where(eq(rateLimits.key, key))
      .run();
    return { ok: true, remaining: limit - row.count - 1, retryAfterSeconds: 0 };
  });
}

/** Whether `key` has attempts left, without counting one. */
export function rateLimitSpent(key: string, limit: number, now = Date.now()): RateLimitResult {
  const row = getControlDb().select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row || row.resetAt <= now || row.count < limit)
    return {
      ok: true,
      remaining: row && row.resetAt > now ? limit - row.count : limit,
      retryAfterSeconds: 0,
    };
  return { ok: false, remaining: 0, retryAfterSeconds: Math.ceil((row.resetAt - now) / 1000) };
}

/** What was done too often, named in the 429's words ("Too many uploads"). */
export type RateWhat = "attempts" | "contact requests" | "recordings" | "uploads";

const TOO_MANY: Record<RateWhat, string> = {
  attempts: "tooMany.attempts",
  "contact requests": "tooMany.contactRequests",
  recordings: "tooMany.recordings",
  uploads: "tooMany.uploads",
};

/** "Too many uploads. Please wait 3 minutes and try again.", in `lang` (English when not given). */
export function tooManyMessage(
  retryAfterSeconds: number,
  what: RateWhat | (string & {}) = "attempts",
  lang?: string | null,
): string {
  const t = translator(lang, "errors");
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  // anything else is said as attempts
  return t(Object.hasOwn(TOO_MANY, what) ? TOO_MANY[what as RateWhat] : TOO_MANY.attempts, {
    minutes,
  });
}

export function tooManyResponse(
  retryAfterSeconds: number,
  what: RateWhat | (string & {}) = "attempts",
  lang?: string | null,
) {
  return new Response(tooManyMessage(retryAfterSeconds, what, lang), {
    status: 429,
    headers: {
      "Retry-After": String(retryAfterSeconds),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}

export function clientAddress(request: Request): string {
  // set by server/index.ts from the socket (or the trusted proxy's X-Forwarded-For)
  return request.headers.get("x-real-ip") || "local";
}

/** Throws a 429 with a clear message, in English, when the limit is spent (enforceRateLimitFor speaks the requester's language). */
export function enforceRateLimit(
  key: string,
  limit: number,
  windowMs: number,
  what: RateWhat | (string & {}) = "attempts",
) {
  const result = hitRateLimit(key, limit, windowMs);
  if (!result.ok) throw tooManyResponse(result.retryAfterSeconds, what);
}

/** Counts one attempt; throws a 429 in the requester's language when the limit is spent. */
export async function enforceRateLimitFor(
  request: Request,
  key: string,
  limit: number,
  windowMs: number,
  what: RateWhat | (string & {}) = "attempts",
) {
  const result = hitRateLimit(key, limit, windowMs);
  if (!result.ok)
    throw tooManyResponse(result.retryAfterSeconds, what, await requestLanguage(request));
}

export function purgeExpiredRateLimits(now = Date.now()) {
  getControlDb().delete(rateLimits).where(lt(rateLimits.resetAt, now)).run();
}

export type AttemptLimit = { key: string; limit: number; windowMs: number };
export type Reservation =
  { ok: true; counts: number[]; release: () => void } | { ok: false; retryAfterSeconds: number };

let lastPurge = 0;

/**
 * Reserves one attempt under every key at once, in one transaction, before the work it guards
 * (a password hash): N concurrent attempts take N places, so a burst cannot outrun the limit.
 * Refused, nothing is counted. `counts` are the counts including this attempt. `release()` gives
 * the places back (a successful sign-in is not a failure), within the same windows only.
 */
export function reserveAttempts(limits: AttemptLimit[], now = Date.now()): Reservation {
  const db = getControlDb();
  if (now - lastPurge > 10 * 60_000) {
    lastPurge = now;
    purgeExpiredRateLimits(now);
  }
  const outcome = db.transaction((tx) => {
    const rows = limits.map(({ key }) =>
      tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get(),
    );
    let retryAfterSeconds = 0;
    limits.forEach(({ limit }, i) => {
      const row = rows[i];
      if (row && row.resetAt > now && row.count >= limit)
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((row.resetAt - now) / 1000));
    });
    if (retryAfterSeconds > 0) return { ok: false as const, retryAfterSeconds };
    const windows = limits.map(({ key, windowMs }, i) => {
      const row = rows[i];
      const fresh = !row || row.resetAt <= now;
      const count = fresh ? 1 : row.count + 1;
      const resetAt = fresh ? now + windowMs : row.resetAt;
      tx.insert(rateLimits)
        .values({ key, count, resetAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count, resetAt } })
        .run();
      return { key, count, resetAt };
    });
    return { ok: true as const, windows };
  });
  if (!outcome.ok) return outcome;
  let released = false;
  return {
    ok: true,
    counts: outcome.windows.map((w) => w.count),
    release: () => {
      if (released) return;
      released = true;
      db.transaction((tx) => {
        for (const w of outcome.windows) {
          tx.update(rateLimits)
            .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
            .where(and(eq(rateLimits.key, w.key), eq(rateLimits.resetAt, w.resetAt)))
            .run();
        }
      });
    },
  };
}
