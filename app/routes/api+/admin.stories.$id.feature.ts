// PATCH /api/admin/stories/{id}/feature { isFeatured } (administrators only; published stories only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FeatureSchema } from "~/models/admin-schemas.server";
import { getStoryView, setStoryFeatured } from "~/models/story.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireReviewer } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireReviewer(request);
  return methodNotAllowed(["PATCH"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { db } = await requireReviewer(request);
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { isFeatured } = await readJson(request, FeatureSchema);
  const result = setStoryFeatured(db, params.id ?? "", isFeatured);
  if (!result.ok) return new Response(result.reason, { status: result.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return Response.json(getStoryView(db, result.story.id));
}
