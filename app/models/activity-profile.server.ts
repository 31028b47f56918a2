// A resident's activity profile: the assessment the program is planned from (interests, what she
// enjoys or refuses, preferred times and group size) and the day it was done. A new resident's
// assessment is due within 14 days of admission; the overview reminds staff from day 7.
import { and, asc, eq, gte, isNull, isNotNull, lte, or } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { addDaysToDate, isCalendarDate, todayInTimeZone } from "./event-dates";

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

export const GROUP_SIZES = ["one_to_one", "small", "large", "any"] as const;
export type GroupSize = (typeof GROUP_SIZES)[number];
export const PROFILE_TEXT_MAX = 2000;

export type ActivityProfileFields = {
  interests: string;
  enjoys: string;
  refuses: string;
  preferredTimes: string;
  groupSize: GroupSize | "";
  notes: string;
  assessedAt: string;
};

/** Her saved profile, or null when none was saved yet. */
export function getActivityProfile(db: TenantDb, residentId: string) {
  return (
    db.select().from(activityProfiles).where(eq(activityProfiles.residentId, residentId)).get() ??
    null
  );
}

/** The profile's form fields: what was saved, or else blank with the interests from About me. */
export function profileFields(
  db: TenantDb,
  residentId: string,
  aboutInterests: string | null,
): ActivityProfileFields {
  const p = getActivityProfile(db, residentId);
  if (!p)
    return {
      interests: aboutInterests ?? "",
      enjoys: "",
      refuses: "",
      preferredTimes: "",
      groupSize: "",
      notes: "",
      assessedAt: "",
    };
  return {
    interests: p.interests ?? "",
    enjoys: p.enjoys ?? "",
    refuses: p.refuses ?? "",
    preferredTimes: p.preferredTimes ?? "",
    groupSize: p.groupSize ?? "",
    notes: p.notes ?? "",
    assessedAt: p.assessedAt ?? "",
  };
}

/** A problem with the fields as a catalog key of "participation" (field → key), or none. */
export function profileProblems(
  fields: ActivityProfileFields,
  timeZone: string,
  now: Date = new Date(),
): Partial<Record<keyof ActivityProfileFields, string>> {
  const problems: Partial<Record<keyof ActivityProfileFields, string>> = {};
  for (const key of ["interests", "enjoys", "refuses", "preferredTimes", "notes"] as const)
    if (fields[key].length > PROFILE_TEXT_MAX) problems[key] = "profile.tooLong";
  if (fields.groupSize && !GROUP_SIZES.includes(fields.groupSize))
    problems.groupSize = "profile.groupSizeInvalid";
  if (fields.assessedAt) {
    if (!isCalendarDate(fields.assessedAt)) problems.assessedAt = "profile.dateInvalid";
    else if (fields.assessedAt > todayInTimeZone(timeZone, now))
      problems.assessedAt = "profile.dateFuture";
  }
  return problems;
}

/** Saves her profile (checked with profileProblems first); the assessor is who saved the date. */
export function saveActivityProfile(
  db: TenantDb,
  residentId: string,
  fields: ActivityProfileFields,
  actor: { id: string },
) {
  const blank = (s: string) => (s.trim() ? s.trim() : null);
  const previous = getActivityProfile(db, residentId);
  const assessedAt = blank(fields.assessedAt);
  const values = {
    interests: blank(fields.interests),
    enjoys: blank(fields.enjoys),
    refuses: blank(fields.refuses),
    preferredTimes: blank(fields.preferredTimes),
    groupSize: fields.groupSize || null,
    notes: blank(fields.notes),
    assessedAt,
    assessedByUserId:
      assessedAt && assessedAt === previous?.assessedAt
        ? previous.assessedByUserId
        : assessedAt
          ? actor.id
          : null,
    updatedAt: new Date().toISOString(),
  };
  db.insert(activityProfiles)
    .values({ residentId, ...values })
    .onConflictDoUpdate({ target: activityProfiles.residentId, set: values })
    .run();
}
