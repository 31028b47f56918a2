// GET /listen/{token}/audio: the recording behind a printed book's QR code, signed out.
// The token is signed and revocable (life-book.server.ts); Range requests are answered for players.
import fs from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordingOfLink } from "~/models/life-book.server";
import { mediaFilePath } from "~/models/media.server";
import { rangedFileResponse } from "./__ranged-file.server";
import { requireTenant } from "~/utils/host.server";

const gone = () =>
  new Response("This recording link is not valid any more.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, db } = requireTenant(request);
  const found = recordingOfLink(db, params.token ?? "");
  if (!found) throw gone();
  const file = mediaFilePath(community, found.audio);
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch {
    throw gone();
  }
  const headers = new Headers({
    "Content-Type": found.audio.mimeType,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  });
  return rangedFileResponse(request, file, size, headers);
}
