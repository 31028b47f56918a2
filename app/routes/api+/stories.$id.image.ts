// PUT /api/stories/{id}/image { imageUrl }: sets a story's image to an image the caller uploaded.
// A resident may only change their own stories (a published one goes back for review).
import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { badRequest, methodNotAllowed, notFound, readJson } from "~/utils/api.server";
import { findOwnPendingImage } from "~/models/media-access.server";
import {
  getStoryRow,
  getStoryView,
  setStoryImage,
  updateStoryOfResident,
} from "~/models/story.server";
import { requireStoryteller } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
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

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { user, community, db } = await requireStoryteller(request);
  const { imageUrl } = await readJson(request, Body);
  const t = await apiT(request);
  const id = params.id ?? "";
  const story = getStoryRow(db, id);
  if (!story || (user.role === ROLE.resident && story.residentId !== user.residentId))
    return notFound(t("story.notFound"));
  const image = findOwnPendingImage(db, community, user, imageUrl);
  if (!image) return badRequest(t("image.notUploaded"));
  if (user.role === ROLE.resident) {
    const result = updateStoryOfResident(
      db,
      community,
      user.residentId!,
      id,
      { title: story.title, content: story.content, category: story.category, imageId: image.id },
      user,
    );
    if (!result) return notFound(t("story.notFound"));
  } else {
    setStoryImage(db, community, id, image.id);
  }
  return Response.json(getStoryView(db, id));
}
