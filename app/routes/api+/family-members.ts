// GET /api/family-members: every family member with their resident; POST: add one, with a
// one-time invitation link for their sign-in, emailed to them and returned once in this response:
// 201 with the member and `invitation` (its `emailedTo`: the address it was sent to, or null). When the resident already has a family member with that email (compared
// without case), nothing is added: 200 with that member as GET shows it (its `signIn` says whether
// they accepted), and no invitation (a new link is made on the family member's invitation page).
// 400 for invalid fields or a resident who is unknown or inactive. GET takes the list
// screen's parameters: ?q= (name, email or resident), ?sort= (name, resident), ?invitation=,
// ?status= (all when not given), ?resident= and ?page= (25 a page, with X-Total-Count and
// X-Page-Count); without any of them it answers the whole list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { familyMemberJson } from "~/models/admin-api.server";
import { FamilyMemberSchema } from "~/models/admin-schemas.server";
import { listFamilyMembers } from "~/models/family.server";
import {
  FAMILY_LIST,
  listFamilyMatching,
  listFamilyPage,
  readFamilyListParams,
} from "~/models/family-list.server";
import { pagedJson, usesListParams } from "~/utils/api-lists.server";
import { addFamilyMemberWithInvitation, familyAccounts } from "~/models/invitation.server";
import { getResident } from "~/models/resident.server";
import { badRequest, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT } from "./__messages.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireCareTeam(request);
  const accounts = familyAccounts(community.id);
  const toJson = ({ member, resident }: ReturnType<typeof listFamilyMembers>[number]) =>
    familyMemberJson(member, resident, accounts.get(member.id));
  const search = new URL(request.url).searchParams;
  if (!usesListParams(search, [...Object.keys(FAMILY_LIST.filters), "resident"]))
    return Response.json(listFamilyMembers(db).map(toJson));
  // the API lists everyone unless a status is asked for (the screen shows active sign-ins first)
  if (!search.has("status")) search.set("status", "all");
  const params = readFamilyListParams(search);
  if (!search.has("page"))
    return Response.json(listFamilyMatching(db, community.id, params).map(toJson));
  const { rows, page } = listFamilyPage(db, community.id, params);
  return pagedJson(rows.map(toJson), page);
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, FamilyMemberSchema);
  const resident = getResident(db, input.residentId);
  if (!resident || !resident.isActive) {
    const t = await apiT(request);
    return badRequest(t("fields.invalid"), { residentId: [t("resident.choose")] });
  }
  const added = await addFamilyMemberWithInvitation(
    communityOrigin(request, community.subdomain),
    db,
    community,
    input,
    { id: user.id, client: clientOf(request) },
  );
  if (!added.added) return Response.json(familyMemberJson(added.member, resident, added.account));
  if (added.joined) {
    // the email already signs in here: added to that account, waiting for her to confirm
    const { member, joined } = added;
    return Response.json(
      {
        ...familyMemberJson(member, resident, {
          userId: joined.userId,
          username: joined.username,
          status: "active",
        }),
        joinedAccount: {
          username: joined.username,
          confirmed: false,
          emailedTo: joined.email.sent ? joined.email.to : null,
        },
      },
      { status: 201 },
    );
  }
  const { member, invitation } = added;
  return Response.json(
    {
      ...familyMemberJson(member, resident, {
        userId: "",
        username: invitation!.username,
        status: "invited",
      }),
      invitation: {
        url: invitation!.url,
        username: invitation!.username,
        expiresAt: invitation!.expiresAt,
        emailedTo: invitation!.email?.sent ? invitation!.email.to : null,
      },
    },
    { status: 201 },
  );
}
