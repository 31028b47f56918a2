// When the weekly digest goes out: a day of the week and an hour on the community's own clock.
// Pure functions (no database), unit-tested across daylight-saving changes.
import { addDaysToDate, isCalendarDate } from "./event-dates";
import { instantAt } from "~/utils/zoned-time";
import { PSEUDO_LANGUAGE, pseudoize } from "~/utils/pseudo-locale";
import { localDateIn } from "./local-time";

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** A day of the week (0 = Sunday) in the reader's language: "Sunday", "domingo". */
export function weekdayName(day: number, lang = "en"): string {
  const intlLang = lang === PSEUDO_LANGUAGE ? "en" : lang;
  let format = weekdayFormats.get(intlLang);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLang, { weekday: "long", timeZone: "UTC" });
    weekdayFormats.set(intlLang, format);
  }
  // 1 January 2023 was a Sunday
  const text = format.format(new Date(Date.UTC(2023, 0, 1 + (((day % 7) + 7) % 7))));
  return lang === PSEUDO_LANGUAGE ? pseudoize(text) : text;
}

export type DigestSchedule = { day: number; hour: number };
export const DEFAULT_DIGEST_SCHEDULE: DigestSchedule = { day: 0, hour: 17 };

/**
 * The UTC instant at which the community's clock shows `hour`:00 on `ymd`: an hour the clocks skip
 * happens an hour later, an hour they show twice the first time (instantAt).
 */
export function zonedTimeToUtc(ymd: string, hour: number, timeZone: string): Date {
  if (!isCalendarDate(ymd)) throw new Error(`Not a date: ${ymd}`);
  const [year, month, day] = ymd.split("-").map(Number) as [number, number, number];
  return instantAt(timeZone, { year, month, day, hour });
}

function weekdayOf(ymd: string): number {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The latest scheduled moment at or before `now`. */
export function latestSlot(schedule: DigestSchedule, timeZone: string, now: Date): Date {
  const today = localDateIn(timeZone, now);
  const back = (weekdayOf(today) - schedule.day + 7) % 7;
  let date = addDaysToDate(today, -back);
  let slot = zonedTimeToUtc(date, schedule.hour, timeZone);
  if (slot.getTime() > now.getTime()) {
    date = addDaysToDate(date, -7);
    slot = zonedTimeToUtc(date, schedule.hour, timeZone);
  }
  return slot;
}

/** The first scheduled moment after `instant`. */
export function nextSlot(schedule: DigestSchedule, timeZone: string, instant: Date): Date {
  const last = latestSlot(schedule, timeZone, instant);
  const date = addDaysToDate(localDateIn(timeZone, last), 7);
  return zonedTimeToUtc(date, schedule.hour, timeZone);
}

/** "Sunday at 5 PM", in English: for logs and tests (a page writes the schedule in its reader's words). */
export function describeSchedule(schedule: DigestSchedule): string {
  const h = schedule.hour;
  const clock = h === 0 ? "midnight" : h === 12 ? "noon" : `${h % 12} ${h < 12 ? "AM" : "PM"}`;
  return `${weekdayName(schedule.day)} at ${clock}`;
}
