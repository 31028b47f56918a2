// GET /api/family-members: every family member with their resident; POST: add one, with a
// one-time invitation link for their sign-in (returned once, in this response).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { familyMemberJson } from "~/models/admin-api.server";
import { FamilyMemberSchema } from "~/models/admin-schemas.server";
import { listFamilyMembers } from "~/models/family.server";
import { addFamilyMemberWithInvitation, familyAccounts } from "~/models/invitation.server";
import { getResident } from "~/models/resident.server";
import { badRequest, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import { communityOrigin } from "~/utils/host.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireCareTeam(request);
  const accounts = familyAccounts(community.id);
  return Response.json(listFamilyMembers(db).map(({ member, resident }) => familyMemberJson(member, resident, accounts.get(member.id))));
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, FamilyMemberSchema);
  const resident = getResident(db, input.residentId);
  if (!resident || !resident.isActive) return badRequest("Some fields are not valid", { residentId: ["Choose a resident from the list"] });
  const { member, invitation } = await addFamilyMemberWithInvitation(communityOrigin(request, community.subdomain), db, community, input, user);
  return Response.json(
    { ...familyMemberJson(member, resident, { userId: "", username: invitation.username, status: "invited" }), invitation: { url: invitation.url, username: invitation.username, expiresAt: invitation.expiresAt } },
    { status: 201 },
  );
}
