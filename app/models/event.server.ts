// The community's activity calendar. Dates are YYYY-MM-DD in the community's time zone.
//
// An event happens once, or repeats by its rule (recurrence.server.ts). Every list of the calendar
// is a list of occurrences: a repeating event's days in the range asked for, each named by its
// event and the day its rule gives (`occurrenceDate`), with that one occurrence's own changes
// (moved to another day or time, or cancelled) applied.
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { prepared, tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { recordActivity } from "./activity.server";
import { addDaysToDate, eventDateBadge, formatCalendarDate, todayInTimeZone, type EventDateBadge } from "./event-dates";
import { OPEN_HORIZON_DAYS, isRuleDate, lastRuleDate, ruleDates, ruleEndingBefore, ruleFromDate } from "./recurrence.server";

export { eventDateBadge, todayInTimeZone } from "./event-dates";

const { calendarEvents, eventOccurrenceChanges, attendance, eventSignups, stories } = tenantSchema;

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type OccurrenceChangeRow = typeof eventOccurrenceChanges.$inferSelect;

/**
 * A calendar event's fields as the screens and the JSON API show them, plus the date badge computed
 * in the community's time zone.
 */
export type CalendarEventView = {
  id: string;
  title: string;
  description: string | null;
  /** the day it happens: the occurrence's own day when it was moved */
  eventDate: string;
  /** the day its rule gives it (the occurrence's name); the event's date for a one-off event */
  occurrenceDate: string;
  /** the event's rule (null: it happens once) */
  recurrence: string | null;
  /** this occurrence was moved from the day or time its event gives it */
  moved: boolean;
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
  /** a rule checked by checkRule (recurrence.server.ts); null or absent: it happens once */
  recurrence?: string | null;
};

type Actor = { id: string; displayName: string };

function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * An event's view; with an occurrence's date (and that occurrence's change, if any), the view of
 * that occurrence. A cancelled occurrence reads as a cancelled event.
 */
export function toCalendarEventView(
  row: CalendarEventRow,
  timeZone: string,
  now = new Date(),
  occurrence?: { date: string; change?: OccurrenceChangeRow },
): CalendarEventView {
  const change = occurrence?.change;
  const eventDate = change?.eventDate ?? occurrence?.date ?? row.eventDate;
  const startTime = change?.startTime !== undefined && change?.startTime !== null ? change.startTime : row.startTime;
  const endTime = change?.endTime !== undefined && change?.endTime !== null ? change.endTime : row.endTime;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    eventDate,
    occurrenceDate: occurrence?.date ?? row.eventDate,
    recurrence: row.recurrence,
    moved: !!change && !change.cancelled && (eventDate !== occurrence?.date || startTime !== row.startTime || endTime !== row.endTime),
    startTime,
    endTime,
    location: change?.location ?? row.location,
    maxParticipants: row.maxParticipants,
    isActive: row.isActive && !change?.cancelled,
    createdAt: row.createdAt,
    badge: eventDateBadge(eventDate, timeZone, now),
    dateLabel: formatCalendarDate(eventDate),
  };
}

function compareViews(a: CalendarEventView, b: CalendarEventView): number {
  if (a.eventDate !== b.eventDate) return a.eventDate < b.eventDate ? -1 : 1;
  // an event without a time (all day) first, as SQLite sorts nulls
  const at = a.startTime ?? "";
  const bt = b.startTime ?? "";
  if (at !== bt) return at < bt ? -1 : 1;
  return a.title.localeCompare(b.title);
}

/** The changed or cancelled occurrences of these events. */
export function occurrenceChangesOf(db: TenantDb, eventIds: string[]): Map<string, OccurrenceChangeRow> {
  const changes = new Map<string, OccurrenceChangeRow>();
  if (eventIds.length === 0) return changes;
  // every calendar list runs it: prepared once, the ids passed as one JSON array
  const query = prepared(db, "occurrence-changes", (d) =>
    d
      .select()
      .from(eventOccurrenceChanges)
      .where(sql`${eventOccurrenceChanges.eventId} in (select value from json_each(${sql.placeholder("ids")}))`)
      .prepare(),
  );
  for (const r of query.all({ ids: JSON.stringify(eventIds) })) changes.set(`${r.eventId} ${r.occurrenceDate}`, r);
  return changes;
}

/**
 * The occurrences of repeating events that happen from `from` to `to` (both included): the days
 * their rules give, less those moved away, plus those moved into the range.
 */
export function occurrencesOf(
  db: TenantDb,
  rows: CalendarEventRow[],
  timeZone: string,
  from: string,
  to: string,
  now = new Date(),
): CalendarEventView[] {
  const repeating = rows.filter((r) => r.recurrence);
  const changes = occurrenceChangesOf(
    db,
    repeating.map((r) => r.id),
  );
  const out: CalendarEventView[] = [];
  for (const row of repeating) {
    for (const date of ruleDates(row.recurrence!, row.eventDate, from, to)) {
      const change = changes.get(`${row.id} ${date}`);
      const day = change?.eventDate ?? date;
      if (day < from || day > to) continue;
      out.push(toCalendarEventView(row, timeZone, now, { date, change }));
    }
  }
  // occurrences moved into the range from a day outside it
  const byId = new Map(repeating.map((r) => [r.id, r]));
  for (const change of changes.values()) {
    if (!change.eventDate || change.eventDate < from || change.eventDate > to) continue;
    if (change.occurrenceDate >= from && change.occurrenceDate <= to) continue;
    const row = byId.get(change.eventId);
    if (!row || !isRuleDate(row.recurrence!, row.eventDate, change.occurrenceDate)) continue;
    out.push(toCalendarEventView(row, timeZone, now, { date: change.occurrenceDate, change }));
  }
  return out;
}

/** The repeating events that may have an occurrence from `from` to `to`. */
function repeatingEventsBetween(db: TenantDb, from: string, to: string, activeOnly: boolean): CalendarEventRow[] {
  const query = prepared(db, `repeating-events:${activeOnly ? "a" : "-"}`, (d) =>
    d
      .select()
      .from(calendarEvents)
      .where(
        and(
          isNotNull(calendarEvents.recurrence),
          // a moved occurrence may fall a little outside its rule's days: a week's slack each way
          lt(calendarEvents.eventDate, sql.placeholder("before")),
          or(isNull(calendarEvents.lastDate), gte(calendarEvents.lastDate, sql.placeholder("since"))),
          activeOnly ? eq(calendarEvents.isActive, true) : undefined,
        ),
      )
      .prepare(),
  );
  return query.all({ before: addDaysToDate(to, 8), since: addDaysToDate(from, -8) });
}

/**
 * Occurrences by date ascending (then start time): one-off events, and each day of a repeating
 * event, from `from` and before `before` (YYYY-MM-DD). Without `before`, a repeating event is
 * expanded a year ahead. Without either bound (the JSON API's list of events), each repeating
 * event is listed once, as its first occurrence.
 */
export function listEvents(
  db: TenantDb,
  timeZone: string,
  opts: { from?: string; before?: string; activeOnly?: boolean; limit?: number; now?: Date } = {},
): CalendarEventView[] {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? 500;
  // the home, the family page and the calendar run it on every visit: prepared per set of bounds
  const query = prepared(db, `events:${opts.from ? "f" : "-"}${opts.before ? "b" : "-"}${opts.activeOnly ? "a" : "-"}`, (d) =>
    d
      .select()
      .from(calendarEvents)
      .where(
        and(
          opts.from || opts.before ? isNull(calendarEvents.recurrence) : undefined,
          opts.from ? gte(calendarEvents.eventDate, sql.placeholder("from")) : undefined,
          opts.before ? lt(calendarEvents.eventDate, sql.placeholder("before")) : undefined,
          opts.activeOnly ? eq(calendarEvents.isActive, true) : undefined,
        ),
      )
      .orderBy(asc(calendarEvents.eventDate), asc(calendarEvents.startTime), asc(calendarEvents.title))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  const once = query.all({ from: opts.from ?? null, before: opts.before ?? null, limit }).map((r) => toCalendarEventView(r, timeZone, now));
  if (!opts.from && !opts.before) return once;
  const from = opts.from ?? addDaysToDate(opts.before!, -OPEN_HORIZON_DAYS);
  const withRepeating = (to: string, onceHere: CalendarEventView[]) => {
    const repeating = occurrencesOf(db, repeatingEventsBetween(db, from, to, !!opts.activeOnly), timeZone, from, to, now);
    return onceHere.concat(opts.activeOnly ? repeating.filter((e) => e.isActive) : repeating).sort(compareViews);
  };
  if (opts.before) return withRepeating(addDaysToDate(opts.before, -1), once).slice(0, limit);
  // the next few (the home's three): a week ahead, then a month, is usually enough, and far less
  // to expand than a year of every daily program. A shorter window answers only when it holds
  // `limit` events: everything after it is later than all of them.
  for (const days of NEXT_EVENTS_WINDOWS) {
    if (days >= OPEN_HORIZON_DAYS || limit > NEXT_EVENTS_AT_MOST) break;
    const to = addDaysToDate(from, days);
    const within = withRepeating(
      to,
      once.filter((e) => e.eventDate <= to),
    );
    if (within.length >= limit) return within.slice(0, limit);
  }
  return withRepeating(addDaysToDate(from, OPEN_HORIZON_DAYS), once).slice(0, limit);
}

// the windows tried for a short list of the next events, in days, before a year's
const NEXT_EVENTS_WINDOWS = [7, 31];
const NEXT_EVENTS_AT_MOST = 20;

/** The occurrences from `from` to `to`, both included (the JSON API's and the week's range). */
export function listOccurrences(
  db: TenantDb,
  timeZone: string,
  from: string,
  to: string,
  opts: { activeOnly?: boolean; limit?: number; now?: Date } = {},
): CalendarEventView[] {
  return listEvents(db, timeZone, { ...opts, from, before: addDaysToDate(to, 1) });
}

/**
 * Occurrences before today, most recent first: a page of them (`offset`, `limit`) and how many
 * there are. Repeating events are counted back two years at most.
 */
export function pastOccurrences(
  db: TenantDb,
  timeZone: string,
  opts: { limit: number; offset: number; now?: Date },
): { events: CalendarEventView[]; total: number } {
  const now = opts.now ?? new Date();
  const today = todayInTimeZone(timeZone, now);
  const since = addDaysToDate(today, -730);
  const once = db
    .select({ n: count() })
    .from(calendarEvents)
    .where(and(isNull(calendarEvents.recurrence), lt(calendarEvents.eventDate, today)))
    .get()?.n ?? 0;
  const repeating = occurrencesOf(db, repeatingEventsBetween(db, since, addDaysToDate(today, -1), false), timeZone, since, addDaysToDate(today, -1), now).sort(
    (a, b) => -compareViews(a, b),
  );
  const total = once + repeating.length;
  // one-off events of the page: at most offset + limit of them can be on it
  const onceRows = db
    .select()
    .from(calendarEvents)
    .where(and(isNull(calendarEvents.recurrence), lt(calendarEvents.eventDate, today)))
    .orderBy(desc(calendarEvents.eventDate), desc(calendarEvents.startTime))
    .limit(opts.offset + opts.limit)
    .all()
    .map((r) => toCalendarEventView(r, timeZone, now));
  const merged = onceRows.concat(repeating).sort((a, b) => -compareViews(a, b));
  return { events: merged.slice(opts.offset, opts.offset + opts.limit), total };
}

/** Today's and later occurrences, soonest first, and the most recent past ones, latest first. */
export function listCalendar(db: TenantDb, timeZone: string, now = new Date()): { upcoming: CalendarEventView[]; past: CalendarEventView[] } {
  const today = todayInTimeZone(timeZone, now);
  const upcoming = listEvents(db, timeZone, { from: today, now });
  const past = pastOccurrences(db, timeZone, { limit: 20, offset: 0, now }).events;
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
        recurrence: input.recurrence ?? null,
        lastDate: input.recurrence ? lastRuleDate(input.recurrence, input.eventDate) : input.eventDate,
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
  if (patch.recurrence !== undefined) set.recurrence = patch.recurrence;
  if (patch.recurrence !== undefined || patch.eventDate !== undefined) {
    const current = getEvent(db, id);
    if (!current) return undefined;
    const rule = patch.recurrence !== undefined ? patch.recurrence : current.recurrence;
    const start = patch.eventDate ?? current.eventDate;
    set.lastDate = rule ? lastRuleDate(rule, start) : start;
  }
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

// --- one occurrence, and a series from a date ---

/** Whether `date` names an occurrence of the event: its day, or one of the days its rule gives. */
export function isOccurrenceOf(event: CalendarEventRow, date: string): boolean {
  if (!event.recurrence) return date === event.eventDate;
  return isRuleDate(event.recurrence, event.eventDate, date);
}

/**
 * The occurrence of an event named by the day its rule gives (`occurrenceDate`), with its own
 * changes; undefined when the event has no occurrence that day.
 */
export function getOccurrence(db: TenantDb, eventId: string, occurrenceDate: string, timeZone: string, now = new Date()): CalendarEventView | undefined {
  const event = getEvent(db, eventId);
  if (!event || !isOccurrenceOf(event, occurrenceDate)) return undefined;
  if (!event.recurrence) return toCalendarEventView(event, timeZone, now);
  const change = occurrenceChangesOf(db, [eventId]).get(`${eventId} ${occurrenceDate}`);
  return toCalendarEventView(event, timeZone, now, { date: occurrenceDate, change });
}

export type OccurrencePatch = {
  eventDate?: string;
  startTime?: string | null;
  endTime?: string | null;
  location?: string | null;
  cancelled?: boolean;
};

/**
 * Moves, retimes, cancels or reinstates one occurrence of a repeating event, leaving the others
 * as they are. False when the event does not repeat or has no occurrence on that day.
 */
export function changeOccurrence(db: TenantDb, eventId: string, occurrenceDate: string, patch: OccurrencePatch, actor: Actor | null): boolean {
  const event = getEvent(db, eventId);
  if (!event?.recurrence || !isOccurrenceOf(event, occurrenceDate)) return false;
  const current = db
    .select()
    .from(eventOccurrenceChanges)
    .where(and(eq(eventOccurrenceChanges.eventId, eventId), eq(eventOccurrenceChanges.occurrenceDate, occurrenceDate)))
    .get();
  const next = {
    eventId,
    occurrenceDate,
    cancelled: patch.cancelled ?? current?.cancelled ?? false,
    eventDate: patch.eventDate !== undefined ? (patch.eventDate === occurrenceDate ? null : patch.eventDate) : (current?.eventDate ?? null),
    startTime: patch.startTime !== undefined ? blankToNull(patch.startTime) : (current?.startTime ?? null),
    endTime: patch.endTime !== undefined ? blankToNull(patch.endTime) : (current?.endTime ?? null),
    location: patch.location !== undefined ? blankToNull(patch.location) : (current?.location ?? null),
    updatedByUserId: actor?.id ?? null,
    updatedAt: new Date().toISOString(),
  };
  // the same times as the event's are no change
  if (next.startTime === event.startTime) next.startTime = null;
  if (next.endTime === event.endTime) next.endTime = null;
  if (next.location === event.location) next.location = null;
  const unchanged = !next.cancelled && !next.eventDate && !next.startTime && !next.endTime && !next.location;
  db.transaction((tx) => {
    tx.delete(eventOccurrenceChanges)
      .where(and(eq(eventOccurrenceChanges.eventId, eventId), eq(eventOccurrenceChanges.occurrenceDate, occurrenceDate)))
      .run();
    if (!unchanged) tx.insert(eventOccurrenceChanges).values(next).run();
  });
  return true;
}

/**
 * Ends a repeating event before `date`: that occurrence and every later one are gone ("cancel
 * the series from this date"). When nothing of it would be left, the whole event is cancelled.
 * What was recorded for the later occurrences (attendance, sign-ups) stays with the event.
 */
export function endSeriesBefore(db: TenantDb, eventId: string, date: string): CalendarEventRow | undefined {
  const event = getEvent(db, eventId);
  if (!event?.recurrence) return undefined;
  const rule = ruleEndingBefore(event.recurrence, event.eventDate, date);
  if (!rule) return updateEvent(db, eventId, { isActive: false });
  db.delete(eventOccurrenceChanges)
    .where(and(eq(eventOccurrenceChanges.eventId, eventId), gte(eventOccurrenceChanges.occurrenceDate, date)))
    .run();
  return updateEvent(db, eventId, { recurrence: rule });
}

/**
 * Changes a repeating event from `date` on ("this and every later one"): the series ends the
 * day before, and a new event with the changes carries on from `date` with the same rule. What
 * was recorded for those later occurrences moves to the new event. Returns the new event.
 */
export function changeSeriesFrom(
  db: TenantDb,
  eventId: string,
  date: string,
  patch: Partial<CalendarEventInput>,
  actor: Actor | null,
): CalendarEventRow | undefined {
  const event = getEvent(db, eventId);
  if (!event?.recurrence || !isOccurrenceOf(event, date)) return undefined;
  // from its first occurrence, every occurrence changes: the event itself is changed
  if (date === event.eventDate) return updateEvent(db, eventId, patch);
  const ended = ruleEndingBefore(event.recurrence, event.eventDate, date);
  const start = patch.eventDate ?? date;
  const rule = patch.recurrence !== undefined ? patch.recurrence : ruleFromDate(event.recurrence, event.eventDate, date);
  let created: CalendarEventRow | undefined;
  db.transaction((tx) => {
    const id = newId();
    tx.insert(calendarEvents)
      .values({
        id,
        title: (patch.title ?? event.title).trim(),
        description: patch.description !== undefined ? blankToNull(patch.description) : event.description,
        eventDate: start,
        startTime: patch.startTime !== undefined ? blankToNull(patch.startTime) : event.startTime,
        endTime: patch.endTime !== undefined ? blankToNull(patch.endTime) : event.endTime,
        location: patch.location !== undefined ? blankToNull(patch.location) : event.location,
        maxParticipants: patch.maxParticipants !== undefined ? patch.maxParticipants : event.maxParticipants,
        recurrence: rule,
        lastDate: rule ? lastRuleDate(rule, start) : start,
        isActive: event.isActive,
        createdByUserId: actor?.id ?? null,
      })
      .run();
    // what was recorded for the later occurrences goes with them
    for (const table of [attendance, eventSignups] as const)
      tx.update(table).set({ eventId: id }).where(and(eq(table.eventId, eventId), gte(table.occurrenceDate, date))).run();
    tx.update(stories).set({ eventId: id }).where(and(eq(stories.eventId, eventId), gte(stories.occurrenceDate, date))).run();
    tx.update(eventOccurrenceChanges)
      .set({ eventId: id })
      .where(and(eq(eventOccurrenceChanges.eventId, eventId), gte(eventOccurrenceChanges.occurrenceDate, date)))
      .run();
    tx.update(calendarEvents)
      .set({ recurrence: ended, lastDate: ended ? lastRuleDate(ended, event.eventDate) : event.eventDate, updatedAt: new Date().toISOString() })
      .where(eq(calendarEvents.id, eventId))
      .run();
    created = tx.select().from(calendarEvents).where(eq(calendarEvents.id, id)).get();
  });
  return created;
}

/** A copy of an event (title, times, place, rule), first on `eventDate`. */
export function duplicateEvent(db: TenantDb, eventId: string, eventDate: string, actor: Actor | null): CalendarEventRow | undefined {
  const event = getEvent(db, eventId);
  if (!event) return undefined;
  let recurrence = event.recurrence;
  // a rule that ended before the copy's first day starts again with the copy
  if (recurrence && event.lastDate && event.lastDate < eventDate)
    recurrence = recurrence
      .split(";")
      .filter((p) => !p.startsWith("UNTIL="))
      .join(";");
  return createEvent(
    db,
    {
      title: event.title,
      description: event.description,
      eventDate,
      startTime: event.startTime,
      endTime: event.endTime,
      location: event.location,
      maxParticipants: event.maxParticipants,
      recurrence,
    },
    actor,
  );
}
