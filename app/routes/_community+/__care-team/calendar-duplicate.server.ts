// Duplicating an event: its copy (title, times, place, rule) starts on the day asked (a week
// later unless changed), and its edit form opens.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addDaysToDate, isCalendarDate } from "~/models/event-dates";
import { duplicateEvent, getEvent } from "~/models/event.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { getT } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AREAS, areaOf } from "./areas";

async function eventOr404(request: Request, id: string | undefined) {
  const area = areaOf(request);
  const ctx = await requireArea(request, area);
  const event = getEvent(ctx.db, id ?? "");
  if (!event)
    throw new Response((await getT(request, "programs"))("change.noEvent"), { status: 404 });
  return { ...ctx, area, event };
}

export async function duplicateLoader({ request, params }: LoaderFunctionArgs) {
  const { event } = await eventOr404(request, params.eventId);
  return {
    event: { id: event.id, title: event.title },
    suggested: addDaysToDate(event.eventDate, 7),
  };
}

export const duplicatePolicy = { body: "form" } satisfies RoutePolicy;

export async function duplicateAction({ request, params }: ActionFunctionArgs) {
  const { db, user, area, event } = await eventOr404(request, params.eventId);
  const t = await getT(request, "programs");
  const form = await request.formData();
  const date = String(form.get("eventDate") ?? "").trim();
  if (!isCalendarDate(date)) return { error: t("change.badDate"), eventDate: date };
  const copy = duplicateEvent(db, event.id, date, user);
  if (!copy) return { error: t("change.failed"), eventDate: date };
  return redirectWithToast(`${AREAS[area].calendar}/${copy.id}`, {
    type: "success",
    title: t("duplicate.done"),
    description: copy.title,
  });
}
