// The calendar's month view: the weeks of a month (Monday first) as a grid of days, each with its
// events. Pure: dates are YYYY-MM-DD in the community's time zone.
import { addDaysToDate } from "./event-dates";
import { formatMonthYear } from "./local-time";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A `?month=` value (YYYY-MM), or null when it is not a real month. */
export function parseMonth(value: string | null | undefined): string | null {
  return value && MONTH.test(value) && Number(value.slice(0, 4)) >= 1900 && Number(value.slice(0, 4)) <= 2200 ? value : null;
}

/** The month after (or before, with -1) a YYYY-MM month. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** "December 2026" ("diciembre de 2026") in the reader's language. */
export function monthLabel(month: string, lang = "en"): string {
  return formatMonthYear(month, lang);
}

export type MonthDay<E> = { date: string; day: number; inMonth: boolean; isToday: boolean; events: E[] };

/**
 * The days the month's grid shows, from the Monday of its first week to the Sunday of its last
 * (`before` is the day after): the days of the months around it are drawn too, so their events
 * are read with the month's.
 */
export function monthGridRange(month: string): { from: string; before: string } {
  const first = `${month}-01`;
  const next = `${shiftMonth(month, 1)}-01`;
  const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const tail = (7 - weekdayOf(next)) % 7;
  return { from: addDaysToDate(first, -weekdayOf(first)), before: addDaysToDate(next, tail) };
}

/** The weeks that show the month, Monday to Sunday, with the days of the months around it greyed out. */
export function monthGrid<E extends { eventDate: string }>(month: string, events: E[], today: string): MonthDay<E>[][] {
  const first = `${month}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  let date = addDaysToDate(first, -weekday);
  const next = `${shiftMonth(month, 1)}-01`;
  const byDate = new Map<string, E[]>();
  for (const e of events) byDate.set(e.eventDate, [...(byDate.get(e.eventDate) ?? []), e]);
  const weeks: MonthDay<E>[][] = [];
  while (date < next) {
    const week: MonthDay<E>[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ date, day: Number(date.slice(8, 10)), inMonth: date.startsWith(month), isToday: date === today, events: byDate.get(date) ?? [] });
      date = addDaysToDate(date, 1);
    }
    weeks.push(week);
  }
  return weeks;
}
