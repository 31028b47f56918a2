// `npm run bench:scale [-- COMMUNITIES]`: creates many communities with a little data each, then
// measures migrate-all time, the server's memory with the tenant LRU cap, and latency of requests
// spread across every community. Only 127.0.0.1 is contacted; bounded in time.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { closeAllDatabases, getTenantDb, tenantSchema } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { createCommunity, migrateAllCommunities } from "~/models/community.server";
import { createStory } from "~/models/story.server";
import { machineLine, request, runLoad } from "./lib";

const total = Number(process.argv[2] ?? 1000);
const cap = Number(process.env.TENANT_DB_CACHE ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3292);
const dataDir = path.resolve("test-data/bench-scale");
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.TENANT_DB_CACHE = String(cap);
resetEnvForTests();

const subs: string[] = [];
let t0 = performance.now();
for (let i = 0; i < total; i++) {
  const sub = `scale-${String(i).padStart(4, "0")}`;
  const c = createCommunity({ name: `Scale Community ${i}`, subdomain: sub });
  const db = getTenantDb(c);
  db.insert(tenantSchema.residents)
    .values({ id: `r-${i}`, firstName: "Ada", lastName: `Resident${i}` })
    .run();
  for (let s = 0; s < 3; s++)
    createStory(db, {
      residentId: `r-${i}`,
      author: { id: "u", username: "ada", displayName: "Ada" },
      content: `Story ${s} of community ${i}.`,
      category: "general",
    });
  subs.push(sub);
}
const createdMs = performance.now() - t0;
closeAllDatabases();
t0 = performance.now();
const migrated = migrateAllCommunities();
const migrateMs = performance.now() - t0;
closeAllDatabases();
const bytes = fs
  .readdirSync(path.join(dataDir, "tenants"))
  .filter((f) => f.endsWith(".sqlite"))
  .reduce((n, f) => n + fs.statSync(path.join(dataDir, "tenants", f)).size, 0);

// a production-mode server as one process, so its memory can be read from /proc
const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SESSION_SECRET: "s".repeat(64),
    DEV_LOGIN: "0",
    TENANT_DB_CACHE: String(cap),
    API_RATE_LIMIT_PER_MINUTE: "0",
    SUPER_ADMIN_PASSWORD: "scale-bench-password",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) /
  1024;
try {
  for (let i = 0; i < 600; i++) {
    if (
      (await request({ port, host: "localhost", path: "/healthz" }).catch(() => null))?.status ===
      200
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const idle = rss();
  // every request goes to another community's host: the LRU opens and closes handles all along
  const result = await runLoad(
    20,
    Number(process.env.BENCH_SECONDS ?? 20),
    (i) =>
      request({
        port,
        host: `${subs[(i * 7919) % subs.length]}.storyloom.localhost`,
        path: "/login",
      }),
    (r) => r.status === 200,
  );
  const loaded = rss();
  console.log(`bench-scale on ${machineLine()}, ${new Date().toISOString().slice(0, 10)}`);
  console.log(
    `${total} communities created (1 resident, 3 stories each) in ${(createdMs / 1000).toFixed(1)} s; ${(bytes / 1e6).toFixed(0)} MB of SQLite files`,
  );
  console.log(
    `migrate-all over ${migrated} community databases: ${(migrateMs / 1000).toFixed(2)} s (${(migrateMs / migrated).toFixed(2)} ms each)`,
  );
  console.log(
    `server RSS with TENANT_DB_CACHE=${cap}: ${idle.toFixed(0)} MB idle, ${loaded.toFixed(0)} MB after the run`,
  );
  console.log(
    `requests spread over all ${total} communities (GET /login, 20 clients): ${result.requests} requests, ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}`,
  );
  process.exitCode = result.errors === 0 ? 0 : 1;
} finally {
  server.kill("SIGTERM");
}
