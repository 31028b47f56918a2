// What families and residents read of the community's news and calendar: published posts only
// (drafts stay in the admin area) and events by day in the community's time zone.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { prepared, tenantSchema, type TenantDb } from "~/utils/db.server";
import { todayInTimeZone } from "./event-dates";
import { listEvents, pastOccurrences, type CalendarEventView } from "./event.server";
import { toNewsPostView, type NewsPostView } from "./news.server";

const { newsPosts } = tenantSchema;

export type EventDay = { date: string; events: CalendarEventView[] };

export function listPublishedNews(db: TenantDb, opts: { limit: number; offset?: number; pinnedOnly?: boolean }): NewsPostView[] {
  // the home, the family page and the news page run it on every visit
  const query = prepared(db, `published-news:${opts.pinnedOnly ? "p" : "-"}`, (d) =>
    d
      .select()
      .from(newsPosts)
      .where(and(eq(newsPosts.isPublished, true), opts.pinnedOnly ? eq(newsPosts.isPinned, true) : undefined))
      .orderBy(desc(newsPosts.isPinned), desc(newsPosts.createdAt))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
  return query.all({ limit: opts.limit, offset: opts.offset ?? 0 }).map(toNewsPostView);
}

export function countPublishedNews(db: TenantDb): number {
  return db.select({ n: count() }).from(newsPosts).where(eq(newsPosts.isPublished, true)).get()?.n ?? 0;
}

/** A published post, or undefined: a draft is not found outside the admin area. */
export function getPublishedNews(db: TenantDb, id: string): NewsPostView | undefined {
  const row = db
    .select()
    .from(newsPosts)
    .where(and(eq(newsPosts.id, id), eq(newsPosts.isPublished, true)))
    .get();
  return row ? toNewsPostView(row) : undefined;
}

/** Today's and later events (cancelled ones too, marked), grouped by day. */
export function upcomingEventsByDay(db: TenantDb, timeZone: string, now = new Date()): EventDay[] {
  const days: EventDay[] = [];
  for (const e of listEvents(db, timeZone, { from: todayInTimeZone(timeZone, now), now, limit: 300 })) {
    const last = days.at(-1);
    if (last && last.date === e.eventDate) last.events.push(e);
    else days.push({ date: e.eventDate, events: [e] });
  }
  return days;
}

/** The next few events that are going ahead. */
export function nextEvents(db: TenantDb, timeZone: string, limit: number, now = new Date()): CalendarEventView[] {
  return listEvents(db, timeZone, { from: todayInTimeZone(timeZone, now), activeOnly: true, limit, now });
}

export function countPastEvents(db: TenantDb, timeZone: string, now = new Date()): number {
  return pastOccurrences(db, timeZone, { limit: 0, offset: 0, now }).total;
}

/** Events before today (each day of a repeating one), most recent first. */
export function listPastEvents(db: TenantDb, timeZone: string, opts: { limit: number; offset: number; now?: Date }): CalendarEventView[] {
  return pastOccurrences(db, timeZone, opts).events;
}

export type CommunityBoard = { pinned: NewsPostView[]; events: CalendarEventView[] };

/** For the home and the family page: the pinned posts and the next three events. */
export function communityBoard(db: TenantDb, timeZone: string, now = new Date()): CommunityBoard {
  return { pinned: listPublishedNews(db, { limit: 3, pinnedOnly: true }), events: nextEvents(db, timeZone, 3, now) };
}
