// POST (JSON: tenantId, username, email, role, and optionally displayName, else the username names
// her): adds a staff member or administrator. A password
// sent by the client is ignored: the server generates one, returns it once, and the user must
// change it at first sign-in. Super admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { StaffJsonSchema } from "~/models/super-admin-forms.server";
import { addStaffMember } from "~/models/super-admin.server";
import { badRequest, postOnlyLoader, requirePost, readJson } from "~/utils/api.server";
import { clientOf } from "~/utils/host.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT, fieldErrorsText } from "./__messages.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  postOnlyLoader(request, requireSuperAdmin);

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePost(request, requireSuperAdmin);
  const body = await readJson(request, StaffJsonSchema);
  const outcome = await addStaffMember(actor, body, clientOf(request));
  if (!outcome.ok) {
    const t = await apiT(request);
    return badRequest(t("staff.addFailed"), fieldErrorsText(t, outcome.fieldErrors));
  }
  const { user, temporaryPassword } = outcome;
  return Response.json(
    {
      user: {
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        email: user.email,
        role: user.role,
        tenantId: user.tenantId,
        mustChangePassword: user.mustChangePassword,
      },
      temporaryPassword,
    },
    { status: 201 },
  );
}
