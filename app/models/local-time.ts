// Calendar days and months in a community's own time zone (pure: no database, no server APIs).
// Every date and number shown to a person is written by one of the format* functions below, by Intl
// in the reader's language and the community's time zone, so a story shows one date on every
// screen (server and browser alike). Components take them bound to both from `useDateFormat()`
// (components/community-time.ts).
import { PSEUDO_LANGUAGE, pseudoize } from "~/utils/pseudo-locale";

import { instantAt, wallClockAt, type WallClock } from "~/utils/zoned-time";

// Building an Intl.DateTimeFormat costs far more than using one: one per time zone, kept.
const longDateFormats = new Map<string, Intl.DateTimeFormat>();
const shortDateFormats = new Map<string, Intl.DateTimeFormat>();
const monthDayFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The language Intl writes in: the pseudo-locale's dates are English ones, made pseudo. */
function intlLang(lang: string): string {
  return lang === PSEUDO_LANGUAGE ? "en" : lang;
}

/** Intl's text in the reader's language (pseudo-locale: accented, so tests see it is localized). */
function inLang(lang: string, text: string): string {
  return lang === PSEUDO_LANGUAGE ? pseudoize(text) : text;
}

function formatFor(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  lang: string,
) {
  const key = `${lang} ${timeZone}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLang(lang), { timeZone, ...options });
    cache.set(key, format);
  }
  return {
    format: (date: Date) => inLang(lang, format.format(date)),
  };
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

/** A date as "April 5, 2025" ("5 de abril de 2025") in the community's time zone (same text on server and browser). */
export function formatLongDate(iso: string, timeZone: string, lang = "en"): string {
  // every story card and comment shows one (RelativeTime's title): the same few dates, again and again
  return remembered(longDates, LONG_DATES_KEPT, `${lang} ${timeZone} ${iso}`, () =>
    formatFor(longDateFormats, timeZone, { year: "numeric", month: "long", day: "numeric" }, lang).format(new Date(iso)),
  );
}
const longDates = new Map<string, string>();
const LONG_DATES_KEPT = 2_000;

/** "Apr 5, 2025" in the community's time zone (lists and tables). */
export function formatShortDate(iso: string, timeZone: string, lang = "en"): string {
  return formatFor(shortDateFormats, timeZone, { year: "numeric", month: "short", day: "numeric" }, lang).format(new Date(iso));
}

/** "April 5" in the community's time zone (a recording's generated title). */
export function formatMonthDay(iso: string, timeZone: string, lang = "en"): string {
  return formatFor(monthDayFormats, timeZone, { month: "long", day: "numeric" }, lang).format(new Date(iso));
}

/** "April 5, 2025 at 3:30 PM" in the community's time zone (an expiry, a deadline). */
export function formatDateTime(iso: string, timeZone: string, lang = "en"): string {
  return formatFor(dateTimeFormats, timeZone, { dateStyle: "long", timeStyle: "short" }, lang).format(new Date(iso));
}

/**
 * A recent day, short enough for a table row: "today", "yesterday", "Nov 20" this year,
 * "Nov 20, 2025" before; in the community's time zone.
 */
export function formatRecentDay(iso: string, timeZone: string, now: Date = new Date(), lang = "en"): string {
  const day = localDateIn(timeZone, new Date(iso));
  const days = new Intl.RelativeTimeFormat(intlLang(lang), { numeric: "auto" });
  if (day === localDateIn(timeZone, now)) return inLang(lang, days.format(0, "day"));
  if (day === localDateIn(timeZone, new Date(now.getTime() - 86_400_000)))
    return inLang(lang, days.format(-1, "day"));
  return formatDayThisYear(iso, timeZone, now, lang);
}

const monthDayShortFormats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 20" in the year of `now`, "Nov 20, 2025" before or after; in the community's time zone. */
export function formatDayThisYear(iso: string, timeZone: string, now: Date = new Date(), lang = "en"): string {
  const sameYear = localDateIn(timeZone, new Date(iso)).slice(0, 4) === localDateIn(timeZone, now).slice(0, 4);
  if (!sameYear) return formatShortDate(iso, timeZone, lang);
  return formatFor(monthDayShortFormats, timeZone, { month: "short", day: "numeric" }, lang).format(new Date(iso));
}

const dayHeadingFormats = new Map<string, Intl.DateTimeFormat>();
const monthYearFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Monday, November 24, 2026" for a YYYY-MM-DD calendar day (a day, not an instant: no time zone
 * moves it). Intl rather than date-fns' `format`, whose formatters would weigh on every page that
 * shows the calendar.
 */
export function formatDayHeading(ymd: string, lang = "en"): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return formatFor(dayHeadingFormats, "UTC", { weekday: "long", year: "numeric", month: "long", day: "numeric" }, lang).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** "November 2026" ("noviembre de 2026") for a YYYY-MM month (a month, not an instant). */
export function formatMonthYear(ym: string, lang = "en"): string {
  const [y, m] = ym.split("-").map(Number) as [number, number];
  return formatFor(monthYearFormats, "UTC", { month: "long", year: "numeric" }, lang).format(new Date(Date.UTC(y, m - 1, 15)));
}

/** A count as the reader writes numbers ("1,234"; "1234" and "12.345" in Spanish). */
export function formatNumber(n: number, lang = "en"): string {
  return inLang(lang, numberFormatOf(lang).format(n));
}

// one formatter per language: making one costs about 20 µs, and a report writes thousands of numbers
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormatOf(lang: string): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(intlLang(lang))));
  return format;
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "3 days ago" ("hace 3 días"), "in 2 hours" ("dentro de 2 horas"): how long from `now`, rounded. */
export function formatRelative(iso: string, lang = "en", now: Date = new Date()): string {
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
  let unit: Intl.RelativeTimeFormatUnit = "second";
  for (const [u, next] of RELATIVE_STEPS) {
    unit = u;
    if (Math.abs(amount) < next) break;
    amount /= next;
  }
  // under a minute reads "now" rather than a count of seconds
  const format = relativeFormatOf(lang);
  if (unit === "second") return inLang(lang, format.format(0, "second"));
  return inLang(lang, format.format(Math.round(amount), unit));
}

// one formatter per language, as for numbers: a page of story cards says "3 days ago" on each
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormatOf(lang: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(lang);
  if (!format) relativeFormats.set(lang, (format = new Intl.RelativeTimeFormat(intlLang(lang), { numeric: "auto" })));
  return format;
}
