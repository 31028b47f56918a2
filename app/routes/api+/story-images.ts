// PUT /api/story-images { imageUrl } -> { objectPath }: turns an uploaded file into an image path
// that a story can take. Only the uploader's own, not yet used upload qualifies.
import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { methodNotAllowed, notFound, readJson } from "~/utils/api.server";
import { findOwnPendingImage } from "~/models/media-access.server";
import { mediaUrl } from "~/models/media-urls";
import { requireStoryteller } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { msg } from "~/utils/i18n";
import { apiT } from "./__messages.server";

const Body = z.object({
  imageUrl: z.string().trim().min(1, msg("api:imageUrl.required")).max(2000),
});

export async function loader() {
  return methodNotAllowed(["PUT"]);
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { user, community, db } = await requireStoryteller(request);
  const { imageUrl } = await readJson(request, Body);
  const image = findOwnPendingImage(db, community, user, imageUrl);
  if (!image) return notFound((await apiT(request))("image.notUploaded"));
  return Response.json({ objectPath: mediaUrl(image.id) });
}
