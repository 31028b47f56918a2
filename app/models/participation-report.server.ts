// The activity reports of one month, as a surveyor asks for them: per resident (attended, declined,
// one-to-one, unwell, absent; engagement; minutes; days since she last took part), per program
// (occurrences held, attendance, the trend over three months), who has joined nothing for 7 and 14
// days, whose activity assessment is due, and how far her stories reached her family.
//
// A month is YYYY-MM in the community's time zone. An attendance row counts in the month of its
// `occurrence_date` (the day the program's rule gives, or the day of a one-to-one visit). Taking
// part means attended or one-to-one; minutes are counted for those two only. Every figure comes from
// a few grouped queries over the whole community, never one query per resident.
import { sql } from "drizzle-orm";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { controlSchema, getControlDb, type Community, type TenantDb } from "~/utils/db.server";
import { ROLE } from "~/utils/roles";
import { foldText, residentSearchWords } from "~/utils/text-keys";
import { assessmentsDue, type AssessmentDue } from "./activity-profile.server";
import { addDaysToDate, todayInTimeZone } from "./event-dates";
import { listOccurrences } from "./event.server";
import { instantAt } from "~/utils/zoned-time";

const YM = /^(\d{4})-(\d{2})$/;

/** The days without taking part after which a resident is listed as not joining. */
export const NOT_JOINING_DAYS = [7, 14] as const;

export type ReportMonth = {
  /** YYYY-MM */
  ym: string;
  /** first and last day, YYYY-MM-DD */
  from: string;
  to: string;
  previous: string;
  next: string;
  /** the month has not begun yet in the community's time zone */
  future: boolean;
  /** the month is the current one */
  current: boolean;
  /** the day the not-joining lists and "days since" are counted to: today, or the month's last day */
  asOf: string;
};

export function shiftMonth(ym: string, by: number): string {
  const [y, m] = ym.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

function lastDayOf(ym: string): string {
  return addDaysToDate(`${shiftMonth(ym, 1)}-01`, -1);
}

/**
 * The month asked for (`?month=YYYY-MM`); the current month when none is given; null when what was
 * given is not a month (2026-13, "may", 2026-5).
 */
export function reportMonth(param: string | null | undefined, timeZone: string, now = new Date()): ReportMonth | null {
  const today = todayInTimeZone(timeZone, now);
  const current = today.slice(0, 7);
  const raw = param?.trim() || current;
  const m = YM.exec(raw);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[1]) < 1900 || Number(m[1]) > 2999) return null;
  const from = `${raw}-01`;
  const to = lastDayOf(raw);
  return {
    ym: raw,
    from,
    to,
    previous: shiftMonth(raw, -1),
    next: shiftMonth(raw, 1),
    future: from > today,
    current: raw === current,
    asOf: today < to ? today : to,
  };
}

export type ResidentParticipation = {
  residentId: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  sortName: string;
  isActive: boolean;
  admissionDate: string | null;
  attended: number;
  declined: number;
  oneToOne: number;
  unwell: number;
  absent: number;
  active: number;
  passive: number;
  none: number;
  minutes: number;
  /** the last day she attended or had a one-to-one, up to the report's day; null: never */
  lastDate: string | null;
  daysSince: number | null;
  /** family reach: her family members, and how many of them (or others) read, reacted, commented */
  family: number;
  read: number;
  reacted: number;
  commented: number;
  /** how many of her own family members did any of the three */
  reached: number;
};

export type ProgramSummary = {
  eventId: string;
  title: string;
  recurrence: string | null;
  /** occurrences held in the month (cancelled ones left out) */
  held: number;
  attended: number;
  /** attended per occurrence held, this month and the two before (null: none held that month) */
  average: number | null;
  trend: { ym: string; average: number | null }[];
};

export type NotJoining = {
  residentId: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  lastDate: string | null;
  daysSince: number | null;
};

export type ParticipationReport = {
  month: ReportMonth;
  residents: ResidentParticipation[];
  programs: ProgramSummary[];
  /** one-to-one visits logged without an event in the month */
  visits: { count: number; minutes: number };
  notJoining: { days: number; residents: NotJoining[] }[];
  assessmentsDue: AssessmentDue[];
  totals: {
    attended: number;
    declined: number;
    oneToOne: number;
    unwell: number;
    absent: number;
    minutes: number;
    familyMembers: number;
    familyReached: number;
  };
};

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The UTC instant a local day begins, as ISO (for the tables that keep instants). */
function dayStartUtc(timeZone: string, ymd: string): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return instantAt(timeZone, { year: y, month: m, day: d }).toISOString();
}

type CountsRow = {
  residentId: string;
  attended: number;
  declined: number;
  oneToOne: number;
  unwell: number;
  absent: number;
  active: number;
  passive: number;
  none: number;
  minutes: number;
};

type ResidentRow = {
  id: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  sortName: string | null;
  isActive: number;
  admissionDate: string | null;
  lastDate: string | null;
};

/** The residents of the report and their counts for the month, by name. */
function residentRows(db: TenantDb, month: ReportMonth): ResidentParticipation[] {
  const counts = db.all<CountsRow>(sql`
    SELECT resident_id AS residentId,
      sum(status = 'attended') AS attended,
      sum(status = 'declined') AS declined,
      sum(status = 'one_to_one') AS oneToOne,
      sum(status = 'unwell') AS unwell,
      sum(status = 'absent') AS absent,
      sum(engagement = 'active') AS active,
      sum(engagement = 'passive') AS passive,
      sum(engagement = 'none') AS none,
      sum(CASE WHEN status IN ('attended', 'one_to_one') THEN coalesce(minutes, 0) ELSE 0 END) AS minutes
    FROM attendance
    WHERE occurrence_date >= ${month.from} AND occurrence_date <= ${month.to}
    GROUP BY resident_id`);
  const byResident = new Map(counts.map((c) => [c.residentId, c]));
  // active residents admitted by the month's end, and anyone with a mark in the month; the last day
  // each took part is found through attendance_resident_idx, newest first
  const people = db.all<ResidentRow>(sql`
    SELECT r.id, r.first_name AS firstName, r.last_name AS lastName, r.room_number AS roomNumber,
      r.sort_name AS sortName, r.is_active AS isActive, r.admission_date AS admissionDate,
      (SELECT max(a.occurrence_date) FROM attendance a
        WHERE a.resident_id = r.id AND a.occurrence_date <= ${month.asOf}
          AND a.status IN ('attended', 'one_to_one')) AS lastDate
    FROM residents r
    WHERE (r.is_active = 1 AND (r.admission_date IS NULL OR r.admission_date <= ${month.to}))
      OR r.id IN (SELECT resident_id FROM attendance WHERE occurrence_date >= ${month.from} AND occurrence_date <= ${month.to})
    ORDER BY r.sort_name, r.id`);
  return people.map((p) => {
    const c = byResident.get(p.id);
    return {
      residentId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      roomNumber: p.roomNumber,
      sortName: p.sortName ?? foldText(`${p.lastName} ${p.firstName}`),
      isActive: p.isActive === 1,
      admissionDate: p.admissionDate,
      attended: c?.attended ?? 0,
      declined: c?.declined ?? 0,
      oneToOne: c?.oneToOne ?? 0,
      unwell: c?.unwell ?? 0,
      absent: c?.absent ?? 0,
      active: c?.active ?? 0,
      passive: c?.passive ?? 0,
      none: c?.none ?? 0,
      minutes: c?.minutes ?? 0,
      lastDate: p.lastDate,
      daysSince: p.lastDate ? daysBetween(p.lastDate, month.asOf) : null,
      family: 0,
      read: 0,
      reacted: 0,
      commented: 0,
      reached: 0,
    };
  });
}

/** Family reach of each resident's stories in the month: who read, reacted and commented. */
function addFamilyReach(db: TenantDb, community: Pick<Community, "id" | "timeZone">, month: ReportMonth, rows: ResidentParticipation[]) {
  const startUtc = dayStartUtc(community.timeZone, month.from);
  const endUtc = dayStartUtc(community.timeZone, addDaysToDate(month.to, 1));
  const family = db.all<{ residentId: string; n: number }>(sql`
    SELECT resident_id AS residentId, count(*) AS n FROM family_members GROUP BY resident_id`);
  const views = db.all<{ residentId: string; memberId: string }>(sql`
    SELECT DISTINCT s.resident_id AS residentId, v.family_member_id AS memberId
    FROM story_views v JOIN stories s ON s.id = v.story_id
    WHERE v.viewed_on >= ${month.from} AND v.viewed_on <= ${month.to}`);
  const commentRows = db.all<{ residentId: string; memberId: string }>(sql`
    SELECT DISTINCT s.resident_id AS residentId, c.family_member_id AS memberId
    FROM comments c JOIN stories s ON s.id = c.story_id
    WHERE c.family_member_id IS NOT NULL AND c.created_at >= ${startUtc} AND c.created_at < ${endUtc}`);
  const reactionRows = db.all<{ residentId: string; userId: string }>(sql`
    SELECT DISTINCT s.resident_id AS residentId, r.user_id AS userId
    FROM reactions r JOIN stories s ON s.id = r.story_id
    WHERE r.created_at >= ${startUtc} AND r.created_at < ${endUtc}`);
  // reactions name the sign-in: the family member behind each family sign-in of the community
  const userIds = [...new Set(reactionRows.map((r) => r.userId))];
  // a family account may follow several residents, one family record each
  const membersOfUser = new Map<string, string[]>();
  const { users, familyLinks } = controlSchema;
  for (let i = 0; i < userIds.length; i += 500) {
    const found = getControlDb()
      .select({ id: users.id, memberId: familyLinks.familyMemberId })
      .from(familyLinks)
      .innerJoin(users, eq(users.id, familyLinks.userId))
      .where(and(eq(familyLinks.tenantId, community.id), eq(users.role, ROLE.family), isNotNull(familyLinks.confirmedAt), inArray(users.id, userIds.slice(i, i + 500))))
      .all();
    for (const u of found) membersOfUser.set(u.id, [...(membersOfUser.get(u.id) ?? []), u.memberId]);
  }
  // whose family member each one is: "reached" counts her own family only
  const ownerOf = new Map(db.all<{ id: string; residentId: string }>(sql`SELECT id, resident_id AS residentId FROM family_members`).map((m) => [m.id, m.residentId]));
  const reactions = reactionRows.flatMap((r) => {
    const mine = membersOfUser.get(r.userId) ?? [];
    // her record for the story's resident when she follows them, else any of hers
    const memberId = mine.find((id) => ownerOf.get(id) === r.residentId) ?? mine[0];
    return memberId ? [{ residentId: r.residentId, memberId }] : [];
  });
  const byId = new Map(rows.map((r) => [r.residentId, r]));
  for (const f of family) {
    const r = byId.get(f.residentId);
    if (r) r.family = f.n;
  }
  const reached = new Map<string, Set<string>>();
  const tally = (list: { residentId: string; memberId: string }[], key: "read" | "reacted" | "commented") => {
    const seen = new Map<string, Set<string>>();
    for (const x of list) {
      let set = seen.get(x.residentId);
      if (!set) seen.set(x.residentId, (set = new Set()));
      set.add(x.memberId);
      if (ownerOf.get(x.memberId) === x.residentId) {
        let own = reached.get(x.residentId);
        if (!own) reached.set(x.residentId, (own = new Set()));
        own.add(x.memberId);
      }
    }
    for (const [residentId, set] of seen) {
      const r = byId.get(residentId);
      if (r) r[key] = set.size;
    }
  };
  tally(views, "read");
  tally(reactions, "reacted");
  tally(commentRows, "commented");
  for (const [residentId, set] of reached) {
    const r = byId.get(residentId);
    if (r) r.reached = set.size;
  }
}

/** Each program held in the month: occurrences, attendance, and the average over three months. */
function programRows(db: TenantDb, timeZone: string, month: ReportMonth, now: Date): ProgramSummary[] {
  const months = [shiftMonth(month.ym, -2), shiftMonth(month.ym, -1), month.ym];
  const from = `${months[0]}-01`;
  const occurrences = listOccurrences(db, timeZone, from, month.to, { limit: 1_000_000, now }).filter((o) => o.isActive);
  // a moved occurrence keeps its rule's day as its name: a week's slack each way
  const attended = db.all<{ eventId: string; date: string; n: number }>(sql`
    SELECT event_id AS eventId, occurrence_date AS date, count(*) AS n
    FROM attendance
    WHERE occurrence_date >= ${addDaysToDate(from, -8)} AND occurrence_date <= ${addDaysToDate(month.to, 8)}
      AND status = 'attended' AND event_id IS NOT NULL
    GROUP BY event_id, occurrence_date`);
  const byOccurrence = new Map(attended.map((a) => [`${a.eventId} ${a.date}`, a.n]));
  const programs = new Map<string, { title: string; recurrence: string | null; held: number[]; attended: number[] }>();
  for (const o of occurrences) {
    const i = months.indexOf(o.eventDate.slice(0, 7));
    if (i < 0) continue;
    let p = programs.get(o.id);
    if (!p) programs.set(o.id, (p = { title: o.title, recurrence: o.recurrence, held: [0, 0, 0], attended: [0, 0, 0] }));
    p.held[i]!++;
    p.attended[i]! += byOccurrence.get(`${o.id} ${o.occurrenceDate}`) ?? 0;
  }
  const avg = (attendedN: number, held: number) => (held ? Math.round((attendedN / held) * 10) / 10 : null);
  return [...programs.entries()]
    .filter(([, p]) => p.held[2]! > 0)
    .map(([eventId, p]) => ({
      eventId,
      title: p.title,
      recurrence: p.recurrence,
      held: p.held[2]!,
      attended: p.attended[2]!,
      average: avg(p.attended[2]!, p.held[2]!),
      trend: months.map((ym, i) => ({ ym, average: avg(p.attended[i]!, p.held[i]!) })),
    }))
    .sort((a, b) => b.attended - a.attended || a.title.localeCompare(b.title));
}

/** The whole report of a month. `now` fixes today (tests). */
export function participationReport(db: TenantDb, community: Pick<Community, "id" | "timeZone">, month: ReportMonth, now = new Date()): ParticipationReport {
  const residents = month.future ? [] : residentRows(db, month);
  if (!month.future) addFamilyReach(db, community, month, residents);
  const programs = month.future ? [] : programRows(db, community.timeZone, month, now);
  const visitRow = month.future
    ? undefined
    : db.get<{ n: number; minutes: number | null }>(sql`
        SELECT count(*) AS n, sum(coalesce(minutes, 0)) AS minutes FROM attendance
        WHERE event_id IS NULL AND occurrence_date >= ${month.from} AND occurrence_date <= ${month.to}`);
  const notJoining = NOT_JOINING_DAYS.map((days) => {
    // no participation from (asOf - days + 1) to asOf, among active residents admitted before then
    const since = addDaysToDate(month.asOf, -(days - 1));
    return {
      days,
      residents: residents
        .filter((r) => {
          return r.isActive && (!r.admissionDate || r.admissionDate < since) && (!r.lastDate || r.lastDate < since);
        })
        .sort((a, b) => (b.daysSince ?? Infinity) - (a.daysSince ?? Infinity) || a.sortName.localeCompare(b.sortName))
        .map((r) => ({ residentId: r.residentId, firstName: r.firstName, lastName: r.lastName, roomNumber: r.roomNumber, lastDate: r.lastDate, daysSince: r.daysSince })),
    };
  });
  const sum = (k: keyof ResidentParticipation) => residents.reduce((n, r) => n + (r[k] as number), 0);
  return {
    month,
    residents,
    programs,
    visits: { count: visitRow?.n ?? 0, minutes: visitRow?.minutes ?? 0 },
    notJoining,
    assessmentsDue: assessmentsDue(db, community.timeZone, { now }),
    totals: {
      attended: sum("attended"),
      declined: sum("declined"),
      oneToOne: sum("oneToOne"),
      unwell: sum("unwell"),
      absent: sum("absent"),
      minutes: sum("minutes"),
      familyMembers: sum("family"),
      familyReached: sum("reached"),
    },
  };
}

export const RESIDENT_SORTS = ["name", "room", "attended", "minutes", "days"] as const;
export type ResidentSort = (typeof RESIDENT_SORTS)[number];

/** The residents matching `q` (words of the name or room, accents ignored), sorted. */
export function sortResidents(rows: ResidentParticipation[], opts: { q: string; sort: ResidentSort; desc: boolean }): ResidentParticipation[] {
  const words = residentSearchWords(opts.q);
  const matching = words.length
    ? rows.filter((r) => {
        const hay = `${r.sortName} ${foldText(r.roomNumber ?? "")}`;
        return words.every((w) => hay.includes(w));
      })
    : rows.slice();
  const key = (r: ResidentParticipation): number | string => {
    switch (opts.sort) {
      case "attended":
        return r.attended;
      case "minutes":
        return r.minutes;
      case "days":
        return r.daysSince ?? Number.MAX_SAFE_INTEGER;
      case "room":
        return foldText(r.roomNumber ?? "\uffff");
      default:
        return r.sortName;
    }
  };
  matching.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : a.sortName.localeCompare(b.sortName);
    return opts.desc ? -c : c;
  });
  return matching;
}
