// The days a month's printed grid draws: events on the greyed days of the months around it are
// read too, so none of them is missing from the first or last row.
import { describe, expect, it } from "vitest";
import { monthGrid, monthGridRange } from "~/models/calendar-month";
import { hrefWith } from "~/components/lists/ListControls";

describe("monthGridRange", () => {
  it("runs from the Monday of the first row to the day after the Sunday of the last", () => {
    expect(monthGridRange("2026-12")).toEqual({ from: "2026-11-30", before: "2027-01-04" });
    expect(monthGridRange("2027-06")).toEqual({ from: "2027-05-31", before: "2027-07-05" });
    // a month that starts on a Monday and ends on a Sunday draws only its own days
    expect(monthGridRange("2021-02")).toEqual({ from: "2021-02-01", before: "2021-03-01" });
  });

  it("covers exactly the days monthGrid draws, events on them included", () => {
    const events = [
      { eventDate: "2026-11-30", title: "first row" },
      { eventDate: "2027-01-03", title: "last row" },
    ];
    const weeks = monthGrid("2026-12", events, "2026-12-01");
    const { from, before } = monthGridRange("2026-12");
    expect(weeks[0]![0]!.date).toBe(from);
    expect(weeks.at(-1)!.at(-1)!.date < before).toBe(true);
    expect(weeks.flat().flatMap((d) => d.events.map((e) => e.title))).toEqual([
      "first row",
      "last row",
    ]);
  });
});

describe("a list's links", () => {
  it("leave rows ticked all at once on their own page, and go back to page 1", () => {
    expect(hrefWith("?q=ann&tick=all&page=3", { sort: "-room" })).toBe("?q=ann&sort=-room");
    expect(hrefWith("?q=ann&page=3", { tick: "all", page: "3" })).toBe("?q=ann&page=3&tick=all");
  });
});
