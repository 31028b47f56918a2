// Kills the server (SIGKILL) in the middle of concurrent writes and uploads, starts it again, and
// checks that every database passes integrity_check, every write the client saw acknowledged is
// there, and no half-written or unreferenced media file remains.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

const port = 3400 + (process.pid % 400);
const dataDir = path.resolve(`test-data/crash-${process.pid}`);
const host = `sunnybrook.storyloom.localhost:${port}`;
let server: ChildProcess | null = null;

function start(): ChildProcess {
  // one process (node with tsx's loader), so that SIGKILL really kills the server and not a wrapper
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      DEV_LOGIN: "0",
      DEFAULT_TENANT: "sunnybrook",
    },
    stdio: ["ignore", "ignore", "ignore"],
  });
  return proc;
}

function call(opts: {
  path: string;
  method?: string;
  cookie?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: host, ...opts.headers };
    if (opts.cookie) headers.Cookie = opts.cookie;
    if (opts.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(opts.body));
    const req = http.request(
      { host: "127.0.0.1", port, path: opts.path, method: opts.method ?? "GET", headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            headers: res.headers,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

async function waitUp() {
  const t0 = Date.now();
  while (Date.now() - t0 < 120_000) {
    const ok = await call({ path: "/healthz" })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not come up");
}

async function signIn(username: string) {
  const res = await call({
    path: "/login",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `username=${username}&password=storyloom-demo`,
  });
  expect(res.status).toBe(302);
  return ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");
}

function multipart(
  fields: Record<string, string>,
  file: { name: string; filename: string; type: string; data: Buffer },
) {
  const boundary = `----storyloom${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

afterAll(() => {
  server?.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a crash in the middle of writes", () => {
  it("loses nothing acknowledged, corrupts nothing, and leaves no stray media files", async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = start();
    await waitUp();
    const staff = await signIn("marcus");
    const family = await signIn("sarah.ellis");
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#88aacc" },
    })
      .jpeg()
      .toBuffer();

    const acked = { residents: [] as string[], news: [] as string[], photos: [] as string[] };
    let stop = false;
    let n = 0;
    const json = (body: unknown) => ({
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const loops = Array.from({ length: 6 }, async (_, worker) => {
      while (!stop) {
        const i = n++;
        try {
          if (worker % 3 === 0) {
            const name = `Crashtest${i}`;
            const res = await call({
              path: "/api/residents",
              cookie: staff,
              ...json({ firstName: name, lastName: "Writer" }),
            });
            if (res.status === 201) acked.residents.push(name);
          } else if (worker % 3 === 1) {
            const title = `Crash bulletin ${i}`;
            const res = await call({
              path: "/api/community-news",
              cookie: staff,
              ...json({
                title,
                content: "Written just before the power went out.",
                isPublished: false,
              }),
            });
            if (res.status === 201) acked.news.push(title);
          } else {
            const form = multipart(
              { description: `crash photo ${i}` },
              { name: "photo", filename: "p.jpg", type: "image/jpeg", data: photo },
            );
            const res = await call({
              path: "/api/family/photos",
              method: "POST",
              cookie: family,
              headers: { "Content-Type": form.type },
              body: form.body,
            });
            if (res.status === 201) acked.photos.push(`crash photo ${i}`);
          }
        } catch {
          // the connection died with the server: not acknowledged
        }
      }
    });
    // let writes pile up, then pull the plug while they are in flight
    const waitStart = Date.now();
    while (
      (acked.residents.length + acked.news.length < 20 || acked.photos.length < 2) &&
      Date.now() - waitStart < 90_000
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(acked.photos.length, "uploads acknowledged before the kill").toBeGreaterThanOrEqual(2);
    server.kill("SIGKILL");
    stop = true;
    await new Promise((r) => server!.once("exit", r));
    await Promise.all(loops);

    // what a write cut short can leave behind, whether or not this run's kill happened to: a temp
    // file never renamed into place, and a file whose database row never committed
    const mediaFolder = path.join(dataDir, "tenants/sunnybrook/media");
    fs.writeFileSync(path.join(mediaFolder, ".tmp-0123456789abcdef"), "half a file");
    fs.writeFileSync(
      path.join(mediaFolder, "ffffffffffffffffffffffffffffffff-400.webp"),
      "no row points here",
    );

    server = start();
    await waitUp();
    expect(server.exitCode).toBeNull();

    const files = [
      "control.sqlite",
      ...fs
        .readdirSync(path.join(dataDir, "tenants"))
        .filter((f) => f.endsWith(".sqlite"))
        .map((f) => `tenants/${f}`),
    ];
    for (const f of files) {
      const db = new Database(path.join(dataDir, f), { readonly: true });
      expect(db.pragma("integrity_check", { simple: true }), f).toBe("ok");
      db.close();
    }
    const db = new Database(path.join(dataDir, "tenants/sunnybrook.sqlite"), { readonly: true });
    const residents = new Set(
      (db.prepare("select first_name as n from residents").all() as { n: string }[]).map(
        (r) => r.n,
      ),
    );
    const news = new Set(
      (db.prepare("select title as n from news_posts").all() as { n: string }[]).map((r) => r.n),
    );
    const photos = new Set(
      (db.prepare("select description as n from family_photos").all() as { n: string }[]).map(
        (r) => r.n,
      ),
    );
    for (const r of acked.residents)
      expect(residents.has(r), `acknowledged resident ${r}`).toBe(true);
    for (const t of acked.news) expect(news.has(t), `acknowledged news ${t}`).toBe(true);
    for (const p of acked.photos) expect(photos.has(p), `acknowledged photo ${p}`).toBe(true);

    // media: every row's files exist, and every file belongs to a row; no half files
    const rows = db.prepare("select file_name, variants from media").all() as {
      file_name: string;
      variants: string | null;
    }[];
    db.close();
    const referenced = new Set<string>();
    for (const r of rows) {
      referenced.add(r.file_name);
      for (const v of JSON.parse(r.variants ?? "[]") as { fileName: string }[])
        referenced.add(v.fileName);
    }
    const mediaDir = path.join(dataDir, "tenants/sunnybrook/media");
    const onDisk = fs.readdirSync(mediaDir);
    expect(onDisk.filter((f) => f.startsWith(".tmp-"))).toEqual([]);
    expect(onDisk.filter((f) => !referenced.has(f))).toEqual([]);
    for (const f of referenced)
      expect(fs.existsSync(path.join(mediaDir, f)), `media file ${f}`).toBe(true);
    console.log(
      `crash test: acknowledged ${acked.residents.length} residents, ${acked.news.length} news posts, ${acked.photos.length} photos before SIGKILL; all present after restart`,
    );
  }, 240_000);
});
