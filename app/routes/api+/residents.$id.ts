// PATCH /api/residents/{id}: change any of firstName, lastName, roomNumber, dateOfBirth, admissionDate, email, isActive.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { residentJson } from "~/models/admin-api.server";
import { ResidentPatchSchema } from "~/models/admin-schemas.server";
import { auditedBy, getResident, updateResident } from "~/models/resident.server";
import { methodNotAllowed, notFound, readJson } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT } from "./__messages.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCareTeam(request);
  return methodNotAllowed(["PATCH"]);
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, community } = await requireCareTeam(request);
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const t = await apiT(request);
  if (!getResident(db, params.id ?? "")) return notFound(t("resident.notFound"));
  const patch = await readJson(request, ResidentPatchSchema);
  const resident = updateResident(db, params.id ?? "", patch, auditedBy(user, community, request));
  if (!resident) return notFound(t("resident.notFound"));
  return Response.json(residentJson(resident));
}
