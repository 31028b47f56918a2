// GET /api/community-news: every post, pinned first; POST: title, content, isPublished, isPinned.
// Posts by staff are published at once (the bulletin).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CARE_TEAM_ROLES } from "~/components/admin/area.server";
import { NewsPostSchema } from "~/models/admin-schemas.server";
import { createNewsPost, listNewsPosts, toNewsPostView } from "~/models/news.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireTenantUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireTenantUser(request, { roles: CARE_TEAM_ROLES });
  return Response.json(listNewsPosts(db));
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireTenantUser(request, { roles: CARE_TEAM_ROLES });
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, NewsPostSchema);
  const post = createNewsPost(db, user.role === "staff" ? { ...input, isPublished: true } : input, user);
  return Response.json(toNewsPostView(post), { status: 201 });
}
