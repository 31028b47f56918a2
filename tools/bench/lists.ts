// `npm run bench:lists`: the server time of the long lists at a 200-bed facility's size (500
// residents, 1,000 family members, 1,500 stories: tests/helpers/big-community.ts), measured in
// process through the built app's request handler (session check, loaders, React rendering), on a
// fresh temporary DATA_DIR. Prints p50 / p95 / max per page. Build first (`npm run build`, or
// REMIX_BUILD_DIR=...). Target: the residents page under 50 ms. The activity reports (page, CSV,
// PDF) run on three months of four daily programs with every resident's attendance
// (tests/helpers/big-attendance.ts); target: each under 300 ms at p95.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildFile = path.resolve(process.env.REMIX_BUILD_DIR || "build", "index.js");
if (!fs.existsSync(buildFile)) {
  console.error(`${buildFile} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-bench-lists-"));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  SESSION_SECRET: "l".repeat(64),
  APP_DOMAIN: "storyloom.localhost",
  DEV_LOGIN: "0",
});

const { createRequestHandler } = await import("@remix-run/node");
const { seedBigCommunity, BIG } = await import("../../tests/helpers/big-community");
const { closeAllDatabases, getTenantDb } = await import("~/utils/db.server");
const { seedAttendance } = await import("../../tests/helpers/big-attendance");
const { todayInTimeZone } = await import("~/models/event-dates");
const { shiftMonth } = await import("~/models/participation-report.server");
const { sql } = await import("drizzle-orm");

const started = Date.now();
const community = await seedBigCommunity();
// three months of daily programs, to today: the current month and the two before
const today = todayInTimeZone(community.timeZone);
const thisMonth = today.slice(0, 7);
const lastMonth = shiftMonth(thisMonth, -1);
const tenantDb = getTenantDb(community);
const residentIds = tenantDb
  .all<{ id: string }>(sql`SELECT id FROM residents ORDER BY rowid`)
  .map((r) => r.id);
const { rows: attendanceRows } = seedAttendance(
  tenantDb,
  residentIds,
  `${shiftMonth(thisMonth, -2)}-01`,
  today,
);
console.log(
  `Seeded ${BIG.residents} residents, ${BIG.residents * BIG.familyPerResident} family members, ${BIG.residents * 3} stories and ${attendanceRows.length} attendance marks in ${Date.now() - started} ms (${dataDir})`,
);

const build = await import(pathToFileURL(buildFile).href);
const handle = createRequestHandler(build, "production");
const origin = `http://${BIG.subdomain}.storyloom.localhost`;

const login = await handle(
  new Request(`${origin}/login`, {
    method: "POST",
    body: new URLSearchParams({ username: BIG.admin, password: BIG.password }),
    headers: { Origin: origin, Host: `${BIG.subdomain}.storyloom.localhost` },
  }),
);
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
if (login.status !== 302 || !cookie) throw new Error(`sign-in answered ${login.status}`);

const PAGES = [
  // the framework's own cost of a signed-in document, for comparison
  "/privacy",
  "/admin/residents",
  "/admin/residents?sort=room&page=10",
  "/admin/residents?sort=-room&page=20",
  "/admin/residents?q=bronte",
  "/admin/residents?status=all&sort=-admitted&page=20",
  "/admin/families",
  "/admin/families?invitation=pending&sort=resident&page=15",
  "/admin/stories?status=published&page=5",
  "/admin/staff",
  "/api/residents?q=ellis&page=1",
  // the activity reports: this month, a whole past month sorted and paged, its CSV and PDF
  "/admin/reports",
  `/admin/reports?month=${lastMonth}&sort=-attended&page=3`,
  `/admin/reports?month=${lastMonth}&q=bronte`,
  `/admin/reports/participation.csv?month=${lastMonth}`,
  `/admin/reports/participation.pdf?month=${lastMonth}`,
];
const REPORTS_TARGET_MS = 300;
// ONLY=reports runs only the pages whose path matches
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
const RUNS = Number(process.env.RUNS ?? 60);

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

console.log(
  `\npage (${RUNS} requests each, after 5 warm-ups)                     p50 ms   p95 ms   max ms   bytes`,
);
let residentsP50 = Infinity;
const reportsP95: [string, number][] = [];
for (const page of PAGES.filter((p) => !ONLY || ONLY.test(p))) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 5; i++) {
    const t0 = process.hrtime.bigint();
    const res = await handle(
      new Request(`${origin}${page}`, {
        headers: {
          Cookie: cookie,
          "User-Agent": "bench-lists",
          Host: `${BIG.subdomain}.storyloom.localhost`,
        },
      }),
    );
    const body = await res.text();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
    if (i >= 5) times.push(ms);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  if (page === "/admin/residents") residentsP50 = pct(times, 50);
  if (page.startsWith("/admin/reports")) reportsP95.push([page, pct(times, 95)]);
  console.log(
    `${page.padEnd(62)} ${pct(times, 50).toFixed(1).padStart(6)} ${pct(times, 95).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)} ${String(bytes).padStart(7)}`,
  );
}
// the residents screen's own loaders (root, admin layout, list), without the framework and React
const routes = build.routes as Record<string, { module: { loader?: (a: unknown) => unknown } }>;
const loaderIds = [
  "root",
  "routes/_community+/admin+/_layout",
  "routes/_community+/admin+/residents",
];
const loaderTimes: number[] = [];
for (let i = 0; i < RUNS + 5; i++) {
  const request = new Request(`${origin}/admin/residents`, {
    headers: { Cookie: cookie, Host: `${BIG.subdomain}.storyloom.localhost` },
  });
  const t0 = process.hrtime.bigint();
  for (const id of loaderIds)
    await routes[id]!.module.loader!({ request, params: {}, context: {} });
  if (i >= 5) loaderTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
loaderTimes.sort((a, b) => a - b);
console.log(
  `\nthe residents page's loaders alone (root, admin layout, list): p50 ${pct(loaderTimes, 50).toFixed(1)} ms, p95 ${pct(loaderTimes, 95).toFixed(1)} ms`,
);
// a run of ONLY some pages may leave the residents page out: no figure, rather than Infinity
if (Number.isFinite(residentsP50))
  console.log(
    `residents page at ${BIG.residents} residents: ${residentsP50.toFixed(1)} ms server time (p50; target under 50 ms: ${residentsP50 < 50 ? "met" : "NOT met"}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
const slowest = reportsP95.reduce((a, b) => (b[1] > a[1] ? b : a), ["-", 0] as [string, number]);
console.log(
  `activity reports at ${BIG.residents} residents and ${attendanceRows.length} attendance marks: slowest p95 ${slowest[1].toFixed(1)} ms (${slowest[0]}; target under ${REPORTS_TARGET_MS} ms: ${slowest[1] < REPORTS_TARGET_MS ? "met" : "NOT met"})`,
);
closeAllDatabases();
fs.rmSync(dataDir, { recursive: true, force: true });
