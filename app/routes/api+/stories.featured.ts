import type { LoaderFunctionArgs } from "@remix-run/node";
import { isCategory } from "~/models/categories";
import { listFeaturedStories } from "~/models/story.server";
import { requireTenantUser } from "~/utils/auth.server";
import { badRequest } from "~/utils/api.server";
import { apiT } from "./__messages.server";

/** GET /api/stories/featured[?category=childhood]: featured published stories with their resident. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireTenantUser(request);
  const category = new URL(request.url).searchParams.get("category") || null;
  if (category !== null && !isCategory(category))
    throw badRequest((await apiT(request))("category.unknown"));
  return Response.json(listFeaturedStories(db, { category }));
}
