// GET /api/residents: every resident; POST /api/residents: add one (staff and administrators).
// GET takes the list screen's parameters: ?q= (words of a name or room, without regard to case or
// accents), ?sort= (name, room, admitted; -name for descending), ?status= (all when not given) and
// ?page= (25 a page, with X-Total-Count and X-Page-Count). Without any of them it answers the
// whole list, active residents first, as the product's API client expects.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { residentJson } from "~/models/admin-api.server";
import { ResidentSchema } from "~/models/admin-schemas.server";
import { auditedBy, createResident, listResidentsWithStoryCounts } from "~/models/resident.server";
import {
  listResidentsMatching,
  listResidentsPage,
  readResidentListParams,
} from "~/models/resident-list.server";
import { pagedJson, usesListParams } from "~/utils/api-lists.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireCareTeam(request);
  const search = new URL(request.url).searchParams;
  if (!usesListParams(search, ["status"]))
    return Response.json(listResidentsWithStoryCounts(db).map(residentJson));
  const params = readResidentListParams(search, { status: "all" });
  if (!search.has("page"))
    return Response.json(listResidentsMatching(db, params).map(residentJson));
  const { rows, page } = listResidentsPage(db, params);
  return pagedJson(rows.map(residentJson), page);
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, user, community } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, ResidentSchema);
  const resident = createResident(db, input, auditedBy(user, community, request));
  return Response.json(residentJson(resident), { status: 201 });
}
