// Sign-in, sign-out and the guards that every loader, action and resource route calls.
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import crypto from "node:crypto";
import type { Community, TenantDb } from "./db.server";
import {
  findSignInAccount,
  getUserById,
  isEmailSignIn,
  markSignedIn,
  type UserRow,
} from "./accounts.server";
import { homePathFor, ROLE, roleIn, type Role } from "./roles";
import { resolveHost, requireTenant, hostnameOf, type HostContext } from "./host.server";
import { verifyPassword } from "./password.server";
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  loadSession,
  readSessionId,
  type SessionRow,
} from "./session.server";
import { safeRedirect } from "./safe-redirect";
import { familyViewOf } from "./family-view.server";
import { keepSubmittedForm, pageOf } from "./kept-forms.server";
import { toastHeaders } from "./toast.server";
import { msg, type T } from "./i18n";
import { getT } from "./i18n.server";

/**
 * Who is signed in. A family account also carries the family member records it has confirmed
 * (one per resident it follows) and the one its pages show now (family-links.server.ts); for
 * every other role both are empty.
 */
export type SessionUser = Omit<UserRow, "passwordHash"> & {
  sessionId: string;
  familyMemberIds: string[];
  familyMemberId: string | null;
};

/** A refused sign-in; its message is a catalog key (msg), shown in the reader's language. */
export class LoginError extends Error {}

export const LOGIN_FAILED = msg("auth:login.failed");
/** The refusal when what was typed is an email address. */
export const LOGIN_FAILED_EMAIL = msg("auth:login.failedEmail");
/** An email address of several accounts of the community: she signs in with her username. */
export const EMAIL_SHARED = msg("auth:login.emailShared");

/** What a person is told when their sign-in attempts are spent: how many minutes to wait. */
function tooManySignInsMessage(t: T, retryAfterSeconds: number): string {
  return t("auth:login.tooMany", { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}

/** The 429 for spent sign-in attempts, in the reader's language, with Retry-After. */
export async function tooManySignIns(request: Request, retryAfterSeconds: number) {
  return new Response(tooManySignInsMessage(await getT(request, "auth"), retryAfterSeconds), {
    status: 429,
    headers: {
      "Retry-After": String(retryAfterSeconds),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}

// A fixed hash to compare against when the username or email is unknown: both take as long.
let dummyHash: Promise<string> | null = null;
async function timingDummy() {
  const { hashPassword } = await import("./password.server");
  dummyHash ??= hashPassword(crypto.randomBytes(12).toString("hex"));
  return dummyHash;
}

/**
 * Whether `password` is the password of one of the accounts that share the email typed. Each is
 * checked (no early answer), so that the refusal tells her to use her username only when she knows
 * a password: a stranger learns no more than "do not match".
 */
async function passwordOfAny(password: string, accounts: UserRow[]): Promise<boolean> {
  let right = false;
  for (const account of accounts)
    if (await verifyPassword(password, account.passwordHash ?? (await timingDummy()))) right = true;
  return right;
}

export const authenticator = new Authenticator<UserRow>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    // the field is named "username" and takes a username or an email address
    const identifier = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!identifier || !password) throw new LoginError(msg("auth:login.missing"));
    const ctx = resolveHost(request);
    if (ctx.kind === "missing") throw new LoginError(msg("auth:login.noCommunity"));
    const failed = isEmailSignIn(identifier) ? LOGIN_FAILED_EMAIL : LOGIN_FAILED;
    const match = findSignInAccount(identifier, ctx.kind === "tenant" ? ctx.community.id : null);
    // an email of two accounts never signs into either: she is told to use her username
    if (match.kind === "shared")
      throw new LoginError((await passwordOfAny(password, match.users)) ? EMAIL_SHARED : failed);
    const user = match.kind === "one" ? match.user : undefined;
    const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummy()));
    if (!user || !ok || !user.isActive) throw new LoginError(failed);
    // on the marketing host only super admins have an account
    if (ctx.kind === "marketing" && user.role !== ROLE.superAdmin) throw new LoginError(failed);
    return user;
  }),
  "password",
);

function clientIp(request: Request): string | null {
  // set by server/index.ts from the socket (or the trusted proxy's X-Forwarded-For)
  return request.headers.get("x-real-ip") || null;
}

/**
 * The roles that sign in on the community's shared computers: their session cookie lasts until the
 * browser closes, unless they tick "Keep me signed in on this device". Families and residents sign
 * in on their own phones and tablets and keep theirs until it expires.
 */
export const SHARED_COMPUTER_ROLES = [ROLE.superAdmin, ROLE.administrator, ROLE.staff] as const;

/**
 * Starts a fresh session (a new id every time) and redirects to `to`. `keepSignedIn`: the person
 * asked to stay signed in on this device (a cookie that outlives the browser, for every role).
 */
export async function signInAndRedirect(
  request: Request,
  user: UserRow,
  to?: string | null,
  extraHeaders?: Headers,
  keepSignedIn = false,
) {
  // settled before the session is made: a target that cannot be sent must not leave a session behind
  const target = user.mustChangePassword
    ? "/password"
    : safeRedirect(to, homePathFor(user.role), new URL(request.url).origin);
  const { setCookie } = await createSession({
    userId: user.id,
    role: user.role,
    host: hostnameOf(request),
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(request),
    persistent: keepSignedIn || !roleIn(user.role, SHARED_COMPUTER_ROLES),
  });
  markSignedIn(user.id);
  const headers = new Headers(extraHeaders);
  headers.append("Set-Cookie", setCookie);
  return redirect(target, { headers });
}

export { safeRedirect };

function belongsToHost(user: UserRow, ctx: HostContext): boolean {
  if (user.role === ROLE.superAdmin) return ctx.kind !== "missing";
  return ctx.kind === "tenant" && user.tenantId === ctx.community.id;
}

type SignedIn = { user: SessionUser; session: SessionRow } | null;
/**
 * The check, once a request: Remix runs the root's, the layout's and the page's loaders at the same
 * time, and each asks who is signed in; they share one answer (a promise, so the second asks before
 * the first has it), which is one session and one user read a page instead of three of each.
 */
const signedInCache = new WeakMap<Request, Promise<SignedIn>>();

function signedIn(request: Request): Promise<SignedIn> {
  let pending = signedInCache.get(request);
  if (!pending) {
    pending = checkSession(request);
    signedInCache.set(request, pending);
  }
  return pending;
}

/** The user whose session this request's cookie named, when it was no longer valid. */
const endedSessionUser = new WeakMap<Request, string>();

async function checkSession(request: Request): Promise<SignedIn> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const ctx = resolveHost(request);
  let user: UserRow | undefined;
  const session = loadSession(sessionId, hostnameOf(request), (userId) => {
    user = getUserById(userId);
    return user && user.isActive ? user.role : null;
  });
  if (!session || !user || !belongsToHost(user, ctx)) {
    // a session that has just ended still says whose it was, for the form it was sent with
    if (user) endedSessionUser.set(request, user.id);
    return null;
  }
  const { passwordHash: _hash, ...rest } = user;
  const family =
    user.role === ROLE.family && user.tenantId
      ? familyViewOf(user.tenantId, user.id, session.familyMemberId)
      : { familyMemberIds: [], familyMemberId: null };
  return { user: { ...rest, ...family, sessionId }, session };
}

/** The signed-in user for this request on this host, or null. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return (await signedIn(request))?.user ?? null;
}

/** The live session row this request's user was found by (null when signed out), as read then. */
export async function getSignedInSession(request: Request): Promise<SessionRow | null> {
  return (await signedIn(request))?.session ?? null;
}

function isApiRequest(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

export function forbidden(message = "You do not have access to this page."): Response {
  return new Response(message, {
    status: 403,
    statusText: "Forbidden",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

type Guard = { roles?: readonly Role[]; allowPasswordChange?: boolean };

/**
 * Returns the signed-in user or throws: a redirect to /login (401 for /api paths) when signed out,
 * after keeping the form it sent (signInAgain); a redirect to /password while a temporary password
 * is unchanged; 403 for the wrong role.
 */
export async function requireUser(request: Request, guard: Guard = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    if (isApiRequest(request))
      throw new Response((await getT(request, "auth"))("guard.signInRequired"), {
        status: 401,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    throw await signInAgain(request, guard);
  }
  if (user.mustChangePassword && !guard.allowPasswordChange) {
    if (isApiRequest(request))
      throw forbidden((await getT(request, "auth"))("guard.changePasswordFirst"));
    throw redirect("/password");
  }
  if (guard.roles && !guard.roles.includes(user.role))
    throw forbidden((await getT(request, "common"))("error.forbidden"));
  return user;
}

/**
 * The way to the sign-in page for a signed-out request, and back. A form sent without a valid
 * session is kept first (kept-forms.server.ts), for the user whose session it was, and the person
 * comes back to the form's page, where it is filled in again; the sign-in page says why.
 */
async function signInAgain(request: Request, guard: Guard): Promise<Response> {
  const headers = new Headers();
  let page = pageOf(new URL(request.url));
  try {
    const kept = await keepSubmittedForm(request, {
      userId: endedSessionUser.get(request) ?? null,
      roles: guard.roles ?? null,
    });
    page = kept.page;
    if (kept.setCookie) {
      headers.append("Set-Cookie", kept.setCookie);
      const t = await getT(request, "auth");
      const toast = await toastHeaders({
        type: "info",
        title: t("kept.toastTitle"),
        description: t("kept.toastDescription"),
      });
      for (const c of toast.getSetCookie()) headers.append("Set-Cookie", c);
    }
  } catch (error) {
    // the way to sign in never depends on the keeping
    console.error("Keeping a signed-out form failed", error);
  }
  return redirect(`/login?redirectTo=${encodeURIComponent(page)}`, { headers });
}

/** For community screens: the community, its database handle and the signed-in member. */
export async function requireTenantUser(
  request: Request,
  guard: Guard = {},
): Promise<{ user: SessionUser; community: Community; db: TenantDb }> {
  const { community, db } = requireTenant(request);
  const user = await requireUser(request, guard);
  return { user, community, db };
}

export async function signOut(request: Request) {
  const sessionId = await readSessionId(request);
  if (sessionId) deleteSession(sessionId);
  return redirect("/login", { headers: { "Set-Cookie": await clearSessionCookie() } });
}
