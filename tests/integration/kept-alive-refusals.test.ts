// A refusal must not cost the next request on its connection. An answer given before the whole
// request body was read (a 413 at the edge, a 401/403 from a route that did not read an upload, a
// cross-site refusal, a 429) says `Connection: close`, and the server reads what is left of the
// body (up to a bound) before closing, so the client reads the answer and opens a new connection
// for its next request. Left at `keep-alive` while the server closed anyway, the client's next
// request went out on a dying connection and was reset; a reverse proxy that keeps connections to
// the app (Caddy here, as Fly's proxy or nginx) answers that reset with a 502 to whoever sent it.
// Against a production-mode server, on kept-alive connections (an Agent with one socket per
// client), then the same through Caddy.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  multipartBuffer,
  signIn,
  startRealServer,
  testPort,
  type RealServer,
} from "../helpers/real-server";

const KB = 1024;
const MB = 1024 * KB;
const CADDY = "/usr/bin/caddy";

let server: RealServer;
let port: number;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  port = testPort(2);
  // a small sign-in link limit, so that a 429 comes quickly; uploads as many as the test sends
  server = await startRealServer(port, { TOKEN_RATE_LIMIT: "3", UPLOAD_RATE_LIMIT: "10000" });
  for (const name of ["marcus", "sarah.ellis", "tom.ellis"])
    cookies[name] = await signIn(port, name);
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

type Ask = {
  label: string;
  method?: string;
  path: string;
  /** a community subdomain by default; "" for the bare marketing host */
  host?: string;
  headers?: Record<string, string>;
  cookie?: string;
  body?: Buffer;
  /** sent with Transfer-Encoding: chunked instead of a Content-Length */
  chunked?: boolean;
  /** the statuses this request may get */
  expect: number[];
};

type Outcome = {
  label: string;
  status: number;
  /** the connection ended before an answer (ECONNRESET, "socket hang up") */
  reset: boolean;
  error?: string;
  connection?: string;
  /** sent on a connection that had carried an earlier request */
  reused: boolean;
};

/**
 * One request through `agent` (keep-alive, one socket): the body is sent whole, as a browser or a
 * proxy sends it, however early the answer comes. A write that fails after the answer (the server
 * closed a connection it had said it would close) is the client's business and not counted.
 */
function ask(agent: http.Agent, to: number, r: Ask): Promise<Outcome> {
  const hostName = r.host ?? "sunnybrook.storyloom.localhost";
  const headers: Record<string, string> = { Host: `${hostName}:${to}`, ...r.headers };
  if (r.cookie) headers.Cookie = r.cookie;
  if (r.body && !r.chunked) headers["Content-Length"] = String(r.body.length);
  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    let reused = false;
    const done = (o: Omit<Outcome, "label" | "reused">) => {
      if (settled) return;
      settled = true;
      resolve({ label: r.label, reused, ...o });
    };
    const req = http.request(
      { agent, host: "127.0.0.1", port: to, path: r.path, method: r.method ?? "GET", headers },
      (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        const connection = res.headers.connection;
        res.resume();
        res.on("end", () => done({ status, reset: false, connection }));
        res.on("error", (e) => done({ status: 0, reset: true, error: e.message, connection }));
        res.on("aborted", () => done({ status: 0, reset: true, error: "aborted", connection }));
      },
    );
    req.on("socket", () => (reused = req.reusedSocket));
    req.setTimeout(60_000, () => req.destroy(new Error("timeout")));
    req.on("error", (e) => {
      if (!answered) done({ status: 0, reset: true, error: e.message });
    });
    if (!r.body) req.end();
    else if (!r.chunked) req.end(r.body);
    else
      void (async () => {
        for (let at = 0; at < r.body!.length; at += 64 * KB) {
          if (req.destroyed) return;
          if (!req.write(r.body!.subarray(at, at + 64 * KB)))
            await new Promise<void>((go) => {
              const on = () => {
                req.off("drain", on).off("close", on);
                go();
              };
              req.on("drain", on).on("close", on);
            });
        }
        if (!req.destroyed) req.end();
      })();
  });
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };
const json = { "Content-Type": "application/json" };
const formBody = (bytes: number) =>
  Buffer.from(`username=${"a".repeat(bytes - 18)}&password=x`.slice(0, bytes));
const jsonBody = (bytes: number) =>
  Buffer.from(JSON.stringify({ firstName: "x".repeat(bytes - 30), lastName: "y" }));

async function photoForm(fields: Record<string, string>, field: string, bytes: number) {
  const boundary = `----keepalive${crypto.randomBytes(8).toString("hex")}`;
  const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(bytes, 7)]);
  const body = await multipartBuffer(boundary, fields, [
    { name: field, filename: "big.jpg", type: "image/jpeg", data },
  ]);
  return { headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body };
}

/** What a client sends between refusals: it must be answered as ever. */
function normal(i: number): Ask {
  return i % 2 === 0
    ? { label: "GET /healthz", path: "/healthz", host: "localhost", expect: [200] }
    : {
        label: "a resident added over the API",
        method: "POST",
        path: "/api/residents",
        headers: json,
        cookie: cookies.marcus,
        body: Buffer.from(JSON.stringify({ firstName: "Kept", lastName: `Alive ${i}` })),
        expect: [201],
      };
}

/** Requests answered without reading their whole body (or read whole, then refused). */
async function refusals(): Promise<Ask[]> {
  const signedOutPhoto = await photoForm({ description: "x" }, "photo", 500 * KB);
  const tooLargePhoto = await photoForm({ description: "x" }, "photo", 26 * MB);
  const recording = await photoForm({}, "audio", 500 * KB);
  const photoPage = await photoForm({ intent: "share-photo" }, "photo", 500 * KB);
  return [
    {
      label: "413: 100 KB of JSON, declared",
      method: "POST",
      path: "/api/residents",
      headers: json,
      cookie: cookies.marcus,
      body: jsonBody(100 * KB),
      expect: [413],
    },
    {
      label: "413: 100 KB of JSON, chunked",
      method: "POST",
      path: "/api/residents",
      headers: json,
      cookie: cookies.marcus,
      body: jsonBody(100 * KB),
      chunked: true,
      expect: [413],
    },
    {
      label: "413: a 100 KB sign-in form, declared",
      method: "POST",
      path: "/login",
      headers: form,
      body: formBody(100 * KB),
      expect: [413],
    },
    {
      label: "413: a 300 KB sign-in form, chunked",
      method: "POST",
      path: "/login",
      headers: form,
      body: formBody(300 * KB),
      chunked: true,
      expect: [413],
    },
    {
      label: "413: 3 MB of JSON, more than is read after the answer",
      method: "POST",
      path: "/api/residents",
      headers: json,
      cookie: cookies.marcus,
      body: jsonBody(3 * MB),
      expect: [413],
    },
    {
      label: "403: a form posted from another site",
      method: "POST",
      path: "/login",
      headers: { ...form, Origin: "http://evil.example" },
      body: formBody(200 * KB),
      expect: [403],
    },
    {
      label: "401: a photo upload signed out",
      method: "POST",
      path: "/api/family/photos",
      ...signedOutPhoto,
      expect: [401],
    },
    {
      label: "403: a staff member's upload to the family photo API",
      method: "POST",
      path: "/api/family/photos",
      cookie: cookies.marcus,
      ...signedOutPhoto,
      expect: [403],
    },
    {
      label: "403: a family member's recording",
      method: "POST",
      path: "/api/transcribe-audio",
      cookie: cookies["sarah.ellis"],
      ...recording,
      expect: [403],
    },
    {
      label: "a photo form signed out (sent to sign in)",
      method: "POST",
      path: "/family?dialog=photo",
      ...photoPage,
      expect: [302],
    },
    {
      label: "413: a 6 MB photo to the photo API",
      method: "POST",
      path: "/api/family/photos",
      cookie: cookies["sarah.ellis"],
      ...tooLargePhoto,
      expect: [413],
    },
    {
      label: "a form posted to no page (the catch-all page has no action)",
      method: "POST",
      path: "/no-such-page",
      headers: form,
      body: formBody(30 * KB),
      expect: [404, 405],
    },
    {
      label: "405: JSON posted to a read-only API",
      method: "POST",
      path: "/api/stats",
      headers: json,
      cookie: cookies.marcus,
      body: jsonBody(30 * KB),
      expect: [405],
    },
    // the sign-in links limit is 3 here: the later ones are refused before their body is read
    ...Array.from({ length: 5 }, (_, i): Ask => ({
      label: `sign-in link ${i + 1} of 5 (429 past the limit)`,
      method: "POST",
      path: "/auth/token",
      headers: form,
      body: formBody(40 * KB),
      expect: [200, 302, 400, 403, 404, 413, 429],
    })),
  ];
}

/** Like tools/bench/abuse.ts: every route of the bench, chunked and declared, each client on one connection. */
async function abuseTargets(): Promise<Ask[]> {
  const photo = await photoForm({ description: "x" }, "photo", 26 * MB);
  const photoPage = await photoForm({ intent: "share-photo" }, "photo", 26 * MB);
  const recording = await photoForm({}, "audio", 2 * MB);
  const targets: Omit<Ask, "chunked">[] = [
    {
      label: "sign-in",
      method: "POST",
      path: "/login",
      headers: form,
      body: formBody(100 * KB),
      expect: [413],
    },
    {
      label: "contact form",
      method: "POST",
      path: "/?index",
      host: "storyloom.localhost",
      headers: form,
      body: formBody(100 * KB),
      expect: [413],
    },
    {
      label: "JSON",
      method: "POST",
      path: "/api/residents",
      headers: json,
      cookie: cookies.marcus,
      body: jsonBody(100 * KB),
      expect: [413],
    },
    {
      label: "photo API",
      method: "POST",
      path: "/api/family/photos",
      cookie: cookies["sarah.ellis"],
      ...photo,
      expect: [413],
    },
    {
      label: "recording API",
      method: "POST",
      path: "/api/transcribe-audio",
      cookie: cookies["tom.ellis"],
      ...recording,
      expect: [403],
    },
    {
      label: "photo form",
      method: "POST",
      path: "/family?dialog=photo",
      cookie: cookies["tom.ellis"],
      ...photoPage,
      expect: [200, 400, 413],
    },
  ];
  return targets.flatMap((t) => [
    { ...t, label: `${t.label}, declared` },
    { ...t, label: `${t.label}, chunked`, chunked: true },
  ]);
}

type Tally = { outcomes: Outcome[]; resets: Outcome[]; errors5xx: Outcome[]; unexpected: string[] };

/** Each refusal followed by a normal request, all on the one connection of `agent`. */
async function onOneConnection(to: number, sequence: Ask[], tally: Tally, offset = 0) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const [i, refusal] of sequence.entries()) {
      for (const r of [refusal, normal(offset + i)]) {
        const o = await ask(agent, to, r);
        tally.outcomes.push(o);
        if (o.reset) tally.resets.push(o);
        else if (o.status >= 500) tally.errors5xx.push(o);
        else if (!r.expect.includes(o.status))
          tally.unexpected.push(`${r.label}: ${o.status} (expected ${r.expect.join(" or ")})`);
      }
    }
  } finally {
    agent.destroy();
  }
}

const newTally = (): Tally => ({ outcomes: [], resets: [], errors5xx: [], unexpected: [] });
const summary = (t: Tally) =>
  JSON.stringify({
    requests: t.outcomes.length,
    "on a kept connection": t.outcomes.filter((o) => o.reused).length,
    "Connection: close": t.outcomes.filter((o) => o.connection === "close").length,
    resets: t.resets.map((o) => `${o.label}: ${o.error}`),
    "5xx": t.errors5xx.map((o) => `${o.label}: ${o.status}`),
    unexpected: t.unexpected,
  });

/** The refusals on one connection, then the bench's 168 refusals on 14 connections at once. */
async function runSequences(to: number) {
  const single = newTally();
  await onOneConnection(to, await refusals(), single);
  const abuse = newTally();
  const targets = await abuseTargets();
  await Promise.all(
    Array.from({ length: 14 }, (_, c) =>
      // each client starts at another route, so that every route is busy at once
      onOneConnection(
        to,
        targets.map((_, k) => targets[(c * 2 + k) % targets.length]!),
        abuse,
        c,
      ),
    ),
  );
  return { single, abuse };
}

describe("a refused body does not cost the next request on its connection", () => {
  it("answers without reading the whole body say Connection: close; the next request is answered", async () => {
    const { single, abuse } = await runSequences(port);
    console.info(`kept-alive refusals, direct: one connection ${summary(single)}`);
    console.info(`kept-alive refusals, direct: 14 connections ${summary(abuse)}`);
    expect(single.resets.map((o) => `${o.label}: ${o.error}`)).toEqual([]);
    expect(single.errors5xx.map((o) => `${o.label}: ${o.status}`)).toEqual([]);
    expect(single.unexpected).toEqual([]);
    // the refused 100 KB of JSON was answered at once, before its body was read
    const refused = single.outcomes.find((o) => o.label === "413: 100 KB of JSON, declared");
    expect(refused?.connection).toBe("close");
    // the connection was kept where the body had been read: normal requests went on earlier ones
    expect(single.outcomes.filter((o) => o.reused).length).toBeGreaterThan(10);

    expect(abuse.outcomes).toHaveLength(168 * 2);
    expect(abuse.resets.map((o) => `${o.label}: ${o.error}`)).toEqual([]);
    expect(abuse.errors5xx.map((o) => `${o.label}: ${o.status}`)).toEqual([]);
    expect(abuse.unexpected).toEqual([]);
  }, 240_000);
});

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

describe.skipIf(!fs.existsSync(CADDY))(
  `through Caddy (${fs.existsSync(CADDY) ? CADDY : `skipped: ${CADDY} is not installed; .ci/run installs it`})`,
  () => {
    let caddy: ChildProcess | null = null;
    let caddyPort = 0;
    let caddyHome = "";
    let caddyLog = "";

    beforeAll(async () => {
      caddyPort = await freePort();
      caddyHome = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-caddy-"));
      const config = path.join(caddyHome, "Caddyfile");
      // plain HTTP on loopback; the upstream connections are kept alive (Caddy's default)
      fs.writeFileSync(
        config,
        [
          "{",
          "\tadmin off",
          "\tauto_https off",
          "}",
          `http://:${caddyPort} {`,
          "\tbind 127.0.0.1",
          `\treverse_proxy 127.0.0.1:${port}`,
          "}",
          "",
        ].join("\n"),
      );
      const proc = spawn(CADDY, ["run", "--config", config, "--adapter", "caddyfile"], {
        // its own home: nothing of it is written outside the temporary folder
        env: {
          ...process.env,
          HOME: caddyHome,
          XDG_CONFIG_HOME: caddyHome,
          XDG_DATA_HOME: caddyHome,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      caddy = proc;
      proc.stdout!.on("data", (c: Buffer) => (caddyLog += c.toString()));
      proc.stderr!.on("data", (c: Buffer) => (caddyLog += c.toString()));
      const t0 = Date.now();
      const agent = new http.Agent({ keepAlive: false });
      for (;;) {
        if (proc.exitCode !== null)
          throw new Error(`caddy exited with ${proc.exitCode}: ${caddyLog.slice(-2000)}`);
        const up = await ask(agent, caddyPort, {
          label: "caddy up",
          path: "/healthz",
          host: "localhost",
          expect: [200],
        });
        if (up.status === 200) break;
        if (Date.now() - t0 > 30_000) throw new Error(`caddy did not answer: ${caddyLog}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }, 60_000);

    afterAll(async () => {
      const proc = caddy;
      if (proc && proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGTERM");
        await exited;
      }
      if (caddyHome) fs.rmSync(caddyHome, { recursive: true, force: true });
    });

    it("no request through the proxy gets a 502", async () => {
      const { single, abuse } = await runSequences(caddyPort);
      console.info(`kept-alive refusals, through Caddy: one connection ${summary(single)}`);
      console.info(`kept-alive refusals, through Caddy: 14 connections ${summary(abuse)}`);
      const bad = (t: Tally) => t.outcomes.filter((o) => o.status === 502).map((o) => o.label);
      expect(bad(single)).toEqual([]);
      expect(bad(abuse)).toEqual([]);
      expect(single.resets.map((o) => `${o.label}: ${o.error}`)).toEqual([]);
      expect(abuse.resets.map((o) => `${o.label}: ${o.error}`)).toEqual([]);
      expect(single.errors5xx.map((o) => `${o.label}: ${o.status}`)).toEqual([]);
      expect(abuse.errors5xx.map((o) => `${o.label}: ${o.status}`)).toEqual([]);
    }, 240_000);
  },
);
