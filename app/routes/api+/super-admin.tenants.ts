// GET: every community. POST (JSON: name, subdomain, address, city, phone, email, timeZone,
// defaultLanguage): creates one with its own migrated database; timeZone is an IANA zone
// ("America/Denver"), New York's when left out, 400 when not one; defaultLanguage is a language
// the app offers ("es"), English when left out, 400 when unknown. Super admins only: 401 signed out, 403 for everyone else.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listCommunities } from "~/models/community.server";
import { CommunityJsonSchema } from "~/models/super-admin-forms.server";
import { registerCommunity } from "~/models/super-admin.server";
import { badRequest, methodNotAllowed, readJson } from "~/utils/api.server";
import type { Community } from "~/utils/db.server";
import { clientOf } from "~/utils/host.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT, fieldErrorsText } from "./__messages.server";

function tenantJson(c: Community) {
  return {
    id: c.id,
    name: c.name,
    subdomain: c.subdomain,
    address: c.address,
    city: c.city,
    phone: c.phone,
    email: c.email,
    timeZone: c.timeZone,
    defaultLanguage: c.defaultLanguage,
    isActive: c.isActive,
    createdAt: c.createdAt,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  return Response.json(listCommunities().map(tenantJson));
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireSuperAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const body = await readJson(request, CommunityJsonSchema);
  const outcome = registerCommunity(actor, body, clientOf(request));
  if (!outcome.ok) {
    const t = await apiT(request);
    return badRequest(t("community.createFailed"), fieldErrorsText(t, outcome.fieldErrors));
  }
  return Response.json(tenantJson(outcome.community), { status: 201 });
}
