// `npm run bench:abuse [-- CLIENTS ROUNDS]`: CLIENTS (20) clients at once each send 100 MB bodies to
// sign-in, the contact form, a JSON API, and the photo and recording uploads (API and a browser
// form) of a production-mode server on loopback: every client to every route, once chunked and
// once with the length declared, ROUNDS (1) times; the clients of signed-in routes each with a
// session of their own. Meanwhile /healthz is asked four times a second. Prints the server's
// memory (resident set: idle, peak, after), what each route answered and how much the clients got
// to send, and how /healthz answered; exits 1 if the peak passed 300 MB or /healthz failed.
// Only 127.0.0.1 is contacted. A production build of the sources is made first if it is stale.
import crypto from "node:crypto";
import fs from "node:fs";
import { machineLine, percentile } from "./lib";
import {
  multipartStream,
  send,
  signIn,
  startRealServer,
  zeros,
  type Reply,
} from "../../tests/helpers/real-server";

const CLIENTS = Number(process.argv[2] ?? 20);
const ROUNDS = Number(process.argv[3] ?? 1);
const BODY = 100 * 1024 * 1024;
const LIMIT_MB = 300;
const MB = 1024 * 1024;
const port = Number(process.env.BENCH_PORT ?? 3295);

type Target = {
  name: string;
  account?: string;
  request: (cookie: string, chunked: boolean) => Promise<Reply>;
};

const boundary = () => `----bench${crypto.randomBytes(8).toString("hex")}`;
const upload =
  (path: string, field: string, type: string, fields: Record<string, string> = {}) =>
  (cookie: string, chunked: boolean) => {
    const b = boundary();
    const body = multipartStream(b, fields, [
      { name: field, filename: "big.bin", type, size: BODY },
    ]);
    return send({
      port,
      path,
      method: "POST",
      cookie,
      headers: { "Content-Type": `multipart/form-data; boundary=${b}` },
      body,
      declaredLength: chunked ? undefined : BODY + 1024,
      timeoutMs: 180_000,
      acceptNoAnswer: true,
    });
  };
const plain = (path: string, type: string, host?: string) => (cookie: string, chunked: boolean) =>
  send({
    port,
    host,
    path,
    method: "POST",
    cookie,
    headers: { "Content-Type": type },
    body: () => zeros(BODY),
    declaredLength: chunked ? undefined : BODY,
    timeoutMs: 180_000,
    acceptNoAnswer: true,
  });

const targets: Target[] = [
  { name: "sign-in (POST /login)", request: plain("/login", "application/x-www-form-urlencoded") },
  {
    name: "contact form (POST /?index)",
    request: plain("/?index", "application/x-www-form-urlencoded", "storyloom.localhost"),
  },
  {
    name: "JSON (POST /api/residents)",
    account: "marcus",
    request: plain("/api/residents", "application/json"),
  },
  {
    name: "photo API (POST /api/family/photos)",
    account: "sarah.ellis",
    request: upload("/api/family/photos", "photo", "image/jpeg"),
  },
  {
    name: "recording API (POST /api/transcribe-audio)",
    account: "priya",
    request: upload("/api/transcribe-audio", "audio", "audio/webm"),
  },
  {
    name: "photo form (POST /family)",
    account: "tom.ellis",
    request: upload("/family?dialog=photo", "photo", "image/jpeg", { intent: "share-photo" }),
  },
];
// BENCH_TARGETS=0,2 sends to those routes only (to see which costs what)
if (process.env.BENCH_TARGETS) {
  const keep = new Set(process.env.BENCH_TARGETS.split(",").map(Number));
  targets.splice(0, targets.length, ...targets.filter((_, i) => keep.has(i)));
}

// the server runs as docs/operations.md recommends for a small machine: a young generation of
// 4 MB (V8's default, sized for this machine's memory, lets 48 MB of garbage pile up between
// collections) and two malloc arenas. BENCH_NODE_DEFAULTS=1 runs it with Node's and glibc's defaults.
const RUNTIME: Record<string, string> =
  process.env.BENCH_NODE_DEFAULTS === "1"
    ? {}
    : { NODE_OPTIONS: "--max-semi-space-size=4", MALLOC_ARENA_MAX: "2" };
const server = await startRealServer(port, RUNTIME);
try {
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
  // a session per client and route (one after another: concurrent sign-ins of one account from one
  // address each reserve an attempt), so that the upload budget, not a per-session count, must hold
  const sessions: Map<string, string>[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const mine = new Map<string, string>();
    for (const t of targets) if (t.account) mine.set(t.name, await signIn(port, t.account));
    sessions.push(mine);
  }
  // warm the server up with ordinary pages, then take its idle memory
  for (const path of ["/", "/login", "/healthz", "/family", "/staff"])
    await send({ port, path, cookie: sessions[0]?.get(targets[3]?.name ?? "") });
  await new Promise((r) => setTimeout(r, 1000));
  const idle = server.rss();
  // the kernel's peak-RSS mark starts again from here (Linux: 5 > /proc/PID/clear_refs)
  try {
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
  } catch {
    // not allowed here: the sampled peak below still counts
  }
  let sampledPeak = idle;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, server.rss())), 100);

  let attacking = true;
  const health = { ok: 0, failed: 0, latencies: [] as number[] };
  const healthLoop = (async () => {
    while (attacking) {
      const t0 = performance.now();
      const res = await send({ port, path: "/healthz", host: "localhost", timeoutMs: 5000 }).catch(
        () => null,
      );
      const ms = performance.now() - t0;
      if (res?.status === 200) {
        health.ok++;
        health.latencies.push(ms);
      } else health.failed++;
      await new Promise((r) => setTimeout(r, Math.max(0, 250 - ms)));
    }
  })();

  const outcomes = new Map(
    targets.map((t) => [
      t.name,
      { requests: 0, statuses: {} as Record<string, number>, sentMB: 0, ms: [] as number[] },
    ]),
  );
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let round = 0; round < ROUNDS; round++) {
        // each client starts at another route, so that every route is busy at once
        for (let k = 0; k < targets.length * 2; k++) {
          const target = targets[(c + Math.floor(k / 2)) % targets.length]!;
          const chunked = (c + k) % 2 === 0;
          const t0 = performance.now();
          const res = await target
            .request(sessions[c]!.get(target.name) ?? "", chunked)
            .catch((e: Error) => ({ status: 0, sent: 0, error: e.message }) as Reply);
          const o = outcomes.get(target.name)!;
          o.requests++;
          o.ms.push(performance.now() - t0);
          const key = res.status === 0 ? "reset" : String(res.status);
          o.statuses[key] = (o.statuses[key] ?? 0) + 1;
          o.sentMB += res.sent / MB;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  attacking = false;
  await healthLoop;
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 2000));
  const after = server.rss();
  const peak = Math.max(sampledPeak, peakMark());

  const mb = (b: number) => `${(b / MB).toFixed(0)} MB`;
  health.latencies.sort((a, b) => a - b);
  const total = [...outcomes.values()].reduce((n, o) => n + o.requests, 0);
  console.log(
    `bench-abuse on ${machineLine()}; server runtime: ${
      Object.entries(RUNTIME)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ") || "Node and glibc defaults"
    }`,
  );
  console.log(
    `${CLIENTS} clients at once, ${total} bodies of 100 MB (${(total * 100) / 1024} GB offered: every route, chunked and declared, ${ROUNDS} round${ROUNDS === 1 ? "" : "s"}) in ${seconds.toFixed(1)} s:`,
  );
  for (const [name, o] of outcomes) {
    o.ms.sort((a, b) => a - b);
    console.log(
      `  ${name}: ${o.requests} bodies, answers ${JSON.stringify(o.statuses)}, ${(o.sentMB / Math.max(1, o.requests)).toFixed(1)} MB sent per body before the server stopped reading, answered in p50 ${(percentile(o.ms, 50) / 1000).toFixed(2)} s`,
    );
  }
  console.log(
    `server memory (RSS): idle ${mb(idle)}, peak ${mb(peak)}, 2 s after ${mb(after)} (limit ${LIMIT_MB} MB)`,
  );
  console.log(
    `/healthz meanwhile: ${health.ok} answered, ${health.failed} failed; p50 ${percentile(health.latencies, 50).toFixed(1)} ms, p99 ${percentile(health.latencies, 99).toFixed(1)} ms, slowest ${(health.latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
  const pass = peak < LIMIT_MB * MB && health.failed === 0 && health.ok > 0;
  console.log(pass ? "PASS: memory stayed under the limit and /healthz kept answering" : "FAIL");
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
}
