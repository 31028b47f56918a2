// Shared by the benchmarks: an isolated server on loopback, keep-alive HTTP with a Host header,
// bounded load loops and percentiles. Traffic only ever goes to 127.0.0.1.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import os from "node:os";
import { KNOWN_MODELS, MODELS_DIR } from "~/utils/whisper.server";

export const APP_DOMAIN = "storyloom.localhost";

export type Server = {
  port: number;
  dataDir: string;
  proc: ChildProcess;
  stop: () => Promise<void>;
};

/** `nodeArgs` (e.g. `--cpu-prof`) go to the server's own Node process (tsx as a loader, no child). */
export async function startServer(
  port: number,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Server> {
  const dataDir = path.resolve(`test-data/bench-${port}`);
  if (!extraEnv.KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  const args = nodeArgs.length
    ? [...nodeArgs, "--import", "tsx", "scripts/start.ts"]
    : [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"];
  const proc = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SESSION_SECRET: "b".repeat(64),
      DEV_LOGIN: "0",
      DEFAULT_TENANT: "sunnybrook",
      SEED_DEMO: "1",
      // the benchmark's clients share two sessions on one address: the per-requester API limit
      // (600/min) would refuse them, and measuring the limiter is not the point here
      API_RATE_LIMIT_PER_MINUTE: "0",
      ...extraEnv,
    },
    // BENCH_SERVER_LOG=1 shows the server's own log (e.g. a SIGTERM from outside mid-run)
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? "inherit" : "ignore", "inherit"],
  });
  // a benchmark that dies of an error must not leave its server running
  const orphanGuard = () => proc.kill("SIGTERM");
  process.once("exit", orphanGuard);
  let stopping = false;
  proc.once("exit", (code, signal) => {
    if (!stopping)
      console.error(
        `The server on port ${port} stopped by itself (exit code ${code}, signal ${signal}).`,
      );
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
        process.off("exit", orphanGuard);
        stopping = true;
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
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
  /** 30 s unless told (an upload to transcribe is answered after up to 50 s) */
  timeoutMs?: number;
}): Promise<Res> {
  const headers: Record<string, string> = { Host: `${opts.host}:${opts.port}`, ...opts.headers };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(opts.body));
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const send = (mayRetry: boolean) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: opts.port,
          path: opts.path,
          method: opts.method ?? "GET",
          headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              ms: performance.now() - t0,
            }),
          );
          // an answer cut off once it had begun fails here, not on the request (else it never settles)
          res.on("error", (error) =>
            reject(timedOut ? new Error("timeout (the answer had begun, then stalled)") : error),
          );
        },
      );
      req.setTimeout(opts.timeoutMs ?? 30_000, () => {
        timedOut = true;
        req.destroy(new Error("timeout"));
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        // a kept-alive connection the server closed just as this request went out (its keep-alive
        // timeout): nothing was read, so once more on a new connection, as browsers do
        if (mayRetry && req.reusedSocket && error.code === "ECONNRESET") return send(false);
        reject(error);
      });
      if (opts.body !== undefined) req.write(opts.body);
      req.end();
    };
    send(true);
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
export async function signInCookies(
  port: number,
  host: string,
  username: string,
  password = "storyloom-demo",
): Promise<{ name: string; value: string }[]> {
  const res = await request({
    port,
    host,
    path: "/login",
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://${host}:${port}`,
    },
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
export async function signIn(
  port: number,
  sub: string,
  username: string,
  password = "storyloom-demo",
): Promise<string> {
  return (await signInCookies(port, `${sub}.${APP_DOMAIN}`, username, password))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export type StepResult = {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
};

export type LoadResult = StepResult & {
  rps: number;
  seconds: number;
  /** per kind of request, when runLoad was given `stepOf` */
  steps: Record<string, StepResult>;
  /** the first few failures as "step: status body", to see why without a debugger */
  failures: string[];
  /** every answered request's time (ms), in the order they ended */
  latencies: number[];
};

/** Latencies (ms) and answers collected for one kind of request, or for all of them. */
export class Tally {
  latencies: number[] = [];
  statuses: Record<string, number> = {};
  errors = 0;

  add(ms: number | null, status: number | "error", ok: boolean) {
    if (ms !== null) this.latencies.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (!ok) this.errors++;
  }

  result(): StepResult {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      requests: sorted.length,
      errors: this.errors,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      statuses: this.statuses,
    };
  }
}

/**
 * Runs `clients` loops, each calling `next()` for its next request, for `seconds`, or until `until`
 * settles when given (then `seconds` is the longest it may take). `stepOf(i)` names the kind of
 * request `next(i)` makes, for figures per kind; `ok(res, i)` says whether its answer is right.
 */
export async function runLoad(
  clients: number,
  seconds: number,
  next: (i: number) => Promise<Res>,
  ok: (res: Res, i: number) => boolean = (r) => r.status < 400,
  opts: { stepOf?: (i: number) => string; until?: Promise<unknown> } = {},
): Promise<LoadResult> {
  const all = new Tally();
  const steps = new Map<string, Tally>();
  const failures: string[] = [];
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  // settled either way: the caller awaits `until` itself and sees its error
  opts.until?.then(stop, stop);
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let counter = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stopped && performance.now() < deadline) {
        const i = counter++;
        const name = opts.stepOf?.(i) ?? "";
        let step = steps.get(name);
        if (!step) steps.set(name, (step = new Tally()));
        try {
          const res = await next(i);
          const good = ok(res, i);
          all.add(res.ms, res.status, good);
          step.add(res.ms, res.status, good);
          if (!good && failures.length < 5)
            failures.push(
              `${name || "request"}: ${res.status} ${decoded(res).slice(0, 160).replace(/\s+/g, " ")}`,
            );
        } catch (error) {
          all.add(null, "error", false);
          step.add(null, "error", false);
          if (failures.length < 5)
            failures.push(`${name || "request"}: ${(error as Error).message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const total = all.result();
  return {
    ...total,
    rps: total.requests / elapsed,
    seconds: elapsed,
    steps: opts.stepOf ? Object.fromEntries([...steps].map(([name, t]) => [name, t.result()])) : {},
    failures,
    latencies: all.latencies,
  };
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(
  fields: Record<string, string | { filename: string; type: string; data: Buffer }>,
): { body: Buffer; contentType: string } {
  const boundary = `----storyloom-bench-${crypto.randomBytes(12).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from("\r\n"),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function onPath(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const p = path.join(dir, cmd);
    if (dir && fs.existsSync(p)) return p;
  }
  return null;
}

/**
 * A recording as a browser makes one (webm/opus, 32 kbit/s) in `dir`: spoken words with espeak-ng
 * when installed, else a tone (ffmpeg's lavfi). `seconds` loops the speech to that length (a
 * tone is 10 s unless told). Not silence: the pipeline skips whisper for a silent recording.
 */
export function makeRecording(
  ffmpeg: string,
  dir: string,
  opts: { seconds?: number; name?: string } = {},
): { file: string; description: string } {
  const source = path.join(dir, `${opts.name ?? "recording"}-source.wav`);
  const file = path.join(dir, `${opts.name ?? "recording"}.webm`);
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
  const espeak = onPath("espeak-ng");
  let description: string;
  if (espeak) {
    const text =
      "When I was a little girl we lived in a small house by the river. Every summer my father took us fishing, " +
      "and my mother packed sandwiches with strawberry jam. Those were the happiest days of my childhood.";
    run(espeak, ["-s", "140", "-w", source, text]);
    description = opts.seconds
      ? `espeak-ng speech looped to ${opts.seconds} s`
      : "espeak-ng speech";
  } else {
    run(ffmpeg, [
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:duration=${opts.seconds ?? 10}`,
      source,
    ]);
    description = `a ${opts.seconds ?? 10}-second tone from ffmpeg's lavfi (install espeak-ng for speech)`;
  }
  const length = espeak && opts.seconds ? ["-stream_loop", "-1"] : [];
  const cut = opts.seconds ? ["-t", String(opts.seconds)] : [];
  run(ffmpeg, [
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    ...length,
    "-i",
    source,
    ...cut,
    "-c:a",
    "libopus",
    "-b:a",
    "32k",
    file,
  ]);
  fs.rmSync(source, { force: true });
  return { file, description: `${description}, encoded as webm/opus` };
}

/**
 * The Whisper model a server started from here uses (WHISPER_MODEL, else one that
 * `npm run setup:whisper` put in ./models), and whether it is whisper.cpp's weightless test model,
 * whose timings say little about a real one.
 */
export function whisperModelForBench(): { path: string; testModel: boolean } | null {
  const configured = process.env.WHISPER_MODEL ? path.resolve(process.env.WHISPER_MODEL) : null;
  // the server's own order (whisperModelPath), without its env(), which would want a DATA_DIR here
  const candidates = configured
    ? [configured]
    : Object.values(KNOWN_MODELS).map((m) => path.join(MODELS_DIR, m.file));
  const found = candidates.find((f) => fs.existsSync(f));
  return found ? { path: found, testModel: isTestModel(found) } : null;
}

/** Whether a model is the weightless test model: the real ggml models are tens of megabytes or more. */
export function isTestModel(model: string): boolean {
  return /for-tests/.test(path.basename(model)) || fs.statSync(model).size < 10 * 1024 * 1024;
}

export const TEST_MODEL_NOTE =
  "whisper.cpp's TEST model: no weights, it hears no words and runs far faster than a real model, so its transcription figures say little about one";

export function machineLine(): string {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}
