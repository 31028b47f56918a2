// Subscribing to the calendar in one's own calendar program: the staff member's secret address,
// shown once when made (it is kept only as a hash); making a new one ends the old.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeedOf, newCalendarFeedToken } from "~/models/calendar-ics.server";
import { formatDateTime } from "~/models/local-time";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { communityOrigin } from "~/utils/host.server";
import { requestLanguage } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";
import { areaOf } from "./areas";

export async function subscribeLoader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, areaOf(request));
  const feed = calendarFeedOf(db, user.id);
  const lang = await requestLanguage(request);
  return { madeOn: feed ? formatDateTime(feed.createdAt, community.timeZone, lang) : null };
}

export const subscribePolicy = { body: "form" } satisfies RoutePolicy;

export async function subscribeAction({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireArea(request, areaOf(request));
  const token = newCalendarFeedToken(db, user.id);
  const url = `${communityOrigin(request, community.subdomain)}/calendar.ics?token=${token}`;
  // webcal: opens the calendar program on most computers and phones
  return { url, webcal: url.replace(/^https?:/, "webcal:") };
}
