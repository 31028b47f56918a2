// GET /api/community-news: posts, pinned first. The care team gets every post (drafts too);
// families and residents only published ones. POST (care team): title, content, isPublished,
// isPinned. Posts by staff are published at once (the bulletin).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewsPostSchema } from "~/models/admin-schemas.server";
import { createNewsPost, listNewsPosts, toNewsPostView } from "~/models/news.server";
import { notifyIfNewlyPinned } from "~/models/notification-events.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCareTeam, requireTenantUser } from "~/utils/permissions.server";
import { CARE_TEAM_ROLES, ROLE, roleIn } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user } = await requireTenantUser(request);
  return Response.json(listNewsPosts(db, { publishedOnly: !roleIn(user.role, CARE_TEAM_ROLES) }));
}

export const policy = { body: "long text" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, user, community } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, NewsPostSchema);
  const post = createNewsPost(
    db,
    user.role === ROLE.staff ? { ...input, isPublished: true } : input,
    user,
  );
  notifyIfNewlyPinned(db, community, null, post, user);
  return Response.json(toNewsPostView(post), { status: 201 });
}
