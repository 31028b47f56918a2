// Fixed-window rate limits kept in the control database (they survive restarts; one server).
import { and, eq, lt, sql } from "drizzle-orm";
import { controlSchema, getControlDb } from "./db.server";

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

export function tooManyResponse(retryAfterSeconds: number, what = "attempts") {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new Response(
    `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    {
      status: 429,
      headers: {
        "Retry-After": String(retryAfterSeconds),
        "Content-Type": "text/plain; charset=utf-8",
      },
    },
  );
}

export function clientAddress(request: Request): string {
  // set by server/index.ts from the socket (or the trusted proxy's X-Forwarded-For)
  return request.headers.get("x-real-ip") || "local";
}

/** Throws a 429 with a clear message when the limit is spent. */
export function enforceRateLimit(key: string, limit: number, windowMs: number, what = "attempts") {
  const result = hitRateLimit(key, limit, windowMs);
  if (!result.ok) throw tooManyResponse(result.retryAfterSeconds, what);
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
