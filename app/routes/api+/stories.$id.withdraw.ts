// POST /api/stories/{id}/withdraw [JSON { residentAgreed }]: the resident withdraws their story: it
// leaves every audience at once (the care team sees it as withdrawn). Staff and administrators may
// withdraw it for the resident with residentAgreed: true. PATCH /api/stories/{id} brings it back.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { badRequest, postOnlyLoader, requirePost, readJson } from "~/utils/api.server";
import { changeStoryAudience, getStoryView } from "~/models/story.server";
import { requireTenantUser } from "~/utils/auth.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { msg } from "~/utils/i18n";
import { apiT, reasonText } from "./__messages.server";

const Body = z.object({
  residentAgreed: z.boolean({ error: msg("api:residentAgreed.invalid") }).optional(),
});

const guard = (request: Request) => requireTenantUser(request);

export const loader = ({ request }: LoaderFunctionArgs) => postOnlyLoader(request, guard);

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, community, db } = await requirePost(request, guard);
  // the resident may send no body at all
  const hasBody = (request.headers.get("content-type") ?? "").includes("application/json");
  const body = hasBody ? await readJson(request, Body) : {};
  const result = changeStoryAudience(
    db,
    community.id,
    user,
    params.id ?? "",
    { withdraw: true },
    body.residentAgreed === true,
  );
  if (!result.ok) {
    const reason = reasonText(await apiT(request), result.reason);
    if (result.status === 400) return badRequest(reason, { residentAgreed: [reason] });
    return new Response(reason, {
      status: result.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return Response.json(getStoryView(db, result.story.id));
}
