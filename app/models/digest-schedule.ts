// When the weekly digest goes out: a day of the week and an hour on the community's own clock.
// Pure functions (no database), unit-tested across daylight-saving changes.
import { addDaysToDate, isCalendarDate } from "./event-dates";
import { localDateIn } from "./local-time";

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export type DigestSchedule = { day: number; hour: number };
export const DEFAULT_DIGEST_SCHEDULE: DigestSchedule = { day: 0, hour: 17 };

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string, instant: Date) {
  let f = wallFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    wallFormats.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
}

/** The UTC instant at which the community's clock shows `hour`:00 on `ymd`. */
export function zonedTimeToUtc(ymd: string, hour: number, timeZone: string): Date {
  if (!isCalendarDate(ymd)) throw new Error(`Not a date: ${ymd}`);
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  // two passes settle the offset next to a daylight-saving change; an hour that does not exist
  // (clocks jump forward) lands one hour later, which is when that wall time "happens"
  const first = wall - (wallClock(timeZone, new Date(wall)) - wall);
  const second = wall - (wallClock(timeZone, new Date(first)) - first);
  if (wallClock(timeZone, new Date(second)) === wall) return new Date(second);
  if (wallClock(timeZone, new Date(first)) === wall) return new Date(first);
  return new Date(Math.max(first, second));
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

/** "Sunday at 5 PM" */
export function describeSchedule(schedule: DigestSchedule): string {
  const h = schedule.hour;
  const clock = h === 0 ? "midnight" : h === 12 ? "noon" : `${h % 12} ${h < 12 ? "AM" : "PM"}`;
  return `${WEEKDAYS[schedule.day] ?? "Sunday"} at ${clock}`;
}
