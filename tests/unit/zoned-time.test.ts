import { describe, expect, it } from "vitest";
import { zonedTimeToUtc } from "~/models/digest-schedule";
import { instantAt, wallClockAt } from "~/utils/zoned-time";

const NY = "America/New_York";
const iso = (d: Date) => d.toISOString();

describe("wall clocks in a time zone", () => {
  it("reads the clock at an instant, either side of a change", () => {
    expect(wallClockAt(NY, new Date("2026-03-08T06:59:59Z"))).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 1,
      minute: 59,
      second: 59,
    });
    expect(wallClockAt(NY, new Date("2026-03-08T07:00:00Z"))).toMatchObject({ hour: 3, minute: 0 });
    // the hour shown twice in the autumn: first in daylight time, then in standard time
    expect(wallClockAt(NY, new Date("2026-11-01T05:30:00Z"))).toMatchObject({
      hour: 1,
      minute: 30,
    });
    expect(wallClockAt(NY, new Date("2026-11-01T06:30:00Z"))).toMatchObject({
      hour: 1,
      minute: 30,
    });
    expect(wallClockAt("Asia/Tokyo", Date.UTC(2025, 11, 31, 15))).toMatchObject({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
    });
  });

  it("takes a time the clocks skip as happening after the jump", () => {
    // 2026-03-08 02:30 does not exist in New York: clocks go from 01:59:59 EST to 03:00 EDT
    expect(iso(instantAt(NY, { year: 2026, month: 3, day: 8, hour: 2, minute: 30 }))).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    expect(
      wallClockAt(NY, instantAt(NY, { year: 2026, month: 3, day: 8, hour: 2, minute: 30 })),
    ).toMatchObject({ hour: 3, minute: 30 });
    expect(iso(zonedTimeToUtc("2026-03-08", 2, NY))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(zonedTimeToUtc("2026-03-08", 3, NY))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(zonedTimeToUtc("2026-03-08", 1, NY))).toBe("2026-03-08T06:00:00.000Z");
  });

  it("takes a time the clocks show twice as the first, still in daylight time", () => {
    // 2026-11-01 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST): the first is chosen
    expect(iso(instantAt(NY, { year: 2026, month: 11, day: 1, hour: 1, minute: 30 }))).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    expect(iso(zonedTimeToUtc("2026-11-01", 1, NY))).toBe("2026-11-01T05:00:00.000Z");
    expect(iso(zonedTimeToUtc("2026-11-01", 2, NY))).toBe("2026-11-01T07:00:00.000Z");
    expect(iso(zonedTimeToUtc("2026-11-01", 0, NY))).toBe("2026-11-01T04:00:00.000Z");
  });

  it("refuses a time zone that does not exist, as Intl does", () => {
    expect(() => wallClockAt("Mars/Olympus_Mons", new Date())).toThrow(RangeError);
    expect(() => instantAt("Mars/Olympus_Mons", { year: 2026, month: 1, day: 1 })).toThrow(
      RangeError,
    );
  });
});
