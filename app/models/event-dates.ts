// Calendar dates are YYYY-MM-DD in the community's time zone. Pure functions, shared and unit-tested.
import { PSEUDO_LANGUAGE, pseudoize } from "~/utils/pseudo-locale";
import { formatShortDate, localDateIn, remembered } from "./local-time";

export type EventDateBadge = { kind: "today" | "tomorrow" | "upcoming" | "past"; label: string };

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written as YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Today's date in a time zone, as YYYY-MM-DD. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  // one cached formatter per time zone: a new Intl.DateTimeFormat took 0.6 ms of every home page
  return localDateIn(timeZone, now);
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDaysToDate(ymd: string, days: number): string {
  const m = YMD.exec(ymd);
  if (!m) throw new Error(`Not a date: ${ymd}`);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return date.toISOString().slice(0, 10);
}

// a date's label never changes: the home and the calendar ask for the same few dates on every
// visit, and formatting one costs more than the rest of an event's view
const calendarDateLabels = new Map<string, string>();
const CALENDAR_DATE_LABELS_KEPT = 1_000;

/**
 * A YYYY-MM-DD date as a short date in the reader's language ("Mar 5, 2025", "5 mar 2025"): a day,
 * not an instant, so no time zone moves it.
 */
export function formatCalendarDay(ymd: string, lang: string): string {
  if (!YMD.test(ymd)) return ymd;
  return remembered(calendarDateLabels, CALENDAR_DATE_LABELS_KEPT, `${lang} ${ymd}`, () => formatShortDate(`${ymd}T00:00:00Z`, "UTC", lang));
}

/** A YYYY-MM-DD date as 'MMM d, yyyy' in English (e.g. Mar 5, 2025). */
export function formatCalendarDate(ymd: string): string {
  return formatCalendarDay(ymd, "en");
}

/** An event's date badge: Today, Tomorrow, or the date as 'MMM d, yyyy', judged in the community's time zone. */
export function eventDateBadge(eventDate: string, timeZone: string, now: Date = new Date()): EventDateBadge {
  const today = todayInTimeZone(timeZone, now);
  if (eventDate === today) return { kind: "today", label: "Today" };
  if (eventDate === addDaysToDate(today, 1)) return { kind: "tomorrow", label: "Tomorrow" };
  return { kind: eventDate < today ? "past" : "upcoming", label: formatCalendarDate(eventDate) };
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** "14:30" as the reader writes a time of day: "2:30 PM" in English, "14:30" in Spanish. */
export function formatClockTime(hhmm: string | null, lang = "en"): string | null {
  if (!hhmm) return null;
  const m = /^(\d{2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const intlLang = lang === PSEUDO_LANGUAGE ? "en" : lang;
  let clock = clockFormats.get(intlLang);
  if (!clock) {
    clock = new Intl.DateTimeFormat(intlLang, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    clockFormats.set(intlLang, clock);
  }
  // Intl puts a narrow no-break space before AM/PM: an ordinary one reads and matches the same
  const text = clock.format(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])))).replace(/\u202f/g, " ");
  return lang === PSEUDO_LANGUAGE ? pseudoize(text) : text;
}
