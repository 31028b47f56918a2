// GET /admin/residents.csv: the residents list as CSV, with the list's search, filter and sort
// (not its page). Administrators only; every export is written to the audit log.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { listResidentsMatching, readResidentListParams } from "~/models/resident-list.server";
import { linkedSignInStates, NO_SIGN_IN } from "~/models/sign-in-state.server";
import { csvResponse, toCsv } from "~/utils/csv";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";

const SIGN_IN = {
  none: "No sign-in",
  invited: "Sign-in link made",
  active: "Signs in",
  deactivated: "Sign-in switched off",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const rows = listResidentsMatching(db, readResidentListParams(new URL(request.url).searchParams));
  const signIns = linkedSignInStates(
    community.id,
    ROLE.resident,
    rows.map((r) => r.id),
  );
  writeAudit({
    client: clientOf(request),
    actorUserId: user.id,
    action: "export.residents",
    tenantId: community.id,
    details: `${rows.length} residents`,
  });
  const body = toCsv(
    [
      "First name",
      "Last name",
      "Room",
      "Date of birth",
      "Admission date",
      "Status",
      "Stories",
      "Published stories",
      "Sign-in",
    ],
    rows.map((r) => [
      r.firstName,
      r.lastName,
      r.roomNumber,
      r.dateOfBirth,
      r.admissionDate,
      r.isActive ? "Active" : "Inactive",
      r.storyCount,
      r.publishedStoryCount,
      SIGN_IN[(signIns.get(r.id) ?? NO_SIGN_IN).status],
    ]),
  );
  return csvResponse(`${community.subdomain}-residents.csv`, body);
}
