// POST /kiosk/alive: the kiosk page's countdown (JavaScript) says the resident is still there, so
// the server's 2 minutes start again too. No session: 401, and the page's countdown ends it anyway.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireKioskResident } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function loader() {
  return new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  await requireKioskResident(request).catch((thrown: unknown) => {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
      throw new Response("No kiosk session", { status: 401 });
    throw thrown;
  });
  return new Response(null, { status: 204 });
}
