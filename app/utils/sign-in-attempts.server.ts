// How many password guesses anyone gets, for sign-in and for the current-password check on
// /password. See docs/decisions/006-security-headers-and-forgery.md.
//
// - Each attempt is reserved before the password is hashed, so a burst of concurrent guesses
//   spends one attempt each; a right password gives its place back (kiosks signing in all day).
// - The hard limit is per account *and* address: a stranger elsewhere cannot lock the owner out.
// - Per address, across accounts: one address trying many accounts.
// - Per account from everywhere: a slower cap for the many-addresses case. Past its first few
//   failures each further attempt waits a little longer (progressive delay); at the cap, only
//   browsers that signed in to this account before (a signed "known device" cookie) still try.
import { createCookie } from "@remix-run/node";
import crypto from "node:crypto";
import { findSignInAccount, getUserById } from "./accounts.server";
import { env } from "./env.server";
import { resolveHost } from "./host.server";
import { getT, translator } from "./i18n.server";
import { verifyPassword } from "./password.server";
import { clientAddress, reserveAttempts, type AttemptLimit } from "./rate-limit.server";

export const SIGN_IN_LIMITS = {
  /** failed attempts per account and address in 15 minutes: then that pair waits */
  perAccountAndAddress: 10,
  /** failed attempts per address, any accounts, in 15 minutes */
  perAddress: 30,
  /** failed attempts per account from everywhere in an hour, for browsers the account never used */
  perAccount: 100,
  /** failures per account in the hour after which each further attempt waits (1 s, 2 s, 4 s ... 10 s) */
  delayAfter: 10,
  maxDelayMs: 10_000,
};
const SHORT_WINDOW_MS = 15 * 60_000;
const ACCOUNT_WINDOW_MS = 60 * 60_000;

/** The `errors` catalog key of "That is not your current password". */
export const WRONG_CURRENT_PASSWORD = "errors:password.wrongCurrent";

/** Waits; replaceable in tests. */
export const attemptClock = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/**
 * The account an attempt is for: the user a username or email names on this host (usernames are
 * unique per community; a super admin's on every host), else the name itself on this host.
 */
function accountTag(request: Request, who: { username: string } | { userId: string }): string {
  let subject: string;
  if ("userId" in who) subject = `user:${who.userId}`;
  else {
    const ctx = resolveHost(request);
    const tenantId = ctx.kind === "tenant" ? ctx.community.id : null;
    // a username and the email of the same account count as one; the rest by the typed text in
    // lowercase, so that "Sarah@..." and "sarah@..." share their count
    const match = findSignInAccount(who.username, tenantId);
    subject =
      match.kind === "one"
        ? `user:${match.user.id}`
        : `name:${tenantId ?? "-"}:${who.username.trim().toLowerCase()}`;
  }
  return crypto.createHash("sha256").update(subject).digest("hex").slice(0, 24);
}

let knownDevice: ReturnType<typeof createCookie> | null = null;
function knownDeviceCookie() {
  const { isProduction, SESSION_SECRET } = env();
  knownDevice ??= createCookie(isProduction ? "__Host-storyloom_known" : "storyloom_known", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
    secrets: [SESSION_SECRET],
    maxAge: 400 * 24 * 3600,
  });
  return knownDevice;
}

async function knownAccounts(request: Request): Promise<string[]> {
  const value = await knownDeviceCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function progressiveDelayMs(accountFailuresBefore: number): number {
  const over = accountFailuresBefore - SIGN_IN_LIMITS.delayAfter;
  return over < 0 ? 0 : Math.min(1000 * 2 ** over, SIGN_IN_LIMITS.maxDelayMs);
}

export type SignInAttempt =
  | {
      ok: true;
      /** the password was right: the attempt is given back */
      succeeded: () => void;
      /** a Set-Cookie that remembers this browser for this account */
      rememberDevice: () => Promise<string>;
    }
  | { ok: false; retryAfterSeconds: number };

/**
 * Reserves one password attempt for `username` on this request's host from this client's address,
 * waiting first when the account is under attack from many places. Call it before hashing.
 */
export async function beginPasswordAttempt(
  request: Request,
  who: { username: string } | { userId: string },
): Promise<SignInAttempt> {
  const tag = accountTag(request, who);
  const ip = clientAddress(request);
  const known = await knownAccounts(request);
  const isKnown = known.includes(tag);
  const limits: AttemptLimit[] = [
    {
      key: `signin:pair:${tag}:${ip}`,
      limit: SIGN_IN_LIMITS.perAccountAndAddress,
      windowMs: SHORT_WINDOW_MS,
    },
    { key: `signin:ip:${ip}`, limit: SIGN_IN_LIMITS.perAddress, windowMs: SHORT_WINDOW_MS },
    // counted for everyone; a browser that signed in to this account before is never held by it
    {
      key: `signin:account:${tag}`,
      limit: isKnown ? Number.POSITIVE_INFINITY : SIGN_IN_LIMITS.perAccount,
      windowMs: ACCOUNT_WINDOW_MS,
    },
  ];
  const reservation = reserveAttempts(limits);
  if (!reservation.ok) return reservation;
  if (!isKnown) {
    const delay = progressiveDelayMs(reservation.counts[2]! - 1);
    if (delay > 0) await attemptClock.sleep(delay);
  }
  return {
    ok: true,
    succeeded: reservation.release,
    rememberDevice: () =>
      knownDeviceCookie().serialize([tag, ...known.filter((t) => t !== tag)].slice(0, 8)),
  };
}

/** The wait, in the words of the other rate limits, in `lang` (English when not given). */
export function tooManyAttemptsMessage(retryAfterSeconds: number, lang?: string | null): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return translator(lang, "errors")("signIn.tooMany", { minutes });
}

/**
 * The current-password check of /password, counted like a sign-in: null when the password is
 * right, else what to tell the person, in their language.
 */
export async function currentPasswordProblem(
  request: Request,
  user: { id: string },
  password: string,
): Promise<string | null> {
  const attempt = await beginPasswordAttempt(request, { userId: user.id });
  const t = await getT(request, "errors");
  if (!attempt.ok)
    return t("signIn.tooMany", { minutes: Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60)) });
  const row = getUserById(user.id);
  if (!(await verifyPassword(password, row?.passwordHash))) return t(WRONG_CURRENT_PASSWORD);
  attempt.succeeded();
  return null;
}
