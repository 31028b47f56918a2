// A real Storyloom server for integration tests and tools/bench/abuse.ts: production mode on
// loopback, its own DATA_DIR in a temporary folder, the demo data loaded, and raw HTTP helpers that
// can stream bodies (chunked or with a declared length) and speak from other loopback addresses
// (127.0.0.2, ...).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

export const DEMO_PASSWORD = "storyloom-demo";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * A production build of the current sources, in its own folder: a build made under NODE_ENV=test
 * (as the crash test's server makes one) does not run in production, and a production start only
 * builds when the build is missing.
 */
export function productionBuildDir(): string {
  const dir = `${process.env.REMIX_BUILD_DIR || "build"}-production`;
  const buildFile = path.resolve(dir, "index.js");
  const fresh =
    fs.existsSync(buildFile) &&
    Math.max(newestMtime("app"), fs.statSync("remix.config.js").mtimeMs) <=
      fs.statSync(buildFile).mtimeMs;
  if (!fresh) {
    const result = spawnSync(
      process.execPath,
      [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"],
      {
        stdio: "ignore",
        env: { ...process.env, NODE_ENV: "production", REMIX_BUILD_DIR: dir },
      },
    );
    if (result.status !== 0) throw new Error("the app did not build");
  }
  return dir;
}

export type RealServer = {
  port: number;
  dataDir: string;
  pid: number;
  stop: () => Promise<void>;
  /** Resident set size of the server process, in bytes. */
  rss: () => number;
};

export async function startRealServer(
  port: number,
  extraEnv: Record<string, string> = {},
  /** more data for the server to start with, written into its DATA_DIR after the demo data */
  opts: { prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<RealServer> {
  const buildDir = productionBuildDir();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-server-"));
  // the demo data is loaded by its own process first, so that the server's memory is its own
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test", APP_DOMAIN: "storyloom.localhost" },
    stdio: "ignore",
  });
  if (seeded.status !== 0) throw new Error("the demo data did not load");
  await opts.prepare?.(dataDir);
  // one process (node with tsx's loader), so that its memory is the server's
  const proc: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(48),
      DEV_LOGIN: "0",
      DEFAULT_TENANT: "sunnybrook",
      APP_DOMAIN: "storyloom.localhost",
      TRUST_PROXY: "0",
      SUPER_ADMIN_PASSWORD: "a-super-admin-password",
      REMIX_BUILD_DIR: buildDir,
      ...extraEnv,
    },
    // SERVER_LOG=path keeps what the server printed (for a failing run)
    stdio: [
      "ignore",
      process.env.SERVER_LOG ? fs.openSync(process.env.SERVER_LOG, "a") : "ignore",
      process.env.SERVER_LOG ? fs.openSync(process.env.SERVER_LOG, "a") : "ignore",
    ],
  });
  const t0 = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    const up = await send({ port, path: "/healthz", host: "localhost" })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (up) break;
    if (Date.now() - t0 > 120_000) throw new Error("the server did not come up");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    dataDir,
    pid: proc.pid!,
    rss: () => {
      try {
        return (
          Number(
            /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${proc.pid}/status`, "utf8"))?.[1] ?? 0,
          ) * 1024
        );
      } catch {
        return 0; // it has exited
      }
    },
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  sent: number;
  error?: string;
};

export type SendOptions = {
  port: number;
  path: string;
  method?: string;
  /** a community subdomain, or the bare host name for `host` */
  sub?: string;
  host?: string;
  headers?: Record<string, string>;
  cookie?: string;
  /** from this loopback address (all of 127.0.0.0/8 is this machine) */
  from?: string;
  /** the body: bytes, or a generator of chunks streamed with backpressure */
  body?: Buffer | string | (() => AsyncIterable<Buffer>);
  /** streamed bodies are chunked unless a length is declared */
  declaredLength?: number;
  timeoutMs?: number;
  /** resolve with status 0 (instead of failing) when the connection ends before any answer */
  acceptNoAnswer?: boolean;
  /** send "Expect: 100-continue" and the body only once the server says continue */
  expectContinue?: boolean;
};

/**
 * One request on a fresh connection. Resolves with the answer even when the server stops reading
 * the body (then `error` says how the connection ended and `sent` how much was written).
 */
export function send(opts: SendOptions): Promise<Reply> {
  const hostName = opts.host ?? `${opts.sub ?? "sunnybrook"}.storyloom.localhost`;
  const headers: Record<string, string> = { Host: `${hostName}:${opts.port}`, ...opts.headers };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.expectContinue) headers.Expect = "100-continue";
  if (typeof opts.body === "string" || Buffer.isBuffer(opts.body))
    headers["Content-Length"] = String(Buffer.byteLength(opts.body));
  else if (opts.declaredLength !== undefined)
    headers["Content-Length"] = String(opts.declaredLength);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let settled = false;
    let response: { status: number; headers: http.IncomingHttpHeaders; chunks: Buffer[] } | null =
      null;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      if (!response) {
        reject(new Error(error ?? "no response"));
        return;
      }
      const body = Buffer.concat(response.chunks);
      resolve({
        status: response.status,
        headers: response.headers,
        body,
        text: body.toString("utf8"),
        sent,
        error,
      });
      // answered: a body still being sent is abandoned, as a client would
      req.destroy();
    };
    const req = http.request(
      {
        host: "127.0.0.1",
        port: opts.port,
        path: opts.path,
        method: opts.method ?? "GET",
        headers,
        agent: false,
        localAddress: opts.from,
      },
      (res) => {
        response = { status: res.statusCode ?? 0, headers: res.headers, chunks: [] };
        res.on("data", (c: Buffer) => response!.chunks.push(c));
        res.on("end", () => finish());
        res.on("error", (e) => finish(e.message));
        res.on("aborted", () => finish("aborted"));
      },
    );
    req.setTimeout(opts.timeoutMs ?? 60_000, () => req.destroy(new Error("timeout")));
    req.on("error", (e) => {
      // the server answered and closed while we were still sending: the answer still counts
      if (response) setTimeout(() => finish(e.message), 50);
      else if (!settled) {
        settled = true;
        // the connection ended before any answer: say how much had been sent
        if (opts.acceptNoAnswer)
          resolve({
            status: 0,
            headers: {},
            body: Buffer.alloc(0),
            text: "",
            sent,
            error: e.message,
          });
        else reject(e);
      }
    });
    const body = opts.body;
    const sendBody = () => {
      if (body === undefined) req.end();
      else if (typeof body === "string" || Buffer.isBuffer(body)) {
        sent = Buffer.byteLength(body);
        req.end(body);
      } else {
        void (async () => {
          try {
            for await (const chunk of body()) {
              if (req.destroyed || settled) return;
              sent += chunk.length;
              if (!req.write(chunk)) {
                await new Promise<void>((r) => {
                  const done = () => {
                    req.off("drain", done).off("close", done);
                    r();
                  };
                  req.on("drain", done).on("close", done);
                });
              }
            }
            if (!req.destroyed) req.end();
          } catch {
            // the connection went away mid-body
          }
        })();
      }
    };
    if (opts.expectContinue) {
      req.on("continue", sendBody);
      req.flushHeaders();
      return;
    }
    sendBody();
  });
}

/** `total` bytes in 64 KB chunks, made as they are sent (never held at once). */
export async function* zeros(total: number, chunk = 64 * 1024): AsyncIterable<Buffer> {
  const block = Buffer.alloc(chunk, 0x61);
  for (let left = total; left > 0; left -= chunk)
    yield left >= chunk ? block : block.subarray(0, left);
}

/** A multipart body streamed part by part: fields, then files whose bytes are generated. */
export function multipartStream(
  boundary: string,
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; size?: number; data?: Buffer }[],
) {
  return async function* (): AsyncIterable<Buffer> {
    for (const [k, v] of Object.entries(fields))
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
    for (const f of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      );
      if (f.data) yield f.data;
      else yield* zeros(f.size ?? 0);
      yield Buffer.from("\r\n");
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  };
}

/** The same multipart body in one Buffer (small files only). */
export async function multipartBuffer(
  boundary: string,
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; data: Buffer }[],
): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of multipartStream(boundary, fields, files)())
    parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

/** Signs in over HTTP and returns the Cookie header value (the session and the known-device cookie). */
export async function signIn(
  port: number,
  username: string,
  opts: { sub?: string; from?: string; password?: string } = {},
): Promise<string> {
  const res = await send({
    port,
    sub: opts.sub,
    from: opts.from,
    path: "/login",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password: opts.password ?? DEMO_PASSWORD }).toString(),
  });
  if (res.status !== 302)
    throw new Error(`sign-in of ${username} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return cookiesOf(res);
}

export function cookiesOf(res: Reply): string {
  return ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A port for this test file's server that another file's (or the e2e server's) does not take. */
export function testPort(offset: number): number {
  return 3800 + offset * 50 + (process.pid % 50);
}
