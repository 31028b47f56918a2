// GET /api/community-news: every post, pinned first; POST: title, content, isPublished, isPinned.
// Posts by staff are published at once (the bulletin).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewsPostSchema } from "~/models/admin-schemas.server";
import { createNewsPost, listNewsPosts, toNewsPostView } from "~/models/news.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireCareTeam(request);
  return Response.json(listNewsPosts(db));
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, NewsPostSchema);
  const post = createNewsPost(db, user.role === ROLE.staff ? { ...input, isPublished: true } : input, user);
  return Response.json(toNewsPostView(post), { status: 201 });
}
