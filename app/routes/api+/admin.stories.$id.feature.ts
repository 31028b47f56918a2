// PATCH /api/admin/stories/{id}/feature { isFeatured } (administrators only; published stories only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FeatureSchema } from "~/models/admin-schemas.server";
import { getStoryRow, getStoryView, setStoryFeatured } from "~/models/story.server";
import { notifyStoryReviewed } from "~/models/notification-events.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireReviewer } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { clientOf } from "~/utils/host.server";
import { apiT, reasonText } from "./__messages.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireReviewer(request);
  return methodNotAllowed(["PATCH"]);
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, community } = await requireReviewer(request);
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { isFeatured } = await readJson(request, FeatureSchema);
  const before = getStoryRow(db, params.id ?? "");
  const reviewer = {
    id: user.id,
    displayName: user.displayName,
    audit: { tenantId: community.id, client: clientOf(request) },
  };
  const result = setStoryFeatured(db, params.id ?? "", isFeatured, reviewer);
  if (!result.ok)
    return new Response(reasonText(await apiT(request), result.reason), {
      status: result.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  if (before && isFeatured) notifyStoryReviewed(db, community, before, "featured", reviewer);
  return Response.json(getStoryView(db, result.story.id));
}
