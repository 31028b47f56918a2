// The build's assets compressed once at brotli's smallest: sent as such to a browser that takes
// brotli, smaller than the on-the-fly quality 4, and left to the static handler otherwise.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "../../server/precompressed";

let dir: string;
let server: http.Server;
let port: number;
const script = Array.from(
  { length: 400 },
  (_, i) => `export function part${i}(x){return x*${i}+"${"abc".repeat(i % 7)}";}`,
).join("\n");

function get(p: string, encoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get({ port, path: p, headers: encoding ? { "Accept-Encoding": encoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    },
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-assets-"));
  fs.mkdirSync(path.join(dir, "_shared"));
  fs.writeFileSync(path.join(dir, "_shared", "chunk-ABC.js"), script);
  const assets = precompressedAssets(dir);
  await assets.ready;
  const app = express();
  app.use("/build", assets.middleware);
  app.use("/build", express.static(dir));
  server = app.listen(0);
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("precompressed assets", () => {
  it("sends a script as brotli at quality 11, smaller than quality 4, the same bytes inside", async () => {
    const res = await get("/build/_shared/chunk-ABC.js", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    const quick = zlib.brotliCompressSync(script, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    expect(res.body.length).toBeLessThan(quick.length);
  });

  it("leaves a browser without brotli, an unknown file and a path outside to the next handler", async () => {
    const plain = await get("/build/_shared/chunk-ABC.js", "gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect((await get("/build/_shared/nothing.js", "br")).status).toBe(404);
    expect((await get("/build/..%2f..%2fetc%2fpasswd", "br")).status).toBe(404);
  });
});
