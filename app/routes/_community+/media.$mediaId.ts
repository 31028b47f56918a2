// GET /media/{id}: a community's media file, only to signed-in members who may see what owns it
// (and to the lounge kiosk: its grid's photos, the community's library, and its resident's own).
// Images answer `?w=` with the nearest stored width; every file answers HTTP Range requests.
import fs from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireTenantUser } from "~/utils/auth.server";
import { notFound as missing } from "~/utils/api.server";
import type { Community } from "~/utils/db.server";
import { kioskSessionOf, readKiosk } from "~/utils/kiosk.server";
import { getMedia, mediaDir, mediaVariants, type MediaRow } from "~/models/media.server";
import { rangedFileResponse } from "./__ranged-file.server";
import { isKioskGridPhoto, kioskMayOpenDraftPhoto, kioskMayOpenMedia } from "~/models/kiosk.server";
import { canAccessMedia, isLibraryMedia } from "~/models/media-access.server";
import { parseWidth, pickVariant } from "~/models/media-serve";
import { getT } from "~/utils/i18n.server";

// files never change under a name; an hour keeps scrolling cheap while access can still be revoked
const CACHE_CONTROL = "private, max-age=3600";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // signed out, the wrong community or the marketing host: the file does not exist for them
  const member = await requireTenantUser(request).catch(() => null);
  const notFound = async () => missing((await getT(request, "errors"))("notFound"));
  let community: Community;
  let row: MediaRow | undefined;
  if (member) {
    community = member.community;
    row = params.mediaId ? getMedia(member.db, params.mediaId) : undefined;
    if (!row || !canAccessMedia(member.db, member.user, row)) throw await notFound();
  } else {
    // the lounge kiosk (ADR 017): the grid's photos, and what its resident's session may see
    const kiosk = await readKiosk(request);
    if (kiosk.state !== "on") throw await notFound();
    community = kiosk.community;
    row = params.mediaId ? getMedia(kiosk.db, params.mediaId) : undefined;
    const { session } = kioskSessionOf(kiosk.db, kiosk.kiosk.id);
    if (
      !row ||
      !(
        isKioskGridPhoto(kiosk.db, row.id) ||
        // the community's library: shown on the lounge screen with story circles and prompts
        isLibraryMedia(kiosk.db, row.id) ||
        (session && kioskMayOpenMedia(kiosk.db, session, row)) ||
        // the photo kept with a story whose turn ended: on this kiosk, and in her turn only
        kioskMayOpenDraftPhoto(kiosk.db, kiosk.kiosk.id, session, row.id)
      )
    )
      throw await notFound();
  }

  const url = new URL(request.url);
  const fileName =
    row.kind === "image"
      ? pickVariant(mediaVariants(row), parseWidth(url.searchParams.get("w"))).fileName
      : row.fileName;
  const file = path.join(mediaDir(community), path.basename(fileName));
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch {
    throw await notFound();
  }

  const etag = `"${path.basename(fileName)}-${size}"`;
  const headers = new Headers({
    "Content-Type": row.mimeType,
    "Cache-Control": CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
    "Content-Disposition": "inline",
    ETag: etag,
  });
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });

  return rangedFileResponse(request, file, size, headers);
}
