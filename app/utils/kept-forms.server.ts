// A form sent after its session had ended is not lost. The guard that sends a signed-out request to
// the sign-in page (requireUser) keeps the form's text fields first: in the control database, for
// 24 hours, tied to this browser (a random id in the storyloom_kept cookie, stored only as a hash),
// to the site and to the form's page. Once the person has signed in again and opens that page, the
// root loader hands the fields over, once, and the form shows them with a word why (KeptNotice).
// Only the user whose session had ended gets them back, when that is still known; otherwise only a
// member the refusing guard admits. Files, passwords, tokens and the form's bookkeeping (intent,
// redirectTo, the honeypot) are never kept.
import { createCookie } from "@remix-run/node";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { controlSchema, getControlDb } from "./db.server";
import { env } from "./env.server";
import { hostnameOf, resolveHost } from "./host.server";
import { PHOTO_FORM_HARD_CAP } from "./media-limits";
import type { Role } from "./roles";
import { readForm } from "./upload-form.server";

const { keptForms } = controlSchema;

/** How long a kept form waits for its person to sign in again. */
export const KEPT_FORM_TTL_MS = 24 * 3600_000;
/** The most text one form keeps (names and values, UTF-8); a field that does not fit is left out. */
export const KEPT_FORM_MAX_BYTES = 256 * 1024;
/** One browser's kept forms beyond this many, the oldest go. */
export const KEPT_FORMS_PER_BROWSER = 10;
/** All kept forms together; past it the oldest go (signed-out requests must not fill the disk). */
export const KEPT_FORMS_TOTAL_BYTES = 64 * 1024 * 1024;

/** What the page's form gets back: its fields as sent, by name (a name sent twice: its values). */
export type KeptForm = {
  /** the page the form is on (path and query), where the fields are given back */
  page: string;
  /** the form's `intent`, which tells apart the forms of one page */
  intent: string | null;
  values: Record<string, string | string[]>;
  /** a file was chosen on the form and is not kept: it must be chosen again */
  filesLeftOut: boolean;
};

// names never kept: secrets, and what the form adds itself rather than what the person wrote
const SECRET_NAME = /password|passcode|secret|csrf|token/i;
const BOOKKEEPING_NAMES = new Set([
  "intent",
  "__intent__",
  "redirectTo",
  "returnTo",
  "back",
  "turn",
  "website",
  "pin",
]);

// the query parameters Remix adds to its own requests (`?index` on an index route's form, the
// routes a data request loads): not part of the page
const REMIX_PARAMS = ["index", "_routes", "_data"];

/** The page a request is for: its path and query, without the parameters Remix adds. */
export function pageOf(url: URL): string {
  if (!REMIX_PARAMS.some((p) => url.searchParams.has(p))) return url.pathname + url.search;
  const params = new URLSearchParams(url.search);
  for (const p of REMIX_PARAMS) params.delete(p);
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}

let cookie: ReturnType<typeof createCookie> | null = null;
function keptCookie() {
  const { isProduction, SESSION_SECRET } = env();
  cookie ??= createCookie(isProduction ? "__Host-storyloom_kept" : "storyloom_kept", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
    secrets: [SESSION_SECRET],
    maxAge: KEPT_FORM_TTL_MS / 1000,
  });
  return cookie;
}

async function browserIdOf(request: Request): Promise<string | null> {
  const value = await keptCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{43}$/.test(value) ? value : null;
}

function hashOf(browserId: string) {
  return crypto.createHash("sha256").update(browserId).digest("base64url");
}

function communityIdOf(request: Request): string | null | undefined {
  const ctx = resolveHost(request);
  if (ctx.kind === "missing") return undefined;
  return ctx.kind === "tenant" ? ctx.community.id : null;
}

function isFormBody(request: Request) {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  return (
    type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
  );
}

// what a button or a hidden field sends rather than what a person writes: an id, a checkbox
const ID_LIKE = /^[\w-]{16,}$/;
const TOGGLE_WORDS = new Set(["on", "off", "yes", "no", "true", "false"]);

/** Whether a value is something a person wrote (not an id, a checkbox's word or a reaction). */
function looksWritten(value: string) {
  const text = value.trim();
  return /[\p{L}\p{N}]/u.test(text) && !ID_LIKE.test(text) && !TOGGLE_WORDS.has(text.toLowerCase());
}

/**
 * The text fields worth keeping, within the size cap; null when nothing in them was written (a
 * reaction, a delete button, a checkbox alone: sent again with a tap, nothing to lose).
 */
export function keptFieldsOf(form: FormData): { fields: [string, string][]; size: number } | null {
  const fields: [string, string][] = [];
  let size = 0;
  let written = false;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (SECRET_NAME.test(name) || BOOKKEEPING_NAMES.has(name)) continue;
    const bytes = Buffer.byteLength(name) + Buffer.byteLength(value);
    if (size + bytes > KEPT_FORM_MAX_BYTES) continue;
    fields.push([name, value]);
    size += bytes;
    if (looksWritten(value)) written = true;
  }
  return written ? { fields, size } : null;
}

/**
 * For a signed-out request on its way to the sign-in page: keeps what its form held (a POST with a
 * form body), and says which page to come back to. `userId`: whose session had just ended, when it
 * is known; `roles`: the roles the refusing guard admits (null: any member of this site). Returns
 * the page and the cookie to set (null when nothing was kept).
 */
export async function keepSubmittedForm(
  request: Request,
  { userId, roles }: { userId: string | null; roles: readonly Role[] | null },
): Promise<{ page: string; setCookie: string | null }> {
  const page = pageOf(new URL(request.url));
  const communityId = communityIdOf(request);
  if (
    request.method === "GET" ||
    request.method === "HEAD" ||
    communityId === undefined ||
    !isFormBody(request) ||
    request.bodyUsed
  )
    return { page, setCookie: null };
  let read;
  try {
    // files are let go as they arrive (a limit of 0 bytes); only their being there is noted
    read = await readForm(request, {
      maxFileBytes: 0,
      maxTotalBytes: PHOTO_FORM_HARD_CAP,
      maxFiles: 10,
      maxFields: 200,
    });
  } catch {
    return { page, setCookie: null };
  }
  const kept = keptFieldsOf(read.form);
  if (!kept) return { page, setCookie: null };
  const intent = read.form.get("intent");
  const browserId = (await browserIdOf(request)) ?? crypto.randomBytes(32).toString("base64url");
  const browserHash = hashOf(browserId);
  const host = hostnameOf(request);
  const now = Date.now();
  const db = getControlDb();
  db.transaction((tx) => {
    // a form sent again from the same page takes the place of the one kept before
    tx.delete(keptForms)
      .where(
        and(
          eq(keptForms.browserHash, browserHash),
          eq(keptForms.host, host),
          eq(keptForms.page, page),
        ),
      )
      .run();
    tx.insert(keptForms)
      .values({
        id: crypto.randomBytes(16).toString("base64url"),
        browserHash,
        host,
        communityId,
        page,
        userId,
        roles: roles ? JSON.stringify(roles) : null,
        intent: typeof intent === "string" ? intent.slice(0, 100) : null,
        fields: JSON.stringify(kept.fields),
        size: kept.size,
        filesLeftOut: read.tooLarge.size > 0,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + KEPT_FORM_TTL_MS).toISOString(),
      })
      .run();
    tx.delete(keptForms)
      .where(lte(keptForms.expiresAt, new Date(now).toISOString()))
      .run();
    // this browser's oldest beyond its share, then the oldest of all beyond the budget
    tx.run(sql`DELETE FROM kept_forms WHERE id IN (
      SELECT id FROM kept_forms WHERE browser_hash = ${browserHash}
      ORDER BY created_at DESC LIMIT -1 OFFSET ${KEPT_FORMS_PER_BROWSER})`);
    tx.run(sql`DELETE FROM kept_forms WHERE id IN (
      SELECT id FROM (SELECT id, SUM(size) OVER (ORDER BY created_at DESC, id) AS running
        FROM kept_forms) WHERE running > ${KEPT_FORMS_TOTAL_BYTES})`);
  });
  return { page, setCookie: await keptCookie().serialize(browserId) };
}

/**
 * The form kept for this page in this browser, for `user` who is signed in now; at most once (it
 * is deleted as it is read, given back or not). A form kept from another user's session is thrown
 * away; one whose user was not known goes only to a member the guard that refused it admits.
 */
export async function takeKeptForm(
  request: Request,
  user: { id: string; role: Role } | null,
): Promise<KeptForm | null> {
  if (!user || request.method !== "GET") return null;
  const browserId = await browserIdOf(request);
  if (!browserId) return null;
  const communityId = communityIdOf(request);
  if (communityId === undefined) return null;
  const page = pageOf(new URL(request.url));
  const db = getControlDb();
  const now = new Date().toISOString();
  const row = db
    .select()
    .from(keptForms)
    .where(
      and(
        eq(keptForms.browserHash, hashOf(browserId)),
        eq(keptForms.page, page),
        eq(keptForms.host, hostnameOf(request)),
        gt(keptForms.expiresAt, now),
      ),
    )
    .orderBy(asc(keptForms.createdAt))
    .get();
  if (!row) return null;
  db.delete(keptForms).where(eq(keptForms.id, row.id)).run();
  if (row.communityId !== communityId) return null;
  if (row.userId ? row.userId !== user.id : !admits(row.roles, user.role)) return null;
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of JSON.parse(row.fields) as [string, string][]) {
    const before = values[name];
    values[name] = before === undefined ? value : [before, value].flat();
  }
  return { page: row.page, intent: row.intent, values, filesLeftOut: row.filesLeftOut };
}

function admits(roles: string | null, role: Role) {
  if (roles === null) return true;
  const list = JSON.parse(roles) as unknown;
  return Array.isArray(list) && list.includes(role);
}
