// GET /api/residents: every resident; POST /api/residents: add one (staff and administrators).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CARE_TEAM_ROLES } from "~/components/admin/area.server";
import { residentJson } from "~/models/admin-api.server";
import { ResidentSchema } from "~/models/admin-schemas.server";
import { createResident, listResidentsWithStoryCounts } from "~/models/resident.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireTenantUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireTenantUser(request, { roles: CARE_TEAM_ROLES });
  return Response.json(listResidentsWithStoryCounts(db).map(residentJson));
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireTenantUser(request, { roles: CARE_TEAM_ROLES });
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, ResidentSchema);
  const resident = createResident(db, input, user);
  return Response.json(residentJson(resident), { status: 201 });
}
