// A stored media file as an HTTP answer, shared by /media/{id} and /listen/{token}/audio (the
// book's QR codes). Routes decide who may have the file; this only answers the bytes.
import fs from "node:fs";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { parseRange } from "~/models/media-serve";

/**
 * A stored file as an HTTP answer, with Range requests (players seek; Safari asks for the first
 * bytes first): 206 for a range, 416 for one past the end, no body for HEAD. `headers` carries
 * the caller's Content-Type, caching and disposition.
 */
export function rangedFileResponse(
  request: Request,
  file: string,
  size: number,
  headers: Headers,
): Response {
  headers.set("Accept-Ranges", "bytes");
  const range = parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set("Content-Length", String(size === 0 ? 0 : end - start + 1));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || size === 0) return new Response(null, { status, headers });
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file, { start, end })), {
    status,
    headers,
  });
}
