// GET /admin/staff.csv: the staff list as CSV, with the list's search, filters and sort (not its
// page). Administrators only; every export is written to the audit log.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { listStaffMatching, readStaffListParams } from "~/models/staff.server";
import { csvResponse, toCsv } from "~/utils/csv";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { getT } from "~/utils/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const rows = listStaffMatching(
    community.id,
    readStaffListParams(new URL(request.url).searchParams),
  );
  writeAudit({
    client: clientOf(request),
    actorUserId: user.id,
    action: "export.staff",
    tenantId: community.id,
    details: `${rows.length} staff members`,
  });
  const t = await getT(request, "admin");
  const body = toCsv(
    [
      t("staff.col.name"),
      t("staff.col.username"),
      t("staff.col.email"),
      t("staff.col.role"),
      t("staff.col.status"),
      t("staff.col.lastActive"),
    ],
    rows.map((u) => [
      u.displayName,
      u.username,
      u.email,
      t("common:role", { role: u.role }),
      u.isActive ? t("staff.active") : t("staff.deactivatedStatus"),
      u.signIn.lastActiveAt,
    ]),
  );
  return csvResponse(`${community.subdomain}-staff.csv`, body);
}
