import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getOptionalUser } from "~/utils/auth.server";
import { resolveHost } from "~/utils/host.server";
import { getT, isLanguage, languageCookieHeader } from "~/utils/i18n.server";
import { setUserLanguage } from "~/models/user.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

// The language a person reads in, chosen in the Display menu or on the account page; works
// without JavaScript. Saved on the account when signed in (it follows them to any device), and in
// a cookie for this browser either way (the sign-in page after signing out stays in it).
export async function loader() {
  return redirect("/");
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const back = safeRedirect(form.get("returnTo"), "/");
  if (!isLanguage(language)) {
    const t = await getT(request, "account");
    return redirectWithToast(back, { type: "error", title: t("language.unknown") });
  }
  const user = await getOptionalUser(request);
  if (user) {
    const ctx = resolveHost(request);
    setUserLanguage(user, language, ctx.kind === "tenant" ? ctx.community : null);
  }
  return redirect(back, { headers: { "Set-Cookie": await languageCookieHeader(language) } });
}
