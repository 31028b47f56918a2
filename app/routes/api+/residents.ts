// GET /api/residents: every resident; POST /api/residents: add one (staff and administrators).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { residentJson } from "~/models/admin-api.server";
import { ResidentSchema } from "~/models/admin-schemas.server";
import { createResident, listResidentsWithStoryCounts } from "~/models/resident.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireCareTeam(request);
  return Response.json(listResidentsWithStoryCounts(db).map(residentJson));
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, ResidentSchema);
  const resident = createResident(db, input, user);
  return Response.json(residentJson(resident), { status: 201 });
}
