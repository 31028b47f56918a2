// The community home's loader, for `/` on a community's site (signed-in members only, ADR 005).
// routes/_index.tsx chooses between this page and the marketing landing page by host.
import { data } from "@remix-run/node";
import { footerLinksFor, quickActionsFor } from "~/components/home/quick-actions";
import type { HomeFacility } from "~/components/home/Sidebar";
import { activityText } from "~/models/activity-text";
import { isCategory } from "~/models/categories";
import { listCommunities } from "~/models/community.server";
import { communityBoard } from "~/models/community-board.server";
import { getCommunityStats, listHomeActivity } from "~/models/stats.server";
import { listFeaturedStoryCards, listPublishedStoryCards } from "~/models/story.server";
import { requireUser } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { communityOrigin, requireTenant } from "~/utils/host.server";
import { getT } from "~/utils/i18n.server";

const RECENT_STORIES_ON_HOME = 3;
const FEATURED_STORIES_ON_HOME = 6;

/** Runs one block of the home; a failure is logged and shown in that block only. */
function block<T>(what: string, load: () => T): T | null {
  try {
    return load();
  } catch (error) {
    console.error(`Community home: ${what} could not be loaded`, error);
    return null;
  }
}

export async function communityHomeLoader(request: Request) {
  const { APP_NAME, APP_DOMAIN, DEV_LOGIN } = env();
  // the community home shows residents' stories, so it is for signed-in members only
  const user = await requireUser(request);
  let tenant: ReturnType<typeof requireTenant>;
  try {
    tenant = requireTenant(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Community home: the community's database cannot be read", error);
    return data({ kind: "unavailable" as const, appName: APP_NAME }, { status: 503 });
  }
  const { community, db } = tenant;
  const activityT = await getT(request, "activity");
  const rawCategory = new URL(request.url).searchParams.get("category");
  const category = isCategory(rawCategory) ? rawCategory : null;
  const demo = DEV_LOGIN
    ? {
        others: listCommunities()
          .filter((c) => c.isActive && c.id !== community.id)
          .map((c) => ({
            name: c.name,
            subdomain: c.subdomain,
            url: `${communityOrigin(request, c.subdomain)}/`,
          })),
        devLoginUrl: `${communityOrigin(request, null)}/dev-login`,
      }
    : null;
  const facility: HomeFacility = {
    name: community.name,
    address: community.address,
    city: community.city,
    phone: community.phone,
    email: community.email,
  };
  return {
    kind: "home" as const,
    appName: APP_NAME,
    year: new Date().getFullYear(),
    facility,
    host: `${community.subdomain}.${APP_DOMAIN}`,
    stats: block("statistics", () => getCommunityStats(db, community)),
    recent: block("recent stories", () =>
      listPublishedStoryCards(db, user, { limit: RECENT_STORIES_ON_HOME }),
    ),
    featured: block("featured stories", () =>
      listFeaturedStoryCards(db, { category, limit: FEATURED_STORIES_ON_HOME }),
    ),
    category,
    activity: block("recent activity", () =>
      // an entry reads in the reader's language from its values; one kept without them, as stored
      listHomeActivity(db, user, 8).map(({ values, ...a }) => ({
        ...a,
        summary: activityText(activityT, { ...a, values }),
      })),
    ),
    board: block("news and events", () => communityBoard(db, community.timeZone)),
    quickActions: quickActionsFor(user.role),
    footerLinks: footerLinksFor(user.role, community),
    demo,
  };
}
