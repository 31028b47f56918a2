// "Login as User" from the super admin screens: a form POST that opens in a new tab and is sent on
// to a one-time sign-in link on the user's own community site. JSON clients use
// /api/super-admin/login-as, which calls the same loginAsUrl().
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { loginAsUrl } from "~/models/impersonation.server";
import { clientOf, originsFor } from "~/utils/host.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  return redirect("/super-admin/users");
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireSuperAdmin(request);
  const form = await request.formData();
  const back = safeRedirect(form.get("back"), "/super-admin/users");
  const result = await loginAsUrl(actor, String(form.get("userId") ?? ""), {
    originOf: originsFor(request),
    client: clientOf(request),
  });
  if (!result.ok) {
    const t = await getT(request, "superAdmin");
    return redirectWithToast(back.startsWith("/super-admin") ? back : "/super-admin/users", {
      type: "error",
      title: t("loginAs.failed"),
      description: translateMessage(t, result.message),
    });
  }
  return redirect(result.redirectUrl);
}
