// GET /admin/families.csv: the family members list as CSV, with the list's search, filters and
// sort (not its page). Administrators only; every export is written to the audit log.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { listFamilyMatching, readFamilyListParams } from "~/models/family-list.server";
import { linkedSignInStates, NO_SIGN_IN } from "~/models/sign-in-state.server";
import { csvResponse, toCsv } from "~/utils/csv";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import { invitationState } from "../__care-team/families-list.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const rows = listFamilyMatching(
    db,
    community.id,
    readFamilyListParams(new URL(request.url).searchParams),
  );
  const states = linkedSignInStates(
    community.id,
    ROLE.family,
    rows.map((r) => r.member.id),
  );
  writeAudit({
    client: clientOf(request),
    actorUserId: user.id,
    action: "export.families",
    tenantId: community.id,
    details: `${rows.length} family members`,
  });
  const body = toCsv(
    [
      "Name",
      "Email",
      "Phone",
      "Relationship",
      "Resident",
      "Room",
      "Invitation",
      "Username",
      "Last active",
    ],
    rows.map(({ member, resident }) => {
      const state = states.get(member.id) ?? NO_SIGN_IN;
      return [
        member.name,
        member.email,
        member.phoneNumber,
        member.relationship,
        `${resident.firstName} ${resident.lastName}`,
        resident.roomNumber,
        invitationState(state, community.timeZone).label,
        state.username,
        state.lastActiveAt,
      ];
    }),
  );
  return csvResponse(`${community.subdomain}-families.csv`, body);
}
