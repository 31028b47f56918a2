// /events/past: events before today, most recent first, a page at a time.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { READING_PAGE } from "~/utils/page-scripts";
import { Link, useLoaderData } from "@remix-run/react";
import { EventCard } from "~/components/community/Board";
import { countPastEvents, listPastEvents } from "~/models/community-board.server";
import { pageOf, parsePageParam } from "~/models/paging";
import { requireTenantUser } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

const PER_PAGE = 20;

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "events")("past.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireTenantUser(request);
  const page = pageOf(
    countPastEvents(db, community.timeZone),
    parsePageParam(new URL(request.url).searchParams.get("page")),
    PER_PAGE,
  );
  return {
    events: listPastEvents(db, community.timeZone, { limit: page.limit, offset: page.offset }),
    page,
  };
}

export default function PastEvents() {
  const { events, page } = useLoaderData<typeof loader>();
  const t = useT("events");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p>
        <Link
          to="/events"
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          <span aria-hidden="true">←&nbsp;</span>
          {t("past.back")}
        </Link>
      </p>
      <h1 className="page-title">{t("past.title")}</h1>
      {events.length === 0 ? (
        <p className="card text-lg">{t("past.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {events.map((e) => (
            <li key={e.id}>
              <EventCard event={e} headingLevel={2} showDate />
            </li>
          ))}
        </ul>
      )}
      {page.pageCount > 1 ? (
        <nav aria-label={t("pages")} className="flex flex-wrap items-center justify-between gap-3">
          {page.hasPrevious ? (
            <Link to={`/events/past?page=${page.page - 1}`} className="btn-secondary" rel="prev">
              {t("past.newer")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-lg">{t("pageOf", { page: page.page, count: page.pageCount })}</p>
          {page.hasNext ? (
            <Link to={`/events/past?page=${page.page + 1}`} className="btn-secondary" rel="next">
              {t("past.older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
