// GET /api/stories/{id}: a story the caller may read. DELETE: a resident deletes one of their own
// stories, with its image and audio files. PATCH { audience, residentAgreed? }: the resident changes
// who may see their story (private, family or community); staff and administrators only with
// residentAgreed: true. A withdrawn story comes back with the audience chosen.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireTenantUser } from "~/utils/auth.server";
import { methodNotAllowed, notFound } from "~/utils/api.server";
import * as z from "zod";
import { badRequest, readJson } from "~/utils/api.server";
import {
  changeStoryAudience,
  deleteStoryOfResident,
  getReadableStory,
  getStoryView,
} from "~/models/story.server";
import { AUDIENCES } from "~/models/story-audience";
import { ROLE } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { msg } from "~/utils/i18n";
import { apiT, reasonText } from "./__messages.server";

const AudienceBody = z.object({
  audience: z.enum(AUDIENCES, { error: msg("api:audience.invalid") }),
  residentAgreed: z.boolean({ error: msg("api:residentAgreed.invalid") }).optional(),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db } = await requireTenantUser(request);
  const story = getReadableStory(db, user, params.id ?? "");
  if (!story) return notFound((await apiT(request))("story.notFound"));
  return Response.json(story);
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "PATCH") {
    const { user, community, db } = await requireTenantUser(request);
    const body = await readJson(request, AudienceBody);
    const result = changeStoryAudience(
      db,
      community.id,
      user,
      params.id ?? "",
      { audience: body.audience },
      body.residentAgreed === true,
    );
    if (!result.ok) {
      const reason = reasonText(await apiT(request), result.reason);
      return result.status === 400
        ? badRequest(reason, { residentAgreed: [reason] })
        : new Response(reason, {
            status: result.status,
            headers: { "Content-Type": "text/plain; charset=utf-8" },
          });
    }
    return Response.json(getStoryView(db, result.story.id));
  }
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const { user, community, db } = await requireTenantUser(request, { roles: [ROLE.resident] });
  if (!user.residentId || !deleteStoryOfResident(db, community, user.residentId, params.id ?? ""))
    return notFound((await apiT(request))("story.notFound"));
  return new Response(null, { status: 204 });
}
