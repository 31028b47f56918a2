// A resident's participation on a real community database: the occurrences and visits she took
// part in with the stories she told at them (linked, or created during the occurrence while she
// was there), the week's programs for her family, and the assessments due from day 7 and day 14.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createEvent } from "~/models/event.server";
import { assessmentsDue } from "~/models/activity-profile.server";
import {
  checkRange,
  mondayOf,
  programsJoined,
  residentParticipation,
  weekSummary,
} from "~/models/participation.server";
import {
  draftQuarterlyNote,
  getQuarterlyNote,
  previousQuarter,
  quarterOf,
  quarterRange,
  saveQuarterlyNote,
} from "~/models/activity-notes.server";
import { translator } from "~/utils/i18n.server";
import { getTenantDb, tenantSchema, type TenantDb } from "~/utils/db.server";

const TZ = "America/New_York";
const admin = { id: "admin-1", displayName: "Linda Admin" };
let dir: string;
let db: TenantDb;
let margaret: string;
let bingo: string;
let circle: string;
let n = 0;

function mark(eventId: string | null, date: string, status: string, extra: object = {}) {
  db.insert(tenantSchema.attendance)
    .values({
      id: `a${++n}`,
      eventId,
      occurrenceDate: date,
      residentId: margaret,
      status: status as "attended",
      minutes: 60,
      ...extra,
    })
    .run();
}

function story(title: string, createdAt: string, link?: { eventId: string; date: string }) {
  db.insert(tenantSchema.stories)
    .values({
      id: `s${++n}`,
      residentId: margaret,
      title,
      content: "…",
      createdAt,
      eventId: link?.eventId ?? null,
      occurrenceDate: link?.date ?? null,
    })
    .run();
}

beforeAll(() => {
  dir = useTempDataDir();
  db = getTenantDb(createCommunity({ name: "Maple Court", subdomain: "maple", timeZone: TZ }));
  margaret = createResident(db, { firstName: "Margaret", lastName: "Ellis", roomNumber: "12" }).id;
  bingo = createEvent(
    db,
    {
      title: "Bingo",
      eventDate: "2026-10-06",
      startTime: "14:00",
      endTime: "15:00",
      recurrence: "FREQ=WEEKLY;BYDAY=TU",
    },
    admin,
  ).id;
  circle = createEvent(
    db,
    {
      title: "Story Circle",
      eventDate: "2026-10-07",
      startTime: "10:00",
      endTime: "11:00",
      recurrence: "FREQ=WEEKLY;BYDAY=WE",
    },
    admin,
  ).id;
  // week of Monday 2026-11-16
  mark(bingo, "2026-11-17", "attended", { engagement: "active" });
  mark(circle, "2026-11-18", "attended", { engagement: "active" });
  mark(null, "2026-11-19", "one_to_one", { activity: "Read the newspaper", minutes: 20 });
  mark(bingo, "2026-11-10", "declined", { minutes: null });
  mark(circle, "2026-11-11", "attended");
  mark(circle, "2026-11-04", "attended");
  // during Story Circle on the 18th (10:00-11:00 EST = 15:00-16:00Z), within the hour after
  story("The Farm in Iowa", "2026-11-18T16:30:00.000Z");
  // two hours after its end: not told at it
  story("A Letter Home", "2026-11-18T18:30:00.000Z");
  // during Bingo on the 10th, which she declined: not told at it
  story("Dancing in 1952", "2026-11-10T19:30:00.000Z");
  // linked to the occurrence of the 11th although written the next day
  story("My Brother's Bicycle", "2026-11-12T12:00:00.000Z", {
    eventId: circle,
    date: "2026-11-11",
  });
});
afterAll(() => cleanupDataDir(dir));

describe("a resident's participation", () => {
  it("lists occurrences and visits newest first, with the stories she told at them", () => {
    const log = residentParticipation(db, TZ, margaret, "2026-11-01", "2026-11-30");
    expect(log.map((e) => `${e.date} ${e.title} ${e.status}`)).toEqual([
      "2026-11-19 Read the newspaper one_to_one",
      "2026-11-18 Story Circle attended",
      "2026-11-17 Bingo attended",
      "2026-11-11 Story Circle attended",
      "2026-11-10 Bingo declined",
      "2026-11-04 Story Circle attended",
    ]);
    const byDate = Object.fromEntries(log.map((e) => [e.date, e.stories.map((s) => s.title)]));
    expect(byDate["2026-11-18"]).toEqual(["The Farm in Iowa"]);
    expect(byDate["2026-11-11"]).toEqual(["My Brother's Bicycle"]);
    expect(byDate["2026-11-10"]).toEqual([]);
    expect(log[0]).toMatchObject({ visit: true, eventId: null, minutes: 20 });
    expect(log[1]).toMatchObject({ engagement: "active", minutes: 60 });
  });

  it("keeps to the range asked for", () => {
    const log = residentParticipation(db, TZ, margaret, "2026-11-16", "2026-11-17");
    expect(log.map((e) => e.title)).toEqual(["Bingo"]);
  });

  it("summarises the programs she joined this week, Monday to Sunday, each once", () => {
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2026-11-16")).toBe("2026-11-16");
    // Sunday evening in New York is already Monday in UTC: still the same week
    expect(weekSummary(db, TZ, margaret, new Date("2026-11-23T03:00:00Z"))).toEqual([
      "Bingo",
      "Story Circle",
      "Read the newspaper",
    ]);
    // the week before: she declined Bingo, so only Story Circle
    expect(weekSummary(db, TZ, margaret, new Date("2026-11-12T15:00:00Z"))).toEqual([
      "Story Circle",
    ]);
    expect(programsJoined(db, TZ, margaret, "2026-11-01", "2026-11-30")).toEqual([
      "Story Circle",
      "Bingo",
      "Read the newspaper",
    ]);
    expect(weekSummary(db, TZ, margaret, new Date("2026-12-02T15:00:00Z"))).toEqual([]);
  });

  it("accepts a date range of at most 366 days, in order", () => {
    expect(checkRange("2026-01-01", "2026-12-31")).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
    });
    expect(checkRange("2026-01-01", "2027-01-02")).toBeNull();
    expect(checkRange("2026-02-01", "2026-01-01")).toBeNull();
    expect(checkRange("2026-02-30", "2026-03-01")).toBeNull();
    expect(checkRange(null, "2026-03-01")).toBeNull();
  });
});

describe("assessments due", () => {
  it("names a new resident from day 7, overdue from day 14, gone once assessed", () => {
    const ruth = createResident(db, {
      firstName: "Ruth",
      lastName: "Park",
      admissionDate: "2026-11-01",
    }).id;
    const at = (ymd: string) => new Date(`${ymd}T17:00:00Z`);
    const due = (ymd: string) =>
      assessmentsDue(db, TZ, { now: at(ymd), admittedWithinDays: 90 }).filter(
        (a) => a.residentId === ruth,
      );
    expect(due("2026-11-07")).toEqual([]);
    expect(due("2026-11-08")).toMatchObject([{ days: 7, overdue: false }]);
    expect(due("2026-11-15")).toMatchObject([{ days: 14, overdue: true }]);
    expect(due("2027-03-01")).toEqual([]);
    db.insert(tenantSchema.activityProfiles)
      .values({ residentId: ruth, assessedAt: "2026-11-10" })
      .run();
    expect(due("2026-11-15")).toEqual([]);
  });
});

describe("the quarterly note", () => {
  it("is drafted from the log: counts, the programs she joined most, the stories told there", () => {
    const t = translator("en", "participation");
    // the quarter before: rated once, passively
    mark(bingo, "2026-09-29", "attended", { engagement: "passive" });
    const draft = draftQuarterlyNote(db, TZ, { id: margaret, firstName: "Margaret" }, "2026-Q4", t);
    expect(draft).toContain(
      "Margaret, 2026-Q4: attended 4 programs, 1 one-to-one visit; declined 1, asleep or unwell 0",
    );
    expect(draft).toContain("Programs she joined most: Story Circle (3), Bingo (1).");
    expect(draft).toContain(
      "Stories she told at them: \u201cMy Brother's Bicycle\u201d at Story Circle; \u201cThe Farm in Iowa\u201d at Story Circle.",
    );
    expect(draft).toContain("She took part more actively than the quarter before.");
    expect(draft).toMatch(/\n\nWhat changed: ?$/);
    const es = draftQuarterlyNote(
      db,
      TZ,
      { id: margaret, firstName: "Margaret" },
      "2026-Q4",
      translator("es", "participation"),
    );
    expect(es).toContain("Las actividades a las que más fue: Story Circle (3), Bingo (1).");
  });

  it("is signed by staff; editing a signed note unsigns it until it is signed again", () => {
    const priya = { id: "staff-1", displayName: "Priya Shah" };
    const signed = saveQuarterlyNote(
      db,
      { residentId: margaret, quarter: "2026-Q4", body: "Joined more.", sign: true },
      priya,
    );
    expect(signed).toMatchObject({ body: "Joined more.", signedByName: "Priya Shah" });
    expect(signed.signedAt).toBeTruthy();
    const edited = saveQuarterlyNote(
      db,
      { residentId: margaret, quarter: "2026-Q4", body: "Joined much more.", sign: false },
      priya,
    );
    expect(edited).toMatchObject({ body: "Joined much more.", signedAt: null, signedByName: null });
    expect(getQuarterlyNote(db, margaret, "2026-Q4")!.id).toBe(signed.id);
    expect(quarterOf("2026-11-26")).toBe("2026-Q4");
    expect(quarterRange("2026-Q1")).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(previousQuarter("2026-Q1")).toBe("2025-Q4");
  });
});
