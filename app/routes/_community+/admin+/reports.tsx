// /admin/reports?month=YYYY-MM: the month's activity reports for a survey. Participation by
// resident (searchable, sortable, 25 a page, all in the URL), by program with its three-month
// trend, residents not joining for 7 and 14 days, assessments due and family reach; with the CSV
// and the printable PDF binder of the same month. Administrators only; works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { EmptyState, SectionHeader } from "~/components/admin/ui";
import { ListSearch, Pager, SortHeader, ColumnHeader } from "~/components/lists/ListControls";
import { useDateFormat } from "~/components/community-time";
import { formatCalendarDay } from "~/models/event-dates";
import { PER_PAGE, readListParams, listView } from "~/models/list-params";
import { pageOf } from "~/models/paging";
import {
  participationReport,
  reportMonth,
  RESIDENT_SORTS,
  sortResidents,
} from "~/models/participation-report.server";
import { requireArea } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "reports")("page.title")) },
];

const FAMILY_ROWS = 25;
// the longest lists show their first names on the page; the PDF binder has them all
const LIST_ROWS = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const url = new URL(request.url);
  const raw = url.searchParams.get("month");
  const month = reportMonth(raw, community.timeZone);
  if (!month) {
    const t = await getT(request, "reports");
    return data(
      { bad: { value: (raw ?? "").slice(0, 20), message: t("month.invalid") }, report: null },
      { status: 400 },
    );
  }
  const lang = await requestLanguage(request);
  const report = participationReport(db, community, month);
  const params = readListParams(url.searchParams, {
    sorts: RESIDENT_SORTS,
    defaultSort: "name",
    filters: {},
    defaults: {},
  });
  const matching = sortResidents(report.residents, params);
  const page = pageOf(matching.length, params.page, PER_PAGE);
  const day = (ymd: string | null) => (ymd ? formatCalendarDay(ymd, lang) : null);
  const family = report.residents
    .filter((r) => r.read || r.reacted || r.commented)
    .sort(
      (a, b) => b.reached - a.reached || b.read - a.read || a.sortName.localeCompare(b.sortName),
    );
  return {
    bad: null,
    report: {
      month: report.month,
      view: listView(params),
      page,
      residents: matching.slice(page.offset, page.offset + page.limit).map((r) => ({
        ...r,
        lastLabel: day(r.lastDate),
      })),
      programs: report.programs,
      visits: report.visits,
      notJoining: report.notJoining.map((n) => ({
        days: n.days,
        residents: n.residents
          .slice(0, LIST_ROWS)
          .map((r) => ({ ...r, lastLabel: day(r.lastDate) })),
        total: n.residents.length,
      })),
      assessmentsMore: Math.max(0, report.assessmentsDue.length - LIST_ROWS),
      assessmentsDue: report.assessmentsDue.slice(0, LIST_ROWS).map((a) => ({
        ...a,
        admittedLabel: day(a.admissionDate),
      })),
      family: family.slice(0, FAMILY_ROWS),
      familyMore: Math.max(0, family.length - FAMILY_ROWS),
      totals: report.totals,
    },
  };
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Report = NonNullable<Loaded["report"]>;

/** A wide table's scroller: it takes focus so that a keyboard can scroll it sideways on a phone. */
function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="card relative overflow-x-auto p-0"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  );
}

function MonthPicker({
  ym,
  previous,
  next,
  value,
}: {
  ym: string | null;
  previous: string | null;
  next: string | null;
  value: string;
}) {
  const t = useT("reports");
  const { monthYear } = useDateFormat();
  return (
    <nav aria-label={t("month.nav")} className="mb-4 flex flex-wrap items-end gap-3">
      {previous ? (
        <Link
          to={`?month=${previous}`}
          className="btn-secondary"
          rel="prev"
          aria-label={t("month.previousLabel", { month: monthYear(previous) })}
        >
          {t("month.previous")}
        </Link>
      ) : null}
      {ym ? (
        <p className="text-xl font-semibold" aria-live="polite">
          {monthYear(ym)}
        </p>
      ) : null}
      {next ? (
        <Link
          to={`?month=${next}`}
          className="btn-secondary"
          rel="next"
          aria-label={t("month.nextLabel", { month: monthYear(next) })}
        >
          {t("month.next")}
        </Link>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="report-month" className="label">
            {t("month.label")}
          </label>
          <input
            id="report-month"
            name="month"
            type="month"
            defaultValue={value}
            className="input"
            aria-describedby="report-month-hint"
          />
          <p id="report-month-hint" className="text-base text-stone-700">
            {t("month.hint")}
          </p>
        </div>
        <button type="submit" className="btn-primary">
          {t("month.show")}
        </button>
      </Form>
    </nav>
  );
}

export default function AdminReports() {
  const { bad, report } = useLoaderData<typeof loader>();
  const t = useT("reports");
  if (!report) {
    return (
      <section aria-labelledby="reports-title">
        <SectionHeader id="reports-title" title={t("page.heading")} />
        <MonthPicker ym={null} previous={null} next={null} value={bad?.value ?? ""} />
        <p
          role="alert"
          className="card border-red-700 text-lg text-red-800"
          data-testid="month-error"
        >
          {bad?.message}
        </p>
      </section>
    );
  }
  const m = report.month;
  return (
    <section aria-labelledby="reports-title">
      <SectionHeader
        id="reports-title"
        title={t("page.heading")}
        action={
          m.future ? null : (
            <div className="flex flex-wrap gap-2">
              <a
                href={`/admin/reports/participation.csv?month=${m.ym}`}
                className="btn-secondary"
                download
              >
                {t("download.csv")}
              </a>
              <a href={`/admin/reports/participation.pdf?month=${m.ym}`} className="btn-secondary">
                {t("download.pdf")}
              </a>
            </div>
          )
        }
      />
      <p className="mb-3 text-base">{t("page.intro")}</p>
      <MonthPicker ym={m.ym} previous={m.previous} next={m.future ? null : m.next} value={m.ym} />
      {m.future ? (
        <EmptyState>{t("month.future")}</EmptyState>
      ) : (
        <>
          <ByResident report={report} />
          <ByProgram report={report} />
          <NotJoiningLists report={report} />
          <AssessmentsDue report={report} />
          <FamilyReach report={report} />
        </>
      )}
    </section>
  );
}

function ByResident({ report }: { report: Report }) {
  const t = useT("reports");
  const { number } = useDateFormat();
  const { view, page, residents, month } = report;
  return (
    <section aria-labelledby="by-resident" className="mb-8">
      <h3 id="by-resident" className="mb-2 text-xl font-bold">
        {t("resident.heading")}
      </h3>
      <p className="mb-2 text-base">
        {t("resident.totals", {
          attended: number(report.totals.attended),
          oneToOne: number(report.totals.oneToOne),
          minutes: number(report.totals.minutes),
        })}
      </p>
      <ListSearch
        id="report-search"
        label={t("resident.find")}
        view={view}
        keep={{ month: month.ym }}
        placeholder={t("resident.searchPlaceholder")}
      />
      {residents.length === 0 ? (
        <EmptyState>{view.q ? t("resident.noMatch") : t("resident.none")}</EmptyState>
      ) : (
        <>
          <ScrollTable label={t("resident.heading")}>
            <table className="w-full min-w-[60rem] border-collapse text-left text-base">
              <caption className="sr-only">{t("resident.caption")}</caption>
              <thead className="bg-stone-100">
                <tr>
                  <SortHeader
                    column="name"
                    label={t("col.resident")}
                    view={view}
                    className="px-2"
                  />
                  <SortHeader column="room" label={t("col.room")} view={view} className="px-2" />
                  <SortHeader
                    column="attended"
                    label={t("col.attended")}
                    view={view}
                    className="px-2"
                  />
                  <ColumnHeader label={t("col.declined")} />
                  <ColumnHeader label={t("col.oneToOne")} />
                  <ColumnHeader label={t("col.unwell")} />
                  <ColumnHeader label={t("col.absent")} />
                  <ColumnHeader label={t("col.engagement")} />
                  <SortHeader
                    column="minutes"
                    label={t("col.minutes")}
                    view={view}
                    className="px-2"
                  />
                  <SortHeader
                    column="days"
                    label={t("col.daysSince")}
                    view={view}
                    className="px-2"
                  />
                </tr>
              </thead>
              <tbody>
                {residents.map((r) => (
                  <tr
                    key={r.residentId}
                    className="border-t border-stone-300"
                    data-testid="report-row"
                  >
                    <th scope="row" className="whitespace-nowrap px-2 py-1 font-semibold">
                      {r.firstName} {r.lastName}
                    </th>
                    <td className="whitespace-nowrap px-2 py-1">{r.roomNumber ?? "—"}</td>
                    <td className="px-2 py-1" data-testid="attended">
                      {number(r.attended)}
                    </td>
                    <td className="px-2 py-1">{number(r.declined)}</td>
                    <td className="px-2 py-1">{number(r.oneToOne)}</td>
                    <td className="px-2 py-1">{number(r.unwell)}</td>
                    <td className="px-2 py-1">{number(r.absent)}</td>
                    <td className="whitespace-nowrap px-2 py-1">
                      {t("resident.engagement", {
                        active: number(r.active),
                        passive: number(r.passive),
                        none: number(r.none),
                      })}
                    </td>
                    <td className="px-2 py-1">{number(r.minutes)}</td>
                    <td className="whitespace-nowrap px-2 py-1">
                      {r.daysSince === null
                        ? t("resident.never")
                        : t("resident.daysSince", {
                            days: r.daysSince,
                            count: number(r.daysSince),
                          })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
          <Pager page={page} label={t("resident.pages")} noun={t("resident.noun")} />
        </>
      )}
    </section>
  );
}

function ByProgram({ report }: { report: Report }) {
  const t = useT("reports");
  const { number, monthYear } = useDateFormat();
  return (
    <section aria-labelledby="by-program" className="mb-8">
      <h3 id="by-program" className="mb-2 text-xl font-bold">
        {t("program.heading")}
      </h3>
      {report.programs.length === 0 ? (
        <EmptyState>{t("program.none")}</EmptyState>
      ) : (
        <ScrollTable label={t("program.heading")}>
          <table className="w-full min-w-[44rem] border-collapse text-left text-base">
            <caption className="sr-only">{t("program.caption")}</caption>
            <thead className="bg-stone-100">
              <tr>
                <ColumnHeader label={t("col.program")} />
                <ColumnHeader label={t("col.held")} />
                <ColumnHeader label={t("col.totalAttended")} />
                <ColumnHeader label={t("col.average")} />
                <ColumnHeader label={t("col.trend")} />
              </tr>
            </thead>
            <tbody>
              {report.programs.map((p) => (
                <tr key={p.eventId} className="border-t border-stone-300" data-testid="program-row">
                  <th scope="row" className="px-2 py-1 font-semibold">
                    {p.title}
                  </th>
                  <td className="px-2 py-1">{number(p.held)}</td>
                  <td className="px-2 py-1">{number(p.attended)}</td>
                  <td className="px-2 py-1">{p.average === null ? "—" : number(p.average)}</td>
                  <td className="px-2 py-1">
                    {p.trend
                      .map(
                        (x) =>
                          `${monthYear(x.ym)}: ${x.average === null ? "—" : number(x.average)}`,
                      )
                      .join(" · ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <p className="mt-2 text-base">
        {t("program.visits", {
          count: report.visits.count,
          visits: number(report.visits.count),
          minutes: number(report.visits.minutes),
        })}
      </p>
    </section>
  );
}

function NotJoiningLists({ report }: { report: Report }) {
  const t = useT("reports");
  const { number, lang } = useDateFormat();
  return (
    <section aria-labelledby="not-joining" className="mb-8">
      <h3 id="not-joining" className="mb-2 text-xl font-bold">
        {t("notJoining.heading")}
      </h3>
      <p className="mb-2 text-base">
        {t("notJoining.asOf", { date: formatCalendarDay(report.month.asOf, lang) })}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {report.notJoining.map((n) => (
          <div key={n.days} className="card" data-testid={`not-joining-${n.days}`}>
            <h4 className="mb-2 text-lg font-semibold">
              {t("notJoining.days", { days: n.days, count: number(n.total) })}
            </h4>
            {n.residents.length === 0 ? (
              <p>{t("notJoining.nobody")}</p>
            ) : (
              <ul className="space-y-1">
                {n.residents.map((r) => (
                  <li key={r.residentId}>
                    <span className="font-semibold">
                      {r.firstName} {r.lastName}
                    </span>
                    {r.roomNumber ? ` · ${t("room", { room: r.roomNumber })}` : ""} ·{" "}
                    {r.lastLabel
                      ? t("notJoining.last", { date: r.lastLabel })
                      : t("resident.never")}
                  </li>
                ))}
              </ul>
            )}
            {n.total > n.residents.length ? (
              <p className="mt-2">
                {t("page.more", {
                  count: n.total - n.residents.length,
                  more: number(n.total - n.residents.length),
                })}
              </p>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}

function AssessmentsDue({ report }: { report: Report }) {
  const t = useT("reports");
  const { number } = useDateFormat();
  return (
    <section aria-labelledby="assessments-due" className="mb-8">
      <h3 id="assessments-due" className="mb-2 text-xl font-bold">
        {t("assessments.heading")}
      </h3>
      {report.assessmentsDue.length === 0 ? (
        <p>{t("assessments.none")}</p>
      ) : (
        <ul className="card space-y-1" data-testid="assessments-due">
          {report.assessmentsDue.map((a) => (
            <li key={a.residentId}>
              <span className="font-semibold">
                {a.firstName} {a.lastName}
              </span>
              {a.roomNumber ? ` · ${t("room", { room: a.roomNumber })}` : ""} ·{" "}
              {t(a.overdue ? "assessments.overdue" : "assessments.dueSoon", {
                date: a.admittedLabel ?? "",
                days: number(a.days),
              })}
            </li>
          ))}
        </ul>
      )}
      {report.assessmentsMore ? (
        <p className="mt-2">
          {t("page.more", {
            count: report.assessmentsMore,
            more: number(report.assessmentsMore),
          })}
        </p>
      ) : null}
    </section>
  );
}

function FamilyReach({ report }: { report: Report }) {
  const t = useT("reports");
  const { number } = useDateFormat();
  return (
    <section aria-labelledby="family-reach" className="mb-8">
      <h3 id="family-reach" className="mb-2 text-xl font-bold">
        {t("family.heading")}
      </h3>
      <p className="mb-2 text-base">
        {t("family.totals", {
          reached: number(report.totals.familyReached),
          total: number(report.totals.familyMembers),
        })}
      </p>
      {report.family.length === 0 ? (
        <p>{t("family.none")}</p>
      ) : (
        <ScrollTable label={t("family.heading")}>
          <table className="w-full min-w-[36rem] border-collapse text-left text-base">
            <caption className="sr-only">{t("family.caption")}</caption>
            <thead className="bg-stone-100">
              <tr>
                <ColumnHeader label={t("col.resident")} />
                <ColumnHeader label={t("col.read")} />
                <ColumnHeader label={t("col.reacted")} />
                <ColumnHeader label={t("col.commented")} />
                <ColumnHeader label={t("col.reached")} />
              </tr>
            </thead>
            <tbody>
              {report.family.map((r) => (
                <tr
                  key={r.residentId}
                  className="border-t border-stone-300"
                  data-testid="family-row"
                >
                  <th scope="row" className="px-2 py-1 font-semibold">
                    {r.firstName} {r.lastName}
                  </th>
                  <td className="px-2 py-1">{number(r.read)}</td>
                  <td className="px-2 py-1">{number(r.reacted)}</td>
                  <td className="px-2 py-1">{number(r.commented)}</td>
                  <td className="px-2 py-1">
                    {t("family.ofTotal", { reached: number(r.reached), total: number(r.family) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {report.familyMore ? (
        <p className="mt-2">
          {t("family.more", { count: report.familyMore, more: number(report.familyMore) })}
        </p>
      ) : null}
    </section>
  );
}
