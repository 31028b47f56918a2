// GET /admin/residents.csv: the residents list as CSV, with the list's search, filter and sort
// (not its page), its headings and words in the requester's language. Administrators only; every
// export is written to the audit log.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { listResidentsMatching, readResidentListParams } from "~/models/resident-list.server";
import { linkedSignInStates, NO_SIGN_IN } from "~/models/sign-in-state.server";
import { csvResponse, toCsv } from "~/utils/csv";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import { getT } from "~/utils/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const t = await getT(request, "care");
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
      t("resident.firstName"),
      t("resident.lastName"),
      t("column.room"),
      t("resident.dateOfBirth"),
      t("resident.admissionDate"),
      t("column.status"),
      t("column.stories"),
      t("csv.publishedStories"),
      t("filter.signIn"),
    ],
    rows.map((r) => [
      r.firstName,
      r.lastName,
      r.roomNumber,
      r.dateOfBirth,
      r.admissionDate,
      r.isActive ? t("status.active") : t("status.inactive"),
      r.storyCount,
      r.publishedStoryCount,
      t(`signIn.${(signIns.get(r.id) ?? NO_SIGN_IN).status}`),
    ]),
  );
  return csvResponse(`${community.subdomain}-residents.csv`, body);
}
