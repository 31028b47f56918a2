// Isolation and role matrix: every path of the JSON API and every screen, tried by each role
// of community A (sunnybrook) on A's host and on B's host (maplewood), with object ids taken from
// both communities. Fails on any leak of B's data and on any action a role should not have.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { test, expect, httpRequest, sessionCookie, hostFor, PORT } from "./support/fixtures";

// one after the other, in one worker: the matrix checks that no refused request changes community
// A's tables, and the audience test below saves stories (and sends their mail) in community A
test.describe.configure({ mode: "default" });

test.setTimeout(240_000);

// "kiosk": a lounge kiosk of A with the resident's session started by her PIN; no user
type Role =
  "anonymous" | "administrator" | "staff" | "resident" | "family" | "super_admin" | "kiosk";
const ROLES: Role[] = [
  "anonymous",
  "administrator",
  "staff",
  "resident",
  "family",
  "super_admin",
  "kiosk",
];
const USERS: Record<Exclude<Role, "anonymous" | "kiosk">, string> = {
  administrator: "linda.admin",
  staff: "marcus",
  resident: "margaret.ellis",
  family: "sarah.ellis",
  super_admin: "superadmin",
};
const A = "sunnybrook";
const B = "maplewood";
const dataDir = path.resolve(`test-data/e2e-${PORT}`);

function open(sub: string) {
  return new Database(path.join(dataDir, "tenants", `${sub}.sqlite`), {
    readonly: true,
    fileMustExist: true,
  });
}

type Ids = {
  story: string;
  pendingStory: string;
  otherResidentsStory: string;
  resident: string;
  familyMember: string;
  media: string;
  news: string;
  draftNews: string;
  outboxMessage: string;
  staffUser: string;
  kiosk: string;
  event: string;
  eventDate: string;
  /** the community's own id (control database) */
  community: string;
};

/** A staff member's user id in the community (control database). */
function staffUserOf(sub: string): string {
  const db = new Database(path.join(dataDir, "control.sqlite"), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return (
      db
        .prepare(
          "select u.id from users u join communities c on c.id = u.tenant_id where c.subdomain = ? and u.role = 'staff' order by u.username limit 1",
        )
        .get(sub) as { id: string }
    ).id;
  } finally {
    db.close();
  }
}

function idsOf(sub: string, residentUsername?: string): Ids & { markers: string[] } {
  const db = open(sub);
  const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
  // in A the signed-in resident's own records; in B any
  const residentId = residentUsername
    ? one<{ id: string }>(
        "select id from residents where lower(first_name || '.' || last_name) = ?",
        residentUsername,
      )?.id
    : undefined;
  const r =
    residentId ?? one<{ id: string }>("select id from residents order by created_at limit 1").id;
  const ids = {
    story:
      one<{ id: string }>(
        "select id from stories where is_published = 1 and resident_id = ? limit 1",
        r,
      )?.id ?? one<{ id: string }>("select id from stories where is_published = 1 limit 1").id,
    pendingStory: one<{ id: string }>(
      "select id from stories where is_published = 0 and resident_id != ? limit 1",
      r,
    ).id,
    otherResidentsStory: one<{ id: string }>(
      "select id from stories where resident_id != ? limit 1",
      r,
    ).id,
    resident: r,
    familyMember: one<{ id: string }>("select id from family_members limit 1").id,
    // another resident's: the kiosk session of A's resident may open only her own
    media: one<{ id: string }>(
      "select image_id as id from stories where image_id is not null and is_published = 1 and resident_id != ? limit 1",
      r,
    ).id,
    kiosk: one<{ id: string }>("select id from kiosks order by created_at limit 1").id,
    staffUser: staffUserOf(sub),
    // a one-off event: its occurrence is its own day
    ...(() => {
      const e = one<{ id: string; event_date: string }>(
        "select id, event_date from calendar_events where recurrence is null order by created_at limit 1",
      );
      return { event: e.id, eventDate: e.event_date };
    })(),
    news: one<{ id: string }>("select id from news_posts where is_published = 1 limit 1").id,
    draftNews: one<{ id: string }>("select id from news_posts where is_published = 0 limit 1").id,
    outboxMessage: planted(sub),
    community: communityIdOf(sub),
  };
  const markers = (
    db.prepare("select first_name || ' ' || last_name as n from residents").all() as { n: string }[]
  ).map((x) => x.n);
  const titles = (
    db.prepare("select title from stories union select title from news_posts").all() as {
      title: string;
    }[]
  ).map((x) => x.title);
  db.close();
  return {
    ...ids,
    markers: [...markers, ...titles, `marker-${sub}-mail`].filter((m) => m.length > 6),
  };
}

/** The community's id in the control database. */
function communityIdOf(sub: string): string {
  const control = new Database(path.join(dataDir, "control.sqlite"), { readonly: true });
  try {
    return (
      control.prepare("select id from communities where subdomain = ?").get(sub) as { id: string }
    ).id;
  } finally {
    control.close();
  }
}

/** An email in the community's outbox folder (the server writes them there without SMTP_URL). */
function planted(sub: string): string {
  const id = `isolation${sub}0123456789`;
  const dir = path.join(dataDir, "outbox", sub);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${id}.eml`),
    `Subject: Private to ${sub}\nTo: someone@family.example\n\nOnly for ${sub}: marker-${sub}-mail\n`,
  );
  return id;
}

/** An unsubscribe link's token, signed as the server signs it (HMAC with its SESSION_SECRET). */
function unsubscribeToken(sub: string, username: string): string {
  const control = new Database(path.join(dataDir, "control.sqlite"), { readonly: true });
  const community = control.prepare("select id from communities where subdomain = ?").get(sub) as {
    id: string;
  };
  const user = control
    .prepare("select id from users where username = ? and tenant_id = ?")
    .get(username, community.id) as { id: string };
  control.close();
  const secret = fs.readFileSync(path.join(dataDir, ".session-secret"), "utf8").trim();
  const payload = Buffer.from(JSON.stringify([community.id, user.id])).toString("base64url");
  return `${payload}.${crypto.createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url")}`;
}

/** The newest password link emailed to `username` of `sub` (read from the email the server queued). */
async function resetTokenOf(sub: string, username: string): Promise<string> {
  const control = new Database(path.join(dataDir, "control.sqlite"), { readonly: true });
  const user = control
    .prepare(
      "select u.id from users u join communities c on c.id = u.tenant_id where u.username = ? and c.subdomain = ?",
    )
    .get(username, sub) as { id: string };
  control.close();
  const tenant = new Database(path.join(dataDir, "tenants", `${sub}.sqlite`), { readonly: true });
  const mail = tenant
    .prepare(
      "select text_body from email_outbox where kind = 'password' and to_user_id = ? order by created_at desc limit 1",
    )
    .get(user.id) as { text_body: string } | undefined;
  tenant.close();
  const token = /reset-password\?token=([\w-]+)/.exec(mail?.text_body ?? "")?.[1];
  if (!token) throw new Error(`no password link was emailed to ${username} of ${sub}`);
  return token;
}

function passwordHashOf(sub: string, username: string): string | null {
  const control = new Database(path.join(dataDir, "control.sqlite"), { readonly: true });
  const row = control
    .prepare(
      "select u.password_hash as h from users u join communities c on c.id = u.tenant_id where u.username = ? and c.subdomain = ?",
    )
    .get(username, sub) as { h: string | null };
  control.close();
  return row.h;
}

const form = (sub: string, fields: Record<string, string>) => ({
  headers: {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: `http://${hostFor(sub)}`,
  },
  body: new URLSearchParams(fields).toString(),
});

/** Registers a kiosk as the community's administrator; the setup link's path. */
async function registerKiosk(sub: string, admin: string): Promise<string> {
  const cookie = await sessionCookie(admin, sub);
  const res = await httpRequest({
    sub,
    path: "/admin/kiosks",
    method: "POST",
    cookie,
    ...form(sub, { intent: "register", name: `Matrix kiosk ${Date.now()}` }),
  });
  // shown once on the page the action sends to (a flash cookie)
  const flash = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const page = await httpRequest({ sub, path: "/admin/kiosks", cookie: `${cookie}; ${flash}` });
  const m = /\/kiosk\/setup\/[\w-]+/.exec(page.text());
  if (!m) throw new Error(`no setup link for ${sub}: ${res.status}`);
  return m[0];
}

/** A's kiosk, set up: the device cookie. */
async function kioskCookie(): Promise<string> {
  const setup = await registerKiosk(A, USERS.administrator);
  const res = await httpRequest({ sub: A, path: setup, method: "POST", ...form(A, {}) });
  if (res.status !== 302) throw new Error(`kiosk setup answered ${res.status}`);
  return (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}

/** Starts the resident's kiosk session with her PIN (2 minutes without input end it). */
async function kioskSignIn(cookie: string, residentId: string) {
  const res = await httpRequest({
    sub: A,
    path: `/kiosk/residents/${residentId}`,
    method: "POST",
    cookie,
    ...form(A, { pin: "2468" }),
  });
  if (res.status !== 302 || res.headers.location !== "/kiosk/me")
    throw new Error(`kiosk PIN answered ${res.status} ${res.headers.location}`);
}

function tableCounts(sub: string): Record<string, number> {
  const db = open(sub);
  const tables = (
    db
      .prepare(
        "select name from sqlite_master where type='table' and name not like 'sqlite_%' and name not like '__drizzle%'",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  const counts = Object.fromEntries(
    tables.map((t) => [
      t,
      (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n,
    ]),
  );
  db.close();
  return counts;
}

type Case = {
  method: string;
  path: string;
  body?: unknown;
  multipart?: boolean;
  allowed: Role[] | "any-signed-in" | "public";
  anyHost?: boolean;
};

const SIGNED_IN: Role[] = ["administrator", "staff", "resident", "family", "super_admin"];
const CARE: Role[] = ["administrator", "staff", "super_admin"];
const REVIEW: Role[] = ["administrator", "super_admin"];

/** What each role may do on its own community's host with its own community's objects. */
function cases(ids: Ids): Case[] {
  return [
    { method: "GET", path: "/api/tenant", allowed: SIGNED_IN },
    { method: "GET", path: "/api/stats", allowed: SIGNED_IN },
    { method: "GET", path: "/api/stories/recent", allowed: SIGNED_IN },
    { method: "GET", path: "/api/stories/featured", allowed: SIGNED_IN },
    { method: "GET", path: "/api/residents", allowed: CARE },
    {
      method: "POST",
      path: "/api/residents",
      body: { firstName: "", lastName: "" },
      allowed: CARE,
    },
    {
      method: "PATCH",
      path: `/api/residents/${ids.resident}`,
      body: { roomNumber: "99" },
      allowed: CARE,
    },
    { method: "GET", path: "/api/family-members", allowed: CARE },
    {
      method: "POST",
      path: "/api/family-members",
      body: { residentId: ids.resident, name: "", email: "bad" },
      allowed: CARE,
    },
    { method: "GET", path: "/api/admin/stories/pending", allowed: REVIEW },
    { method: "GET", path: "/api/admin/stories/published", allowed: REVIEW },
    {
      method: "PATCH",
      path: `/api/admin/stories/${ids.pendingStory}/approve`,
      body: { isPublished: false },
      allowed: REVIEW,
    },
    {
      method: "PATCH",
      path: `/api/admin/stories/${ids.story}/feature`,
      body: { isFeatured: true },
      allowed: REVIEW,
    },
    { method: "GET", path: "/api/community-news", allowed: SIGNED_IN },
    {
      method: "POST",
      path: "/api/community-news",
      body: { title: "", content: "" },
      allowed: CARE,
    },
    { method: "GET", path: "/api/calendar-events", allowed: SIGNED_IN },
    {
      method: "POST",
      path: "/api/calendar-events",
      body: { title: "", eventDate: "" },
      allowed: CARE,
    },
    { method: "GET", path: `/api/stories/${ids.story}/comments`, allowed: SIGNED_IN },
    {
      method: "POST",
      path: `/api/stories/${ids.otherResidentsStory}/comments`,
      body: { content: "Not my family's story", emoji: "❤️" },
      allowed: [],
    },
    { method: "GET", path: "/api/family/profile", allowed: ["family"] },
    { method: "GET", path: "/api/family/stories", allowed: ["family"] },
    { method: "POST", path: "/api/family/questions", body: { question: "" }, allowed: ["family"] },
    { method: "DELETE", path: `/api/stories/${ids.otherResidentsStory}`, allowed: [] },
    {
      method: "PUT",
      path: `/api/stories/${ids.otherResidentsStory}/image`,
      body: { imageUrl: "/objects/nothing" },
      allowed: CARE,
    },
    {
      method: "GET",
      path: "/api/resident/stories",
      allowed: ["resident", "staff", "administrator"],
    },
    {
      method: "GET",
      path: "/api/story-prompt/childhood",
      allowed: ["resident", "staff", "administrator"],
    },
    { method: "GET", path: "/api/super-admin/tenants", allowed: ["super_admin"] },
    { method: "GET", path: "/api/super-admin/users", allowed: ["super_admin"] },
    {
      method: "POST",
      path: "/api/super-admin/tenants",
      body: { name: "", subdomain: "" },
      allowed: ["super_admin"],
    },
    {
      method: "POST",
      path: "/api/super-admin/staff",
      body: { tenantId: "", username: "", email: "", role: "staff" },
      allowed: ["super_admin"],
    },
    { method: "GET", path: `/stories/${ids.story}`, allowed: SIGNED_IN },
    { method: "GET", path: `/stories/${ids.pendingStory}`, allowed: CARE },
    { method: "GET", path: `/media/${ids.media}`, allowed: SIGNED_IN },
    // a typed story has no captions (404 for everyone); captions that exist are tried in listening.spec
    { method: "GET", path: `/stories/${ids.story}/captions.vtt`, allowed: [] },
    { method: "GET", path: `/stories/${ids.pendingStory}/captions.vtt`, allowed: [] },
    { method: "GET", path: "/admin", allowed: REVIEW },
    { method: "GET", path: "/admin/residents", allowed: REVIEW },
    { method: "GET", path: `/staff/residents/${ids.resident}/invitation`, allowed: CARE },
    { method: "GET", path: `/admin/residents/${ids.resident}/invitation`, allowed: REVIEW },
    { method: "GET", path: "/admin/stories", allowed: REVIEW },
    { method: "GET", path: "/staff", allowed: CARE },
    { method: "GET", path: "/resident", allowed: ["resident"] },
    { method: "GET", path: "/family", allowed: ["family"] },
    {
      method: "POST",
      path: "/family",
      body: { intent: "confirm-follow", memberId: "not-hers" },
      allowed: ["family"],
    },
    // one person's two family accounts merged into one: administrators only
    { method: "GET", path: "/admin/families/merge", allowed: REVIEW },
    {
      method: "POST",
      path: "/admin/families/merge",
      body: { email: "nobody@family.example", keep: "nobody" },
      allowed: REVIEW,
    },
    { method: "GET", path: "/super-admin", allowed: ["super_admin"] },
    // running a 200-bed facility: lists, staff, exports, print views, bulk actions, audit, login-as return
    { method: "GET", path: "/api/residents?q=ellis&sort=room&page=1", allowed: CARE },
    { method: "GET", path: "/api/family-members?q=ellis&invitation=pending&page=1", allowed: CARE },
    { method: "GET", path: "/admin/residents?q=a&sort=-room&status=all&page=2", allowed: REVIEW },
    { method: "GET", path: "/staff/residents?q=a&sort=admitted", allowed: CARE },
    { method: "GET", path: `/admin/families?resident=${ids.resident}`, allowed: REVIEW },
    { method: "GET", path: "/staff/families?invitation=accepted&sort=resident", allowed: CARE },
    { method: "GET", path: "/admin/stories?status=rejected&q=a", allowed: REVIEW },
    {
      method: "POST",
      path: "/admin/stories",
      body: { intent: "reopen", storyId: ids.pendingStory },
      allowed: REVIEW,
    },
    { method: "GET", path: "/admin/residents.csv", allowed: REVIEW },
    { method: "GET", path: "/admin/families.csv", allowed: REVIEW },
    { method: "GET", path: "/admin/staff.csv", allowed: REVIEW },
    { method: "GET", path: "/admin/residents/print", allowed: REVIEW },
    { method: "GET", path: "/staff/residents/print?sort=room", allowed: CARE },
    { method: "GET", path: `/admin/residents/${ids.resident}/deactivate`, allowed: REVIEW },
    { method: "GET", path: `/staff/residents/${ids.resident}/deactivate`, allowed: CARE },
    {
      method: "POST",
      path: `/staff/residents/${ids.resident}/deactivate`,
      body: { intent: "deactivate" },
      allowed: CARE,
    },
    { method: "GET", path: "/admin/residents/bulk", allowed: REVIEW },
    {
      method: "POST",
      path: "/staff/residents/bulk",
      body: { intent: "deactivate", ids: ids.resident },
      allowed: CARE,
    },
    { method: "GET", path: "/staff/families/bulk", allowed: CARE },
    {
      method: "POST",
      path: "/admin/families/bulk",
      body: { intent: "deactivate", ids: ids.familyMember },
      allowed: REVIEW,
    },
    { method: "GET", path: "/admin/staff?q=a&role=staff", allowed: REVIEW },
    { method: "GET", path: "/admin/staff/new", allowed: REVIEW },
    {
      method: "POST",
      path: "/admin/staff/new",
      body: {
        displayName: "X",
        username: "x",
        email: "x@x.example",
        role: "staff",
        method: "link",
      },
      allowed: REVIEW,
    },
    { method: "GET", path: `/admin/staff/${ids.staffUser}`, allowed: REVIEW },
    { method: "GET", path: `/admin/staff/${ids.staffUser}/reset`, allowed: REVIEW },
    {
      method: "POST",
      path: `/admin/staff/${ids.staffUser}/reset`,
      body: { method: "link" },
      allowed: REVIEW,
    },
    { method: "GET", path: `/admin/staff/${ids.staffUser}/deactivate`, allowed: REVIEW },
    // a link to choose a new password, emailed by staff from the person's page
    { method: "GET", path: `/admin/staff/${ids.staffUser}/password-link`, allowed: REVIEW },
    { method: "POST", path: `/admin/staff/${ids.staffUser}/password-link`, allowed: REVIEW },
    { method: "GET", path: `/admin/families/${ids.familyMember}/password-link`, allowed: REVIEW },
    { method: "POST", path: `/admin/families/${ids.familyMember}/password-link`, allowed: REVIEW },
    { method: "GET", path: `/staff/families/${ids.familyMember}/password-link`, allowed: CARE },
    { method: "POST", path: `/staff/families/${ids.familyMember}/password-link`, allowed: CARE },
    // forgotten passwords: public pages on every site (a link's own site is checked below)
    { method: "GET", path: "/forgot-password", allowed: "public", anyHost: true },
    { method: "GET", path: "/reset-password?token=not-a-secret", allowed: "public", anyHost: true },
    // the HTTPS front's question before a certificate: public, yes or no (a site's host: yes)
    {
      method: "GET",
      path: "/api/tls-ask?domain=storyloom.localhost",
      allowed: "public",
      anyHost: true,
    },
    {
      method: "POST",
      path: `/admin/staff/${ids.staffUser}/deactivate`,
      body: { intent: "deactivate" },
      allowed: REVIEW,
    },
    { method: "GET", path: "/admin/audit?kind=sign-ins&page=1", allowed: REVIEW },
    { method: "GET", path: "/admin/calendar?view=month&month=2026-12", allowed: REVIEW },
    { method: "GET", path: "/staff/calendar?view=month", allowed: CARE },
    { method: "GET", path: "/staff/news", allowed: CARE },
    { method: "GET", path: "/staff/bulletin", allowed: CARE },
    {
      method: "GET",
      path: "/super-admin/users?q=a&role=staff&page=1",
      allowed: ["super_admin"],
      anyHost: true,
    },
    {
      method: "GET",
      path: "/super-admin/communities?status=active",
      allowed: ["super_admin"],
      anyHost: true,
    },
    {
      method: "POST",
      path: "/super-admin/users",
      body: { intent: "deactivate", userId: ids.staffUser },
      allowed: ["super_admin"],
      anyHost: true,
    },
    // only a session opened by login-as has something to return from; for anyone else it changes nothing
    { method: "POST", path: "/auth/return", allowed: "public", anyHost: true },
    // families in the loop: news, events, notifications and their settings, the gazette, email
    { method: "GET", path: "/news", allowed: SIGNED_IN },
    { method: "GET", path: `/news/${ids.news}`, allowed: SIGNED_IN },
    { method: "GET", path: `/news/${ids.draftNews}`, allowed: [] },
    { method: "GET", path: "/events", allowed: SIGNED_IN },
    { method: "GET", path: "/events/past", allowed: SIGNED_IN },
    { method: "GET", path: "/notifications", allowed: SIGNED_IN },
    { method: "GET", path: "/notifications/settings", allowed: SIGNED_IN },
    {
      method: "POST",
      path: "/notifications/settings",
      body: { emailMode: "never" },
      allowed: SIGNED_IN,
    },
    { method: "GET", path: "/api/notifications", allowed: SIGNED_IN },
    { method: "GET", path: "/family/gazette", allowed: ["family"] },
    { method: "GET", path: "/family/gazette.pdf", allowed: ["family"] },
    { method: "GET", path: `/admin/residents/${ids.resident}/gazette`, allowed: REVIEW },
    { method: "GET", path: `/admin/residents/${ids.resident}/gazette.pdf`, allowed: REVIEW },
    { method: "GET", path: `/staff/residents/${ids.resident}/gazette`, allowed: CARE },
    { method: "GET", path: `/staff/residents/${ids.resident}/gazette.pdf`, allowed: CARE },
    // /admin/email leads to /admin/settings (the same administrators only)
    { method: "GET", path: "/admin/email", allowed: REVIEW },
    { method: "POST", path: "/admin/email", body: { day: 9, hour: 99 }, allowed: REVIEW },
    // the community's settings: details, time zone, language, digest, delivery
    { method: "GET", path: "/admin/settings", allowed: REVIEW },
    {
      method: "POST",
      path: "/admin/settings",
      body: { intent: "timeZone", timeZone: "America/Denver" },
      allowed: REVIEW,
    },
    {
      method: "POST",
      path: "/admin/settings",
      body: { intent: "details", name: "Renamed by a stranger" },
      allowed: REVIEW,
    },
    {
      method: "GET",
      path: `/super-admin/communities/${ids.community}`,
      allowed: ["super_admin"],
      anyHost: true,
    },
    {
      method: "POST",
      path: `/super-admin/communities/${ids.community}`,
      body: { intent: "update", name: "Renamed by a stranger", timeZone: "UTC" },
      allowed: ["super_admin"],
      anyHost: true,
    },
    // who may see a story (the resident, or the care team with the resident's agreement)
    { method: "GET", path: `/stories/${ids.story}/audience`, allowed: ["resident", ...CARE] },
    {
      method: "POST",
      path: `/stories/${ids.story}/audience`,
      body: { intent: "audience", audience: "private" },
      allowed: ["resident", ...CARE],
    },
    {
      method: "PATCH",
      path: `/api/stories/${ids.story}`,
      body: { audience: "private" },
      allowed: ["resident", ...CARE],
    },
    {
      method: "POST",
      path: `/api/stories/${ids.story}/withdraw`,
      body: {},
      allowed: ["resident", ...CARE],
    },
    {
      method: "PATCH",
      path: `/api/stories/${ids.otherResidentsStory}`,
      body: { audience: "private", residentAgreed: true },
      allowed: CARE,
    },
    // take away and erase: the resident and the administrators; family erase only themselves
    {
      method: "GET",
      path: `/residents/${ids.resident}/export.zip`,
      allowed: ["resident", ...REVIEW],
    },
    { method: "GET", path: `/admin/residents/${ids.resident}/erase`, allowed: REVIEW },
    {
      method: "POST",
      path: `/admin/residents/${ids.resident}/erase`,
      body: { confirm: "not the name" },
      allowed: REVIEW,
    },
    { method: "GET", path: "/family/erase", allowed: ["family"] },
    // the life-story book: the resident, their family and the care team; revoking: the resident and the care team
    {
      method: "GET",
      path: `/residents/${ids.resident}/book?order=category&large=1`,
      allowed: ["resident", "family", ...CARE],
    },
    {
      method: "GET",
      path: `/residents/${ids.resident}/book.pdf`,
      allowed: ["resident", "family", ...CARE],
    },
    {
      method: "POST",
      path: `/residents/${ids.resident}/book`,
      body: {},
      allowed: ["resident", ...CARE],
    },
    { method: "GET", path: "/listen/not-a-link.forged", allowed: [] },
    { method: "GET", path: "/listen/not-a-link.forged/audio", allowed: [] },
    // About me: the care team and the resident (family only when the resident allows; Sarah is not allowed here)
    { method: "GET", path: `/residents/${ids.resident}/about`, allowed: ["resident", ...CARE] },
    {
      method: "GET",
      path: `/residents/${ids.resident}/about?suggest=1`,
      allowed: ["resident", ...CARE],
    },
    { method: "GET", path: `/residents/${ids.resident}/about.pdf`, allowed: ["resident", ...CARE] },
    {
      method: "POST",
      path: `/residents/${ids.resident}/about`,
      body: { intent: "accept", section: "calms", text: "x" },
      allowed: ["resident", ...CARE],
    },
    {
      method: "POST",
      path: "/family/erase",
      body: { confirm: "not the name" },
      allowed: ["family"],
    },
    { method: "GET", path: "/dev/outbox", allowed: SIGNED_IN },
    { method: "GET", path: `/dev/outbox/${ids.outboxMessage}`, allowed: SIGNED_IN },
    // the lounge kiosk: its screens are the kiosk's only, of its own resident; nothing
    // else takes a kiosk (every path above is tried as the kiosk too)
    { method: "GET", path: "/kiosk", allowed: ["kiosk"] },
    { method: "GET", path: "/kiosk?letter=M", allowed: ["kiosk"] },
    { method: "GET", path: "/kiosk/me", allowed: ["kiosk"] },
    { method: "GET", path: `/kiosk/residents/${ids.resident}`, allowed: ["kiosk"] },
    { method: "GET", path: `/kiosk/residents/${ids.resident}/help`, allowed: ["kiosk"] },
    {
      method: "POST",
      path: `/kiosk/residents/${ids.resident}/help`,
      body: { username: "", password: "" },
      allowed: ["kiosk"],
    },
    { method: "GET", path: "/kiosk/record", allowed: ["kiosk"] },
    { method: "GET", path: "/kiosk/record?step=prompt&category=travel", allowed: ["kiosk"] },
    { method: "GET", path: "/kiosk/write", allowed: ["kiosk"] },
    { method: "GET", path: "/kiosk/stories", allowed: ["kiosk"] },
    { method: "GET", path: `/kiosk/stories/${ids.story}`, allowed: ["kiosk"] },
    { method: "GET", path: `/kiosk/stories/${ids.otherResidentsStory}`, allowed: [] },
    { method: "GET", path: "/kiosk/questions", allowed: ["kiosk"] },
    { method: "GET", path: "/kiosk/photos", allowed: ["kiosk"] },
    { method: "GET", path: "/kiosk/pin", allowed: ["kiosk"] },
    { method: "GET", path: "/kiosk/transcription-jobs/not-a-job", allowed: [] },
    { method: "GET", path: "/kiosk/card/not-a-card", allowed: [] },
    { method: "GET", path: "/kiosk/setup/not-a-token", allowed: [] },
    { method: "POST", path: "/kiosk/alive", allowed: ["kiosk"] },
    { method: "POST", path: "/kiosk/done", allowed: ["kiosk"] },
    // staff mode is the kiosk's only (a member of staff's own session does not open it)
    { method: "GET", path: "/kiosk/staff", allowed: ["kiosk"] },
    { method: "GET", path: `/kiosk/staff/${ids.event}/${ids.eventDate}`, allowed: ["kiosk"] },
    { method: "POST", path: `/kiosk/staff/${ids.event}/${ids.eventDate}`, allowed: ["kiosk"] },
    { method: "POST", path: "/kiosk/staff", allowed: ["kiosk"] },
    { method: "GET", path: "/admin/kiosks", allowed: REVIEW },
    {
      method: "POST",
      path: "/admin/kiosks",
      body: { intent: "new-link", kioskId: ids.kiosk },
      allowed: REVIEW,
    },
    { method: "GET", path: `/admin/kiosks/${ids.kiosk}/revoke`, allowed: REVIEW },
    { method: "POST", path: `/admin/kiosks/${ids.kiosk}/revoke`, allowed: REVIEW },
    { method: "GET", path: `/admin/residents/${ids.resident}/kiosk`, allowed: REVIEW },
    { method: "GET", path: `/staff/residents/${ids.resident}/kiosk`, allowed: CARE },
    // the activities program: attendance and reports for the care team, a resident's
    // participation for her and the care team (her family only while she shares it: not here)
    {
      method: "GET",
      path: `/api/calendar-events/${ids.event}/occurrences/${ids.eventDate}/attendance`,
      allowed: CARE,
    },
    {
      method: "PUT",
      path: `/api/calendar-events/${ids.event}/occurrences/${ids.eventDate}/attendance`,
      body: [],
      allowed: CARE,
    },
    {
      method: "GET",
      path: `/api/residents/${ids.resident}/participation?from=2026-01-01&to=2026-12-31`,
      allowed: ["resident", ...CARE],
    },
    {
      method: "GET",
      path: `/staff/calendar/${ids.event}/occurrences/${ids.eventDate}`,
      allowed: CARE,
    },
    {
      method: "GET",
      path: `/admin/calendar/${ids.event}/occurrences/${ids.eventDate}`,
      allowed: REVIEW,
    },
    { method: "GET", path: `/staff/calendar/${ids.event}/duplicate`, allowed: CARE },
    // story circles and the community's library: the care team's only
    { method: "GET", path: "/staff/circles", allowed: CARE },
    { method: "GET", path: "/admin/circles", allowed: REVIEW },
    { method: "GET", path: "/api/circles", allowed: CARE },
    { method: "POST", path: "/api/circles", body: {}, allowed: CARE },
    { method: "GET", path: "/api/circles/not-a-circle", allowed: [] },
    { method: "GET", path: "/circles/not-a-circle/screen", allowed: [] },
    { method: "GET", path: "/staff/library", allowed: CARE },
    { method: "GET", path: "/admin/library", allowed: REVIEW },
    { method: "GET", path: "/api/library", allowed: CARE },
    { method: "GET", path: "/staff/calendar/subscribe", allowed: CARE },
    { method: "GET", path: "/calendar.ics?token=not-a-secret", allowed: [] },
    { method: "GET", path: "/staff/today", allowed: CARE },
    { method: "GET", path: "/staff/visits/new", allowed: CARE },
    { method: "GET", path: `/staff/residents/${ids.resident}/activities`, allowed: CARE },
    { method: "GET", path: `/admin/residents/${ids.resident}/activities`, allowed: REVIEW },
    { method: "GET", path: "/admin/reports", allowed: REVIEW },
    { method: "GET", path: "/admin/reports/participation.csv?month=2026-11", allowed: REVIEW },
    // the spreadsheet import: administrators only (an upload's token is its community's)
    { method: "GET", path: "/admin/import", allowed: REVIEW },
    { method: "GET", path: "/admin/import/template.csv", allowed: REVIEW },
    { method: "GET", path: "/admin/import/template.xlsx", allowed: REVIEW },
    {
      method: "GET",
      path: "/admin/import/preview?token=0123456789abcdef0123456789abcdef",
      allowed: REVIEW,
    },
    { method: "POST", path: "/admin/import/preview", body: { token: "0" }, allowed: REVIEW },
    { method: "GET", path: "/api/import", allowed: REVIEW },
    { method: "POST", path: "/api/import?dryRun=1", body: {}, allowed: REVIEW },
    {
      method: "POST",
      path: `/staff/residents/${ids.resident}/kiosk`,
      body: { intent: "card" },
      allowed: CARE,
    },
  ];
}

const REFUSED = new Set([401, 403, 404, 405]);

function refused(status: number, location: string | undefined) {
  // a kiosk screen without the kiosk goes to /kiosk, which says "This browser is not a kiosk" (403)
  return (
    REFUSED.has(status) ||
    (status === 302 &&
      (/\/login\?redirectTo=/.test(location ?? "") || /^\/kiosk(\?|$)/.test(location ?? "")))
  );
}

test("no role of community A reaches community B, and no role acts beyond its rights", async () => {
  const cookies: Partial<Record<Role, string>> = {};
  for (const role of ROLES)
    if (role !== "anonymous" && role !== "kiosk")
      cookies[role] = await sessionCookie(USERS[role], A);
  // a kiosk in each community (B's never set up: its id is only tried), A's with its resident signed in
  await registerKiosk(B, "janet.admin");
  cookies.kiosk = await kioskCookie();
  const idsA = idsOf(A, USERS.resident);
  const idsB = idsOf(B);
  await kioskSignIn(cookies.kiosk, idsA.resident);
  const beforeB = tableCounts(B);

  const failures: string[] = [];
  let tried = 0;
  let refusals = 0;
  const send = async (role: Role, host: string, c: Case) => {
    tried++;
    const body = c.body === undefined ? undefined : JSON.stringify(c.body);
    const res = await httpRequest({
      sub: host,
      path: c.path,
      method: c.method,
      cookie: cookies[role],
      headers: body ? { "Content-Type": "application/json" } : {},
      body,
    });
    return res;
  };

  // 1. community B's host with community B's objects: every role of A is a stranger there
  for (const role of ROLES) {
    for (const c of cases(idsB)) {
      if (c.path.startsWith("/api/super-admin") || c.path === "/super-admin" || c.anyHost) continue; // host-independent, covered below
      const res = await send(role, B, c);
      const text = res.text();
      if (!refused(res.status, res.headers.location as string | undefined))
        failures.push(`${role} on B ${c.method} ${c.path} -> ${res.status}`);
      else refusals++;
      const leaked = idsB.markers.find((m) => text.includes(m));
      if (leaked) failures.push(`${role} on B ${c.method} ${c.path} leaked "${leaked}"`);
    }
  }

  // 2. community A's host with community B's object ids: never found
  for (const role of ROLES) {
    for (const c of cases(idsB)) {
      // only the paths that name one of B's objects
      const bIds = [
        idsB.story,
        idsB.pendingStory,
        idsB.otherResidentsStory,
        idsB.resident,
        idsB.familyMember,
        idsB.media,
        idsB.news,
        idsB.draftNews,
        idsB.outboxMessage,
        idsB.staffUser,
        idsB.kiosk,
        idsB.event,
      ];
      if (!bIds.some((id) => c.path.includes(id))) continue;
      const res = await send(role, A, c);
      const text = res.text();
      if (!refused(res.status, res.headers.location as string | undefined))
        failures.push(`${role} on A with B's id ${c.method} ${c.path} -> ${res.status}`);
      else refusals++;
      const leaked = idsB.markers.find((m) => text.includes(m));
      if (leaked)
        failures.push(`${role} on A with B's id ${c.method} ${c.path} leaked "${leaked}"`);
    }
  }

  // 2c. a password link works on its own community's site only, and asking for one on another
  // community's site with A's username finds nobody (B's tables are compared at the end)
  {
    const asked = await httpRequest({
      sub: A,
      path: "/forgot-password",
      method: "POST",
      ...form(A, { identifier: USERS.family }),
    });
    tried++;
    if (asked.status !== 302) failures.push(`POST /forgot-password on A -> ${asked.status}`);
    const tokenA = await resetTokenOf(A, USERS.family);
    const onA = await httpRequest({ sub: A, path: `/reset-password?token=${tokenA}` });
    if (!onA.text().includes(USERS.family))
      failures.push(`GET /reset-password on A with A's link does not name its account`);
    const onB = await httpRequest({ sub: B, path: `/reset-password?token=${tokenA}` });
    tried++;
    if (onB.text().includes(USERS.family) || /name="password"/.test(onB.text()))
      failures.push(`GET /reset-password on B with A's link offered A's account`);
    else refusals++;
    const hashBefore = passwordHashOf(A, USERS.family);
    const chosen = await httpRequest({
      sub: B,
      path: "/reset-password",
      method: "POST",
      ...form(B, {
        token: tokenA,
        password: "b-site-password-1",
        confirmPassword: "b-site-password-1",
      }),
    });
    tried++;
    if (passwordHashOf(A, USERS.family) !== hashBefore || chosen.status === 302)
      failures.push(`POST /reset-password on B with A's link changed A's password`);
    else refusals++;
    const elsewhere = await httpRequest({
      sub: B,
      path: "/forgot-password",
      method: "POST",
      ...form(B, { identifier: USERS.family }),
    });
    tried++;
    if (elsewhere.status !== 302)
      failures.push(
        `POST /forgot-password on B -> ${elsewhere.status} (the same answer for everyone)`,
      );
  }

  // 2b. unsubscribe links work signed out on their own community's site only
  const tokenA = unsubscribeToken(A, USERS.family);
  const tokenB = unsubscribeToken(B, "julie.brandt");
  for (const [host, token, ok] of [
    [A, tokenA, true],
    [A, tokenB, false],
    [B, tokenA, false],
  ] as const) {
    tried++;
    const res = await httpRequest({ sub: host, path: `/unsubscribe/${token}` });
    if (ok ? res.status !== 200 : !refused(res.status, undefined))
      failures.push(
        `GET /unsubscribe on ${host} with ${token === tokenA ? A : B}'s token -> ${res.status}`,
      );
    else if (!ok) refusals++;
    if (!ok) {
      const post = await httpRequest({
        sub: host,
        path: `/unsubscribe/${token}`,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=unsubscribe",
      });
      tried++;
      if (!refused(post.status, undefined))
        failures.push(
          `POST /unsubscribe on ${host} with another community's token -> ${post.status}`,
        );
      else refusals++;
    }
  }

  // 3. community A's host, A's objects: each role only what it may do
  const beforeA = tableCounts(A);
  for (const role of ROLES) {
    // the kiosk session ends after 2 minutes without input: started again for its turn
    if (role === "kiosk") await kioskSignIn(cookies.kiosk, idsA.resident);
    for (const c of cases(idsA)) {
      const allowed =
        c.allowed === "public" || (Array.isArray(c.allowed) && c.allowed.includes(role));
      // writes by allowed roles are covered by the feature tests; here only refusals are written
      if (allowed && c.method !== "GET") continue;
      const res = await send(role, A, c);
      if (allowed) {
        // allowed: not refused and not missing (a 400 asking for a missing parameter is fine)
        // (a kiosk screen sent back to the grid: the kiosk's session was not there)
        if (
          [401, 403, 404].includes(res.status) ||
          res.status >= 500 ||
          (res.status === 302 && /\/login|^\/kiosk(\?|$)/.test(String(res.headers.location)))
        ) {
          failures.push(
            `${role} on A ${c.method} ${c.path} should be allowed but got ${res.status}`,
          );
        }
      } else if (!refused(res.status, res.headers.location as string | undefined)) {
        failures.push(`${role} on A ${c.method} ${c.path} should be refused but got ${res.status}`);
      } else refusals++;
    }
  }
  const afterA = tableCounts(A);
  const afterB = tableCounts(B);
  for (const t of Object.keys(beforeB))
    if (beforeB[t] !== afterB[t])
      failures.push(`community B's table ${t} changed: ${beforeB[t]} -> ${afterB[t]}`);
  for (const t of [
    "residents",
    "family_members",
    "stories",
    "comments",
    "news_posts",
    "calendar_events",
    "family_questions",
    "notification_settings",
    "community_settings",
    "email_outbox",
  ]) {
    if (beforeA[t] !== afterA[t])
      failures.push(
        `a refused request changed community A's table ${t}: ${beforeA[t]} -> ${afterA[t]}`,
      );
  }

  console.log(
    `isolation matrix: ${tried} requests (${ROLES.length} roles x ${cases(idsA).length} paths x hosts/objects), ${refusals} refusals, ${failures.length} failures`,
  );
  expect(failures).toEqual([]);
});

// ---- the audience dimension. Margaret (resident) saves four stories: one for herself and
// the care team, one for her family, one for everyone, one for everyone that she then withdraws; an
// administrator approves them. Every story path, list, count and API answers each role exactly what
// the audience allows: Sarah (Margaret's daughter) never sees the private or withdrawn one; Karen
// (Harold's daughter) and Harold (another resident) see only the one for everyone.
test("every role sees exactly what each story's audience allows, on every story path, list, count and API", async () => {
  type Viewer =
    | "anonymous"
    | "administrator"
    | "staff"
    | "super_admin"
    | "resident"
    | "otherResident"
    | "family"
    | "otherFamily";
  const users: Record<Exclude<Viewer, "anonymous">, string> = {
    administrator: "linda.admin",
    staff: "marcus",
    super_admin: "superadmin",
    resident: "margaret.ellis",
    otherResident: "harold.jensen",
    family: "sarah.ellis",
    otherFamily: "karen.moore",
  };
  const cookie: Partial<Record<Viewer, string>> = {};
  for (const [v, u] of Object.entries(users)) cookie[v as Viewer] = await sessionCookie(u, A);
  const stamp = Date.now().toString(36);
  const kinds = ["private", "family", "community", "withdrawn"] as const;
  type Kind = (typeof kinds)[number];
  const titles = Object.fromEntries(kinds.map((k) => [k, `Audience ${k} ${stamp}`])) as Record<
    Kind,
    string
  >;
  const ids = {} as Record<Kind, string>;
  for (const k of kinds) {
    const res = await httpRequest({
      sub: A,
      path: "/api/resident/stories",
      method: "POST",
      cookie: cookie.resident,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        title: titles[k],
        content: `A memory for ${k}.`,
        category: "hobby",
        audience: k === "withdrawn" ? "community" : k,
      }),
    });
    expect(res.status, `create ${k}`).toBe(201);
    ids[k] = res.json().id;
    expect(res.json().audience).toBe(k === "withdrawn" ? "community" : k);
    const approved = await httpRequest({
      sub: A,
      path: `/api/admin/stories/${ids[k]}/approve`,
      method: "PATCH",
      cookie: cookie.administrator,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ isPublished: true }),
    });
    expect(approved.status, `approve ${k}`).toBe(200);
  }
  const statsBefore = (
    await httpRequest({ sub: A, path: "/api/stats", cookie: cookie.family })
  ).json();
  const withdrawn = await httpRequest({
    sub: A,
    path: `/api/stories/${ids.withdrawn}/withdraw`,
    method: "POST",
    cookie: cookie.resident,
  });
  expect(withdrawn.status).toBe(200);
  expect(withdrawn.json().withdrawnAt).toBeTruthy();

  const CARE_V: Viewer[] = ["administrator", "staff", "super_admin"];
  // who opens each story (page, API, comments, captions) and who finds it in shared lists
  const opens: Record<Kind, Viewer[]> = {
    private: [...CARE_V, "resident"],
    family: [...CARE_V, "resident", "family"],
    community: [...CARE_V, "resident", "family", "otherResident", "otherFamily"],
    withdrawn: [...CARE_V, "resident"],
  };
  const listed: Record<Kind, Viewer[]> = { ...opens, withdrawn: [] };
  const viewers: Viewer[] = ["anonymous", ...(Object.keys(users) as Viewer[])];
  const failures: string[] = [];
  let tried = 0;
  for (const v of viewers) {
    const get = async (path: string) => {
      tried++;
      return httpRequest({ sub: A, path, cookie: cookie[v] });
    };
    for (const k of kinds) {
      const may = opens[k].includes(v);
      for (const path of [
        `/stories/${ids[k]}`,
        `/api/stories/${ids[k]}`,
        `/api/stories/${ids[k]}/comments`,
      ]) {
        const res = await get(path);
        const ok = res.status === 200;
        if (ok !== may)
          failures.push(
            `${v} GET ${path} (${k}) -> ${res.status}, expected ${may ? 200 : "refused"}`,
          );
        if (!may && res.text().includes(titles[k]))
          failures.push(`${v} GET ${path} leaked the ${k} story's title`);
      }
    }
    // shared lists: the home, /stories, the API's recent list; the family's own page and API
    const lists = [
      "/",
      "/stories",
      "/api/stories/recent?limit=50",
      "/api/stories/featured",
      "/family",
      "/api/family/stories",
      "/api/notifications",
      "/notifications",
    ];
    for (const path of lists) {
      const res = await get(path);
      if (res.status !== 200) continue; // refused for this role: nothing shown
      const text = res.text();
      for (const k of kinds) {
        const shown = text.includes(titles[k]);
        // nobody outside a story's audience ever finds it (the care team's feed and the resident's bell
        // may name a withdrawn story: they still may open it); featured ones are chosen, and these are not
        const allowed = path.includes("featured") ? false : opens[k].includes(v);
        if (shown && !allowed) failures.push(`${v} GET ${path} shows the ${k} story`);
        // the shared lists show every story of the audience, and no withdrawn one
        if (
          shown &&
          !listed[k].includes(v) &&
          (path === "/stories" || path.startsWith("/api/stories/recent"))
        )
          failures.push(`${v} GET ${path} lists the ${k} story`);
        // the home lists 3 recent stories and the bell is personal: only check what must show on the lists
        if (
          !shown &&
          listed[k].includes(v) &&
          !path.includes("featured") &&
          (path === "/stories" ||
            path.startsWith("/api/stories/recent") ||
            (path.includes("family") && v === "family"))
        ) {
          failures.push(`${v} GET ${path} misses the ${k} story`);
        }
      }
    }
  }
  // the home's statistics count only stories for everyone: the private and family ones moved nothing,
  // withdrawing the community one took it out (every role sees the same figures)
  const statsAfter = (
    await httpRequest({ sub: A, path: "/api/stats", cookie: cookie.otherFamily })
  ).json();
  if (statsAfter.totalStories !== statsBefore.totalStories - 1)
    failures.push(
      `Stories Shared ${statsBefore.totalStories} -> ${statsAfter.totalStories}, expected one fewer after the withdrawal`,
    );
  const statsAdmin = (
    await httpRequest({ sub: A, path: "/api/stats", cookie: cookie.administrator })
  ).json();
  if (JSON.stringify(statsAdmin) !== JSON.stringify(statsAfter))
    failures.push("administrator and family see different statistics");
  // a family member of another resident cannot comment on, nor change, a "My family" story
  for (const [method, path, body] of [
    ["POST", `/api/stories/${ids.family}/comments`, { content: "Hello", emoji: "❤️" }],
    ["PATCH", `/api/stories/${ids.family}`, { audience: "community" }],
    ["POST", `/api/stories/${ids.family}/withdraw`, {}],
    ["GET", `/stories/${ids.family}/audience`, undefined],
  ] as const) {
    tried++;
    const res = await httpRequest({
      sub: A,
      path,
      method,
      cookie: cookie.otherFamily,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (![403, 404].includes(res.status))
      failures.push(`otherFamily ${method} ${path} -> ${res.status}`);
  }
  // and from community B's host nothing of A's stories is found
  for (const k of kinds) {
    tried++;
    const res = await httpRequest({
      sub: B,
      path: `/api/stories/${ids[k]}`,
      cookie: cookie.resident,
    });
    if (!refused(res.status, res.headers.location as string | undefined))
      failures.push(`A's resident on B GET /api/stories/${k} -> ${res.status}`);
  }
  console.log(`audience matrix: ${tried} requests, ${failures.length} failures`);
  expect(failures).toEqual([]);
});
