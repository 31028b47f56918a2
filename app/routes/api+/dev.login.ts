import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { devLoginUrl, notFoundUnlessDevLogin } from "~/models/dev-login.server";
import { originsFor, requireKnownHost } from "~/utils/host.server";
import { readJson } from "~/utils/api.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT } from "./__messages.server";

const Body = z.object({ userId: z.string().min(1).max(100) });

export async function loader() {
  notFoundUnlessDevLogin();
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  notFoundUnlessDevLogin();
  requireKnownHost(request);
  if (request.method !== "POST")
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const body = await readJson(request, Body);
  const redirectUrl = await devLoginUrl(body.userId, originsFor(request));
  if (!redirectUrl) return new Response((await apiT(request))("user.notFound"), { status: 404 });
  return Response.json({ redirectUrl });
}
