// The production HTTPS front (deploy/Caddyfile) in front of a production-mode server: the shipped
// file, with only what a test needs changed (Caddy's internal CA instead of a public one, high
// ports, no admin endpoint). Checked: HTTP/2 to a community's site, a page and a photo upload
// through it; certificates issued on demand only for names the app approves (/api/tls-ask: the
// marketing host and active communities); the X-Forwarded-* headers reach the app from Caddy alone
// (through Caddy a client's forged ones are replaced; straight to an app that does not trust a
// proxy, they change nothing); each answer compressed once.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneJpegWithGps } from "../helpers/images";
import { send, startRealServer, testPort, type RealServer } from "../helpers/real-server";

const CADDY = (process.env.PATH ?? "")
  .split(path.delimiter)
  .map((dir) => path.join(dir, "caddy"))
  .find((p) => p.startsWith("/") && fs.existsSync(p));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DOMAIN = "storyloom.localhost";
const PAUSED = "harborview";
// four ports from here: the app behind Caddy, an app reached directly, Caddy's https and http
const BASE = Number(process.env.HTTPS_FRONT_PORT) || testPort(9);
const [appPort, directPort, httpsPort, httpPort] = [BASE, BASE + 1, BASE + 2, BASE + 3];

let behind: RealServer;
let direct: RealServer;
let caddy: ChildProcess | null = null;
let caddyHome = "";
let caddyLog = "";
let rootCert = "";

/** Pauses a community in the server's control database before it starts. */
async function pause(dataDir: string) {
  const db = new Database(path.join(dataDir, "control.sqlite"));
  db.prepare("update communities set is_active = 0 where subdomain = ?").run(PAUSED);
  db.close();
}

/**
 * The shipped Caddyfile with a test's changes: Caddy's own CA (`tls internal`), the test's ports,
 * loopback only, no admin endpoint, nothing installed in the system's trust store.
 */
function testCaddyfile(): string {
  const shipped = fs.readFileSync(path.resolve("deploy/Caddyfile"), "utf8");
  expect(shipped).toMatch(/\ttls \{\n\t\ton_demand\n\t\}/);
  return shipped
    .replace(
      /^\{\n/m,
      [
        "{",
        "\tadmin off",
        "\tskip_install_trust",
        `\thttp_port ${httpPort}`,
        `\thttps_port ${httpsPort}`,
        "\tdefault_bind 127.0.0.1",
        "",
      ].join("\n"),
    )
    .replace("\ttls {\n\t\ton_demand", "\ttls internal {\n\t\ton_demand");
}

type Curl = { code: number; status: number; version: string; headers: string; body: string };

/** curl through Caddy, the name resolved to loopback and Caddy's root certificate trusted. */
function curl(host: string, urlPath: string, args: string[] = []): Promise<Curl> {
  const out = path.join(caddyHome, `curl-${Math.random().toString(36).slice(2)}`);
  const all = [
    "-sS",
    "--http2",
    "--max-time",
    "20",
    "--cacert",
    rootCert,
    "--resolve",
    `${host}:${httpsPort}:127.0.0.1`,
    "-D",
    `${out}.h`,
    "-o",
    `${out}.b`,
    "-w",
    "%{http_code} %{http_version}",
    ...args,
    `https://${host}:${httpsPort}${urlPath}`,
  ];
  return new Promise((resolve) => {
    const proc = spawn("curl", all, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    proc.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    proc.on("close", (code) => {
      const [status, version] = stdout.trim().split(" ");
      const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, "utf8") : "");
      resolve({
        code: code ?? -1,
        status: Number(status ?? 0),
        version: version ?? "",
        headers: read(`${out}.h`).toLowerCase(),
        body: read(`${out}.b`),
      });
    });
  });
}

/** The address the app recorded for the newest session of `username`. */
function sessionIp(server: RealServer, username: string): string | null {
  const db = new Database(path.join(server.dataDir, "control.sqlite"), { readonly: true });
  try {
    const row = db
      .prepare(
        "select s.ip from sessions s join users u on u.id = s.user_id where u.username = ? order by s.created_at desc limit 1",
      )
      .get(username) as { ip: string | null } | undefined;
    return row?.ip ?? null;
  } finally {
    db.close();
  }
}

const signInForm = (username: string) =>
  new URLSearchParams({ username, password: "storyloom-demo" }).toString();

describe.skipIf(!CADDY)(
  `the HTTPS front (${CADDY ?? "skipped: caddy is not on PATH; .ci/run installs it"})`,
  () => {
    beforeAll(async () => {
      [behind, direct] = await Promise.all([
        startRealServer(appPort, { TRUST_PROXY: "1" }, { prepare: pause }),
        startRealServer(directPort, { TRUST_PROXY: "0" }),
      ]);
      caddyHome = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-front-"));
      const config = path.join(caddyHome, "Caddyfile");
      fs.writeFileSync(config, testCaddyfile());
      const proc = spawn(CADDY!, ["run", "--config", config, "--adapter", "caddyfile"], {
        env: {
          ...process.env,
          HOME: caddyHome,
          XDG_CONFIG_HOME: caddyHome,
          XDG_DATA_HOME: caddyHome,
          STORYLOOM_DOMAIN: DOMAIN,
          ACME_EMAIL: "ops@storyloom.example",
          STORYLOOM_UPSTREAM: `127.0.0.1:${appPort}`,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      caddy = proc;
      proc.stdout!.on("data", (c: Buffer) => (caddyLog += c.toString()));
      proc.stderr!.on("data", (c: Buffer) => (caddyLog += c.toString()));
      rootCert = path.join(caddyHome, "caddy/pki/authorities/local/root.crt");
      const t0 = Date.now();
      for (;;) {
        if (proc.exitCode !== null)
          throw new Error(`caddy exited with ${proc.exitCode}: ${caddyLog.slice(-2000)}`);
        if (fs.existsSync(rootCert) && (await curl(DOMAIN, "/healthz")).status === 200) break;
        if (Date.now() - t0 > 20_000) throw new Error(`caddy did not answer: ${caddyLog}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }, 55_000);

    afterAll(async () => {
      const proc = caddy;
      if (proc && proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGTERM");
        await exited;
      }
      if (caddyHome) fs.rmSync(caddyHome, { recursive: true, force: true });
      await Promise.all([behind?.stop(), direct?.stop()]);
    });

    it("serves a community's site over HTTP/2, compressed once, with HTTP/3 offered", async () => {
      // its sign-in page: the home of a signed-out visitor
      const home = await curl(`sunnybrook.${DOMAIN}`, "/login", ["--compressed"]);
      expect(home.code).toBe(0);
      expect(home.version).toBe("2");
      expect(home.status).toBe(200);
      expect(home.body).toContain("Sunnybrook");
      // the app's one coding, passed through (Caddy adds none)
      expect(home.headers).toMatch(/^content-encoding: (br|gzip)\r?$/m);
      expect(home.headers).toMatch(/^alt-svc: .*h3=/m);
    });

    it.skipIf(!fs.existsSync(CHROMIUM))(
      "answers a browser over HTTP/3 (QUIC on the https port)",
      async () => {
        // the browser trusts Caddy's CA by its keys, as a phone trusts a public one, and goes
        // straight to QUIC, as one that has seen the Alt-Svc above
        const spki = ["root.crt", "intermediate.crt"].map((f) =>
          crypto
            .createHash("sha256")
            .update(
              new crypto.X509Certificate(
                fs.readFileSync(path.join(path.dirname(rootCert), f)),
              ).publicKey.export({ type: "spki", format: "der" }),
            )
            .digest("base64"),
        );
        const host = `sunnybrook.${DOMAIN}`;
        const browser = await chromium.launch({
          executablePath: CHROMIUM,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--enable-quic",
            `--origin-to-force-quic-on=${host}:${httpsPort}`,
            `--host-resolver-rules=MAP ${host} 127.0.0.1`,
            `--ignore-certificate-errors-spki-list=${spki.join(",")}`,
          ],
        });
        try {
          const page = await browser.newPage();
          const res = await page.goto(`https://${host}:${httpsPort}/login`);
          expect(res?.status()).toBe(200);
          await expect.poll(() => page.locator("h1").count()).toBeGreaterThan(0);
          const protocol = await page.evaluate(
            () =>
              (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
                .nextHopProtocol,
          );
          expect(protocol).toBe("h3");
          // and a form posted over it: a wrong password is answered by the app, through QUIC
          await page
            .getByLabel(/username|email/i)
            .first()
            .fill("sarah.ellis");
          await page
            .getByLabel(/password/i)
            .first()
            .fill("not her password");
          await page.getByRole("button", { name: /sign in/i }).click();
          await expect.poll(() => page.getByRole("alert").count()).toBeGreaterThan(0);
        } finally {
          await browser.close();
        }
      },
      30_000,
    );

    it("signs in, reads a page and uploads a photo through the front", async () => {
      const jar = path.join(caddyHome, "jar");
      const host = `sunnybrook.${DOMAIN}`;
      const signIn = await curl(host, "/login", [
        "-c",
        jar,
        "-H",
        "Content-Type: application/x-www-form-urlencoded",
        "--data-binary",
        signInForm("sarah.ellis"),
      ]);
      expect(signIn.status).toBe(302);
      const page = await curl(host, "/family", ["-b", jar]);
      expect(page.version).toBe("2");
      expect(page.status).toBe(200);
      expect(page.body).toContain("Margaret");
      const photo = path.join(caddyHome, "photo.jpg");
      fs.writeFileSync(photo, await phoneJpegWithGps(800, 600));
      const upload = await curl(host, "/api/family/photos", [
        "-b",
        jar,
        "-F",
        `photo=@${photo};type=image/jpeg`,
        "-F",
        "description=Through the front",
      ]);
      expect(upload.version).toBe("2");
      expect(upload.status, upload.body).toBe(201);
      const list = await curl(host, "/api/family/photos", ["-b", jar]);
      expect(list.body).toContain("Through the front");
    });

    it("takes the client's address and scheme from Caddy, never from the client", async () => {
      // through Caddy from 127.0.0.7, with forged headers: the app sees Caddy's values
      const forged = [
        "--interface",
        "127.0.0.7",
        "-H",
        "X-Forwarded-For: 203.0.113.9",
        "-H",
        "X-Forwarded-Proto: http",
        "-H",
        "Content-Type: application/x-www-form-urlencoded",
        "--data-binary",
        signInForm("marcus"),
      ];
      const through = await curl(`sunnybrook.${DOMAIN}`, "/login", forged);
      expect(through.status).toBe(302);
      expect(sessionIp(behind, "marcus")).toBe("127.0.0.7");
      // https as Caddy says, not the forged http: the app marks the site https-only
      expect(through.headers).toMatch(/^strict-transport-security: /m);

      // straight to an app that trusts no proxy, the same forgery changes nothing it sees
      const straight = await send({
        port: directPort,
        path: "/login",
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": "203.0.113.9",
          "X-Forwarded-Proto": "https",
          "X-Forwarded-Host": `maplewood.${DOMAIN}`,
        },
        body: signInForm("priya"),
      });
      expect(straight.status).toBe(302);
      expect(sessionIp(direct, "priya")).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      expect(straight.headers["strict-transport-security"]).toBeUndefined();
      // the session is for the host the client asked for, not the forged one
      const again = await send({
        port: directPort,
        path: "/api/tenant",
        cookie: ([] as string[])
          .concat(straight.headers["set-cookie"] ?? [])
          .map((c) => c.split(";")[0])
          .join("; "),
      });
      expect(again.status).toBe(200);
      expect(again.text).toContain("sunnybrook");
    });

    it("asks the app before a certificate: the marketing host and active communities only", async () => {
      const ask = async (query: string) =>
        (await send({ port: appPort, host: "127.0.0.1", path: `/api/tls-ask?${query}` })).status;
      expect(await ask(`domain=sunnybrook.${DOMAIN}`)).toBe(200);
      expect(await ask(`domain=${DOMAIN}`)).toBe(200);
      expect(await ask(`domain=www.${DOMAIN}`)).toBe(200);
      expect(await ask(`domain=nobody-here.${DOMAIN}`)).toBe(404);
      expect(await ask(`domain=${PAUSED}.${DOMAIN}`)).toBe(404);
      expect(await ask(`domain=sunnybrook.${DOMAIN}:443`)).toBe(404);
      expect(await ask("domain=")).toBe(404);
      expect(await ask("")).toBe(400);
      expect(await ask(`domain=a.${DOMAIN}&domain=b.${DOMAIN}`)).toBe(400);

      // and Caddy obeys it: no certificate, so no TLS connection, for the refused names
      for (const refused of [`nobody-here.${DOMAIN}`, `${PAUSED}.${DOMAIN}`]) {
        const res = await curl(refused, "/");
        expect(res.code, `${refused}: ${res.status}`).not.toBe(0);
        expect(res.status).toBe(0);
      }
      const marketing = await curl(DOMAIN, "/");
      expect(marketing.status).toBe(200);
    });
  },
);
