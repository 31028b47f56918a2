// GET /api/admin/stories/pending: the review queue, oldest first (administrators only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { REVIEWER_ROLES } from "~/components/admin/area.server";
import { listPendingStories } from "~/models/story.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireTenantUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireTenantUser(request, { roles: REVIEWER_ROLES });
  return Response.json(listPendingStories(db));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireTenantUser(request, { roles: REVIEWER_ROLES });
  return methodNotAllowed(["GET"]);
}
