// GET /admin/staff.csv: the staff list as CSV, with the list's search, filters and sort (not its
// page). Administrators only; every export is written to the audit log.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { listStaffMatching, readStaffListParams } from "~/models/staff.server";
import { csvResponse, toCsv } from "~/utils/csv";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE_LABELS } from "~/utils/roles";

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
  const body = toCsv(
    ["Name", "Username", "Email", "Role", "Status", "Last active"],
    rows.map((u) => [
      u.displayName,
      u.username,
      u.email,
      ROLE_LABELS[u.role],
      u.isActive ? "Active" : "Deactivated",
      u.signIn.lastActiveAt,
    ]),
  );
  return csvResponse(`${community.subdomain}-staff.csv`, body);
}
