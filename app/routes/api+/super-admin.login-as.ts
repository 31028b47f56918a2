// POST (JSON: userId) -> { redirectUrl }: the production counterpart of /api/dev/login. Works when
// development login is off; super admins only. The URL is a one-time, two-minute sign-in link on the
// user's own community site, and the request is written to the audit log.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { loginAsUrl } from "~/models/impersonation.server";
import { postOnlyLoader, requirePost, readJson } from "~/utils/api.server";
import { clientOf, originsFor } from "~/utils/host.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { msg } from "~/utils/i18n";
import { apiT, reasonText } from "./__messages.server";

const Body = z.object({ userId: z.string().min(1, msg("api:userId.required")).max(100) });

export const loader = ({ request }: LoaderFunctionArgs) =>
  postOnlyLoader(request, requireSuperAdmin);

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePost(request, requireSuperAdmin);
  const { userId } = await readJson(request, Body);
  const result = await loginAsUrl(actor, userId, {
    originOf: originsFor(request),
    client: clientOf(request),
  });
  if (!result.ok) {
    // the refusal's catalog key when the model gives one, else its English words
    const said: unknown = "message" in result ? result.message : undefined;
    return new Response(
      reasonText(await apiT(request), typeof said === "string" ? said : result.reason),
      {
        status: result.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      },
    );
  }
  return Response.json({ redirectUrl: result.redirectUrl });
}
