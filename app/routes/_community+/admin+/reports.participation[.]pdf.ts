// GET /admin/reports/participation.pdf?month=YYYY-MM: the month's activity report as a printable
// binder for a survey, in the reader's language (?paper=a4|letter). Administrators only; made in
// turn with the other PDFs (503 when many are being made).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayInTimeZone } from "~/models/event-dates";
import { paperFor, pdfFileName } from "~/models/gazette-pdf.server";
import { renderParticipationPdf } from "~/models/participation-report-pdf.server";
import { participationReport, reportMonth } from "~/models/participation-report.server";
import { queuedDownload } from "~/utils/download-queue.server";
import { env } from "~/utils/env.server";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const t = await getT(request, "reports");
  const url = new URL(request.url);
  const month = reportMonth(url.searchParams.get("month"), community.timeZone);
  if (!month)
    throw new Response(t("month.invalid"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const lang = await requestLanguage(request);
  const now = new Date();
  const report = participationReport(db, community, month, now);
  return queuedDownload(
    request,
    {
      contentType: "application/pdf",
      fileName: pdfFileName(`${community.subdomain}-${t("csv.fileName", { month: month.ym })}`),
      disposition: "inline",
      busy: {
        what: "printouts",
        back: { href: `/admin/reports?month=${month.ym}`, label: t("download.back") },
      },
    },
    (out, signal) =>
      renderParticipationPdf(
        report,
        {
          communityName: community.name,
          lang,
          paper: paperFor(url.searchParams.get("paper"), community.timeZone),
          appName: env().APP_NAME,
          today: todayInTimeZone(community.timeZone, now),
        },
        out,
        signal,
      ),
  );
}
