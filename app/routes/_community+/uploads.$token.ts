// PUT /uploads/{token}: the signed upload URL of POST /api/objects/upload. Takes the raw image bytes
// of the user the URL was made for, in the community it was made for, once.
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/utils/api.server";
import { apiFailureOf, requireStoryteller } from "~/utils/permissions.server";
import { readBodyLimited } from "~/utils/upload-form.server";
import { getMedia, IMAGE_ERRORS, MediaError, saveImage } from "~/models/media.server";
import { readUploadToken } from "~/models/upload-token.server";
import { mediaUrl } from "~/models/media-urls";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT, mediaErrorText } from "../api+/__messages.server";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader() {
  return methodNotAllowed(["PUT"]);
}

export const policy = { body: "photo", rate: "uploads" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { user, community, db } = await requireStoryteller(request).catch(apiFailureOf(request));
  const t = await apiT(request);
  const claim = readUploadToken(params.token ?? "", { communityId: community.id, userId: user.id });
  if (!claim) return text(403, t("upload.invalid"));
  if (getMedia(db, claim.mediaId)) return text(409, t("upload.used"));
  try {
    const bytes = await readBodyLimited(request);
    const row = await saveImage(db, community, bytes, {
      id: claim.mediaId,
      uploadedByUserId: user.id,
      status: "pending",
    });
    return Response.json({ objectPath: mediaUrl(row.id) });
  } catch (error) {
    if (error instanceof MediaError)
      return text(
        error.title === IMAGE_ERRORS.tooLarge.title ? 413 : 415,
        mediaErrorText(t, error),
      );
    // two PUTs of one URL at once: the second finds the id taken
    if (getMedia(db, claim.mediaId)) return text(409, t("upload.used"));
    throw error;
  }
}
