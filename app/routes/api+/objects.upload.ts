// POST /api/objects/upload -> { uploadURL }: a short-lived signed URL on this server for one image.
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/utils/api.server";
import { enforceRateLimitFor } from "~/utils/rate-limit.server";
import { createUploadToken, uploadPath } from "~/models/upload-token.server";
import { sweepPendingMedia } from "~/models/media-access.server";
import { requireStoryteller } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

// hands out an upload URL: counted with the uploads it is for
export const policy = { body: "form", rate: "uploads" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { user, community, db } = await requireStoryteller(request);
  await enforceRateLimitFor(
    request,
    `upload-url:${community.id}:${user.id}`,
    60,
    10 * 60_000,
    "uploads",
  );
  // uploads that nothing claimed within a day are cleared as new ones come in
  sweepPendingMedia(db, community);
  const { token, claim } = createUploadToken({ communityId: community.id, userId: user.id });
  const uploadURL = new URL(uploadPath(token), new URL(request.url).origin).toString();
  return Response.json({ uploadURL, expiresAt: new Date(claim.expiresAt).toISOString() });
}
