import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOut } from "~/utils/auth.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

// Signing out changes state, so it is a POST; a GET just goes home.
export async function loader() {
  return redirect("/");
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}
