// /events: today's and coming events by day in the community's time zone, with Today and
// Tomorrow marked and cancelled events shown as cancelled. Past events are on /events/past.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { READING_PAGE } from "~/utils/page-scripts";
import { EmptyState } from "~/components/admin/ui";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/admin/ui";
import { EventCard } from "~/components/community/Board";
import { countPastEvents, upcomingEventsByDay } from "~/models/community-board.server";
import { requireTenantUser } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { useDateFormat } from "~/components/community-time";
import { metaT, useT } from "~/utils/i18n";

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "events")("title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireTenantUser(request);
  return {
    days: upcomingEventsByDay(db, community.timeZone),
    pastCount: countPastEvents(db, community.timeZone),
    communityName: community.name,
  };
}

export default function Events() {
  const { days, pastCount, communityName } = useLoaderData<typeof loader>();
  const t = useT("events");
  const { dayHeading } = useDateFormat();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="page-title">{t("title")}</h1>
          <p className="text-lg text-stone-700">{t("intro", { community: communityName })}</p>
        </div>
        {pastCount ? (
          <Link to="/events/past" className="btn-secondary">
            {t("pastLink")}
          </Link>
        ) : null}
      </div>
      {days.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        days.map((day) => {
          const badge = day.events[0]!.badge;
          return (
            <section
              key={day.date}
              aria-labelledby={`day-${day.date}`}
              className="space-y-3"
              data-testid="event-day"
            >
              <h2
                id={`day-${day.date}`}
                className="flex flex-wrap items-center gap-2 text-2xl font-bold"
              >
                {badge.kind === "today" ? (
                  <Badge tone="green">{t("today")}</Badge>
                ) : badge.kind === "tomorrow" ? (
                  <Badge tone="blue">{t("tomorrow")}</Badge>
                ) : null}
                <span>{dayHeading(day.date)}</span>
              </h2>
              <ul className="space-y-3">
                {day.events.map((e) => (
                  <li key={e.id}>
                    <EventCard event={e} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
