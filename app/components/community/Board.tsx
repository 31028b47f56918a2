// The community's news and calendar as families and residents read them: on /news, /events, the
// home and the family page. Server-rendered, no JavaScript needed.
import { Link } from "@remix-run/react";
import { Badge } from "~/components/admin/ui";
import { useDateFormat } from "~/components/community-time";
import { formatCalendarDay, formatClockTime } from "~/models/event-dates";
import type { CalendarEventView } from "~/models/event.server";
import type { NewsPostView } from "~/models/news.server";
import { useT, type T } from "~/utils/i18n";

/** "2:30 PM – 4 PM", "until 11:00 AM", "All day"; `t` is the events catalog's. */
export function timeRange(
  e: Pick<CalendarEventView, "startTime" | "endTime">,
  t: T,
  lang: string,
): string {
  const start = formatClockTime(e.startTime, lang);
  const end = formatClockTime(e.endTime, lang);
  if (start && end) return t("events:timeRange", { start, end });
  return start ?? (end ? t("events:until", { time: end }) : t("events:allDay"));
}

export function DayBadge({ event }: { event: Pick<CalendarEventView, "badge"> }) {
  const t = useT("events");
  if (event.badge.kind === "today") return <Badge tone="green">{t("today")}</Badge>;
  if (event.badge.kind === "tomorrow") return <Badge tone="blue">{t("tomorrow")}</Badge>;
  return null;
}

export function EventCard({
  event,
  headingLevel = 3,
  showDate = false,
}: {
  event: CalendarEventView;
  headingLevel?: 2 | 3 | 4;
  showDate?: boolean;
}) {
  const H = `h${headingLevel}` as "h2" | "h3" | "h4";
  const t = useT("events");
  const { lang } = useDateFormat();
  return (
    <article aria-labelledby={`event-${event.id}`} className="card" data-testid="event">
      {/* grouped by day, the day's heading carries Today / Tomorrow */}
      {showDate || !event.isActive ? (
        <div className="mb-1 flex flex-wrap items-center gap-2">
          {showDate ? <DayBadge event={event} /> : null}
          {event.isActive ? null : <Badge tone="red">{t("cancelled")}</Badge>}
        </div>
      ) : null}
      <H
        id={`event-${event.id}`}
        className={`text-xl font-bold ${event.isActive ? "" : "line-through"}`}
      >
        {event.title}
        {event.isActive ? null : <span className="sr-only">{t("cancelledHidden")}</span>}
      </H>
      <p className="text-lg">
        {showDate ? <span>{formatCalendarDay(event.eventDate, lang)}, </span> : null}
        {timeRange(event, t, lang)}
        {event.location ? <span> · {event.location}</span> : null}
      </p>
      {event.description ? (
        <p className="mt-2 whitespace-pre-line text-base">{event.description}</p>
      ) : null}
    </article>
  );
}

const excerpt = (text: string, max = 220) =>
  text.length > max ? `${text.slice(0, max).replace(/\s+\S*$/, "")}…` : text;

export function NewsCard({
  post,
  dateLabel,
  headingLevel = 2,
}: {
  post: NewsPostView;
  dateLabel: string;
  headingLevel?: 2 | 3;
}) {
  const H = `h${headingLevel}` as "h2" | "h3";
  const t = useT("news");
  return (
    <article
      aria-labelledby={`news-${post.id}`}
      className={`card ${post.isPinned ? "border-2 border-amber-700" : ""}`}
      data-testid="news-post"
    >
      <div className="mb-1 flex flex-wrap items-center gap-2 text-base text-stone-700">
        {post.isPinned ? <Badge tone="amber">{t("pinned")}</Badge> : null}
        <time dateTime={post.createdAt}>{dateLabel}</time>
      </div>
      <H id={`news-${post.id}`} className="text-xl font-bold">
        <Link to={`/news/${post.id}`} className="text-ink underline">
          {post.title}
        </Link>
      </H>
      <p className="mt-1 whitespace-pre-line text-lg">{excerpt(post.content)}</p>
    </article>
  );
}

/** Pinned news and the next three events, for the home and the family page. */
export function CommunityBoard({
  pinned,
  events,
}: {
  pinned: NewsPostView[];
  events: CalendarEventView[];
}) {
  const t = useT("events");
  return (
    <section aria-labelledby="board-title" className="space-y-4" data-testid="community-board">
      <h2 id="board-title" className="text-2xl font-bold">
        {t("board.title")}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-3">
          <h3 className="text-xl font-bold">{t("board.pinned")}</h3>
          {pinned.length ? (
            <ul className="space-y-3">
              {pinned.map((p) => (
                <li key={p.id} className="card border-2 border-amber-700">
                  <Link to={`/news/${p.id}`} className="text-lg font-semibold text-ink underline">
                    {p.title}
                  </Link>
                  <p className="text-base">{excerpt(p.content, 140)}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-lg text-stone-700">{t("board.noPinned")}</p>
          )}
          <Link to="/news" className="btn-secondary">
            {t("board.allNews")}
          </Link>
        </div>
        <div className="space-y-3">
          <h3 className="text-xl font-bold">{t("board.comingUp")}</h3>
          {events.length ? (
            <ul className="space-y-3">
              {events.map((e) => (
                <li key={e.id}>
                  <EventCard event={e} headingLevel={4} showDate />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-lg text-stone-700">{t("board.noEvents")}</p>
          )}
          <Link to="/events" className="btn-secondary">
            {t("board.allEvents")}
          </Link>
        </div>
      </div>
    </section>
  );
}
