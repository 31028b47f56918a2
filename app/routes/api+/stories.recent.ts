import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPublishedStories } from "~/models/story.server";
import { requireTenantUser } from "~/utils/auth.server";
import { badRequest } from "~/utils/api.server";
import { apiT } from "./__messages.server";

/** GET /api/stories/recent[?limit=1..50]: newest published stories with their resident. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, db } = await requireTenantUser(request);
  const raw = new URL(request.url).searchParams.get("limit");
  const limit = raw === null ? 10 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 50)
    throw badRequest((await apiT(request))("limit.range"));
  return Response.json(listPublishedStories(db, user, { limit }));
}
