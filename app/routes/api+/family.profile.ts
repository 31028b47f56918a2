// GET /api/family/profile: the signed-in family member and their resident (never a demo id).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireFamilyMember } from "~/utils/permissions.server";
import { toResidentSummary } from "~/models/resident.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { member, resident } = await requireFamilyMember(request);
  return Response.json({
    id: member.id,
    name: member.name,
    email: member.email,
    relationship: member.relationship,
    phoneNumber: member.phoneNumber,
    residentId: member.residentId,
    resident: toResidentSummary(resident),
  });
}
