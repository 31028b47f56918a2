// A community's own settings kept in its database: when the weekly digest goes out (its day and
// hour on the community's clock) and up to when the last digest reported.
import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { DEFAULT_DIGEST_SCHEDULE, type DigestSchedule } from "./digest-schedule";

const { communitySettings } = tenantSchema;
const ROW = "community";

export type DigestSettings = DigestSchedule & {
  /** end of the window the last digest covered; null before the first scheduled run */
  lastDigestAt: string | null;
  /** when the schedule was last chosen (slots before it are not sent) */
  scheduleChangedAt: string | null;
};

export function getDigestSettings(db: TenantDb): DigestSettings {
  const row = db.select().from(communitySettings).where(eq(communitySettings.id, ROW)).get();
  if (!row) return { ...DEFAULT_DIGEST_SCHEDULE, lastDigestAt: null, scheduleChangedAt: null };
  return { day: row.digestDay, hour: row.digestHour, lastDigestAt: row.lastDigestAt, scheduleChangedAt: row.updatedAt };
}

export function saveDigestSchedule(db: TenantDb, schedule: DigestSchedule, now = new Date()) {
  const updatedAt = now.toISOString();
  db.insert(communitySettings)
    .values({ id: ROW, digestDay: schedule.day, digestHour: schedule.hour, updatedAt })
    .onConflictDoUpdate({ target: communitySettings.id, set: { digestDay: schedule.day, digestHour: schedule.hour, updatedAt } })
    .run();
}

/** Records up to when the digest has reported (does not count as a schedule change). */
export function setLastDigestAt(db: TenantQueries, iso: string) {
  db.insert(communitySettings).values({ id: ROW, lastDigestAt: iso, updatedAt: iso }).onConflictDoUpdate({ target: communitySettings.id, set: { lastDigestAt: iso } }).run();
}
