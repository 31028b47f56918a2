// GET /api/admin/stories/pending: the review queue, oldest first (administrators only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listPendingStories } from "~/models/story.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireReviewer } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireReviewer(request);
  return Response.json(listPendingStories(db));
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  await requireReviewer(request);
  return methodNotAllowed(["GET"]);
}
