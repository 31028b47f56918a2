// Calendar days and months in a community's own time zone (pure: no database, no server APIs).
// Every date shown to a person is written by one of the format* functions below, in the
// community's time zone, so a story shows one date on every screen (server and browser alike).

import { instantAt, wallClockAt, type WallClock } from "~/utils/zoned-time";

// Building an Intl.DateTimeFormat costs far more than using one: one per time zone, kept.
const longDateFormats = new Map<string, Intl.DateTimeFormat>();
const shortDateFormats = new Map<string, Intl.DateTimeFormat>();
const monthDayFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatFor(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

/**
 * The value for `key`, made once by `make` and kept: at most `limit` of them, the oldest made
 * dropped first. For answers that never change for their key (a date's label in a zone).
 */
export function remembered<V>(cache: Map<string, V>, limit: number, key: string, make: () => V): V {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const value = make();
  if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

// a page asks the same question many times (each event's badge: what day is it now?): the last
// answer per time zone, exact to the second the formatter reads
const lastParts = new Map<string, { second: number; parts: WallClock }>();

function partsIn(timeZone: string, instant: Date): WallClock {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastParts.get(timeZone);
  if (last && last.second === second) return last.parts;
  const parts = wallClockAt(timeZone, instant);
  lastParts.set(timeZone, { second, parts });
  return parts;
}

/** The calendar day of `now` in `timeZone`, as YYYY-MM-DD. */
export function localDateIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = partsIn(timeZone, now);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The UTC instant at which the calendar month containing `now` began in `timeZone` (ISO string). */
export function startOfLocalMonthUtc(timeZone: string, now: Date = new Date()): string {
  const { year, month } = partsIn(timeZone, now);
  return instantAt(timeZone, { year, month, day: 1 }).toISOString();
}

/** A date as "April 5, 2025" in the community's time zone (same text on server and browser). */
export function formatLongDate(iso: string, timeZone: string): string {
  // every story card and comment shows one (RelativeTime's title): the same few dates, again and again
  return remembered(longDates, LONG_DATES_KEPT, `${timeZone} ${iso}`, () =>
    formatFor(longDateFormats, timeZone, { year: "numeric", month: "long", day: "numeric" }).format(new Date(iso)),
  );
}
const longDates = new Map<string, string>();
const LONG_DATES_KEPT = 2_000;

/** "Apr 5, 2025" in the community's time zone (lists and tables). */
export function formatShortDate(iso: string, timeZone: string): string {
  return formatFor(shortDateFormats, timeZone, { year: "numeric", month: "short", day: "numeric" }).format(new Date(iso));
}

/** "April 5" in the community's time zone (a recording's generated title). */
export function formatMonthDay(iso: string, timeZone: string): string {
  return formatFor(monthDayFormats, timeZone, { month: "long", day: "numeric" }).format(new Date(iso));
}

/** "April 5, 2025 at 3:30 PM" in the community's time zone (an expiry, a deadline). */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatFor(dateTimeFormats, timeZone, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));
}

/**
 * A recent day, short enough for a table row: "today", "yesterday", "Nov 20" this year,
 * "Nov 20, 2025" before; in the community's time zone.
 */
export function formatRecentDay(iso: string, timeZone: string, now: Date = new Date()): string {
  const day = localDateIn(timeZone, new Date(iso));
  if (day === localDateIn(timeZone, now)) return "today";
  if (day === localDateIn(timeZone, new Date(now.getTime() - 86_400_000))) return "yesterday";
  return formatDayThisYear(iso, timeZone, now);
}

const monthDayShortFormats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 20" in the year of `now`, "Nov 20, 2025" before or after; in the community's time zone. */
export function formatDayThisYear(iso: string, timeZone: string, now: Date = new Date()): string {
  const sameYear = localDateIn(timeZone, new Date(iso)).slice(0, 4) === localDateIn(timeZone, now).slice(0, 4);
  if (!sameYear) return formatShortDate(iso, timeZone);
  return formatFor(monthDayShortFormats, timeZone, { month: "short", day: "numeric" }).format(new Date(iso));
}

const dayHeadingFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", year: "numeric", month: "long", day: "numeric" });

/**
 * "Monday, November 24, 2026" for a YYYY-MM-DD calendar day (a day, not an instant: no time zone
 * moves it). Intl rather than date-fns' `format`, whose formatters would weigh on every page that
 * shows the calendar.
 */
export function formatDayHeading(ymd: string): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return dayHeadingFormat.format(new Date(Date.UTC(y, m - 1, d)));
}
