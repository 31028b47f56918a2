import { describe, expect, it } from "vitest";
import { describeSchedule, latestSlot, nextSlot, zonedTimeToUtc } from "~/models/digest-schedule";

describe("the digest's hour on the community's clock", () => {
  it("turns a local wall time into the right instant, summer and winter", () => {
    expect(zonedTimeToUtc("2026-07-05", 17, "America/Los_Angeles").toISOString()).toBe(
      "2026-07-06T00:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-12-06", 17, "America/Los_Angeles").toISOString()).toBe(
      "2026-12-07T01:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-12-06", 9, "Europe/Berlin").toISOString()).toBe(
      "2026-12-06T08:00:00.000Z",
    );
    // 2:00 does not exist on the morning clocks spring forward; it happens at 3:00
    expect(zonedTimeToUtc("2026-03-08", 2, "America/New_York").toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
  });

  it("finds the latest Sunday 5 PM at or before now, and the next one after", () => {
    const sunday5pm = { day: 0, hour: 17 };
    // Monday Nov 23 2026, 10:00 in Los Angeles
    const monday = new Date("2026-11-23T18:00:00Z");
    expect(latestSlot(sunday5pm, "America/Los_Angeles", monday).toISOString()).toBe(
      "2026-11-23T01:00:00.000Z",
    );
    expect(nextSlot(sunday5pm, "America/Los_Angeles", monday).toISOString()).toBe(
      "2026-11-30T01:00:00.000Z",
    );
    // Sunday 4:59 PM: still last week's
    const justBefore = new Date("2026-11-30T00:59:00Z");
    expect(latestSlot(sunday5pm, "America/Los_Angeles", justBefore).toISOString()).toBe(
      "2026-11-23T01:00:00.000Z",
    );
    // exactly 5 PM counts
    expect(
      latestSlot(sunday5pm, "America/Los_Angeles", new Date("2026-11-30T01:00:00Z")).toISOString(),
    ).toBe("2026-11-30T01:00:00.000Z");
  });

  it("keeps the local hour across a daylight-saving change", () => {
    // Berlin leaves summer time on Oct 25 2026: Sunday 9:00 is 07:00Z before, 08:00Z after
    const before = nextSlot({ day: 0, hour: 9 }, "Europe/Berlin", new Date("2026-10-19T12:00:00Z"));
    expect(before.toISOString()).toBe("2026-10-25T08:00:00.000Z");
    expect(
      nextSlot(
        { day: 0, hour: 9 },
        "Europe/Berlin",
        new Date("2026-10-18T06:00:00Z"),
      ).toISOString(),
    ).toBe("2026-10-18T07:00:00.000Z");
  });

  it("says when in words", () => {
    expect(describeSchedule({ day: 0, hour: 17 })).toBe("Sunday at 5 PM");
    expect(describeSchedule({ day: 3, hour: 0 })).toBe("Wednesday at midnight");
    expect(describeSchedule({ day: 6, hour: 12 })).toBe("Saturday at noon");
  });
});
