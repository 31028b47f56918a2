import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { displayPrefsCookie, readDisplayPrefs } from "~/utils/display.server";
import { safeRedirect } from "~/utils/safe-redirect";
import type { RoutePolicy } from "~/utils/body-limit.server";

// Toggles larger text or high contrast for this browser; works without JavaScript.
export async function loader() {
  return redirect("/");
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const prefs = await readDisplayPrefs(request);
  const toggle = form.get("toggle");
  if (toggle === "large") prefs.large = !prefs.large;
  if (toggle === "contrast") prefs.contrast = !prefs.contrast;
  return redirect(safeRedirect(form.get("returnTo"), "/"), {
    headers: { "Set-Cookie": await displayPrefsCookie(prefs) },
  });
}
