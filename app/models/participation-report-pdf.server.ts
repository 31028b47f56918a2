// The month's activity report as a printable binder for a survey (pdfkit, with the gazette's fonts):
// a cover (community, month), the programs held with their three-month trend, the table of every
// resident's participation, the residents not joining for 7 and 14 days and the activity
// assessments due; "Page n of N" at the foot of every page. In the reader's language.
import type { Writable } from "node:stream";
import { translator } from "~/utils/i18n.server";
import { formatCalendarDay } from "./event-dates";
import { formatMonthYear, formatNumber } from "./local-time";
import { startPdf, type Paper } from "./gazette-pdf.server";
import type { ParticipationReport } from "./participation-report.server";

/** A table column; `wrap`: words that may run onto a second line (the others are one line). */
type Column = { label: string; width: number; align?: "left" | "right"; wrap?: boolean };

export async function renderParticipationPdf(
  report: ParticipationReport,
  opts: { communityName: string; lang: string; paper: Paper; appName: string; today: string },
  out: Writable,
  signal?: AbortSignal,
): Promise<void> {
  const t = translator(opts.lang, "reports");
  const n = (x: number) => formatNumber(x, opts.lang);
  const monthLabel = formatMonthYear(report.month.ym, opts.lang);
  const { doc, pause, end, clean } = startPdf(
    {
      size: opts.paper,
      lang: opts.lang,
      bufferPages: true,
      margins: { top: 48, bottom: 56, left: 48, right: 48 },
      info: { Title: t("pdf.title", { month: monthLabel }), Author: opts.communityName, Creator: opts.appName },
    },
    out,
    signal,
  );
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(70);
    doc.moveDown(0.6).font("bold").fontSize(18).fillColor("#1e3a5f").text(clean(text), left, doc.y, { width });
    doc.moveDown(0.3);
  };
  const line = (text: string, size = 12) => {
    ensure(size * 2);
    doc.font("body").fontSize(size).fillColor("#1c1917").text(clean(text), left, doc.y, { width });
  };

  /** A table whose header row is repeated on every page it runs onto. */
  const table = async (columns: Column[], rows: string[][]) => {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * width);
    const size = 9.5;
    // only the columns of words are measured and wrapped; numbers are one line, placed directly
    // (measuring every cell of 500 rows took most of the binder's time)
    const drawRow = (cells: string[], bold: boolean) => {
      doc.font(bold ? "bold" : "body").fontSize(size).fillColor("#1c1917");
      const texts = cells.map((c) => clean(c));
      // a cell of words is wrapped only when it does not fit on one line
      const wraps = texts.map((c, i) => (bold || columns[i]!.wrap) && doc.widthOfString(c) > widths[i]! - 6);
      let h = doc.currentLineHeight(true);
      texts.forEach((c, i) => {
        if (wraps[i]) h = Math.max(h, doc.heightOfString(c, { width: widths[i]! - 6 }));
      });
      h += 5;
      const y = doc.y;
      let x = left;
      texts.forEach((c, i) => {
        const w = widths[i]! - 6;
        if (wraps[i]) doc.text(c, x + 3, y + 2, { width: w, align: columns[i]!.align ?? "left" });
        else {
          const dx = columns[i]!.align === "right" ? Math.max(0, w - doc.widthOfString(c)) : 0;
          doc.text(c, x + 3 + dx, y + 2, { lineBreak: false });
        }
        x += widths[i]!;
      });
      doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(bold ? 1 : 0.4).strokeColor(bold ? "#57534e" : "#d6d3d1").stroke();
      doc.y = y + h;
      return h;
    };
    const header = columns.map((c) => c.label);
    ensure(40);
    drawRow(header, true);
    let k = 0;
    for (const r of rows) {
      if (doc.y + 24 > bottom()) {
        doc.addPage();
        drawRow(header, true);
      }
      drawRow(r, false);
      if (++k % 100 === 0) await pause();
    }
    doc.x = left;
    doc.moveDown(0.5);
  };

  // cover
  doc.moveDown(6);
  doc.font("bold").fontSize(30).fillColor("#1e3a5f").text(clean(t("pdf.cover")), { width, align: "center" });
  doc.moveDown(0.5);
  doc.font("body").fontSize(20).fillColor("#1c1917").text(clean(t("pdf.coverFor", { community: opts.communityName, month: monthLabel })), { width, align: "center" });
  doc.moveDown(1.5);
  doc.font("body").fontSize(13).fillColor("#44403c").text(clean(t("pdf.contents")), { width, align: "center" });
  doc.moveDown(0.5);
  doc.text(clean(t("pdf.made", { date: formatCalendarDay(opts.today, opts.lang) })), { width, align: "center" });
  doc.moveDown(2);
  const tot = report.totals;
  doc.font("body").fontSize(13).fillColor("#1c1917").text(clean(t("pdf.totals", { attended: n(tot.attended), oneToOne: n(tot.oneToOne), declined: n(tot.declined), minutes: n(tot.minutes) })), { width, align: "center" });

  // programs
  doc.addPage();
  heading(t("program.heading"));
  if (report.programs.length === 0) line(t("pdf.noneHeld"));
  else
    await table(
      [
        { label: t("col.program"), width: 4, wrap: true },
        { label: t("col.held"), width: 1.2, align: "right" },
        { label: t("col.totalAttended"), width: 1.6, align: "right" },
        { label: t("col.average"), width: 1.6, align: "right" },
        { label: t("col.trend"), width: 4, wrap: true },
      ],
      report.programs.map((p) => [
        p.title,
        n(p.held),
        n(p.attended),
        p.average === null ? "—" : n(p.average),
        p.trend.map((x) => `${formatMonthYear(x.ym, opts.lang)}: ${x.average === null ? "—" : n(x.average)}`).join("\n"),
      ]),
    );
  line(t("program.visits", { count: report.visits.count, visits: n(report.visits.count), minutes: n(report.visits.minutes) }));

  // residents
  heading(t("resident.heading"));
  await table(
    [
      { label: t("col.resident"), width: 4, wrap: true },
      { label: t("col.room"), width: 1.4 },
      { label: t("col.attended"), width: 1.3, align: "right" },
      { label: t("col.declined"), width: 1.3, align: "right" },
      { label: t("col.oneToOne"), width: 1.4, align: "right" },
      { label: t("col.unwell"), width: 1.4, align: "right" },
      { label: t("col.absent"), width: 1.3, align: "right" },
      { label: t("col.engagement"), width: 2.4 },
      { label: t("col.minutes"), width: 1.3, align: "right" },
      { label: t("col.daysSince"), width: 1.5, align: "right" },
    ],
    report.residents.map((r) => [
      `${r.firstName} ${r.lastName}`,
      r.roomNumber ?? "—",
      n(r.attended),
      n(r.declined),
      n(r.oneToOne),
      n(r.unwell),
      n(r.absent),
      `${n(r.active)} / ${n(r.passive)} / ${n(r.none)}`,
      n(r.minutes),
      r.daysSince === null ? t("resident.never") : n(r.daysSince),
    ]),
  );
  line(`${t("col.engagement")}: ${t("col.active")} / ${t("col.passive")} / ${t("col.none")}`, 10);

  // not joining
  heading(t("notJoining.heading"));
  line(t("notJoining.asOf", { date: formatCalendarDay(report.month.asOf, opts.lang) }));
  for (const list of report.notJoining) {
    doc.moveDown(0.4);
    ensure(40);
    doc.font("bold").fontSize(13).fillColor("#1c1917").text(clean(t("notJoining.days", { days: list.days, count: n(list.residents.length) })), left, doc.y, { width });
    if (list.residents.length === 0) line(t("notJoining.nobody"));
    else
      await table(
        [
          { label: t("col.resident"), width: 4, wrap: true },
          { label: t("col.room"), width: 1.5 },
          { label: t("col.lastDate"), width: 3 },
        ],
        list.residents.map((r) => [`${r.firstName} ${r.lastName}`, r.roomNumber ?? "—", r.lastDate ? formatCalendarDay(r.lastDate, opts.lang) : t("resident.never")]),
      );
  }

  // assessments due
  heading(t("assessments.heading"));
  if (report.assessmentsDue.length === 0) line(t("assessments.none"));
  else
    await table(
      [
        { label: t("col.resident"), width: 4, wrap: true },
        { label: t("col.room"), width: 1.5 },
        { label: t("col.admitted"), width: 2.2 },
        { label: t("col.days"), width: 1.4, align: "right" },
        { label: t("col.due"), width: 2.4, wrap: true },
      ],
      report.assessmentsDue.map((a) => [
        `${a.firstName} ${a.lastName}`,
        a.roomNumber ?? "—",
        formatCalendarDay(a.admissionDate, opts.lang),
        n(a.days),
        t(a.overdue ? "assessments.overdueShort" : "assessments.dueShort"),
      ]),
    );

  // page numbers, now that the number of pages is known
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("body")
      .fontSize(10)
      .fillColor("#44403c")
      .text(clean(`${opts.communityName} · ${monthLabel} · ${t("pdf.page", { page: n(i + 1), pages: n(range.count) })}`), left, doc.page.height - 36, { width, align: "center", lineBreak: false });
    doc.page.margins.bottom = keep;
  }
  await end();
}
