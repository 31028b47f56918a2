// Programs that repeat, on a real community database: the occurrences every calendar list shows,
// one occurrence moved or cancelled, a series ended or changed from a date, and a copy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import {
  changeOccurrence,
  changeSeriesFrom,
  createEvent,
  duplicateEvent,
  endSeriesBefore,
  getEvent,
  getOccurrence,
  isOccurrenceOf,
  listCalendar,
  listEvents,
  listOccurrences,
  pastOccurrences,
} from "~/models/event.server";
import { getTenantDb, tenantSchema, type TenantDb } from "~/utils/db.server";
import { instantAt } from "~/utils/zoned-time";

const TZ = "America/New_York";
const admin = { id: "admin-1", displayName: "Linda Admin" };
let dir: string;
let db: TenantDb;

beforeAll(() => {
  dir = useTempDataDir();
  const community = createCommunity({ name: "Maple Court", subdomain: "maple", timeZone: TZ });
  db = getTenantDb(community);
});
afterAll(() => cleanupDataDir(dir));

const titles = (list: { title: string; eventDate: string }[]) =>
  list.map((e) => `${e.eventDate} ${e.title}`);

describe("a program that repeats", () => {
  it("is made once and is on each Tuesday of the next three months, at 2 PM across the DST change", () => {
    const bingo = createEvent(
      db,
      {
        title: "Bingo",
        eventDate: "2026-10-06",
        startTime: "14:00",
        endTime: "15:00",
        recurrence: "FREQ=WEEKLY;BYDAY=TU",
      },
      admin,
    );
    expect(bingo.lastDate).toBeNull();
    const days = listOccurrences(db, TZ, "2026-10-01", "2026-12-31").filter(
      (e) => e.id === bingo.id,
    );
    expect(days).toHaveLength(13);
    expect(days.every((d) => d.startTime === "14:00" && d.occurrenceDate === d.eventDate)).toBe(
      true,
    );
    // 2 PM is 18:00Z before New York falls back on November 1st, 19:00Z after
    const at = (d: string) =>
      instantAt(TZ, {
        year: +d.slice(0, 4),
        month: +d.slice(5, 7),
        day: +d.slice(8, 10),
        hour: 14,
      }).toISOString();
    expect(at(days[3]!.eventDate)).toBe("2026-10-27T18:00:00.000Z");
    expect(at(days[4]!.eventDate)).toBe("2026-11-03T19:00:00.000Z");
    // a program without an end simply goes on
    expect(
      listOccurrences(db, TZ, "2031-06-01", "2031-06-30").filter((e) => e.id === bingo.id),
    ).toHaveLength(4);
    expect(isOccurrenceOf(getEvent(db, bingo.id)!, "2026-10-13")).toBe(true);
    expect(isOccurrenceOf(getEvent(db, bingo.id)!, "2026-10-14")).toBe(false);
  });

  it("moves one occurrence and cancels another, leaving the rest as they were", () => {
    const club = createEvent(
      db,
      {
        title: "Garden club",
        eventDate: "2027-01-04",
        startTime: "10:00",
        recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=4",
      },
      admin,
    );
    expect(club.lastDate).toBe("2027-01-25");
    expect(
      changeOccurrence(
        db,
        club.id,
        "2027-01-11",
        { eventDate: "2027-01-13", startTime: "11:00" },
        admin,
      ),
    ).toBe(true);
    expect(changeOccurrence(db, club.id, "2027-01-18", { cancelled: true }, admin)).toBe(true);
    // not one of its days
    expect(changeOccurrence(db, club.id, "2027-01-12", { cancelled: true }, admin)).toBe(false);
    const list = listOccurrences(db, TZ, "2027-01-01", "2027-01-31").filter(
      (e) => e.id === club.id,
    );
    expect(
      list.map((e) => [e.eventDate, e.occurrenceDate, e.startTime, e.isActive, e.moved]),
    ).toEqual([
      ["2027-01-04", "2027-01-04", "10:00", true, false],
      ["2027-01-13", "2027-01-11", "11:00", true, true],
      ["2027-01-18", "2027-01-18", "10:00", false, false],
      ["2027-01-25", "2027-01-25", "10:00", true, false],
    ]);
    expect(
      listOccurrences(db, TZ, "2027-01-01", "2027-01-31", { activeOnly: true })
        .filter((e) => e.id === club.id)
        .map((e) => e.eventDate),
    ).toEqual(["2027-01-04", "2027-01-13", "2027-01-25"]);
    // moved into a range that does not hold its own day
    expect(
      titles(listOccurrences(db, TZ, "2027-01-12", "2027-01-14")).filter((t) =>
        t.includes("Garden"),
      ),
    ).toEqual(["2027-01-13 Garden club"]);
    expect(getOccurrence(db, club.id, "2027-01-11", TZ)).toMatchObject({
      eventDate: "2027-01-13",
      moved: true,
    });
    // put back as it was: no change is kept
    expect(
      changeOccurrence(
        db,
        club.id,
        "2027-01-11",
        { eventDate: "2027-01-11", startTime: "10:00" },
        admin,
      ),
    ).toBe(true);
    expect(
      db
        .select()
        .from(tenantSchema.eventOccurrenceChanges)
        .all()
        .filter((c) => c.occurrenceDate === "2027-01-11"),
    ).toEqual([]);
  });

  it("ends the series from a date, or cancels it whole from its first day", () => {
    const walk = createEvent(
      db,
      { title: "Walk", eventDate: "2027-02-01", recurrence: "FREQ=DAILY" },
      admin,
    );
    endSeriesBefore(db, walk.id, "2027-02-04");
    expect(getEvent(db, walk.id)).toMatchObject({
      recurrence: "FREQ=DAILY;UNTIL=20270203",
      lastDate: "2027-02-03",
    });
    expect(
      listOccurrences(db, TZ, "2027-02-01", "2027-02-28").filter((e) => e.id === walk.id),
    ).toHaveLength(3);
    endSeriesBefore(db, walk.id, "2027-02-01");
    expect(getEvent(db, walk.id)!.isActive).toBe(false);
  });

  it("changes every occurrence from a date as a new event, taking their attendance with them", () => {
    const choir = createEvent(
      db,
      {
        title: "Choir",
        eventDate: "2027-03-02",
        startTime: "15:00",
        recurrence: "FREQ=WEEKLY;BYDAY=TU;COUNT=6",
      },
      admin,
    );
    const rose = createResident(db, { firstName: "Rose", lastName: "Hill" }, admin);
    for (const date of ["2027-03-02", "2027-03-23"])
      db.insert(tenantSchema.attendance)
        .values({
          id: `a-${date}`,
          eventId: choir.id,
          occurrenceDate: date,
          residentId: rose.id,
          status: "attended",
        })
        .run();
    const later = changeSeriesFrom(db, choir.id, "2027-03-16", { startTime: "16:00" }, admin)!;
    expect(later).toMatchObject({
      eventDate: "2027-03-16",
      startTime: "16:00",
      recurrence: "FREQ=WEEKLY;BYDAY=TU;COUNT=4",
    });
    expect(getEvent(db, choir.id)).toMatchObject({ lastDate: "2027-03-09" });
    const list = listOccurrences(db, TZ, "2027-03-01", "2027-04-30").filter(
      (e) => e.title === "Choir",
    );
    expect(list.map((e) => `${e.eventDate} ${e.startTime}`)).toEqual([
      "2027-03-02 15:00",
      "2027-03-09 15:00",
      "2027-03-16 16:00",
      "2027-03-23 16:00",
      "2027-03-30 16:00",
      "2027-04-06 16:00",
    ]);
    const rows = db.select().from(tenantSchema.attendance).all();
    expect(rows.find((r) => r.occurrenceDate === "2027-03-02")!.eventId).toBe(choir.id);
    expect(rows.find((r) => r.occurrenceDate === "2027-03-23")!.eventId).toBe(later.id);
  });

  it("duplicates an event on another day, rule and all", () => {
    const quiz = createEvent(
      db,
      {
        title: "Quiz",
        eventDate: "2027-05-05",
        startTime: "11:00",
        recurrence: "FREQ=WEEKLY;BYDAY=WE",
      },
      admin,
    );
    const copy = duplicateEvent(db, quiz.id, "2027-05-07", admin)!;
    expect(copy).toMatchObject({
      title: "Quiz",
      eventDate: "2027-05-07",
      startTime: "11:00",
      recurrence: "FREQ=WEEKLY;BYDAY=WE",
    });
    expect(copy.id).not.toBe(quiz.id);
  });

  it("lists past occurrences most recent first, with a total, and the calendar's upcoming ones", () => {
    const now = new Date("2027-06-10T15:00:00Z");
    const tea = createEvent(
      db,
      {
        title: "Tea",
        eventDate: "2027-06-01",
        startTime: "16:00",
        recurrence: "FREQ=DAILY;COUNT=20",
      },
      admin,
    );
    const past = pastOccurrences(db, TZ, { limit: 50, offset: 0, now });
    expect(
      past.events
        .filter((e) => e.id === tea.id)
        .slice(0, 3)
        .map((e) => e.eventDate),
    ).toEqual(["2027-06-09", "2027-06-08", "2027-06-07"]);
    expect(past.events.map((e) => e.eventDate)).toEqual(
      past.events
        .map((e) => e.eventDate)
        .sort()
        .reverse(),
    );
    expect(past.total).toBe(pastOccurrences(db, TZ, { limit: 1000, offset: 0, now }).events.length);
    const page2 = pastOccurrences(db, TZ, { limit: 3, offset: 3, now }).events;
    expect(page2.map((e) => `${e.id} ${e.occurrenceDate}`)).toEqual(
      past.events.slice(3, 6).map((e) => `${e.id} ${e.occurrenceDate}`),
    );
    const { upcoming } = listCalendar(db, TZ, now);
    expect(upcoming.filter((e) => e.id === tea.id)).toHaveLength(11);
    // the JSON API's plain list: each event once
    expect(listEvents(db, TZ).filter((e) => e.id === tea.id)).toHaveLength(1);
  });
});

describe("the next few events (the home's and the family page's)", () => {
  it("are the first of the whole year's list, whether a week, a month or a year holds them", () => {
    const other = createCommunity({ name: "Elm Row", subdomain: "elmrow", timeZone: TZ });
    const edb = getTenantDb(other);
    const make = (title: string, eventDate: string, recurrence?: string) =>
      createEvent(edb, { title, eventDate, startTime: "10:00", recurrence }, admin);
    const key = (list: { id: string; eventDate: string; title: string }[]) =>
      list.map((e) => `${e.eventDate} ${e.title}`);
    const next = (from: string, limit: number) =>
      key(listEvents(edb, TZ, { from, activeOnly: true, limit }));
    // the whole year ahead, as a long list reads it, cut to the first few
    const reference = (from: string, limit: number) =>
      key(listEvents(edb, TZ, { from, activeOnly: true, limit: 300 }).slice(0, limit));

    // nothing but a trip more than a year away: no window holds it, and it is still listed
    make("Trip to the coast", "2028-03-01");
    expect(next("2027-02-01", 3)).toEqual(["2028-03-01 Trip to the coast"]);

    // a monthly social, an outing in six weeks, and a weekly choir whose first two Fridays
    // change: one is cancelled, one is moved out past the first week
    make("Birthday social", "2027-02-20", "FREQ=MONTHLY;BYMONTHDAY=20");
    make("Museum outing", "2027-03-15");
    const choir = make("Choir", "2027-02-05", "FREQ=WEEKLY;BYDAY=FR");
    expect(changeOccurrence(edb, choir.id, "2027-02-05", { cancelled: true }, admin)).toBe(true);
    expect(changeOccurrence(edb, choir.id, "2027-02-12", { eventDate: "2027-02-26" }, admin)).toBe(
      true,
    );
    for (const from of ["2027-02-01", "2027-02-06", "2027-02-13", "2027-03-10", "2027-12-30"])
      for (const limit of [1, 3, 5])
        expect(next(from, limit), `${from}, ${limit}`).toEqual(reference(from, limit));
    expect(next("2027-02-01", 3)).toEqual([
      "2027-02-19 Choir",
      "2027-02-20 Birthday social",
      "2027-02-26 Choir",
    ]);
  });
});
