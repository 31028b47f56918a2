// Today's list (/admin/today, /staff/today): today's occurrences in time order with what was
// recorded for each, and the one-to-one visits logged today.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { countsForOccurrences, emptyCounts, visitsOn } from "~/models/attendance.server";
import { listOccurrences, todayInTimeZone } from "~/models/event.server";
import { requireArea } from "~/utils/permissions.server";
import { areaOf } from "./areas";

export async function todayLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const today = todayInTimeZone(community.timeZone);
  const occurrences = listOccurrences(db, community.timeZone, today, today, { activeOnly: true });
  const counts = countsForOccurrences(db, occurrences);
  return {
    area,
    today,
    occurrences: occurrences.map((o) => ({
      id: o.id,
      occurrenceDate: o.occurrenceDate,
      title: o.title,
      startTime: o.startTime,
      endTime: o.endTime,
      location: o.location,
      counts: counts.get(`${o.id} ${o.occurrenceDate}`) ?? emptyCounts(),
    })),
    visits: visitsOn(db, today),
  };
}
