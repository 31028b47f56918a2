// The old /staff/bulletin addresses answer with the same page under /staff/news: a permanent
// redirect, 308 so that a form still open at the old address posts its fields to the new one.
import { redirect } from "@remix-run/node";
import { requireArea } from "~/utils/permissions.server";

export async function newsAddressOf(request: Request): Promise<Response> {
  await requireArea(request, "staff");
  const url = new URL(request.url);
  return redirect(
    `${url.pathname.replace(/^\/staff\/bulletin/, "/staff/news")}${url.search}`,
    request.method === "GET" || request.method === "HEAD" ? 301 : 308,
  );
}
