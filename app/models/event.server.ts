// The community's activity calendar. Dates are YYYY-MM-DD in the community's time zone.
import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { prepared, tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { recordActivity } from "./activity.server";
import { eventDateBadge, formatCalendarDate, todayInTimeZone, type EventDateBadge } from "./event-dates";

export { eventDateBadge, todayInTimeZone } from "./event-dates";

const { calendarEvents } = tenantSchema;

export type CalendarEventRow = typeof calendarEvents.$inferSelect;

/**
 * A calendar event's fields as the screens and the JSON API show them, plus the date badge computed
 * in the community's time zone.
 */
export type CalendarEventView = {
  id: string;
  title: string;
  description: string | null;
  eventDate: string;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  maxParticipants: number | null;
  isActive: boolean;
  createdAt: string;
  badge: EventDateBadge;
  dateLabel: string;
};

export type CalendarEventInput = {
  title: string;
  description?: string | null;
  eventDate: string;
  startTime?: string | null;
  endTime?: string | null;
  location?: string | null;
  maxParticipants?: number | null;
};

type Actor = { id: string; displayName: string };

function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

export function toCalendarEventView(row: CalendarEventRow, timeZone: string, now = new Date()): CalendarEventView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    eventDate: row.eventDate,
    startTime: row.startTime,
    endTime: row.endTime,
    location: row.location,
    maxParticipants: row.maxParticipants,
    isActive: row.isActive,
    createdAt: row.createdAt,
    badge: eventDateBadge(row.eventDate, timeZone, now),
    dateLabel: formatCalendarDate(row.eventDate),
  };
}

/** Events by date ascending (then start time). `from`/`before` bound the dates (YYYY-MM-DD). */
export function listEvents(
  db: TenantDb,
  timeZone: string,
  opts: { from?: string; before?: string; activeOnly?: boolean; limit?: number; now?: Date } = {},
): CalendarEventView[] {
  // the home, the family page and the calendar run it on every visit: prepared per set of bounds
  const query = prepared(db, `events:${opts.from ? "f" : "-"}${opts.before ? "b" : "-"}${opts.activeOnly ? "a" : "-"}`, (d) =>
    d
      .select()
      .from(calendarEvents)
      .where(
        and(
          opts.from ? gte(calendarEvents.eventDate, sql.placeholder("from")) : undefined,
          opts.before ? lt(calendarEvents.eventDate, sql.placeholder("before")) : undefined,
          opts.activeOnly ? eq(calendarEvents.isActive, true) : undefined,
        ),
      )
      .orderBy(asc(calendarEvents.eventDate), asc(calendarEvents.startTime), asc(calendarEvents.title))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  return query.all({ from: opts.from ?? null, before: opts.before ?? null, limit: opts.limit ?? 500 }).map((r) => toCalendarEventView(r, timeZone, opts.now));
}

/** Today's and later events, soonest first, and the most recent past ones, latest first. */
export function listCalendar(db: TenantDb, timeZone: string, now = new Date()): { upcoming: CalendarEventView[]; past: CalendarEventView[] } {
  const today = todayInTimeZone(timeZone, now);
  const upcoming = listEvents(db, timeZone, { from: today, now });
  const past = db
    .select()
    .from(calendarEvents)
    .where(lt(calendarEvents.eventDate, today))
    .orderBy(desc(calendarEvents.eventDate), desc(calendarEvents.startTime))
    .limit(20)
    .all()
    .map((r) => toCalendarEventView(r, timeZone, now));
  return { upcoming, past };
}

export function getEvent(db: TenantDb, id: string): CalendarEventRow | undefined {
  return db.select().from(calendarEvents).where(eq(calendarEvents.id, id)).get();
}

export function createEvent(db: TenantDb, input: CalendarEventInput, actor: Actor | null): CalendarEventRow {
  const id = newId();
  const title = input.title.trim();
  db.transaction((tx) => {
    tx.insert(calendarEvents)
      .values({
        id,
        title,
        description: blankToNull(input.description),
        eventDate: input.eventDate,
        startTime: blankToNull(input.startTime),
        endTime: blankToNull(input.endTime),
        location: blankToNull(input.location),
        maxParticipants: input.maxParticipants ?? null,
        createdByUserId: actor?.id ?? null,
      })
      .run();
    recordActivity(tx, { type: "event_added", summary: `New event: ${title}`, values: { title }, subjectId: id, actor });
  });
  return getEvent(db, id)!;
}

/** Updates the given fields (undefined keeps a value; null or "" clears an optional one). */
export function updateEvent(db: TenantDb, id: string, patch: Partial<CalendarEventInput> & { isActive?: boolean }): CalendarEventRow | undefined {
  const set: Partial<typeof calendarEvents.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (patch.title !== undefined) set.title = patch.title.trim();
  if (patch.description !== undefined) set.description = blankToNull(patch.description);
  if (patch.eventDate !== undefined) set.eventDate = patch.eventDate;
  if (patch.startTime !== undefined) set.startTime = blankToNull(patch.startTime);
  if (patch.endTime !== undefined) set.endTime = blankToNull(patch.endTime);
  if (patch.location !== undefined) set.location = blankToNull(patch.location);
  if (patch.maxParticipants !== undefined) set.maxParticipants = patch.maxParticipants;
  if (patch.isActive !== undefined) set.isActive = patch.isActive;
  const result = db.update(calendarEvents).set(set).where(eq(calendarEvents.id, id)).run();
  return result.changes === 1 ? getEvent(db, id) : undefined;
}

/** Cancels (false) or reinstates (true) an event; a cancelled event stays listed as Cancelled. */
export function setEventActive(db: TenantDb, id: string, isActive: boolean): CalendarEventRow | undefined {
  return updateEvent(db, id, { isActive });
}

export function deleteEvent(db: TenantDb, id: string): boolean {
  return db.delete(calendarEvents).where(eq(calendarEvents.id, id)).run().changes === 1;
}

export function countUpcomingEvents(db: TenantDb, timeZone: string, now = new Date()): number {
  const today = todayInTimeZone(timeZone, now);
  return (
    db
      .select({ n: count() })
      .from(calendarEvents)
      .where(and(gte(calendarEvents.eventDate, today), eq(calendarEvents.isActive, true)))
      .get()?.n ?? 0
  );
}
