// Today's list: each of today's occurrences with its attendance so far and a big "Take
// attendance" link; and the one-to-one visits logged today.
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useDateFormat } from "~/components/community-time";
import { EmptyState } from "~/components/admin/ui";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { summaryText, timeText } from "~/components/attendance/text";
import type { todayLoader } from "./today.server";

export const todayMeta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "attendance")("today.title")) },
];

export function TodayScreen() {
  const data = useLoaderData<typeof todayLoader>();
  const t = useT("attendance");
  const { lang, dayHeading } = useDateFormat();
  const { area } = data;
  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{t("today.title")}</h1>
          <p className="mt-1 text-lg text-stone-700">{dayHeading(data.today)}</p>
        </div>
        <Link to={`/${area}/visits/new`} className="btn-secondary">
          {t("today.logVisit")}
        </Link>
      </div>
      <section aria-labelledby="today-programs">
        <h2 id="today-programs" className="mb-3 text-2xl font-bold">
          {t("today.programs")}
        </h2>
        {data.occurrences.length === 0 ? (
          <EmptyState action={{ to: `/${area}/calendar`, label: t("today.openCalendar") }}>
            {t("today.none")}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {data.occurrences.map((o) => (
              <li
                key={`${o.id} ${o.occurrenceDate}`}
                className="card"
                data-testid="today-occurrence"
              >
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="text-xl font-bold">{o.title}</h3>
                    <p className="text-lg">
                      {timeText(o, t, lang)}
                      {o.location ? ` · ${o.location}` : ""}
                    </p>
                    <p className="mt-1 text-base font-bold" data-testid="today-counts">
                      {summaryText(t, o.counts)}
                    </p>
                  </div>
                  <Link
                    to={`/${area}/calendar/${encodeURIComponent(o.id)}/occurrences/${o.occurrenceDate}`}
                    className="btn-primary px-6 text-lg"
                    aria-label={t("today.takeAttendanceFor", { title: o.title })}
                  >
                    {t("today.takeAttendance")}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="today-visits" className="mt-8">
        <h2 id="today-visits" className="mb-3 text-2xl font-bold">
          {t("today.visits")}
        </h2>
        {data.visits.length === 0 ? (
          <p className="text-lg">{t("today.noVisits")}</p>
        ) : (
          <ul className="space-y-2" data-testid="today-visits">
            {data.visits.map((v) => (
              <li key={v.id} className="card !p-3 text-lg">
                {t("today.visitLine", {
                  name: `${v.firstName} ${v.lastName}`,
                  activity: v.activity ?? "",
                  minutes: v.minutes ?? 0,
                })}
                {v.recordedByName ? (
                  <span className="block text-base text-stone-700">
                    {t("today.visitBy", { name: v.recordedByName })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
