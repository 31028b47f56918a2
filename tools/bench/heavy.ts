// `npm run bench:heavy [-- PARALLEL]`: the heavy downloads under a burst. A production-mode server
// on loopback gets a resident with 500 stories, 200 pictures and 100 recordings
// (tests/helpers/heavy-resident.ts); then PARALLEL (10) clients at once ask for that resident's
// book.pdf, and then PARALLEL at once for the export.zip, while /healthz is asked ten times a
// second. Prints the server's memory (idle, and the peak over idle of each burst), each burst's
// time, what the clients got (200 with a whole PDF or zip, 503), and /healthz's latency meanwhile.
// Exits 1 if a burst's peak passed idle + 300 MB, /healthz took 500 ms or more, or an answer was
// neither a whole file nor a 503. Only 127.0.0.1 is contacted. The server runs with the
// small-machine settings bench:abuse uses (BENCH_NODE_DEFAULTS=1: Node's and glibc's defaults);
// other settings pass through (PDF_ZIP_CONCURRENCY=1, ...). A production build is made first if stale.
import fs from "node:fs";
import http from "node:http";
import { machineLine, percentile } from "./lib";
import { send, signIn, startRealServer } from "../../tests/helpers/real-server";

const PARALLEL = Number(process.argv[2] ?? 10);
const STORIES = 500;
const PHOTOS = 200;
const RECORDINGS = 100;
const OVER_IDLE_MB = 300;
const HEALTHZ_MS = 500;
const MB = 1024 * 1024;
const port = Number(process.env.BENCH_PORT ?? 3296);

const RUNTIME: Record<string, string> =
  process.env.BENCH_NODE_DEFAULTS === "1"
    ? {}
    : { NODE_OPTIONS: "--max-semi-space-size=4", MALLOC_ARENA_MAX: "2" };
for (const name of ["PDF_ZIP_CONCURRENCY"])
  if (process.env[name]) RUNTIME[name] = process.env[name]!;

let residentId = "";
const seedStarted = performance.now();
const server = await startRealServer(port, RUNTIME, {
  async prepare(dataDir) {
    process.env.DATA_DIR = dataDir;
    process.env.APP_DOMAIN = "storyloom.localhost";
    const { resetEnvForTests } = await import("~/utils/env.server");
    resetEnvForTests();
    const { getCommunityBySubdomain } = await import("~/models/community.server");
    const { getTenantDb, closeAllDatabases } = await import("~/utils/db.server");
    const { seedHeavyResident } = await import("../../tests/helpers/heavy-resident");
    const community = getCommunityBySubdomain("sunnybrook")!;
    const seeded = await seedHeavyResident(getTenantDb(community), community, {
      stories: STORIES,
      photos: PHOTOS,
      recordings: RECORDINGS,
    });
    residentId = seeded.residentId;
    closeAllDatabases();
  },
});

type Answer = {
  status: number;
  bytes: number;
  ms: number;
  whole: boolean;
  retryAfter: string | null;
  error?: string;
};

/** One GET on its own connection, read as it comes (counted, never held), as a browser asks. */
function download(path: string, cookie: string, kind: "pdf" | "zip"): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: "127.0.0.1",
        port,
        path,
        agent: false,
        headers: {
          Host: `sunnybrook.storyloom.localhost:${port}`,
          Cookie: cookie,
          Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
        },
      },
      (res) => {
        let bytes = 0;
        let head = Buffer.alloc(0);
        let tail = Buffer.alloc(0);
        res.on("data", (c: Buffer) => {
          if (head.length < 8) head = Buffer.concat([head, c]).subarray(0, 8);
          tail = Buffer.concat([tail, c]).subarray(-64);
          bytes += c.length;
        });
        res.on("end", () => {
          // a whole PDF starts %PDF and ends %%EOF; a whole zip starts PK and ends with its directory
          const whole =
            res.statusCode === 200 &&
            (kind === "pdf"
              ? head.subarray(0, 4).toString() === "%PDF" && tail.includes("%%EOF")
              : head[0] === 0x50 &&
                head[1] === 0x4b &&
                tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])));
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - t0,
            whole,
            retryAfter: (res.headers["retry-after"] as string) ?? null,
          });
        });
        res.on("error", (e) =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - t0,
            whole: false,
            retryAfter: null,
            error: e.message,
          }),
        );
      },
    );
    req.setTimeout(600_000, () => req.destroy(new Error("timeout")));
    req.on("error", (e) =>
      resolve({
        status: 0,
        bytes: 0,
        ms: performance.now() - t0,
        whole: false,
        retryAfter: null,
        error: e.message,
      }),
    );
  });
}

const peakMark = () => {
  try {
    return (
      Number(
        /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0,
      ) * 1024
    );
  } catch {
    return 0;
  }
};
const resetPeak = () => {
  try {
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
  } catch {
    // not allowed here: the sampled peak still counts
  }
};

let failed = false;
try {
  console.log(
    `bench-heavy on ${machineLine()}; server runtime: ${
      Object.entries(RUNTIME)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ") || "Node and glibc defaults"
    }`,
  );
  console.log(
    `seeded a resident with ${STORIES} stories, ${PHOTOS} pictures and ${RECORDINGS} recordings, server up, in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  const cookie = await signIn(port, "linda.admin");
  // warm up with pages and a one-page PDF (pdfkit and the fonts loaded), then take the idle memory
  for (const p of [
    "/",
    "/admin",
    `/residents/${residentId}/book`,
    `/residents/${residentId}/about.pdf`,
    "/healthz",
  ])
    await send({ port, path: p, cookie });
  await new Promise((r) => setTimeout(r, 2000));
  const idle = server.rss();
  // /healthz with nothing else asked: what the machine itself gives (a shared one moves a lot)
  const quiet: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await send({ port, path: "/healthz", host: "localhost" });
    quiet.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
  quiet.sort((a, b) => a - b);
  console.log(
    `server memory (RSS) idle: ${(idle / MB).toFixed(0)} MB; /healthz idle: p50 ${percentile(quiet, 50).toFixed(0)} ms, p99 ${percentile(quiet, 99).toFixed(0)} ms, slowest ${quiet.at(-1)!.toFixed(0)} ms`,
  );

  for (const [name, path, kind] of [
    ["book.pdf", `/residents/${residentId}/book.pdf`, "pdf"],
    ["export.zip", `/residents/${residentId}/export.zip`, "zip"],
  ] as const) {
    resetPeak();
    let sampled = server.rss();
    const sampler = setInterval(() => (sampled = Math.max(sampled, server.rss())), 50);
    let busy = true;
    const health: number[] = [];
    let healthFailed = 0;
    const healthLoop = (async () => {
      while (busy) {
        const t0 = performance.now();
        const res = await send({
          port,
          path: "/healthz",
          host: "localhost",
          timeoutMs: 10_000,
        }).catch(() => null);
        const ms = performance.now() - t0;
        if (res?.status === 200) health.push(ms);
        else healthFailed++;
        await new Promise((r) => setTimeout(r, Math.max(0, 100 - ms)));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => download(path, cookie, kind)),
    );
    const seconds = (performance.now() - started) / 1000;
    busy = false;
    await healthLoop;
    clearInterval(sampler);
    const peak = Math.max(sampled, peakMark());
    const whole = answers.filter((a) => a.whole);
    const busyAnswers = answers.filter((a) => a.status === 503);
    const other = answers.filter((a) => !a.whole && a.status !== 503);
    health.sort((a, b) => a - b);
    const slowest = health.at(-1) ?? 0;
    const size = whole.length ? `${(whole[0]!.bytes / MB).toFixed(1)} MB` : "-";
    const times = whole.map((a) => a.ms).sort((a, b) => a - b);
    console.log(
      `${PARALLEL} x ${name} at once: done in ${seconds.toFixed(1)} s; ${whole.length} whole files (${size} each, ${times.length ? `${(times[0]! / 1000).toFixed(1)}-${(times.at(-1)! / 1000).toFixed(1)} s` : "-"}), ${busyAnswers.length} x 503 (Retry-After ${busyAnswers[0]?.retryAfter ?? "-"}), ${other.length} other${other.length ? ` ${JSON.stringify(other.map((a) => a.error ?? a.status))}` : ""}`,
    );
    console.log(
      `  memory: peak ${(peak / MB).toFixed(0)} MB, ${((peak - idle) / MB).toFixed(0)} MB over idle (limit ${OVER_IDLE_MB}); /healthz: ${health.length} answered, ${healthFailed} failed, p50 ${percentile(health, 50).toFixed(0)} ms, p99 ${percentile(health, 99).toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms (limit ${HEALTHZ_MS})`,
    );
    if (
      peak - idle > OVER_IDLE_MB * MB ||
      slowest >= HEALTHZ_MS ||
      healthFailed ||
      other.length ||
      !whole.length
    )
      failed = true;
    await new Promise((r) => setTimeout(r, 3000));
  }
  console.log(
    failed
      ? "FAIL"
      : "PASS: memory within 300 MB of idle, /healthz under 500 ms, every answer a whole file or a 503",
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await server.stop();
}
