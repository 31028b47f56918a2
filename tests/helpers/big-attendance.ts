// Months of daily programs for a big community (the reports' test and `npm run bench:lists`): four
// programs a day made once each with FREQ=DAILY, and for every resident and occurrence a mark
// chosen by a fixed hash (about a third attended), plus a weekly one-to-one visit for every tenth
// resident. A few residents never take part, and a few stop ten days before the last day. Rows are
// inserted directly (no per-row model calls) and returned, so a test can count them on its own.
import { createEvent } from "~/models/event.server";
import { addDaysToDate } from "~/models/event-dates";
import { tenantSchema, type TenantDb } from "~/utils/db.server";

export const PROGRAMS = [
  { title: "Morning Exercise", startTime: "10:00", endTime: "10:45", minutes: 45 },
  { title: "Bingo", startTime: "14:00", endTime: "15:00", minutes: 60 },
  { title: "Story Circle", startTime: "15:30", endTime: "16:15", minutes: 45 },
  { title: "Music Hour", startTime: "18:00", endTime: "19:00", minutes: 60 },
] as const;

export type AttendanceRow = typeof tenantSchema.attendance.$inferInsert;

/** A number from 0 to 99 fixed by its inputs. */
export function mark(i: number, p: number, d: number): number {
  let h = (i * 7919 + p * 104_729 + d * 1_299_709 + 12_345) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return (h ^ (h >>> 16)) % 100;
}

/** Residents (by their index) who never take part, and who stop ten days before the end. */
export const neverJoins = (i: number) => i % 97 === 5;
export const stopsJoining = (i: number) => i % 53 === 1;

/**
 * Makes the programs from `from` and marks attendance to `to` (YYYY-MM-DD, both included) for the
 * residents given (in a fixed order). Returns the events' ids (by title) and every row inserted.
 */
export function seedAttendance(
  db: TenantDb,
  residentIds: string[],
  from: string,
  to: string,
): { events: Record<string, string>; rows: AttendanceRow[] } {
  const { attendance } = tenantSchema;
  const events: Record<string, string> = {};
  for (const p of PROGRAMS)
    events[p.title] = createEvent(
      db,
      {
        title: p.title,
        eventDate: from,
        startTime: p.startTime,
        endTime: p.endTime,
        location: "Lounge",
        recurrence: "FREQ=DAILY",
      },
      null,
    ).id;
  const stopFrom = addDaysToDate(to, -9);
  const rows: AttendanceRow[] = [];
  let d = 0;
  for (let day = from; day <= to; day = addDaysToDate(day, 1), d++) {
    residentIds.forEach((residentId, i) => {
      if (neverJoins(i)) return;
      const stopped = stopsJoining(i) && day >= stopFrom;
      PROGRAMS.forEach((p, pi) => {
        const n = mark(i, pi, d);
        const status =
          n < 33
            ? "attended"
            : n < 38
              ? "declined"
              : n < 40
                ? "one_to_one"
                : n < 42
                  ? "unwell"
                  : n < 45
                    ? "absent"
                    : null;
        if (!status) return;
        if (stopped && (status === "attended" || status === "one_to_one")) return;
        const engagement =
          status === "attended"
            ? n % 3 === 0
              ? "active"
              : n % 3 === 1
                ? "passive"
                : "none"
            : null;
        rows.push({
          id: `att-${pi}-${d}-${i}`,
          eventId: events[p.title]!,
          occurrenceDate: day,
          residentId,
          status,
          engagement,
          minutes: p.minutes,
          recordedByName: "Bench",
        });
      });
      if (i % 10 === 0 && d % 7 === 3 && !stopped)
        rows.push({
          id: `visit-${d}-${i}`,
          eventId: null,
          occurrenceDate: day,
          residentId,
          status: "one_to_one",
          engagement: "passive",
          minutes: 20,
          activity: "Read the newspaper together",
          recordedByName: "Bench",
        });
    });
  }
  db.transaction((tx) => {
    for (let k = 0; k < rows.length; k += 500)
      tx.insert(attendance)
        .values(rows.slice(k, k + 500))
        .run();
  });
  return { events, rows };
}
