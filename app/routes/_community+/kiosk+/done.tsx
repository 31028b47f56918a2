// "I'm done" (and the countdown at 0, with JavaScript): ends the resident's kiosk session and goes
// back to the grid. Opening it changes nothing.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireKiosk } from "~/utils/permissions.server";
import { endKioskSession } from "~/utils/kiosk.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function loader() {
  return redirect("/kiosk");
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, kiosk } = await requireKiosk(request);
  const form = await request.formData();
  endKioskSession(db, kiosk.id);
  if (form.get("reason") === "idle") return redirect("/kiosk?ended=idle");
  return redirectWithToast("/kiosk", { type: "success", title: "Thank you! See you next time." });
}
