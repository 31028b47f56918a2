// Who took part in an occurrence of the activity calendar, and how; sign-ups with a waiting list
// for events with a maximum; one-to-one visits logged without an event.
//
// An occurrence is named by its event and the day its rule gives (`occurrenceDate`, see
// event.server.ts). Every write validates all it was given first and then changes everything in
// one transaction, or nothing: a bad entry never leaves half a list saved.
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { msg } from "~/utils/i18n";
import { containsPattern, residentSearchWords } from "~/utils/text-keys";
import { instantAt } from "~/utils/zoned-time";
import { getOccurrence, todayInTimeZone, type CalendarEventView } from "./event.server";
import { isCalendarDate } from "./event-dates";

const { attendance, eventSignups, residents, ATTENDANCE_STATUSES, ENGAGEMENT_LEVELS, MOODS } = tenantSchema;

export { ATTENDANCE_STATUSES, ENGAGEMENT_LEVELS, MOODS };
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export type EngagementLevel = (typeof ENGAGEMENT_LEVELS)[number];
export type Mood = (typeof MOODS)[number];
export type AttendanceRow = typeof attendance.$inferSelect;

export const NOTE_MAX = 500;
export const ACTIVITY_MAX = 200;
export const VISIT_MINUTES_MAX = 600;

type Actor = { id: string; displayName: string };

/**
 * A refusal: `message` is a catalog key of the `attendance` namespace made by msg(), translated
 * where it is shown; `residentId` names the entry it is about, when it is about one.
 */
export class AttendanceError extends Error {
  constructor(
    message: string,
    readonly residentId?: string,
  ) {
    super(message);
    this.name = "AttendanceError";
  }
}

/**
 * One resident's mark as it arrives (a form, the JSON API): checked before anything is written.
 * `status: null` clears the resident's mark for this occurrence.
 */
export type AttendanceEntryInput = {
  residentId: unknown;
  status: unknown;
  engagement?: unknown;
  mood?: unknown;
  note?: unknown;
};

type CheckedEntry = {
  residentId: string;
  status: AttendanceStatus | null;
  engagement: EngagementLevel | null;
  mood: Mood | null;
  note: string | null;
};

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}

function optionalChoice<T extends string>(list: readonly T[], value: unknown, key: string, index: number, residentId: string): T | null {
  if (value === undefined || value === null || value === "") return null;
  if (isOneOf(list, value)) return value;
  throw new AttendanceError(msg(key, { index: index + 1, value: String(value).slice(0, 40) }), residentId);
}

function optionalNote(value: unknown, index: number, residentId: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new AttendanceError(msg("attendance:error.noteText", { index: index + 1 }), residentId);
  const note = value.trim();
  if (note.length > NOTE_MAX) throw new AttendanceError(msg("attendance:error.noteTooLong", { max: NOTE_MAX }), residentId);
  return note || null;
}

/** Active residents among these ids, by id. */
function activeResidentsAmong(db: TenantDb, ids: string[]) {
  const found = new Map<string, { id: string; isActive: boolean; firstName: string; lastName: string }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = db
      .select({ id: residents.id, isActive: residents.isActive, firstName: residents.firstName, lastName: residents.lastName })
      .from(residents)
      .where(inArray(residents.id, ids.slice(i, i + 500)))
      .all();
    for (const r of rows) found.set(r.id, r);
  }
  return found;
}

/**
 * Checks every entry: its shape, a known status, engagement and mood, a note of at most 500
 * characters, each resident once, and each an active resident of this community (another
 * community's resident is simply not in this database). Throws the first problem found.
 */
export function checkEntries(db: TenantDb, entries: unknown): CheckedEntry[] {
  if (!Array.isArray(entries)) throw new AttendanceError(msg("attendance:error.notAList"));
  const checked: CheckedEntry[] = [];
  const seen = new Set<string>();
  entries.forEach((raw: unknown, index) => {
    if (!raw || typeof raw !== "object") throw new AttendanceError(msg("attendance:error.notAnEntry", { index: index + 1 }));
    const entry = raw as AttendanceEntryInput;
    if (typeof entry.residentId !== "string" || !entry.residentId)
      throw new AttendanceError(msg("attendance:error.residentMissing", { index: index + 1 }));
    const residentId = entry.residentId;
    if (seen.has(residentId)) throw new AttendanceError(msg("attendance:error.duplicate", { index: index + 1 }), residentId);
    seen.add(residentId);
    let status: AttendanceStatus | null;
    if (entry.status === null) status = null;
    else if (isOneOf(ATTENDANCE_STATUSES, entry.status)) status = entry.status;
    else
      throw new AttendanceError(
        msg("attendance:error.unknownStatus", { index: index + 1, value: String(entry.status ?? "").slice(0, 40) }),
        residentId,
      );
    checked.push({
      residentId,
      status,
      engagement: optionalChoice(ENGAGEMENT_LEVELS, entry.engagement, "attendance:error.unknownEngagement", index, residentId),
      mood: optionalChoice(MOODS, entry.mood, "attendance:error.unknownMood", index, residentId),
      note: optionalNote(entry.note, index, residentId),
    });
  });
  const found = activeResidentsAmong(
    db,
    checked.map((e) => e.residentId),
  );
  checked.forEach((e, index) => {
    const resident = found.get(e.residentId);
    if (!resident) throw new AttendanceError(msg("attendance:error.unknownResident", { index: index + 1 }), e.residentId);
    // a departed resident's past marks stay; new ones are for the residents who live here
    if (!resident.isActive)
      throw new AttendanceError(msg("attendance:error.inactiveResident", { name: `${resident.firstName} ${resident.lastName}` }), e.residentId);
  });
  return checked;
}

/** Minutes between two "HH:MM" times of one day; null without both or when the end is not later. */
export function minutesBetween(start: string | null, end: string | null): number | null {
  const m1 = start ? /^(\d{2}):(\d{2})/.exec(start) : null;
  const m2 = end ? /^(\d{2}):(\d{2})/.exec(end) : null;
  if (!m1 || !m2) return null;
  const minutes = Number(m2[1]) * 60 + Number(m2[2]) - (Number(m1[1]) * 60 + Number(m1[2]));
  return minutes > 0 ? minutes : null;
}

/**
 * The occurrence named by `eventId` and `occurrenceDate`, for recording: refused when the date is
 * not one of the event's occurrences or the occurrence (or its event) is cancelled.
 */
export function occurrenceForRecording(db: TenantDb, eventId: string, occurrenceDate: string, timeZone: string): CalendarEventView {
  const occurrence = isCalendarDate(occurrenceDate) ? getOccurrence(db, eventId, occurrenceDate, timeZone) : undefined;
  if (!occurrence) throw new AttendanceError(msg("attendance:error.notAnOccurrence"));
  if (!occurrence.isActive) throw new AttendanceError(msg("attendance:error.cancelled"));
  return occurrence;
}

/** What a marks form sent, per resident: kept so that a refusal shows it again. */
export type SentMarks = Record<
  string,
  { status?: string; engagement?: string; mood?: string; note?: string }
>;

/** A marks form's fields: `status.<residentId>`, `engagement.<id>`, `mood.<id>`, `note.<id>`. */
export function marksOfForm(formData: FormData): SentMarks {
  const sent: SentMarks = {};
  for (const [name, value] of formData.entries()) {
    const m = /^(status|engagement|mood|note)\.(.+)$/.exec(name);
    if (!m || typeof value !== "string") continue;
    (sent[m[2]!] ??= {})[m[1] as "status"] = value;
  }
  return sent;
}

/**
 * The entries a marks form asks for, against what is saved: a resident without a tap keeps her
 * mark, and details alone add to the mark she has; `clear` names a resident whose mark goes;
 * `markAttended` residents without a tap are marked Attended. Details without any status are
 * refused, naming the resident.
 */
export function entriesOfMarks(
  db: TenantDb,
  eventId: string,
  occurrenceDate: string,
  sent: SentMarks,
  opts: { clear?: string; markAttended?: string[] } = {},
): AttendanceEntryInput[] {
  const existing = new Map(marksOf(db, eventId, occurrenceDate).map((m) => [m.residentId, m]));
  const marks: SentMarks = { ...sent };
  for (const id of opts.markAttended ?? []) {
    const one = (marks[id] = { ...marks[id] });
    if (!one.status) one.status = "attended";
  }
  const entries: AttendanceEntryInput[] = [];
  for (const [residentId, one] of Object.entries(marks)) {
    if (residentId === opts.clear) {
      entries.push({ residentId, status: null });
      continue;
    }
    const before = existing.get(residentId);
    const status = one.status || before?.status;
    if (!status) {
      if (one.engagement || one.mood || one.note?.trim()) {
        const r = db
          .select({ firstName: residents.firstName, lastName: residents.lastName })
          .from(residents)
          .where(eq(residents.id, residentId))
          .get();
        throw new AttendanceError(
          msg("attendance:error.needStatus", { name: r ? `${r.firstName} ${r.lastName}` : "?" }),
          residentId,
        );
      }
      continue;
    }
    if (!one.status && before && !changedDetails(before, one)) continue;
    entries.push({
      residentId,
      status,
      engagement: one.engagement ?? (one.status ? null : before?.engagement),
      mood: one.mood ?? (one.status ? null : before?.mood),
      note: one.note ?? before?.note,
    });
  }
  if (opts.clear && !marks[opts.clear]) entries.push({ residentId: opts.clear, status: null });
  return entries;
}

function changedDetails(
  before: { engagement: string | null; mood: string | null; note: string | null },
  one: SentMarks[string],
): boolean {
  return (
    (one.engagement !== undefined && (one.engagement || null) !== before.engagement) ||
    (one.mood !== undefined && (one.mood || null) !== before.mood) ||
    (one.note !== undefined && (one.note.trim() || null) !== before.note)
  );
}

export type AttendanceSaved = { written: number; cleared: number };

/**
 * Records (upserts by event, occurrence and resident) the marks given for one occurrence; an
 * entry with `status: null` clears that resident's mark. Residents not given are left as they
 * were, and so is a mark that has not changed (it keeps who recorded it). All or nothing.
 */
export function recordAttendance(
  db: TenantDb,
  args: { eventId: string; occurrenceDate: string; timeZone: string; entries: unknown; actor: Actor; now?: Date },
): AttendanceSaved {
  const occurrence = occurrenceForRecording(db, args.eventId, args.occurrenceDate, args.timeZone);
  const entries = checkEntries(db, args.entries);
  // who took part is known on the day or after it; clearing a mark is allowed any day
  if (entries.some((e) => e.status !== null) && occurrence.eventDate > todayInTimeZone(args.timeZone, args.now))
    throw new AttendanceError(msg("attendance:error.notYet"));
  const minutes = minutesBetween(occurrence.startTime, occurrence.endTime);
  const existing = new Map(marksOf(db, args.eventId, args.occurrenceDate).map((r) => [r.residentId, r]));
  let written = 0;
  let cleared = 0;
  const recordedAt = new Date().toISOString();
  db.transaction((tx) => {
    for (const e of entries) {
      const before = existing.get(e.residentId);
      if (e.status === null) {
        if (before) {
          tx.delete(attendance).where(eq(attendance.id, before.id)).run();
          cleared++;
        }
        continue;
      }
      if (
        before &&
        before.status === e.status &&
        before.engagement === e.engagement &&
        before.mood === e.mood &&
        before.note === e.note &&
        before.minutes === minutes
      )
        continue;
      const values = {
        status: e.status,
        engagement: e.engagement,
        mood: e.mood,
        note: e.note,
        minutes,
        recordedByUserId: args.actor.id,
        recordedByName: args.actor.displayName,
        recordedAt,
      };
      if (before) tx.update(attendance).set(values).where(eq(attendance.id, before.id)).run();
      else
        tx.insert(attendance)
          .values({ id: newId(), eventId: args.eventId, occurrenceDate: args.occurrenceDate, residentId: e.residentId, ...values })
          .run();
      written++;
    }
  });
  return { written, cleared };
}

/** Clears one resident's mark for an occurrence; false when there was none. */
export function clearAttendance(db: TenantDb, eventId: string, occurrenceDate: string, residentId: string): boolean {
  return (
    db
      .delete(attendance)
      .where(and(eq(attendance.eventId, eventId), eq(attendance.occurrenceDate, occurrenceDate), eq(attendance.residentId, residentId)))
      .run().changes > 0
  );
}

function marksOf(db: TenantDb, eventId: string, occurrenceDate: string): AttendanceRow[] {
  return db
    .select()
    .from(attendance)
    .where(and(eq(attendance.eventId, eventId), eq(attendance.occurrenceDate, occurrenceDate)))
    .all();
}

export type AttendanceMark = {
  residentId: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  status: AttendanceStatus;
  engagement: EngagementLevel | null;
  mood: Mood | null;
  note: string | null;
  minutes: number | null;
  recordedByUserId: string | null;
  recordedByName: string | null;
  recordedAt: string;
};

/** The occurrence's marks with the residents' names, by name. */
export function occurrenceAttendance(db: TenantDb, eventId: string, occurrenceDate: string): AttendanceMark[] {
  return db
    .select({
      residentId: attendance.residentId,
      firstName: residents.firstName,
      lastName: residents.lastName,
      roomNumber: residents.roomNumber,
      status: attendance.status,
      engagement: attendance.engagement,
      mood: attendance.mood,
      note: attendance.note,
      minutes: attendance.minutes,
      recordedByUserId: attendance.recordedByUserId,
      recordedByName: attendance.recordedByName,
      recordedAt: attendance.recordedAt,
    })
    .from(attendance)
    .innerJoin(residents, eq(residents.id, attendance.residentId))
    .where(and(eq(attendance.eventId, eventId), eq(attendance.occurrenceDate, occurrenceDate)))
    .orderBy(asc(residents.sortName), asc(residents.id))
    .all();
}

export type StatusCounts = Record<AttendanceStatus, number> & { total: number };

export function emptyCounts(): StatusCounts {
  return { attended: 0, declined: 0, one_to_one: 0, unwell: 0, absent: 0, total: 0 };
}

/** How many residents have each status. */
export function countByStatus(marks: { status: AttendanceStatus }[]): StatusCounts {
  const counts = emptyCounts();
  for (const m of marks) {
    counts[m.status]++;
    counts.total++;
  }
  return counts;
}

/** The counts per status of several occurrences at once (today's list), keyed "eventId date". */
export function countsForOccurrences(db: TenantDb, occurrences: { id: string; occurrenceDate: string }[]): Map<string, StatusCounts> {
  const out = new Map<string, StatusCounts>();
  if (occurrences.length === 0) return out;
  const dates = [...new Set(occurrences.map((o) => o.occurrenceDate))];
  const ids = [...new Set(occurrences.map((o) => o.id))];
  const rows = db
    .select({ eventId: attendance.eventId, date: attendance.occurrenceDate, status: attendance.status, n: count() })
    .from(attendance)
    .where(and(inArray(attendance.eventId, ids), inArray(attendance.occurrenceDate, dates)))
    .groupBy(attendance.eventId, attendance.occurrenceDate, attendance.status)
    .all();
  for (const r of rows) {
    const key = `${r.eventId} ${r.date}`;
    const counts = out.get(key) ?? emptyCounts();
    counts[r.status] += r.n;
    counts.total += r.n;
    out.set(key, counts);
  }
  return out;
}

/** Who recorded the occurrence's marks last, and when. */
export function lastRecorded(marks: AttendanceMark[]): { name: string | null; at: string } | null {
  let last: AttendanceMark | null = null;
  for (const m of marks) if (!last || m.recordedAt > last.recordedAt) last = m;
  return last ? { name: last.recordedByName, at: last.recordedAt } : null;
}

// --- the residents list of an occurrence page ---

export type ResidentChoice = { id: string; firstName: string; lastName: string; roomNumber: string | null };

/** Active residents by name, those whose name or room matches every word of `q`; a page of them. */
export function activeResidentsPage(db: TenantDb, opts: { q?: string | null; limit: number; offset: number }): { residents: ResidentChoice[]; total: number } {
  const words = residentSearchWords(opts.q);
  const where = and(
    eq(residents.isActive, true),
    ...words.map((word) => sql`(${residents.sortName} || ' ' || coalesce(${residents.sortRoom}, '')) like ${containsPattern(word)} escape '\\'`),
  );
  const total = db.select({ n: count() }).from(residents).where(where).get()?.n ?? 0;
  const page = db
    .select({ id: residents.id, firstName: residents.firstName, lastName: residents.lastName, roomNumber: residents.roomNumber })
    .from(residents)
    .where(where)
    .orderBy(asc(residents.sortName), asc(residents.id))
    .limit(opts.limit)
    .offset(opts.offset)
    .all();
  return { residents: page, total };
}

// --- sign-ups and the waiting list ---

export type Signup = ResidentChoice & { createdAt: string; position: number };
export type SignupList = { max: number | null; signedUp: Signup[]; waiting: Signup[] };

/**
 * The residents signed up for an occurrence, first come first served: the first `max` have a
 * place, the rest wait in the order they signed up.
 */
export function listSignups(db: TenantDb, eventId: string, occurrenceDate: string, max: number | null): SignupList {
  const rows = db
    .select({
      id: residents.id,
      firstName: residents.firstName,
      lastName: residents.lastName,
      roomNumber: residents.roomNumber,
      createdAt: eventSignups.createdAt,
    })
    .from(eventSignups)
    .innerJoin(residents, eq(residents.id, eventSignups.residentId))
    .where(and(eq(eventSignups.eventId, eventId), eq(eventSignups.occurrenceDate, occurrenceDate)))
    .orderBy(asc(eventSignups.createdAt), sql`${eventSignups}.rowid`)
    .all()
    .map((r, i) => ({ ...r, position: i + 1 }));
  const places = max ?? rows.length;
  return { max, signedUp: rows.slice(0, places), waiting: rows.slice(places) };
}

/** Whether the occurrence has started (at its start time, or the day after when it has none). */
export function occurrenceHasStarted(occurrence: Pick<CalendarEventView, "eventDate" | "startTime">, timeZone: string, now = new Date()): boolean {
  const today = todayInTimeZone(timeZone, now);
  if (occurrence.eventDate !== today) return occurrence.eventDate < today;
  const m = occurrence.startTime ? /^(\d{2}):(\d{2})/.exec(occurrence.startTime) : null;
  if (!m) return false;
  const [y, mo, d] = occurrence.eventDate.split("-").map(Number) as [number, number, number];
  return now.getTime() >= instantAt(timeZone, { year: y, month: mo, day: d, hour: Number(m[1]), minute: Number(m[2]) }).getTime();
}

/**
 * Signs a resident up for an occurrence of an event with a maximum: a place while there is one,
 * else the end of the waiting list. Refused once the occurrence has started, for an event without
 * a maximum, a cancelled occurrence, or a resident who is not an active resident here.
 */
export function signUp(
  db: TenantDb,
  args: { eventId: string; occurrenceDate: string; residentId: string; timeZone: string; actor: Actor; now?: Date },
): { waiting: boolean; position: number } {
  const occurrence = occurrenceForRecording(db, args.eventId, args.occurrenceDate, args.timeZone);
  if (!occurrence.maxParticipants) throw new AttendanceError(msg("attendance:error.noSignups"));
  if (occurrenceHasStarted(occurrence, args.timeZone, args.now)) throw new AttendanceError(msg("attendance:error.signupClosed"));
  const resident = activeResidentsAmong(db, [args.residentId]).get(args.residentId);
  if (!resident?.isActive) throw new AttendanceError(msg("attendance:error.unknownResident", { index: 1 }), args.residentId);
  const before = listSignups(db, args.eventId, args.occurrenceDate, occurrence.maxParticipants);
  if ([...before.signedUp, ...before.waiting].some((s) => s.id === args.residentId))
    throw new AttendanceError(msg("attendance:error.alreadySignedUp", { name: `${resident.firstName} ${resident.lastName}` }), args.residentId);
  db.insert(eventSignups)
    .values({
      eventId: args.eventId,
      occurrenceDate: args.occurrenceDate,
      residentId: args.residentId,
      signedUpByUserId: args.actor.id,
      createdAt: (args.now ?? new Date()).toISOString(),
    })
    .run();
  const position = before.signedUp.length + before.waiting.length + 1;
  return { waiting: position > occurrence.maxParticipants, position };
}

/**
 * Takes a resident off an occurrence's list; when she had a place, the first on the waiting list
 * has it now (returned).
 */
export function withdrawSignup(db: TenantDb, eventId: string, occurrenceDate: string, residentId: string, max: number | null): { removed: boolean; movedUp: Signup | null } {
  const before = listSignups(db, eventId, occurrenceDate, max);
  const hadPlace = before.signedUp.some((s) => s.id === residentId);
  const removed =
    db
      .delete(eventSignups)
      .where(and(eq(eventSignups.eventId, eventId), eq(eventSignups.occurrenceDate, occurrenceDate), eq(eventSignups.residentId, residentId)))
      .run().changes > 0;
  return { removed, movedUp: removed && hadPlace ? (before.waiting[0] ?? null) : null };
}

// --- one-to-one visits without an event ---

export type VisitInput = {
  residentId: string;
  activity: string;
  minutes: number;
  date: string;
  engagement?: EngagementLevel | null;
  mood?: Mood | null;
  note?: string | null;
};

/** Logs a one-to-one visit (no event): what was done, how long, on a day not in the future. */
export function logVisit(db: TenantDb, input: VisitInput, args: { timeZone: string; actor: Actor; now?: Date }): AttendanceRow {
  const activity = input.activity.trim();
  if (!activity) throw new AttendanceError(msg("attendance:visit.activityRequired"));
  if (activity.length > ACTIVITY_MAX) throw new AttendanceError(msg("attendance:visit.activityTooLong", { max: ACTIVITY_MAX }));
  if (!Number.isInteger(input.minutes) || input.minutes < 1 || input.minutes > VISIT_MINUTES_MAX)
    throw new AttendanceError(msg("attendance:visit.minutesRange", { max: VISIT_MINUTES_MAX }));
  if (!isCalendarDate(input.date)) throw new AttendanceError(msg("attendance:visit.dateInvalid"));
  if (input.date > todayInTimeZone(args.timeZone, args.now)) throw new AttendanceError(msg("attendance:visit.dateFuture"));
  const [entry] = checkEntries(db, [{ residentId: input.residentId, status: "one_to_one", engagement: input.engagement, mood: input.mood, note: input.note }]);
  const id = newId();
  db.insert(attendance)
    .values({
      id,
      eventId: null,
      occurrenceDate: input.date,
      residentId: entry!.residentId,
      status: "one_to_one",
      engagement: entry!.engagement,
      mood: entry!.mood,
      note: entry!.note,
      minutes: input.minutes,
      activity,
      recordedByUserId: args.actor.id,
      recordedByName: args.actor.displayName,
    })
    .run();
  return db.select().from(attendance).where(eq(attendance.id, id)).get()!;
}

/** One-to-one visits logged on a day, by when they were recorded. */
export function visitsOn(db: TenantDb, date: string) {
  return db
    .select({
      id: attendance.id,
      residentId: attendance.residentId,
      firstName: residents.firstName,
      lastName: residents.lastName,
      activity: attendance.activity,
      minutes: attendance.minutes,
      recordedByName: attendance.recordedByName,
    })
    .from(attendance)
    .innerJoin(residents, eq(residents.id, attendance.residentId))
    .where(and(isNull(attendance.eventId), eq(attendance.occurrenceDate, date)))
    .orderBy(asc(attendance.recordedAt))
    .all();
}
