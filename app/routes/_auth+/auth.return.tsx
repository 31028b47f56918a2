// POST /auth/return: "Return to super admin" in the login-as banner. Ends the session the super
// admin opened as a user (written to the audit log) and goes back to the super admin's own.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { getOptionalUser } from "~/utils/auth.server";
import { clientOf, requireKnownHost } from "~/utils/host.server";
import { endImpersonation, impersonationOf } from "~/utils/impersonation.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  requireKnownHost(request);
  return redirect("/");
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  requireKnownHost(request);
  const impersonation = await impersonationOf(request);
  // nothing to return from: an ordinary session stays as it is
  if (!impersonation) return redirect("/");
  const user = await getOptionalUser(request);
  writeAudit({
    client: clientOf(request),
    actorUserId: impersonation.impersonator.id,
    action: "impersonation.ended",
    targetUserId: user?.id ?? null,
    tenantId: user?.tenantId ?? null,
  });
  return endImpersonation(request, impersonation);
}
