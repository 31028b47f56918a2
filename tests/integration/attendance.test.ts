// Attendance, sign-ups and one-to-one visits on a real community database: marks are upserted
// per occurrence and resident, a bad list changes nothing, the waiting list keeps its order, and
// visits are logged without an event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident, setResidentActive } from "~/models/resident.server";
import { changeOccurrence, createEvent } from "~/models/event.server";
import {
  AttendanceError,
  countByStatus,
  entriesOfMarks,
  listSignups,
  marksOfForm,
  logVisit,
  occurrenceAttendance,
  occurrenceHasStarted,
  recordAttendance,
  signUp,
  visitsOn,
  withdrawSignup,
} from "~/models/attendance.server";
import { getTenantDb, tenantSchema, type TenantDb } from "~/utils/db.server";
import { translateMessage } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";

const TZ = "America/New_York";
const linda = { id: "admin-1", displayName: "Linda Admin" };
const marcus = { id: "staff-1", displayName: "Marcus Staff" };
let dir: string;
let db: TenantDb;
let other: TenantDb;
const ids: string[] = [];

beforeAll(() => {
  dir = useTempDataDir();
  db = getTenantDb(createCommunity({ name: "Maple Court", subdomain: "maple", timeZone: TZ }));
  other = getTenantDb(createCommunity({ name: "Oak Hill", subdomain: "oakhill", timeZone: TZ }));
  for (const [first, last, room] of [
    ["Ada", "Baker", "101"],
    ["Bea", "Cole", "102"],
    ["Cal", "Dunn", "103"],
    ["Dot", "Evans", "104"],
  ] as const)
    ids.push(createResident(db, { firstName: first, lastName: last, roomNumber: room }).id);
});
afterAll(() => cleanupDataDir(dir));

const rows = () => db.select().from(tenantSchema.attendance).all();
const english = translator("en", "attendance");
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AttendanceError) return translateMessage(english, e.message);
    throw e;
  }
  throw new Error("not refused");
};

describe("attendance of an occurrence", () => {
  it("upserts by occurrence and resident, takes minutes from the times, and leaves others alone", () => {
    const bingo = createEvent(
      db,
      {
        title: "Bingo",
        eventDate: "2026-10-06",
        startTime: "14:00",
        endTime: "15:30",
        recurrence: "FREQ=WEEKLY;BYDAY=TU",
      },
      linda,
    );
    const at = (entries: unknown, actor = linda) =>
      recordAttendance(db, {
        eventId: bingo.id,
        occurrenceDate: "2026-10-13",
        timeZone: TZ,
        entries,
        actor,
      });
    expect(
      at([
        { residentId: ids[0], status: "attended", engagement: "active", mood: "happy" },
        { residentId: ids[1], status: "declined" },
      ]),
    ).toEqual({
      written: 2,
      cleared: 0,
    });
    // a second save changes one, adds one, and keeps the unchanged one's recorder
    at(
      [
        { residentId: ids[0], status: "attended", engagement: "active", mood: "happy" },
        { residentId: ids[1], status: "unwell" },
        { residentId: ids[2], status: "one_to_one", note: "  In her room  " },
      ],
      marcus,
    );
    const marks = occurrenceAttendance(db, bingo.id, "2026-10-13");
    expect(marks.map((m) => [m.firstName, m.status, m.minutes, m.recordedByName])).toEqual([
      ["Ada", "attended", 90, "Linda Admin"],
      ["Bea", "unwell", 90, "Marcus Staff"],
      ["Cal", "one_to_one", 90, "Marcus Staff"],
    ]);
    expect(marks[2]!.note).toBe("In her room");
    expect(rows().filter((r) => r.eventId === bingo.id)).toHaveLength(3);
    expect(countByStatus(marks)).toMatchObject({
      attended: 1,
      unwell: 1,
      one_to_one: 1,
      declined: 0,
      total: 3,
    });
    // status null clears one mark
    expect(at([{ residentId: ids[1], status: null }])).toEqual({ written: 0, cleared: 1 });
    expect(occurrenceAttendance(db, bingo.id, "2026-10-13").map((m) => m.firstName)).toEqual([
      "Ada",
      "Cal",
    ]);
    // another occurrence of the same event is its own list
    recordAttendance(db, {
      eventId: bingo.id,
      occurrenceDate: "2026-10-20",
      timeZone: TZ,
      entries: [{ residentId: ids[0], status: "attended" }],
      actor: linda,
    });
    expect(occurrenceAttendance(db, bingo.id, "2026-10-20")).toHaveLength(1);
    expect(occurrenceAttendance(db, bingo.id, "2026-10-13")).toHaveLength(2);
  });

  it("has no minutes without both times", () => {
    const walk = createEvent(
      db,
      { title: "Walk", eventDate: "2026-10-07", startTime: "10:00" },
      linda,
    );
    recordAttendance(db, {
      eventId: walk.id,
      occurrenceDate: "2026-10-07",
      timeZone: TZ,
      entries: [{ residentId: ids[3], status: "attended" }],
      actor: linda,
    });
    expect(occurrenceAttendance(db, walk.id, "2026-10-07")[0]!.minutes).toBeNull();
  });

  it("refuses a bad list with a clear message and changes nothing", () => {
    const quiz = createEvent(
      db,
      {
        title: "Quiz",
        eventDate: "2026-10-08",
        startTime: "11:00",
        endTime: "12:00",
        recurrence: "FREQ=WEEKLY;BYDAY=TH",
      },
      linda,
    );
    recordAttendance(db, {
      eventId: quiz.id,
      occurrenceDate: "2026-10-08",
      timeZone: TZ,
      entries: [{ residentId: ids[0], status: "attended" }],
      actor: linda,
    });
    const before = JSON.stringify(rows());
    const at =
      (entries: unknown, date = "2026-10-08") =>
      () =>
        recordAttendance(db, {
          eventId: quiz.id,
          occurrenceDate: date,
          timeZone: TZ,
          entries,
          actor: marcus,
        });
    const stranger = createResident(other, { firstName: "Olive", lastName: "Stranger" });
    const gone = createResident(db, { firstName: "Gus", lastName: "Gone" });
    setResidentActive(db, gone.id, false);
    expect(
      refusal(
        at([
          { residentId: ids[1], status: "attended" },
          { residentId: ids[0], status: "maybe" },
        ]),
      ),
    ).toMatch(/status/i);
    expect(
      refusal(
        at([
          { residentId: ids[1], status: "attended" },
          { residentId: stranger.id, status: "attended" },
        ]),
      ),
    ).toMatch(/not a resident/i);
    expect(
      refusal(
        at([
          { residentId: ids[1], status: "attended" },
          { residentId: gone.id, status: "attended" },
        ]),
      ),
    ).toContain("Gus Gone");
    expect(
      refusal(
        at([
          { residentId: ids[1], status: "attended" },
          { residentId: ids[1], status: "declined" },
        ]),
      ),
    ).toMatch(/twice/i);
    expect(
      refusal(at([{ residentId: ids[1], status: "attended", note: "x".repeat(501) }])),
    ).toMatch(/500/);
    expect(refusal(at([{ residentId: ids[1], status: "attended", mood: "grumpy" }]))).toMatch(
      /mood/i,
    );
    expect(refusal(at([{ residentId: ids[1], status: "attended", engagement: "very" }]))).toMatch(
      /engagement/i,
    );
    expect(refusal(at({ residentId: ids[1] }))).toMatch(/list/i);
    // a day that is not one of its occurrences, and a cancelled occurrence
    expect(refusal(at([{ residentId: ids[1], status: "attended" }], "2026-10-09"))).toMatch(
      /does not happen on that day/i,
    );
    changeOccurrence(db, quiz.id, "2026-10-15", { cancelled: true }, linda);
    expect(refusal(at([{ residentId: ids[1], status: "attended" }], "2026-10-15"))).toMatch(
      /cancelled/i,
    );
    expect(JSON.stringify(rows())).toBe(before);
  });
});

describe("a day still to come", () => {
  it("takes no marks until the occurrence's own day, in the community's time zone; clearing is allowed", () => {
    const trip = createEvent(
      db,
      {
        title: "Garden walk",
        eventDate: "2026-11-10",
        startTime: "10:00",
        recurrence: "FREQ=WEEKLY;BYDAY=TU",
      },
      linda,
    );
    const at = (now: string, entries: unknown) =>
      recordAttendance(db, {
        eventId: trip.id,
        occurrenceDate: "2026-11-10",
        timeZone: TZ,
        entries,
        actor: linda,
        now: new Date(now),
      });
    const mark = [{ residentId: ids[0], status: "attended" }];
    // 11:30 PM on the 9th in New York is already the 10th in UTC: still the day before there
    expect(refusal(() => at("2026-11-10T04:30:00Z", mark))).toMatch(/not happened yet/);
    expect(occurrenceAttendance(db, trip.id, "2026-11-10")).toHaveLength(0);
    expect(at("2026-11-10T05:30:00Z", mark)).toEqual({ written: 1, cleared: 0 });
    expect(at("2026-11-09T12:00:00Z", [{ residentId: ids[0], status: null }])).toEqual({
      written: 0,
      cleared: 1,
    });
    // a moved occurrence counts from the day it moved to
    expect(changeOccurrence(db, trip.id, "2026-11-17", { eventDate: "2026-11-19" }, linda)).toBe(
      true,
    );
    const moved = (now: string) =>
      recordAttendance(db, {
        eventId: trip.id,
        occurrenceDate: "2026-11-17",
        timeZone: TZ,
        entries: mark,
        actor: linda,
        now: new Date(now),
      });
    expect(refusal(() => moved("2026-11-18T17:00:00Z"))).toMatch(/not happened yet/);
    expect(moved("2026-11-19T17:00:00Z")).toEqual({ written: 1, cleared: 0 });
  });
});

describe("a marks form", () => {
  it("keeps the marks of residents not tapped, adds details to a saved mark, and clears one", () => {
    const quiz = createEvent(db, { title: "Quiz", eventDate: "2026-10-09" }, linda);
    const save = (entries: unknown) =>
      recordAttendance(db, {
        eventId: quiz.id,
        occurrenceDate: "2026-10-09",
        timeZone: TZ,
        entries,
        actor: linda,
      });
    save([
      { residentId: ids[0], status: "attended", mood: "happy" },
      { residentId: ids[1], status: "declined" },
    ]);
    const form = new FormData();
    form.set(`status.${ids[2]}`, "attended");
    form.set(`note.${ids[0]}`, "Sang along");
    form.set(`mood.${ids[0]}`, "happy");
    form.set(`engagement.${ids[1]}`, "");
    form.set("unrelated", "x");
    const sent = marksOfForm(form);
    expect(Object.keys(sent).sort()).toEqual([ids[0], ids[1], ids[2]].sort());
    const entries = entriesOfMarks(db, quiz.id, "2026-10-09", sent, { markAttended: [ids[3]!] });
    // Bea's unchanged mark is not sent again (it keeps who recorded it)
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          residentId: ids[0],
          status: "attended",
          engagement: null,
          mood: "happy",
          note: "Sang along",
        },
        { residentId: ids[2], status: "attended", engagement: null, mood: null, note: undefined },
        { residentId: ids[3], status: "attended", engagement: null, mood: null, note: undefined },
      ]),
    );
    expect(entries.map((e) => e.residentId)).not.toContain(ids[1]);
    save(entries);
    expect(
      occurrenceAttendance(db, quiz.id, "2026-10-09").map((m) => [m.firstName, m.status, m.note]),
    ).toEqual([
      ["Ada", "attended", "Sang along"],
      ["Bea", "declined", null],
      ["Cal", "attended", null],
      ["Dot", "attended", null],
    ]);
    save(entriesOfMarks(db, quiz.id, "2026-10-09", {}, { clear: ids[1] }));
    expect(occurrenceAttendance(db, quiz.id, "2026-10-09")).toHaveLength(3);
  });

  it("refuses details without a status, naming the resident", () => {
    const art = createEvent(db, { title: "Art", eventDate: "2026-10-10" }, linda);
    expect(
      refusal(() => entriesOfMarks(db, art.id, "2026-10-10", { [ids[1]!]: { note: "Painted" } })),
    ).toBe(english("error.needStatus", { name: "Bea Cole" }));
  });
});

describe("sign-ups", () => {
  it("gives places first come first served and moves the first waiting up when one withdraws", () => {
    const trip = createEvent(
      db,
      { title: "Garden trip", eventDate: "2030-05-02", startTime: "10:00", maxParticipants: 2 },
      linda,
    );
    const up = (residentId: string, minute: number) =>
      signUp(db, {
        eventId: trip.id,
        occurrenceDate: "2030-05-02",
        residentId,
        timeZone: TZ,
        actor: marcus,
        now: new Date(Date.UTC(2030, 0, 1, 12, minute)),
      });
    expect(up(ids[2]!, 1)).toEqual({ waiting: false, position: 1 });
    expect(up(ids[0]!, 2)).toEqual({ waiting: false, position: 2 });
    expect(up(ids[3]!, 3)).toEqual({ waiting: true, position: 3 });
    expect(up(ids[1]!, 4)).toEqual({ waiting: true, position: 4 });
    expect(refusal(() => up(ids[1]!, 5))).toMatch(/already/i);
    let list = listSignups(db, trip.id, "2030-05-02", 2);
    expect(list.signedUp.map((s) => s.firstName)).toEqual(["Cal", "Ada"]);
    expect(list.waiting.map((s) => s.firstName)).toEqual(["Dot", "Bea"]);
    const out = withdrawSignup(db, trip.id, "2030-05-02", ids[2]!, 2);
    expect(out.movedUp?.firstName).toBe("Dot");
    list = listSignups(db, trip.id, "2030-05-02", 2);
    expect(list.signedUp.map((s) => s.firstName)).toEqual(["Ada", "Dot"]);
    expect(list.waiting.map((s) => s.firstName)).toEqual(["Bea"]);
    // one who was waiting withdraws: nobody moves
    expect(withdrawSignup(db, trip.id, "2030-05-02", ids[1]!, 2).movedUp).toBeNull();
  });

  it("is refused once the occurrence has started, and for an event without a maximum", () => {
    const tea = createEvent(
      db,
      { title: "Tea", eventDate: "2030-05-03", startTime: "15:00", maxParticipants: 5 },
      linda,
    );
    // 15:00 in New York on May 3rd 2030 is 19:00Z
    const at = (iso: string) => () =>
      signUp(db, {
        eventId: tea.id,
        occurrenceDate: "2030-05-03",
        residentId: ids[0]!,
        timeZone: TZ,
        actor: marcus,
        now: new Date(iso),
      });
    expect(
      occurrenceHasStarted(
        { eventDate: "2030-05-03", startTime: "15:00" },
        TZ,
        new Date("2030-05-03T18:59:00Z"),
      ),
    ).toBe(false);
    expect(refusal(at("2030-05-03T19:00:00Z"))).toMatch(/started/i);
    expect(refusal(at("2030-05-04T12:00:00Z"))).toMatch(/started/i);
    expect(at("2030-05-03T18:00:00Z")()).toEqual({ waiting: false, position: 1 });
    const open = createEvent(db, { title: "Open house", eventDate: "2030-05-03" }, linda);
    expect(
      refusal(() =>
        signUp(db, {
          eventId: open.id,
          occurrenceDate: "2030-05-03",
          residentId: ids[0]!,
          timeZone: TZ,
          actor: marcus,
          now: new Date("2030-01-01T00:00:00Z"),
        }),
      ),
    ).toMatch(/maximum/i);
  });
});

describe("one-to-one visits", () => {
  const now = new Date("2026-11-20T15:00:00Z");
  it("are logged without an event, with what was done and how long", () => {
    const visit = logVisit(
      db,
      {
        residentId: ids[1]!,
        activity: " Read the newspaper together ",
        minutes: 20,
        date: "2026-11-20",
        mood: "calm",
      },
      { timeZone: TZ, actor: marcus, now },
    );
    expect(visit).toMatchObject({
      eventId: null,
      status: "one_to_one",
      activity: "Read the newspaper together",
      minutes: 20,
      mood: "calm",
      recordedByName: "Marcus Staff",
    });
    // two visits on one day are two rows
    logVisit(
      db,
      { residentId: ids[1]!, activity: "Manicure", minutes: 15, date: "2026-11-20" },
      { timeZone: TZ, actor: marcus, now },
    );
    expect(visitsOn(db, "2026-11-20").map((v) => v.activity)).toEqual([
      "Read the newspaper together",
      "Manicure",
    ]);
  });

  it("refuses a missing activity, minutes out of range, a future day and an unknown resident", () => {
    const before = rows().length;
    const base = { residentId: ids[0]!, activity: "Walk", minutes: 30, date: "2026-11-20" };
    const log = (patch: object) => () =>
      logVisit(db, { ...base, ...patch }, { timeZone: TZ, actor: marcus, now });
    expect(refusal(log({ activity: "  " }))).toMatch(/what you did/i);
    expect(refusal(log({ activity: "x".repeat(201) }))).toMatch(/200/);
    expect(refusal(log({ minutes: 0 }))).toMatch(/600/);
    expect(refusal(log({ minutes: 601 }))).toMatch(/600/);
    expect(refusal(log({ date: "2026-11-21" }))).toMatch(/future/i);
    expect(refusal(log({ residentId: "nobody" }))).toMatch(/not a resident/i);
    expect(rows().length).toBe(before);
  });
});
