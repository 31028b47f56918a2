import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  eventDateBadge,
  formatCalendarDate,
  formatClockTime,
  isCalendarDate,
  todayInTimeZone,
} from "~/models/event-dates";

describe("event date badges", () => {
  const LA = "America/Los_Angeles";

  it("says Today and Tomorrow by the community's calendar, not UTC's", () => {
    // 06:30 UTC on March 10 is still the evening of March 9 in Los Angeles
    const now = new Date("2025-03-10T06:30:00Z");
    expect(todayInTimeZone(LA, now)).toBe("2025-03-09");
    expect(eventDateBadge("2025-03-09", LA, now)).toEqual({ kind: "today", label: "Today" });
    expect(eventDateBadge("2025-03-10", LA, now)).toEqual({ kind: "tomorrow", label: "Tomorrow" });
    // the same moment in UTC is a day later
    expect(eventDateBadge("2025-03-10", "UTC", now)).toEqual({ kind: "today", label: "Today" });
    expect(eventDateBadge("2025-03-09", "UTC", now)).toEqual({
      kind: "past",
      label: "Mar 9, 2025",
    });
  });

  it("is right across a daylight-saving change and a year end", () => {
    // March 9 2025 is the day clocks spring forward in Los Angeles
    expect(eventDateBadge("2025-03-09", LA, new Date("2025-03-09T09:59:00Z"))).toEqual({
      kind: "today",
      label: "Today",
    });
    expect(
      eventDateBadge("2026-01-01", "Pacific/Auckland", new Date("2025-12-30T12:00:00Z")),
    ).toEqual({ kind: "tomorrow", label: "Tomorrow" });
    expect(addDaysToDate("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDaysToDate("2024-02-28", 1)).toBe("2024-02-29");
  });

  it("shows other dates as 'MMM d, yyyy'", () => {
    const now = new Date("2025-06-15T18:00:00Z");
    expect(eventDateBadge("2025-07-04", LA, now)).toEqual({
      kind: "upcoming",
      label: "Jul 4, 2025",
    });
    expect(eventDateBadge("2025-06-17", LA, now)).toEqual({
      kind: "upcoming",
      label: "Jun 17, 2025",
    });
    expect(eventDateBadge("2024-12-25", LA, now)).toEqual({ kind: "past", label: "Dec 25, 2024" });
    expect(formatCalendarDate("2025-03-05")).toBe("Mar 5, 2025");
  });

  it("remembers labels without mixing dates up, past the number it keeps", () => {
    // two years of days, twice over: more than the labels kept, each asked again after others
    const days = Array.from({ length: 1_500 }, (_, i) => addDaysToDate("2025-01-01", i));
    const expected = days.map((d) =>
      new Date(`${d}T12:00:00Z`).toLocaleDateString("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      }),
    );
    for (let round = 0; round < 2; round++) expect(days.map(formatCalendarDate)).toEqual(expected);
    expect(formatCalendarDate("2025-03-05")).toBe("Mar 5, 2025");
    expect(formatCalendarDate("not a date")).toBe("not a date");
  });

  it("accepts only real calendar dates", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-13-01")).toBe(false);
    expect(isCalendarDate("2025-1-01")).toBe(false);
    expect(isCalendarDate("")).toBe(false);
  });

  it("shows clock times in 12-hour form", () => {
    expect(formatClockTime("00:05")).toBe("12:05 AM");
    expect(formatClockTime("12:00")).toBe("12:00 PM");
    expect(formatClockTime("14:30")).toBe("2:30 PM");
    expect(formatClockTime(null)).toBeNull();
  });
});
