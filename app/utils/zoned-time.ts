// A clock on the wall of a time zone and the instant it shows, both ways, with @date-fns/tz (the
// runtime's own time zone rules): what a community's clock shows at an instant, and when it shows
// a given time, across daylight-saving changes. Pure: the same on the server and in the browser.

// the two pieces, not the package index: this ships to the browser with the date labels
import { TZDateMini } from "@date-fns/tz/date/mini";
import { tzOffset } from "@date-fns/tz/tzOffset";

/** A wall clock's reading; `month` is 1 to 12. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** What the clock in `timeZone` shows at `instant`. */
export function wallClockAt(timeZone: string, instant: Date | number): WallClock {
  // the instant moved by the zone's offset then, read as UTC: one Intl call where a TZDate makes
  // several (this is asked for every date in a list)
  const offsetMinutes = tzOffset(timeZone, new Date(+instant));
  if (Number.isNaN(offsetMinutes)) throw new RangeError(`Invalid time zone: ${timeZone}`);
  const d = new Date(+instant + offsetMinutes * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * The instant at which the clock in `timeZone` shows `wall` (hour, minute and second 0 when left
 * out). A time the clocks skip when they spring forward happens that much later: 2:30 on
 * 2026-03-08 in New York is 3:30 daylight time. A time they show twice when they fall back is the
 * first of the two: 1:30 on 2026-11-01 in New York is 1:30 daylight time (05:30Z), not standard.
 */
export function instantAt(
  timeZone: string,
  wall: Pick<WallClock, "year" | "month" | "day"> & Partial<WallClock>,
): Date {
  const { year, month, day, hour = 0, minute = 0, second = 0 } = wall;
  const at = new TZDateMini(year, month - 1, day, hour, minute, second, timeZone).getTime();
  // Intl refuses an unknown zone; @date-fns/tz would go on with an invalid date
  if (Number.isNaN(at)) throw new RangeError(`Invalid time zone: ${timeZone}`);
  return new Date(at);
}
