// The calendar as an .ics file: read back by a real iCalendar parser (node-ical), each occurrence
// at its instant across the daylight-saving change, cancelled ones marked, long and odd text
// folded and escaped as the standard says.
import { describe, expect, it } from "vitest";
import ical, { type VEvent } from "node-ical";
import { calendarIcs, foldLine, icsText } from "~/models/calendar-ics.server";
import type { CalendarEventView } from "~/models/event.server";

const TZ = "America/New_York";

function occurrence(over: Partial<CalendarEventView>): CalendarEventView {
  return {
    id: "bingo",
    title: "Bingo",
    description: null,
    eventDate: "2026-10-27",
    occurrenceDate: "2026-10-27",
    recurrence: "FREQ=WEEKLY;BYDAY=TU",
    moved: false,
    startTime: "14:00",
    endTime: "15:00",
    location: "Lounge",
    maxParticipants: null,
    isActive: true,
    createdAt: "2026-10-01T00:00:00.000Z",
    badge: { kind: "upcoming", label: "" },
    dateLabel: "",
    ...over,
  };
}

describe("calendarIcs", () => {
  it("is read by an iCalendar parser, 2 PM New York time on both sides of the clock change", () => {
    const text = calendarIcs({
      name: "Maple Court",
      host: "maple.storyloom.example",
      timeZone: TZ,
      now: new Date("2026-10-20T12:00:00Z"),
      events: [
        occurrence({}),
        occurrence({ eventDate: "2026-11-03", occurrenceDate: "2026-11-03" }),
        occurrence({ eventDate: "2026-11-10", occurrenceDate: "2026-11-10", isActive: false }),
        occurrence({
          id: "fair",
          title: "Harvest fair; cider, pies\nand songs",
          eventDate: "2026-11-14",
          occurrenceDate: "2026-11-14",
          recurrence: null,
          startTime: null,
          endTime: null,
          location: null,
          description: "A long description ".repeat(10),
        }),
      ],
    });
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter((c) => c?.type === "VEVENT") as VEvent[];
    expect(events).toHaveLength(4);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const before = byUid.get("bingo-2026-10-27@maple.storyloom.example")!;
    const after = byUid.get("bingo-2026-11-03@maple.storyloom.example")!;
    // daylight time (UTC-4) before November 1st, standard time (UTC-5) after
    expect(new Date(before.start).toISOString()).toBe("2026-10-27T18:00:00.000Z");
    expect(new Date(before.end as unknown as Date).toISOString()).toBe("2026-10-27T19:00:00.000Z");
    expect(new Date(after.start).toISOString()).toBe("2026-11-03T19:00:00.000Z");
    expect(before.summary).toBe("Bingo");
    expect(before.location).toBe("Lounge");
    expect(byUid.get("bingo-2026-11-10@maple.storyloom.example")!.status).toBe("CANCELLED");
    expect(before.status).toBe("CONFIRMED");
    const fair = byUid.get("fair-2026-11-14@maple.storyloom.example")!;
    expect(fair.summary).toBe("Harvest fair; cider, pies\nand songs");
    expect(fair.datetype).toBe("date");
    expect(fair.description).toBe("A long description ".repeat(10));
  });

  it("escapes text and folds long lines without splitting a character", () => {
    expect(icsText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    const line = `SUMMARY:${"ñ".repeat(60)}`;
    const folded = foldLine(line);
    expect(folded.split("\r\n ").join("")).toBe(line);
    for (const part of folded.split("\r\n"))
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
  });
});
