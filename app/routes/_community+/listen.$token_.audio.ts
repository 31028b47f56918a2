// GET /listen/{token}/audio: the recording behind a printed book's QR code, signed out.
// The token is signed and revocable (life-book.server.ts); Range requests are answered for players.
import fs from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordingOfLink } from "~/models/life-book.server";
import { mediaFilePath } from "~/models/media.server";
import { rangedFileResponse } from "./__ranged-file.server";
import { requireTenant } from "~/utils/host.server";
import { getT } from "~/utils/i18n.server";

/** 404 for a link revoked or a recording gone, in the listener's language. */
const gone = async (request: Request) =>
  new Response((await getT(request, "errors"))("recording.linkGone"), {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, db } = requireTenant(request);
  const found = recordingOfLink(db, params.token ?? "");
  if (!found) throw await gone(request);
  const file = mediaFilePath(community, found.audio);
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch {
    throw await gone(request);
  }
  const headers = new Headers({
    "Content-Type": found.audio.mimeType,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  });
  return rangedFileResponse(request, file, size, headers);
}
