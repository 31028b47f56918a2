// GET /admin/reports/participation.csv?month=YYYY-MM: one row per resident for the month with every
// count of the report (participation, engagement, minutes, days since she last took part, family
// reach), headings in the requester's language. Administrators only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { participationReport, reportMonth } from "~/models/participation-report.server";
import { writeAudit } from "~/models/audit.server";
import { csvResponse, toCsv } from "~/utils/csv";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { getT } from "~/utils/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const t = await getT(request, "reports");
  const month = reportMonth(new URL(request.url).searchParams.get("month"), community.timeZone);
  if (!month)
    throw new Response(t("month.invalid"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const report = participationReport(db, community, month);
  // every export is written to the audit log
  writeAudit({
    client: clientOf(request),
    actorUserId: user.id,
    action: "export.participation",
    tenantId: community.id,
    details: month.ym,
  });
  const body = toCsv(
    [
      t("col.month"),
      t("col.resident"),
      t("col.room"),
      t("col.attended"),
      t("col.declined"),
      t("col.oneToOne"),
      t("col.unwell"),
      t("col.absent"),
      t("col.active"),
      t("col.passive"),
      t("col.none"),
      t("col.minutes"),
      t("col.lastDate"),
      t("col.daysSince"),
      t("col.family"),
      t("col.read"),
      t("col.reacted"),
      t("col.commented"),
      t("col.reached"),
    ],
    report.residents.map((r) => [
      month.ym,
      `${r.firstName} ${r.lastName}`,
      r.roomNumber,
      r.attended,
      r.declined,
      r.oneToOne,
      r.unwell,
      r.absent,
      r.active,
      r.passive,
      r.none,
      r.minutes,
      r.lastDate,
      r.daysSince,
      r.family,
      r.read,
      r.reacted,
      r.commented,
      r.reached,
    ]),
  );
  return csvResponse(`${community.subdomain}-${t("csv.fileName", { month: month.ym })}.csv`, body);
}
