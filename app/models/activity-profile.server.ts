// A resident's activity profile: the assessment the program is planned from (interests, what she
// enjoys or refuses, preferred times and group size) and the day it was done. A new resident's
// assessment is due within 14 days of admission; the overview reminds staff from day 7.
import { and, asc, eq, gte, isNull, isNotNull, lte, or } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { addDaysToDate, todayInTimeZone } from "./event-dates";

const { residents, activityProfiles } = tenantSchema;

/** Days after admission from which a missing assessment is shown, and by which it is due. */
export const ASSESSMENT_REMINDER_DAYS = 7;
export const ASSESSMENT_DUE_DAYS = 14;

export type AssessmentDue = {
  residentId: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  admissionDate: string;
  /** days since admission */
  days: number;
  /** 14 days or more since admission: overdue, not only due soon */
  overdue: boolean;
};

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Active residents admitted 7 or more days ago (in the community's calendar) whose activity
 * assessment has not been done, longest waiting first. `admittedWithinDays` keeps only the
 * recently admitted (the overview's reminder of new residents; a report lists them all).
 */
export function assessmentsDue(
  db: TenantDb,
  timeZone: string,
  opts: { now?: Date; admittedWithinDays?: number } = {},
): AssessmentDue[] {
  const today = todayInTimeZone(timeZone, opts.now ?? new Date());
  const remindFrom = addDaysToDate(today, -ASSESSMENT_REMINDER_DAYS);
  const rows = db
    .select({
      residentId: residents.id,
      firstName: residents.firstName,
      lastName: residents.lastName,
      roomNumber: residents.roomNumber,
      admissionDate: residents.admissionDate,
    })
    .from(residents)
    .leftJoin(activityProfiles, eq(activityProfiles.residentId, residents.id))
    .where(
      and(
        eq(residents.isActive, true),
        isNotNull(residents.admissionDate),
        lte(residents.admissionDate, remindFrom),
        opts.admittedWithinDays !== undefined
          ? gte(residents.admissionDate, addDaysToDate(today, -opts.admittedWithinDays))
          : undefined,
        or(isNull(activityProfiles.residentId), isNull(activityProfiles.assessedAt)),
      ),
    )
    .orderBy(asc(residents.admissionDate), asc(residents.sortName))
    .all();
  return rows.map((r) => {
    const days = daysBetween(r.admissionDate!, today);
    return { ...r, admissionDate: r.admissionDate!, days, overdue: days >= ASSESSMENT_DUE_DAYS };
  });
}
