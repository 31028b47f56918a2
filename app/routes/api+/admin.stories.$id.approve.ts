// PATCH /api/admin/stories/{id}/approve { isPublished, reviewNote? } (administrators only).
// true publishes the story; false turns down an unpublished one (with the optional note for its
// resident) or takes a published one down again.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApproveSchema } from "~/models/admin-schemas.server";
import {
  approveStory,
  getStoryRow,
  getStoryView,
  rejectStory,
  unpublishStory,
} from "~/models/story.server";
import { methodNotAllowed, notFound, readJson } from "~/utils/api.server";
import { requireReviewer } from "~/utils/permissions.server";
import { notifyStoryReviewed } from "~/models/notification-events.server";
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
  const id = params.id ?? "";
  const story = getStoryRow(db, id);
  const t = await apiT(request);
  if (!story) return notFound(t("story.notFound"));
  const { isPublished, reviewNote } = await readJson(request, ApproveSchema);
  const reviewer = {
    id: user.id,
    displayName: user.displayName,
    audit: { tenantId: community.id, client: clientOf(request) },
  };
  const result = isPublished
    ? approveStory(db, id, reviewer)
    : story.isPublished
      ? unpublishStory(db, id, reviewer)
      : rejectStory(db, id, reviewer, reviewNote);
  if (!result.ok)
    return new Response(reasonText(t, result.reason), {
      status: result.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  if (isPublished || !story.isPublished)
    notifyStoryReviewed(db, community, story, isPublished ? "approved" : "rejected", reviewer);
  return Response.json(getStoryView(db, id));
}
