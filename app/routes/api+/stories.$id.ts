// GET /api/stories/{id}: a story the caller may read. DELETE: a resident deletes one of their own
// stories, with its image and audio files.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireTenantUser } from "~/utils/auth.server";
import { methodNotAllowed, notFound } from "~/utils/api.server";
import { deleteStoryOfResident, getReadableStory } from "~/models/story.server";
import { ROLE } from "~/utils/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db } = await requireTenantUser(request);
  const story = getReadableStory(db, user, params.id ?? "");
  if (!story) return notFound("Story not found");
  return Response.json(story);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const { user, community, db } = await requireTenantUser(request, { roles: [ROLE.resident] });
  if (!user.residentId || !deleteStoryOfResident(db, community, user.residentId, params.id ?? "")) return notFound("Story not found");
  return new Response(null, { status: 204 });
}
