// GET /api/calendar-events/{id}: the event (its first date, its rule). PATCH: change any of title,
// description, eventDate, startTime, endTime, location, maxParticipants, isActive, recurrence (an
// RRULE, at most daily; null: it happens once). The care team only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CalendarEventPatchSchema } from "~/models/admin-schemas.server";
import { getEvent, toCalendarEventView, updateEvent } from "~/models/event.server";
import { methodNotAllowed, notFound, readJson } from "~/utils/api.server";
import { getT } from "~/utils/i18n.server";
import { requireCareTeam } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { ruleOrRefusal } from "./__calendar.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = await requireCareTeam(request);
  const event = getEvent(db, params.id ?? "");
  if (!event) return notFound((await getT(request, "programs"))("api.eventNotFound"));
  return Response.json(toCalendarEventView(event, community.timeZone));
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, community } = await requireCareTeam(request);
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const before = getEvent(db, params.id ?? "");
  if (!before) return notFound((await getT(request, "programs"))("api.eventNotFound"));
  const patch = await readJson(request, CalendarEventPatchSchema);
  const eventDate = patch.eventDate ?? before.eventDate;
  // a new first date is checked against the rule the event keeps
  let recurrence: string | null | undefined;
  if (patch.recurrence !== undefined || patch.eventDate !== undefined) {
    const sent = patch.recurrence !== undefined ? patch.recurrence : before.recurrence;
    const rule = await ruleOrRefusal(request, sent, eventDate);
    if ("refusal" in rule) return rule.refusal;
    recurrence = rule.rule;
  }
  const event = updateEvent(db, before.id, { ...patch, recurrence });
  if (!event) return notFound((await getT(request, "programs"))("api.eventNotFound"));
  return Response.json(toCalendarEventView(event, community.timeZone));
}
