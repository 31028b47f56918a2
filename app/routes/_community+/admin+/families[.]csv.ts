// GET /admin/families.csv: the family members list as CSV, with the list's search, filters and
// sort (not its page), its headings and words in the requester's language. Administrators only;
// every export is written to the audit log.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { listFamilyMatching, readFamilyListParams } from "~/models/family-list.server";
import { linkedSignInStates, NO_SIGN_IN } from "~/models/sign-in-state.server";
import { csvResponse, toCsv } from "~/utils/csv";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import { isEmailAddress, newestInviteLinks } from "~/models/invitation.server";
import { invitationState } from "../__care-team/families-list.server";
import { getT, requestLanguage } from "~/utils/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const t = await getT(request, "care");
  const lang = await requestLanguage(request);
  const now = new Date();
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
  const links = newestInviteLinks([...states.values()].map((st) => st.userId ?? ""));
  writeAudit({
    client: clientOf(request),
    actorUserId: user.id,
    action: "export.families",
    tenantId: community.id,
    details: `${rows.length} family members`,
  });
  const body = toCsv(
    [
      t("directory.name"),
      t("family.email"),
      t("csv.phone"),
      t("family.relationship"),
      t("column.resident"),
      t("column.room"),
      t("column.invitation"),
      t("csv.username"),
      t("csv.lastActive"),
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
        invitationState(state, community.timeZone, now, t, lang, {
          fullDates: true,
          link: state.userId ? links.get(state.userId) : null,
          hasEmail: isEmailAddress(member.email),
        }).label,
        state.username,
        state.lastActiveAt,
      ];
    }),
  );
  return csvResponse(`${community.subdomain}-families.csv`, body);
}
