// A resident's participation record: the occurrences she attended, declined or had one-to-one,
// and the visits logged without an event, each with the stories she told at it. A story is told
// at an occurrence when it names that occurrence (event and occurrence date), or else when she
// created it on that occurrence's day in the community's time zone between its start and an hour
// after its end (the whole day for an event without times) while she was there (attended or
// one-to-one).
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { instantAt } from "~/utils/zoned-time";
import { addDaysToDate, isCalendarDate, todayInTimeZone } from "./event-dates";
import type { AttendanceStatus, EngagementLevel, Mood } from "./attendance.server";

const { attendance, calendarEvents, eventOccurrenceChanges, stories, residents } = tenantSchema;

/** Minutes after an occurrence's end during which a story she created is counted as told at it. */
export const STORY_AFTER_END_MINUTES = 60;
/** The longest range the participation API answers. */
export const MAX_RANGE_DAYS = 366;

export type ToldStory = { id: string; title: string; linked: boolean };

export type ParticipationEntry = {
  /** the day it happened (a moved occurrence: the day it was moved to) */
  date: string;
  occurrenceDate: string;
  eventId: string | null;
  /** the program's title, or a visit's activity */
  title: string;
  visit: boolean;
  status: AttendanceStatus;
  engagement: EngagementLevel | null;
  mood: Mood | null;
  note: string | null;
  minutes: number | null;
  startTime: string | null;
  endTime: string | null;
  stories: ToldStory[];
};

const PRESENT: AttendanceStatus[] = ["attended", "one_to_one"];

function ymdParts(ymd: string) {
  const [year, month, day] = ymd.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

function hm(hhmm: string) {
  const [hour, minute] = hhmm.split(":").map(Number);
  return { hour: hour!, minute: minute! };
}

/** The instants [from, to) during which a story she created counts as told at the occurrence. */
export function storyWindow(
  timeZone: string,
  date: string,
  startTime: string | null,
  endTime: string | null,
): { from: Date; to: Date } {
  const day = ymdParts(date);
  if (!startTime) {
    const next = ymdParts(addDaysToDate(date, 1));
    return { from: instantAt(timeZone, day), to: instantAt(timeZone, next) };
  }
  const from = instantAt(timeZone, { ...day, ...hm(startTime) });
  const end = endTime ? instantAt(timeZone, { ...day, ...hm(endTime) }) : from;
  return { from, to: new Date(end.getTime() + STORY_AFTER_END_MINUTES * 60_000) };
}

/** Is the range a pair of calendar dates, in order, at most `MAX_RANGE_DAYS` long? */
export function checkRange(from: string | null, to: string | null): { from: string; to: string } | null {
  if (!from || !to || !isCalendarDate(from) || !isCalendarDate(to) || from > to) return null;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days + 1 > MAX_RANGE_DAYS ? null : { from, to };
}

/**
 * Her participation between two calendar dates (inclusive), newest first; `order: "asc"` for the
 * oldest first.
 */
export function residentParticipation(
  db: TenantDb,
  timeZone: string,
  residentId: string,
  from: string,
  to: string,
  opts: { order?: "asc" | "desc" } = {},
): ParticipationEntry[] {
  const rows = db
    .select({
      eventId: attendance.eventId,
      occurrenceDate: attendance.occurrenceDate,
      status: attendance.status,
      engagement: attendance.engagement,
      mood: attendance.mood,
      note: attendance.note,
      minutes: attendance.minutes,
      activity: attendance.activity,
      title: calendarEvents.title,
      startTime: calendarEvents.startTime,
      endTime: calendarEvents.endTime,
      movedDate: eventOccurrenceChanges.eventDate,
      movedStart: eventOccurrenceChanges.startTime,
      movedEnd: eventOccurrenceChanges.endTime,
    })
    .from(attendance)
    .leftJoin(calendarEvents, eq(calendarEvents.id, attendance.eventId))
    .leftJoin(
      eventOccurrenceChanges,
      and(
        eq(eventOccurrenceChanges.eventId, attendance.eventId),
        eq(eventOccurrenceChanges.occurrenceDate, attendance.occurrenceDate),
      ),
    )
    .where(
      and(
        eq(attendance.residentId, residentId),
        gte(attendance.occurrenceDate, addDaysToDate(from, -31)),
        lte(attendance.occurrenceDate, addDaysToDate(to, 31)),
      ),
    )
    .orderBy(asc(attendance.occurrenceDate))
    .all();

  const entries: ParticipationEntry[] = rows
    .map((r) => {
      const visit = r.eventId === null;
      return {
        date: r.movedDate ?? r.occurrenceDate,
        occurrenceDate: r.occurrenceDate,
        eventId: r.eventId,
        title: visit ? (r.activity ?? "") : (r.title ?? ""),
        visit,
        status: r.status,
        engagement: r.engagement,
        mood: r.mood,
        note: r.note,
        minutes: r.minutes,
        startTime: visit ? null : (r.movedStart ?? r.startTime),
        endTime: visit ? null : (r.movedEnd ?? r.endTime),
        stories: [] as ToldStory[],
      };
    })
    .filter((e) => e.date >= from && e.date <= to);
  if (entries.length === 0) return entries;

  // her stories of the period: named by an occurrence, or created during one she was at
  const first = entries.reduce((m, e) => (e.date < m ? e.date : m), entries[0]!.date);
  const last = entries.reduce((m, e) => (e.date > m ? e.date : m), entries[0]!.date);
  const windowFrom = instantAt(timeZone, ymdParts(addDaysToDate(first, -1))).toISOString();
  const windowTo = instantAt(timeZone, ymdParts(addDaysToDate(last, 2))).toISOString();
  const eventIds = [...new Set(entries.flatMap((e) => (e.eventId ? [e.eventId] : [])))];
  const linked = eventIds.length
    ? db
        .select({
          id: stories.id,
          title: stories.title,
          eventId: stories.eventId,
          occurrenceDate: stories.occurrenceDate,
        })
        .from(stories)
        .where(
          and(
            eq(stories.residentId, residentId),
            inArray(stories.eventId, eventIds),
            isNull(stories.withdrawnAt),
          ),
        )
        .orderBy(asc(stories.createdAt))
        .all()
    : [];
  const unlinked = db
    .select({ id: stories.id, title: stories.title, createdAt: stories.createdAt })
    .from(stories)
    .where(
      and(
        eq(stories.residentId, residentId),
        isNull(stories.eventId),
        isNull(stories.withdrawnAt),
        gte(stories.createdAt, windowFrom),
        lte(stories.createdAt, windowTo),
      ),
    )
    .orderBy(asc(stories.createdAt))
    .all();
  const used = new Set<string>();
  for (const e of entries) {
    if (!e.eventId) continue;
    for (const s of linked)
      if (s.eventId === e.eventId && s.occurrenceDate === e.occurrenceDate) {
        e.stories.push({ id: s.id, title: s.title, linked: true });
        used.add(s.id);
      }
  }
  for (const e of entries) {
    if (!e.eventId || !PRESENT.includes(e.status)) continue;
    const w = storyWindow(timeZone, e.date, e.startTime, e.endTime);
    for (const s of unlinked) {
      if (used.has(s.id)) continue;
      const at = Date.parse(s.createdAt);
      if (at >= w.from.getTime() && at < w.to.getTime()) {
        e.stories.push({ id: s.id, title: s.title, linked: false });
        used.add(s.id);
      }
    }
  }
  const sorted = entries.sort((a, b) =>
    a.date === b.date
      ? (a.startTime ?? "").localeCompare(b.startTime ?? "")
      : a.date.localeCompare(b.date),
  );
  return opts.order === "asc" ? sorted : sorted.reverse();
}

/** Monday of the week (Monday to Sunday) a calendar date falls in. */
export function mondayOf(ymd: string): string {
  const weekday = new Date(`${ymd}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDaysToDate(ymd, -((weekday + 6) % 7));
}

/**
 * The programs she attended or had one-to-one in a date range, each title once, in the order
 * she first joined them.
 */
export function programsJoined(
  db: TenantDb,
  timeZone: string,
  residentId: string,
  from: string,
  to: string,
): string[] {
  const titles: string[] = [];
  for (const e of residentParticipation(db, timeZone, residentId, from, to, { order: "asc" }))
    if (PRESENT.includes(e.status) && e.title && !titles.includes(e.title)) titles.push(e.title);
  return titles;
}

/** This week's (Monday to Sunday in the community's time zone) programs she joined. */
export function weekSummary(
  db: TenantDb,
  timeZone: string,
  residentId: string,
  now: Date = new Date(),
): string[] {
  const monday = mondayOf(todayInTimeZone(timeZone, now));
  return programsJoined(db, timeZone, residentId, monday, addDaysToDate(monday, 6));
}

/** Whether her family may see which activities she joined. */
export function sharesParticipation(db: TenantDb, residentId: string): boolean {
  const row = db
    .select({ share: residents.shareParticipation })
    .from(residents)
    .where(eq(residents.id, residentId))
    .get();
  return !!row?.share;
}

/** Counts of her marks by status in the last `days` days up to today. */
export function recentCounts(
  db: TenantDb,
  timeZone: string,
  residentId: string,
  days: number,
  now: Date = new Date(),
): Record<AttendanceStatus, number> & { total: number; minutes: number } {
  const today = todayInTimeZone(timeZone, now);
  const counts = { attended: 0, declined: 0, one_to_one: 0, unwell: 0, absent: 0, total: 0, minutes: 0 };
  for (const e of residentParticipation(db, timeZone, residentId, addDaysToDate(today, -(days - 1)), today)) {
    counts[e.status] += 1;
    counts.total += 1;
    if (PRESENT.includes(e.status)) counts.minutes += e.minutes ?? 0;
  }
  return counts;
}
