import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCommunityStats } from "~/models/stats.server";
import { requireTenantUser } from "~/utils/auth.server";

/** GET /api/stats: totalResidents, totalStories, totalFamilyViews, storiesThisMonth (as on the home). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { community, db } = await requireTenantUser(request);
  return Response.json(getCommunityStats(db, community));
}
