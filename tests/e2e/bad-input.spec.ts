// Malformed and hostile payloads to every action and API path: wrong types, missing fields, huge
// strings, odd unicode, other communities' ids, path traversal, wrong content types, truncated
// multipart. Nothing may answer 5xx, the server must stay up, and nothing may be stored.
import path from "node:path";
import Database from "better-sqlite3";
import { test, expect, httpRequest, sessionCookie, PORT } from "./support/fixtures";

test.setTimeout(300_000);

const dataDir = path.resolve(`test-data/e2e-${PORT}`);
function counts(sub: string) {
  const db = new Database(path.join(dataDir, "tenants", `${sub}.sqlite`), { readonly: true });
  const tables = [
    "residents",
    "family_members",
    "stories",
    "comments",
    "reactions",
    "news_posts",
    "calendar_events",
    "family_photos",
    "family_questions",
    "media",
    "notification_settings",
    "community_settings",
    "notifications",
    "email_outbox",
  ];
  const out = Object.fromEntries(
    tables.map((t) => [t, (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n]),
  );
  db.close();
  return out;
}
function someId(sub: string, sql: string) {
  const db = new Database(path.join(dataDir, "tenants", `${sub}.sqlite`), { readonly: true });
  const row = db.prepare(sql).get() as { id: string };
  db.close();
  return row.id;
}

const HUGE = "x".repeat(1_000_000);
const TRAVERSAL = [
  "..%2F..%2Fcontrol.sqlite",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%00",
  "..",
  "%2e%2e",
  "a".repeat(5000),
];

/** Bodies that must never be accepted by a JSON endpoint that creates or changes something. */
const INVALID_JSON_BODIES: { label: string; body: string; type?: string }[] = [
  { label: "not JSON", body: "{not json" },
  { label: "empty body", body: "" },
  { label: "JSON null", body: "null" },
  { label: "an array", body: "[1,2,3]" },
  { label: "a string", body: '"hello"' },
  {
    label: "wrong types",
    body: JSON.stringify({
      firstName: 42,
      lastName: true,
      title: ["x"],
      content: { a: 1 },
      name: 7,
      email: 8,
      eventDate: 9,
      isPublished: "yes",
      isFeatured: "no",
      question: 5,
      residentId: 1,
      emoji: 3,
    }),
  },
  { label: "missing fields", body: "{}" },
  {
    label: "huge strings",
    body: JSON.stringify({
      firstName: HUGE,
      lastName: HUGE,
      title: HUGE,
      content: "",
      name: HUGE,
      email: "x",
      question: "",
      eventDate: HUGE,
    }),
  },
  {
    label: "form-encoded",
    body: "firstName=a&lastName=b",
    type: "application/x-www-form-urlencoded",
  },
  { label: "text/plain", body: '{"title":"t","content":"c"}', type: "text/plain" },
  { label: "deeply nested", body: "[".repeat(5000) + "]".repeat(5000) },
  {
    label: "unicode control characters and bad surrogates",
    body: '{"firstName":"\\u0000\\u202e\\ud800","lastName":"","title":"\\u0000","content":"","name":"\\ud800","email":"\\u0000@x","question":""}',
  },
];

test("hostile input never causes a 5xx, a crash, or a stored change", async () => {
  const admin = await sessionCookie("linda.admin");
  const family = await sessionCookie("sarah.ellis");
  const resident = await sessionCookie("margaret.ellis");
  const superAdmin = await sessionCookie("superadmin", null);
  const bStory = someId("maplewood", "select id from stories where is_published = 1 limit 1");
  const bResident = someId("maplewood", "select id from residents limit 1");
  const aStory = someId("sunnybrook", "select id from stories where is_published = 1 limit 1");
  const aResident = someId("sunnybrook", "select id from residents where first_name = 'Margaret'");
  // the lounge kiosk: a kiosk of A, set up, with Margaret's session started by her PIN
  const formOf = (fields: Record<string, string>) => ({
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const registered = await httpRequest({
    path: "/admin/kiosks",
    method: "POST",
    cookie: admin,
    ...formOf({ intent: "register", name: `Bad input kiosk ${Date.now()}` }),
  });
  const flash = (registered.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const listed = await httpRequest({ path: "/admin/kiosks", cookie: `${admin}; ${flash}` });
  const setup = /\/kiosk\/setup\/[\w-]+/.exec(listed.text())![0];
  const setUp = await httpRequest({ path: setup, method: "POST", ...formOf({}) });
  const kiosk = (setUp.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const kioskSignIn = () =>
    httpRequest({
      path: `/kiosk/residents/${aResident}`,
      method: "POST",
      cookie: kiosk,
      ...formOf({ pin: "2468" }),
    });
  expect((await kioskSignIn()).headers.location).toBe("/kiosk/me");

  const before = counts("sunnybrook");
  const beforeB = counts("maplewood");
  const failures: string[] = [];
  let cases = 0;
  const check = async (label: string, opts: Parameters<typeof httpRequest>[0]) => {
    cases++;
    const res = await httpRequest(opts).catch(
      (e: Error) =>
        ({ status: 0, text: () => e.message }) as { status: number; text: () => string },
    );
    if (res.status >= 500 || res.status === 0)
      failures.push(`${label}: ${res.status} ${res.text().slice(0, 120)}`);
    return res;
  };

  const jsonEndpoints: { path: string; method: string; cookie: string; sub?: string | null }[] = [
    { path: "/api/residents", method: "POST", cookie: admin },
    { path: `/api/residents/${bResident}`, method: "PATCH", cookie: admin },
    { path: "/api/family-members", method: "POST", cookie: admin },
    { path: `/api/admin/stories/${bStory}/approve`, method: "PATCH", cookie: admin },
    { path: `/api/admin/stories/${bStory}/feature`, method: "PATCH", cookie: admin },
    { path: "/api/community-news", method: "POST", cookie: admin },
    { path: "/api/calendar-events", method: "POST", cookie: admin },
    { path: `/api/stories/${aStory}/comments`, method: "POST", cookie: family },
    { path: `/api/stories/${bStory}/comments`, method: "POST", cookie: family },
    { path: "/api/family/questions", method: "POST", cookie: family },
    { path: "/api/resident/stories", method: "POST", cookie: resident },
    { path: "/api/story-images", method: "PUT", cookie: resident },
    { path: `/api/stories/${bStory}/image`, method: "PUT", cookie: resident },
    // who may see a story
    { path: `/api/stories/${aStory}`, method: "PATCH", cookie: resident },
    { path: `/api/stories/${aStory}`, method: "PATCH", cookie: admin },
    { path: `/api/stories/${bStory}/withdraw`, method: "POST", cookie: resident },
    { path: "/api/super-admin/tenants", method: "POST", cookie: superAdmin, sub: null },
    { path: "/api/super-admin/staff", method: "POST", cookie: superAdmin, sub: null },
    { path: "/api/super-admin/login-as", method: "POST", cookie: superAdmin, sub: null },
    { path: "/api/dev/login", method: "POST", cookie: "", sub: null },
  ];
  for (const ep of jsonEndpoints) {
    for (const b of INVALID_JSON_BODIES) {
      const res = await check(`${ep.method} ${ep.path} with ${b.label}`, {
        sub: ep.sub === undefined ? "sunnybrook" : ep.sub,
        path: ep.path,
        method: ep.method,
        cookie: ep.cookie || undefined,
        headers: { "Content-Type": b.type ?? "application/json" },
        body: b.body,
      });
      if (res.status >= 200 && res.status < 300)
        failures.push(`${ep.method} ${ep.path} accepted ${b.label} (${res.status})`);
    }
  }

  // path traversal and junk in ids
  for (const junk of TRAVERSAL) {
    for (const p of [
      `/media/${junk}`,
      `/stories/${junk}`,
      `/stories/${junk}/captions.vtt`,
      `/api/stories/${junk}/comments`,
      `/api/residents/${junk}`,
      `/api/story-prompt/${junk}`,
      `/uploads/${junk}`,
      `/news/${junk}`,
      `/admin/residents/${junk}/gazette.pdf`,
      `/admin/residents/${bResident}/gazette.pdf`,
      `/dev/outbox/${junk}`,
      `/unsubscribe/${junk}`,
      `/family/gazette?month=${junk}`,
      `/notifications?page=${junk}`,
      // audience, About me, the life-story book, the take-away zip, erasure, the book's QR links
      `/stories/${junk}/audience`,
      `/residents/${junk}/about`,
      `/residents/${junk}/about.pdf?paper=${junk}`,
      `/residents/${junk}/book?order=${junk}&story=${junk}&large=${junk}`,
      `/residents/${junk}/book.pdf?story=${junk}`,
      `/residents/${junk}/export.zip`,
      `/residents/${bResident}/export.zip`,
      `/admin/residents/${junk}/erase`,
      `/listen/${junk}`,
      `/listen/${junk}/audio`,
    ]) {
      const res = await check(`GET ${p}`, { path: p, cookie: admin });
      if (res.status === 200 && /SQLite format|root:x:0/.test(res.text()))
        failures.push(`GET ${p} served a file it must not`);
    }
  }

  // the kiosk's paths, with the kiosk's cookie
  await kioskSignIn();
  for (const junk of TRAVERSAL) {
    for (const p of [
      `/kiosk/residents/${junk}`,
      `/kiosk/residents/${junk}/help`,
      `/kiosk/stories/${junk}`,
      `/kiosk/card/${junk}`,
      `/kiosk/setup/${junk}`,
      `/kiosk/transcription-jobs/${junk}`,
      `/kiosk?letter=${junk}`,
      `/kiosk/record?step=${junk}&category=${junk}&prompt=${junk}`,
      `/kiosk/write?questionId=${junk}`,
      `/kiosk/residents/${bResident}`,
      `/kiosk/stories/${bStory}`,
      `/admin/kiosks/${junk}/revoke`,
      `/staff/residents/${junk}/kiosk`,
    ]) {
      const res = await check(`GET ${p} (kiosk)`, {
        path: p,
        cookie: p.startsWith("/kiosk") ? kiosk : admin,
      });
      if (res.status === 200 && /SQLite format|root:x:0/.test(res.text()))
        failures.push(`GET ${p} served a file it must not`);
    }
  }

  // multipart endpoints: truncated bodies, wrong boundaries, missing parts, huge descriptions
  const boundary = "----hostile";
  const multipartCases: [string, string][] = [
    [
      "truncated",
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
    ],
    [
      "no closing boundary",
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nhello`,
    ],
    [
      "wrong boundary",
      `--other\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nabc\r\n--other--\r\n`,
    ],
    [
      "no file part",
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    ],
    [
      "text file named .jpg",
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="../../evil.jpg"\r\nContent-Type: image/jpeg\r\n\r\nthis is not an image\r\n--${boundary}--\r\n`,
    ],
  ];
  const multipartEndpoints: [string, string, string][] = [
    ["/api/family/photos", "POST", family],
    ["/api/transcribe-audio", "POST", resident],
    ["/api/stories/recorded", "POST", resident],
    ["/family?dialog=photo", "POST", family],
    // the forms that read a photo to its end
    ["/resident/stories/new", "POST", resident],
    ["/admin/residents/new", "POST", admin],
    ["/resident/record", "POST", resident],
    ["/kiosk/record", "POST", kiosk],
    ["/kiosk/write", "POST", kiosk],
  ];
  for (const [p, method, cookie] of multipartEndpoints) {
    if (cookie === kiosk) await kioskSignIn();
    for (const [label, body] of multipartCases) {
      const res = await check(`${method} ${p} ${label}`, {
        path: p,
        method,
        cookie,
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body: Buffer.from(body, "latin1"),
      });
      if (res.status === 201) failures.push(`${method} ${p} accepted a ${label} upload`);
    }
    await check(`${method} ${p} as JSON`, {
      path: p,
      method,
      cookie,
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
  }

  // screen actions get nonsense forms too
  const screenActions: [string, string][] = [
    ["/login", ""],
    ["/password", admin],
    ["/auth/token", ""],
    ["/admin/residents/new", admin],
    ["/admin/news", admin],
    ["/admin/calendar", admin],
    ["/resident/stories/new", resident],
    ["/account/sessions", admin],
    ["/preferences/display", ""],
    ["/notifications/settings", family],
    ["/admin/settings", admin],
    ["/unsubscribe/not-a-token", ""],
    // the review page's words and transcription (a typed story, and another community's)
    [`/admin/stories/${aStory}`, admin],
    [`/admin/stories/${bStory}`, admin],
    // audience, About me, the book's revocation and erasure (another community's ids, or a wrong name)
    [`/stories/${aStory}/audience`, resident],
    [`/stories/${bStory}/audience`, admin],
    [`/residents/${bResident}/about`, admin],
    [`/residents/${bResident}/book`, admin],
    [`/admin/residents/${bResident}/erase`, admin],
    ["/family/erase", family],
    // the lounge kiosk: administration, a resident's kiosk settings, and the kiosk's own forms
    ["/admin/kiosks", admin],
    [`/admin/kiosks/${bResident}/revoke`, admin],
    [`/staff/residents/${aResident}/kiosk`, admin],
    [`/staff/residents/${bResident}/kiosk`, admin],
    ["/kiosk/setup/not-a-token", kiosk],
    [`/kiosk/residents/${aResident}`, kiosk],
    [`/kiosk/residents/${aResident}/help`, kiosk],
    [`/kiosk/residents/${bResident}`, kiosk],
    ["/kiosk/pin", kiosk],
    ["/kiosk/alive", kiosk],
    ["/kiosk/done", kiosk],
  ];
  const forms = [
    "intent=%00&title=" + "x".repeat(200_000),
    "intent=words&content=" + "x".repeat(200_000),
    "intent=transcribe",
    "intent=delete&id=../../control.sqlite",
    "a=1&a=2&a=3",
    "%%%",
    "intent=" + encodeURIComponent("'; drop table stories; --"),
  ];
  for (const [p, cookie] of screenActions) {
    if (cookie === kiosk) await kioskSignIn();
    for (const f of forms) {
      await check(`POST ${p} ${f.slice(0, 30)}`, {
        path: p,
        method: "POST",
        cookie: cookie || undefined,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: f,
      });
    }
  }

  const health = await httpRequest({ path: "/healthz" });
  expect(health.status).toBe(200);
  const after = counts("sunnybrook");
  const afterB = counts("maplewood");
  for (const t of Object.keys(before))
    if (before[t] !== after[t])
      failures.push(`sunnybrook ${t} changed: ${before[t]} -> ${after[t]}`);
  for (const t of Object.keys(beforeB))
    if (beforeB[t] !== afterB[t])
      failures.push(`maplewood ${t} changed: ${beforeB[t]} -> ${afterB[t]}`);
  console.log(`bad input: ${cases} hostile requests, ${failures.length} failures`);
  expect(failures).toEqual([]);
});
