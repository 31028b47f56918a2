// The month's activity reports on a real community database of 500 residents with three months of
// daily programs: the CSV's rows and the PDF's text (read back with pdftotext) hold the counts of the
// attendance recorded, counted here on their own from the rows inserted; the not-joining and
// assessments-due lists with a fixed `now`; family reach; who may download; a malformed month.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { BIG, seedBigCommunity } from "../helpers/big-community";
import {
  seedAttendance,
  neverJoins,
  stopsJoining,
  type AttendanceRow,
} from "../helpers/big-attendance";
import { call, get } from "../helpers/home-fixture";
import { changeOccurrence } from "~/models/event.server";
import { addDaysToDate } from "~/models/event-dates";
import { createResident } from "~/models/resident.server";
import { participationReport, reportMonth } from "~/models/participation-report.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as reportsPage from "~/routes/_community+/admin+/reports";
import * as reportsCsv from "~/routes/_community+/admin+/reports.participation[.]csv";
import * as reportsPdf from "~/routes/_community+/admin+/reports.participation[.]pdf";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";

const origin = `http://${BIG.subdomain}.storyloom.localhost`;
let dir: string;
let community: Community;
let db: TenantDb;
let ids: string[];
let rows: AttendanceRow[];
let events: Record<string, string>;
let newcomer: string;
const cookies = {} as Record<"admin" | "staff", string>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "participation-"));
// a fixed "now": 10 September 2026 in the community (America/Chicago)
const NOW = new Date("2026-09-10T17:00:00Z");

async function signIn(username: string): Promise<string> {
  const request = new Request(`${origin}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password: BIG.password, redirectTo: "" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  let res: unknown;
  try {
    res = await loginRoute.action({ request, params: {}, context: {} });
  } catch (thrown) {
    res = thrown;
  }
  if (!(res instanceof Response) || res.status !== 302)
    throw new Error(`sign-in of ${username} failed`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  dir = useTempDataDir();
  community = await seedBigCommunity();
  db = getTenantDb(community);
  ids = db.all<{ id: string }>(sql`SELECT id FROM residents ORDER BY rowid`).map((r) => r.id);
  expect(ids).toHaveLength(500);
  ({ rows, events } = seedAttendance(db, ids, "2026-06-01", "2026-08-31"));
  // Bingo did not take place on 14 July: that occurrence is not counted as held
  expect(changeOccurrence(db, events.Bingo!, "2026-07-14", { cancelled: true }, null)).toBe(true);
  // every resident assessed, but residents 10 and 20; a newcomer admitted 9 days before "now"
  const { activityProfiles, storyViews, comments, reactions } = tenantSchema;
  db.insert(activityProfiles)
    .values(
      ids
        .filter((_, i) => i !== 10 && i !== 20)
        .map((residentId) => ({ residentId, assessedAt: "2025-01-15" })),
    )
    .run();
  newcomer = createResident(db, {
    firstName: "Nora",
    lastName: "Newcomb",
    roomNumber: "301",
    admissionDate: "2026-09-01",
  }).id;
  // family reach of resident 0 in July: one daughter read (and once in June), she reacted, the son commented
  const members = db.all<{ id: string }>(
    sql`SELECT id FROM family_members WHERE resident_id = ${ids[0]} ORDER BY rowid`,
  );
  db.insert(storyViews)
    .values([
      { storyId: "big-story-0", familyMemberId: members[0]!.id, viewedOn: "2026-07-05" },
      { storyId: "big-story-1", familyMemberId: members[0]!.id, viewedOn: "2026-07-06" },
      { storyId: "big-story-0", familyMemberId: members[1]!.id, viewedOn: "2026-06-30" },
    ])
    .run();
  db.insert(comments)
    .values({
      id: "c-1",
      storyId: "big-story-0",
      familyMemberId: members[1]!.id,
      authorName: "Son",
      content: "Lovely",
      createdAt: "2026-07-20T15:00:00.000Z",
    })
    .run();
  db.insert(reactions)
    .values({
      id: "r-1",
      storyId: "big-story-1",
      userId: "big-family-user-0",
      emoji: "❤️",
      createdAt: "2026-07-10T15:00:00.000Z",
    })
    .run();
  cookies.admin = await signIn(BIG.admin);
  cookies.staff = await signIn(BIG.staff);
}, 120_000);
afterAll(() => {
  cleanupDataDir(dir);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The counts of the rows inserted for a resident in a month, counted without the report. */
function expected(residentId: string, ym: string) {
  const mine = rows.filter((r) => r.residentId === residentId && r.occurrenceDate.startsWith(ym));
  const by = (f: (r: AttendanceRow) => boolean) => mine.filter(f).length;
  return {
    attended: by((r) => r.status === "attended"),
    declined: by((r) => r.status === "declined"),
    oneToOne: by((r) => r.status === "one_to_one"),
    unwell: by((r) => r.status === "unwell"),
    absent: by((r) => r.status === "absent"),
    active: by((r) => r.engagement === "active"),
    passive: by((r) => r.engagement === "passive"),
    none: by((r) => r.engagement === "none"),
    minutes: mine
      .filter((r) => r.status === "attended" || r.status === "one_to_one")
      .reduce((n, r) => n + (r.minutes ?? 0), 0),
  };
}

function lastParticipation(residentId: string, asOf: string): string | null {
  let last: string | null = null;
  for (const r of rows)
    if (
      r.residentId === residentId &&
      (r.status === "attended" || r.status === "one_to_one") &&
      r.occurrenceDate <= asOf &&
      (!last || r.occurrenceDate > last)
    )
      last = r.occurrenceDate;
  return last;
}

function parseCsv(text: string): string[][] {
  // names and rooms here hold no commas or quotes
  return text
    .replace(/\r\n$/, "")
    .split("\r\n")
    .map((l) => l.split(","));
}

describe("the participation CSV", () => {
  it("has a header and one row per resident with the month's counts of the attendance recorded", async () => {
    const res = await call(
      reportsCsv.loader,
      get(`${origin}/admin/reports/participation.csv?month=2026-07`, cookies.admin),
    );
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await res.response!.arrayBuffer());
    // UTF-8 with a byte order mark, as the other exports
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...data] = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(header).toEqual([
      "Month",
      "Resident",
      "Room",
      "Attended",
      "Declined",
      "One-to-one",
      "Asleep or unwell",
      "Absent",
      "Active",
      "Passive",
      "Did not engage",
      "Minutes",
      "Last took part",
      "Days since last",
      "Family members",
      "Read",
      "Reacted",
      "Commented",
      "Her family reached",
    ]);
    expect(data).toHaveLength(500);
    const names = db.all<{ id: string; name: string }>(
      sql`SELECT id, first_name || ' ' || last_name AS name FROM residents`,
    );
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    for (const i of [0, 1, 5, 123, 250, 499]) {
      const row = data.find((r) => r[1] === nameOf.get(ids[i]!));
      expect(row, `row of resident ${i}`).toBeDefined();
      const e = expected(ids[i]!, "2026-07");
      expect(row!.slice(3, 12).map(Number), `counts of resident ${i}`).toEqual([
        e.attended,
        e.declined,
        e.oneToOne,
        e.unwell,
        e.absent,
        e.active,
        e.passive,
        e.none,
        e.minutes,
      ]);
      expect(row![0]).toBe("2026-07");
      const last = lastParticipation(ids[i]!, "2026-07-31");
      expect(row![12]).toBe(last ?? "");
    }
    // resident 5 never takes part; resident 0 took part at least once
    expect(Number(data.find((r) => r[1] === nameOf.get(ids[5]!))![3])).toBe(0);
    expect(expected(ids[0]!, "2026-07").attended).toBeGreaterThan(5);
    // family reach of resident 0: 2 members; one read, one reacted, one commented; both reached
    expect(
      data
        .find((r) => r[1] === nameOf.get(ids[0]!))!
        .slice(14)
        .map(Number),
    ).toEqual([2, 1, 1, 1, 2]);
    // the month's totals match every row inserted for July
    const july = rows.filter((r) => r.occurrenceDate.startsWith("2026-07"));
    expect(data.reduce((n, r) => n + Number(r[3]), 0)).toBe(
      july.filter((r) => r.status === "attended").length,
    );
    expect(data.reduce((n, r) => n + Number(r[5]), 0)).toBe(
      july.filter((r) => r.status === "one_to_one").length,
    );
  });

  it("is refused to staff and answers a malformed month with a clear message", async () => {
    const staff = await call(
      reportsCsv.loader,
      get(`${origin}/admin/reports/participation.csv?month=2026-07`, cookies.staff),
    );
    expect(staff.status).toBe(403);
    const bad = await call(
      reportsCsv.loader,
      get(`${origin}/admin/reports/participation.csv?month=2026-13`, cookies.admin),
    );
    expect(bad.status).toBe(400);
    expect(await bad.response!.text()).toContain("That is not a month");
    const page = await call(
      reportsPage.loader,
      get(`${origin}/admin/reports?month=july`, cookies.admin),
    );
    expect(page.status).toBe(400);
    expect(page.data.bad.message).toContain("That is not a month");
  });
});

describe("the report by program", () => {
  it("counts the occurrences held (not the cancelled one), attendance and the three-month trend", () => {
    const report = participationReport(
      db,
      community,
      reportMonth("2026-07", community.timeZone, NOW)!,
      NOW,
    );
    const bingo = report.programs.find((p) => p.title === "Bingo")!;
    const attended = rows.filter(
      (r) =>
        r.eventId === events.Bingo &&
        r.status === "attended" &&
        r.occurrenceDate.startsWith("2026-07") &&
        r.occurrenceDate !== "2026-07-14",
    ).length;
    expect(bingo.held).toBe(30);
    expect(bingo.attended).toBe(attended);
    expect(bingo.average).toBe(Math.round((attended / 30) * 10) / 10);
    const june = rows.filter(
      (r) =>
        r.eventId === events.Bingo &&
        r.status === "attended" &&
        r.occurrenceDate.startsWith("2026-06"),
    ).length;
    expect(bingo.trend).toEqual([
      { ym: "2026-05", average: null },
      { ym: "2026-06", average: Math.round((june / 30) * 10) / 10 },
      { ym: "2026-07", average: bingo.average },
    ]);
    const music = report.programs.find((p) => p.title === "Music Hour")!;
    expect(music.held).toBe(31);
    expect(report.programs).toHaveLength(4);
    expect(report.visits.count).toBe(
      rows.filter((r) => r.eventId === null && r.occurrenceDate.startsWith("2026-07")).length,
    );
  });
});

describe("not joining and assessments due", () => {
  it("lists residents without participation for 7 and 14 days to the end of a past month", () => {
    const month = reportMonth("2026-08", community.timeZone, NOW)!;
    expect(month.asOf).toBe("2026-08-31");
    const report = participationReport(db, community, month, NOW);
    for (const days of [7, 14]) {
      const since = addDaysToDate("2026-08-31", -(days - 1));
      const want = ids.filter((id) => {
        const last = lastParticipation(id, "2026-08-31");
        return !last || last < since;
      });
      const list = report.notJoining
        .find((n) => n.days === days)!
        .residents.map((r) => r.residentId);
      expect(new Set(list)).toEqual(new Set(want));
    }
    const seven = report.notJoining[0]!.residents.map((r) => r.residentId);
    const fourteen = report.notJoining[1]!.residents.map((r) => r.residentId);
    // those who never join are on both lists; those who stopped ten days ago on the 7-day list only
    expect(fourteen).toContain(ids[5]);
    expect(seven).toContain(ids[1]);
    expect(fourteen).not.toContain(ids[1]);
    expect(ids.filter((_, i) => neverJoins(i)).every((id) => fourteen.includes(id))).toBe(true);
    expect(ids.filter((_, i) => stopsJoining(i)).every((id) => seven.includes(id))).toBe(true);
    // the newcomer admitted on 1 September is not counted in August
    expect(seven).not.toContain(newcomer);
  });

  it("counts to today in the current month, and lists the assessments due", () => {
    const report = participationReport(
      db,
      community,
      reportMonth(null, community.timeZone, NOW)!,
      NOW,
    );
    expect(report.month.ym).toBe("2026-09");
    expect(report.month.asOf).toBe("2026-09-10");
    // nothing recorded in September: every resident admitted before 4 September is on the 7-day
    // list, the newcomer too; on the 14-day list (since 28 August) she is not
    expect(report.notJoining[0]!.residents).toHaveLength(501);
    expect(report.notJoining[0]!.residents.map((r) => r.residentId)).toContain(newcomer);
    expect(report.notJoining[1]!.residents.map((r) => r.residentId)).not.toContain(newcomer);
    expect(report.assessmentsDue.map((a) => [a.residentId, a.overdue])).toEqual(
      [
        [ids[10], true],
        [ids[20], true],
        [newcomer, false],
      ].sort((a, b) => {
        const adm = (id: unknown) =>
          db.all<{ d: string }>(
            sql`SELECT admission_date AS d FROM residents WHERE id = ${id as string}`,
          )[0]!.d;
        return adm(a[0]) < adm(b[0]) ? -1 : 1;
      }),
    );
  });

  it("says nothing is recorded for a month to come", async () => {
    const res = await call(
      reportsPage.loader,
      get(`${origin}/admin/reports?month=2999-01`, cookies.admin),
    );
    expect(res.status).toBe(200);
    expect(res.data.report.month.future).toBe(true);
    expect(res.data.report.residents).toEqual([]);
  });
});

describe("the report page", () => {
  it("shows 25 residents a page, sorted by attended, and finds one by name", async () => {
    const res = await call(
      reportsPage.loader,
      get(`${origin}/admin/reports?month=2026-07&sort=-attended`, cookies.admin),
    );
    expect(res.status).toBe(200);
    const list = res.data.report.residents as { attended: number }[];
    expect(list).toHaveLength(25);
    expect(list.map((r) => r.attended)).toEqual(
      [...list.map((r) => r.attended)].sort((a, b) => b - a),
    );
    expect(res.data.report.page.total).toBe(500);
    const found = await call(
      reportsPage.loader,
      get(`${origin}/admin/reports?month=2026-07&q=bronte`, cookies.admin),
    );
    expect(found.data.report.residents.map((r: { lastName: string }) => r.lastName)).toEqual([
      "Brontë-Quixley",
    ]);
    const staff = await call(reportsPage.loader, get(`${origin}/admin/reports`, cookies.staff));
    expect(staff.status).toBe(403);
  });

  // the 300 ms target is measured by `npm run bench:lists`; here only a bound a busy machine keeps
  it("is made in well under two seconds at this size", () => {
    const month = reportMonth("2026-07", community.timeZone, NOW)!;
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      participationReport(db, community, month, NOW);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    expect(times[2]).toBeLessThan(1500);
  });
});

describe("the PDF binder", () => {
  it("holds the cover, the programs, every resident's counts, the lists and page numbers", async () => {
    const res = await call(
      reportsPdf.loader,
      get(`${origin}/admin/reports/participation.pdf?month=2026-07`, cookies.admin),
    );
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("Content-Type")).toBe("application/pdf");
    const file = path.join(tmp, "report.pdf");
    fs.writeFileSync(file, Buffer.from(await res.response!.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBeGreaterThan(5);
    expect(text).toContain("Activity participation report");
    expect(text).toContain(`${BIG.name} · July 2026`);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // Bingo: 30 held, its attendance
    const bingoAttended = rows.filter(
      (r) =>
        r.eventId === events.Bingo &&
        r.status === "attended" &&
        r.occurrenceDate.startsWith("2026-07") &&
        r.occurrenceDate !== "2026-07-14",
    ).length;
    const n = (x: number) => new Intl.NumberFormat("en").format(x);
    expect(text).toMatch(new RegExp(`Bingo\\s+30\\s+${n(bingoAttended)}\\s`));
    // resident 0 ("Ada DeLuca", room 1): her counts in the order of the table's columns
    const e = expected(ids[0]!, "2026-07");
    expect(text).toMatch(
      new RegExp(
        `Ada DeLuca\\s+1\\s+${e.attended}\\s+${e.declined}\\s+${e.oneToOne}\\s+${e.unwell}\\s+${e.absent}\\s+${e.active} / ${e.passive} / ${e.none}\\s+${n(e.minutes)}\\s`,
      ),
    );
    expect(text).toContain("Not joining");
    expect(text).toContain("Activity assessments due");
    const staff = await call(
      reportsPdf.loader,
      get(`${origin}/admin/reports/participation.pdf?month=2026-07`, cookies.staff),
    );
    expect(staff.status).toBe(403);
  }, 60_000);
});
