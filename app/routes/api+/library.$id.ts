// GET /api/library/{id}: one item of the picture and music library. PATCH `{ title?, decades?,
// themes?, source? }` changes its details (what is not sent stays); DELETE removes it and its
// file. Staff and administrators only; another community's item is 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteLibraryItem, getLibraryItem, updateLibraryItem } from "~/models/library.server";
import { badRequest, methodNotAllowed, notFound } from "~/utils/api.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { getT } from "~/utils/i18n.server";
import { requireCareTeam } from "~/utils/permissions.server";
import { itemJson, libraryRefusal } from "../_community+/__care-team/library.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await requireCareTeam(request);
  const item = getLibraryItem(db, params.id ?? "");
  if (!item) return notFound((await getT(request, "library"))("error.notFound"));
  return Response.json(itemJson(item));
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, community } = await requireCareTeam(request);
  if (request.method !== "PATCH" && request.method !== "DELETE")
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const t = await getT(request, "library");
  const item = getLibraryItem(db, params.id ?? "");
  if (!item) return notFound(t("error.notFound"));
  if (request.method === "DELETE") {
    deleteLibraryItem(db, community, item.id);
    return new Response(null, { status: 204 });
  }
  let body: Record<string, unknown>;
  try {
    if (!(request.headers.get("content-type") ?? "").includes("application/json"))
      throw new Error("not JSON");
    const raw: unknown = await request.json();
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error("not an object");
    body = raw as Record<string, unknown>;
  } catch {
    return badRequest(t("error.json"));
  }
  try {
    const updated = updateLibraryItem(db, item.id, {
      title: "title" in body ? body.title : item.title,
      decades: "decades" in body ? body.decades : item.decades,
      themes: "themes" in body ? body.themes : item.themes,
      source: "source" in body ? body.source : item.source,
    })!;
    return Response.json(itemJson(updated));
  } catch (error) {
    const refusal = libraryRefusal(t, error);
    if (!refusal) throw error;
    return badRequest(
      refusal.message,
      refusal.field ? { [refusal.field]: [refusal.message] } : undefined,
    );
  }
}
