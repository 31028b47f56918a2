// Shared by the benchmarks: an isolated server on loopback, keep-alive HTTP with a Host header,
// bounded load loops and percentiles. Traffic only ever goes to 127.0.0.1.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import os from "node:os";

export const APP_DOMAIN = "storyloom.localhost";

export type Server = { port: number; dataDir: string; proc: ChildProcess; stop: () => Promise<void> };

/** `nodeArgs` (e.g. `--cpu-prof`) go to the server's own Node process (tsx as a loader, no child). */
export async function startServer(port: number, extraEnv: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Server> {
  const dataDir = path.resolve(`test-data/bench-${port}`);
  if (!extraEnv.KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  const args = nodeArgs.length ? [...nodeArgs, "--import", "tsx", "scripts/start.ts"] : [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"];
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", SESSION_SECRET: "b".repeat(64), DEV_LOGIN: "0", DEFAULT_TENANT: "sunnybrook", SEED_DEMO: "1",
      // the benchmark's clients share two sessions on one address: the per-requester API limit
      // (600/min) would refuse them, and measuring the limiter is not the point here
      API_RATE_LIMIT_PER_MINUTE: "0", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    try {
      const res = await request({ port, host: "localhost", path: "/healthz" });
      if (res.status === 200) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    port,
    dataDir,
    proc,
    stop: () =>
      new Promise((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export type Res = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number };

export function request(opts: {
  port: number;
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  cookie?: string;
}): Promise<Res> {
  const headers: Record<string, string> = { Host: `${opts.host}:${opts.port}`, ...opts.headers };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(opts.body));
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: opts.port, path: opts.path, method: opts.method ?? "GET", headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - t0 }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export function decoded(res: Res): string {
  const enc = res.headers["content-encoding"];
  if (enc === "gzip") return zlib.gunzipSync(res.body).toString("utf8");
  if (enc === "br") return zlib.brotliDecompressSync(res.body).toString("utf8");
  if (enc === "deflate") return zlib.inflateSync(res.body).toString("utf8");
  return res.body.toString("utf8");
}

/** Signs in over HTTP on `host` (a community's, or the main one); the session cookie's pairs. */
export async function signInCookies(port: number, host: string, username: string, password = "storyloom-demo"): Promise<{ name: string; value: string }[]> {
  const res = await request({
    port,
    host,
    path: "/login",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${host}:${port}` },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (res.status !== 302) throw new Error(`sign-in of ${username} answered ${res.status}`);
  return ([] as string[]).concat(res.headers["set-cookie"] ?? []).map((c) => {
    const pair = c.split(";")[0]!;
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1) };
  });
}

/** The same, as a Cookie header. */
export async function signIn(port: number, sub: string, username: string, password = "storyloom-demo"): Promise<string> {
  return (await signInCookies(port, `${sub}.${APP_DOMAIN}`, username, password)).map((c) => `${c.name}=${c.value}`).join("; ");
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export type LoadResult = { requests: number; errors: number; rps: number; p50: number; p99: number; statuses: Record<string, number> };

/** Runs `clients` loops for `seconds`, each calling `next()` for its next request. */
export async function runLoad(clients: number, seconds: number, next: (i: number) => Promise<Res>, ok: (res: Res) => boolean = (r) => r.status < 400): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let counter = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        try {
          const res = await next(counter++);
          latencies.push(res.ms);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (!ok(res)) errors++;
        } catch {
          errors++;
          statuses.error = (statuses.error ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
}

export function machineLine(): string {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}
