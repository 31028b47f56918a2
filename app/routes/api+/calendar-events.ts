// GET /api/calendar-events: events by date ascending. The care team gets every event (cancelled
// ones too); families and residents only active ones. With ?from=YYYY-MM-DD&to=YYYY-MM-DD (both
// included, at most 366 days): the occurrences in that range, each with its event's `id` and its
// `occurrenceDate`. POST (care team): title, description, eventDate, startTime, endTime,
// location, maxParticipants, recurrence (an RRULE such as "FREQ=WEEKLY;BYDAY=TU", at most daily).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CalendarEventSchema } from "~/models/admin-schemas.server";
import {
  createEvent,
  listEvents,
  listOccurrences,
  toCalendarEventView,
} from "~/models/event.server";
import { ruleOrRefusal } from "./__calendar.server";
import { isCalendarDate } from "~/models/event-dates";
import { badRequest, methodNotAllowed, readJson } from "~/utils/api.server";
import { getT } from "~/utils/i18n.server";
import { requireCareTeam, requireTenantUser } from "~/utils/permissions.server";
import { CARE_TEAM_ROLES, roleIn } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";

const MAX_RANGE_DAYS = 366;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireTenantUser(request);
  const activeOnly = !roleIn(user.role, CARE_TEAM_ROLES);
  const url = new URL(request.url);
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  if (from === null && to === null)
    return Response.json(listEvents(db, community.timeZone, { activeOnly }));
  const t = await getT(request, "programs");
  if (!from || !to || !isCalendarDate(from) || !isCalendarDate(to))
    return badRequest(t("api.rangeDates"));
  if (to < from) return badRequest(t("api.rangeReversed"));
  if (daysBetween(from, to) > MAX_RANGE_DAYS - 1)
    return badRequest(t("api.rangeTooLong", { days: MAX_RANGE_DAYS }));
  return Response.json(
    listOccurrences(db, community.timeZone, from, to, { activeOnly, limit: 5000 }),
  );
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, CalendarEventSchema);
  const rule = await ruleOrRefusal(request, input.recurrence, input.eventDate);
  if ("refusal" in rule) return rule.refusal;
  const event = createEvent(db, { ...input, recurrence: rule.rule }, user);
  return Response.json(toCalendarEventView(event, community.timeZone), { status: 201 });
}
