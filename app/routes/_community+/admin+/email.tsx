// /admin/email: the digest schedule, the community's language and the email delivery status live
// on /admin/settings now; old links and bookmarks land there, and a form still sent here is sent
// on there (307 keeps its method and body), all after the same check that the reader is an administrator.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { requireArea } from "~/utils/permissions.server";

const SETTINGS = "/admin/settings";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireArea(request, "admin");
  return redirect(SETTINGS);
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  await requireArea(request, "admin");
  return redirect(SETTINGS, 307);
}
