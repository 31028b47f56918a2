// The production HTTPS front (deploy/Caddyfile) for a benchmark on loopback: the shipped file with
// Caddy's own CA (`tls internal`) instead of a public one, the given ports, no admin endpoint,
// nothing installed in the system's trust store. Certificates are still issued on demand, after
// the app's /api/tls-ask approved the name.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const CADDY_BIN = (process.env.PATH ?? "")
  .split(path.delimiter)
  .map((dir) => path.join(dir, "caddy"))
  .find((p) => p.startsWith("/") && fs.existsSync(p));

export type CaddyFront = {
  httpsPort: number;
  rootCert: string;
  /**
   * SHA-256 of the public keys of Caddy's root and intermediate (base64), for Chromium's
   * `--ignore-certificate-errors-spki-list`: the browser then trusts this CA as a phone trusts a
   * public one. (Ignoring certificate errors instead costs a connection: Chromium aborts the first
   * handshake on the untrusted certificate and opens a second one once told to go on.)
   */
  caSpki: string[];
  stop: () => Promise<void>;
};

export async function startCaddyFront(opts: {
  appPort: number;
  httpsPort: number;
  httpPort: number;
  domain: string;
}): Promise<CaddyFront> {
  if (!CADDY_BIN) throw new Error("caddy is not installed (apt-get install caddy)");
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-bench-caddy-"));
  const shipped = fs.readFileSync(path.resolve("deploy/Caddyfile"), "utf8");
  const config = shipped
    .replace(
      /^\{\n/m,
      `{\n\tadmin off\n\tskip_install_trust\n\thttp_port ${opts.httpPort}\n\thttps_port ${opts.httpsPort}\n\tdefault_bind 127.0.0.1\n`,
    )
    .replace("\ttls {\n\t\ton_demand", "\ttls internal {\n\t\ton_demand");
  fs.writeFileSync(path.join(home, "Caddyfile"), config);
  let log = "";
  const proc = spawn(
    CADDY_BIN,
    ["run", "--config", path.join(home, "Caddyfile"), "--adapter", "caddyfile"],
    {
      env: {
        ...process.env,
        HOME: home,
        XDG_CONFIG_HOME: home,
        XDG_DATA_HOME: home,
        STORYLOOM_DOMAIN: opts.domain,
        ACME_EMAIL: "bench@storyloom.example",
        STORYLOOM_UPSTREAM: `127.0.0.1:${opts.appPort}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  proc.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  proc.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const orphanGuard = () => proc.kill("SIGTERM");
  process.once("exit", orphanGuard);
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const s = net.connect(opts.httpsPort, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
  const t0 = Date.now();
  while (!(await listening())) {
    if (proc.exitCode !== null) throw new Error(`caddy exited: ${log.slice(-2000)}`);
    if (Date.now() - t0 > 20_000) throw new Error(`caddy did not start: ${log.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // the local CA is written before the first certificate is issued: wait for both of its files
  const pki = path.join(home, "caddy/pki/authorities/local");
  const caFiles = ["root.crt", "intermediate.crt"].map((f) => path.join(pki, f));
  while (!caFiles.every((f) => fs.existsSync(f))) {
    if (Date.now() - t0 > 20_000)
      throw new Error(`caddy wrote no CA in ${pki}: ${log.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const caSpki = caFiles.map((f) =>
    crypto
      .createHash("sha256")
      .update(
        new crypto.X509Certificate(fs.readFileSync(f)).publicKey.export({
          type: "spki",
          format: "der",
        }),
      )
      .digest("base64"),
  );
  return {
    httpsPort: opts.httpsPort,
    rootCert: caFiles[0]!,
    caSpki,
    stop: async () => {
      process.off("exit", orphanGuard);
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      }
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
