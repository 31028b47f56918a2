// GET /api/admin/stories/published?limit=10&offset=0: published stories, newest first (administrators only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listPublishedForReview } from "~/models/story.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireReviewer } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

function intParam(value: string | null, fallback: number, min: number, max: number) {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : fallback;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireReviewer(request);
  const params = new URL(request.url).searchParams;
  return Response.json(
    listPublishedForReview(
      db,
      intParam(params.get("limit"), 10, 1, 100),
      intParam(params.get("offset"), 0, 0, 1_000_000),
    ),
  );
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  await requireReviewer(request);
  return methodNotAllowed(["GET"]);
}
