// `npm run bench:lists`: the server time of the long lists at a 200-bed facility's size (500
// residents, 1,000 family members, 1,500 stories: tests/helpers/big-community.ts), measured in
// process through the built app's request handler (session check, loaders, React rendering), on a
// fresh temporary DATA_DIR. Prints p50 / p95 / max per page. Build first (`npm run build`, or
// REMIX_BUILD_DIR=...). Target: the residents page under 50 ms.
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
const { closeAllDatabases } = await import("~/utils/db.server");

const started = Date.now();
await seedBigCommunity();
console.log(
  `Seeded ${BIG.residents} residents, ${BIG.residents * BIG.familyPerResident} family members and ${BIG.residents * 3} stories in ${Date.now() - started} ms (${dataDir})`,
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
  "/admin/residents?q=bronte",
  "/admin/residents?status=all&sort=-admitted&page=20",
  "/admin/families",
  "/admin/families?invitation=pending&sort=resident&page=15",
  "/admin/stories?status=published&page=5",
  "/admin/staff",
  "/api/residents?q=ellis&page=1",
];
const RUNS = Number(process.env.RUNS ?? 60);

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

console.log(
  `\npage (${RUNS} requests each, after 5 warm-ups)                     p50 ms   p95 ms   max ms   bytes`,
);
let residentsP50 = Infinity;
for (const page of PAGES) {
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
console.log(
  `residents page at ${BIG.residents} residents: ${residentsP50.toFixed(1)} ms server time (p50; target under 50 ms: ${residentsP50 < 50 ? "met" : "NOT met"}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
);
closeAllDatabases();
fs.rmSync(dataDir, { recursive: true, force: true });
