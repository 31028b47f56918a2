// The four totals both care-team areas show above their tabs, in the same place and words.
import { countUpcomingEvents } from "~/models/event.server";
import { countFamilyMembers } from "~/models/family.server";
import { countNewsPosts } from "~/models/news.server";
import { countActiveResidents } from "~/models/resident.server";
import type { Community, TenantDb } from "~/utils/db.server";

export type CareTeamTotals = { residents: number; families: number; news: number; events: number };

export function careTeamTotals(
  db: TenantDb,
  community: Pick<Community, "timeZone">,
): CareTeamTotals {
  return {
    residents: countActiveResidents(db),
    families: countFamilyMembers(db),
    news: countNewsPosts(db, { published: true }),
    events: countUpcomingEvents(db, community.timeZone),
  };
}
