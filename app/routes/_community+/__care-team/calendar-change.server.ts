// Changing one occurrence of a repeating program, or the series from that day on: shared by
// /admin/calendar/{eventId}/occurrences/{date}/change and its /staff twin. Every change is asked
// once more (a confirmation step that is a second plain form) before it is made.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { isCalendarDate } from "~/models/event-dates";
import {
  changeOccurrence,
  changeSeriesFrom,
  endSeriesBefore,
  getEvent,
  getOccurrence,
} from "~/models/event.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { clientOf } from "~/utils/host.server";
import { getT } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AREAS, areaOf } from "./areas";

export const CHANGE_INTENTS = ["move", "cancel", "reinstate", "series", "end"] as const;
export type ChangeIntent = (typeof CHANGE_INTENTS)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The occurrence the URL names, or a 404 that says why. */
async function occurrenceOr404(
  request: Request,
  eventId: string | undefined,
  date: string | undefined,
) {
  const area = areaOf(request);
  const ctx = await requireArea(request, area);
  const t = await getT(request, "programs");
  const event = getEvent(ctx.db, eventId ?? "");
  if (!event) throw new Response(t("change.noEvent"), { status: 404 });
  if (!date || !isCalendarDate(date) || !event.recurrence)
    throw new Response(t("change.notOccurrence"), { status: 404 });
  const occurrence = getOccurrence(ctx.db, event.id, date, ctx.community.timeZone);
  if (!occurrence) throw new Response(t("change.notOccurrence"), { status: 404 });
  return { ...ctx, area, event, occurrence, t };
}

export async function changeLoader({ request, params }: LoaderFunctionArgs) {
  const { occurrence, event } = await occurrenceOr404(request, params.eventId, params.date);
  return { occurrence, firstDate: event.eventDate };
}

export const changePolicy = { body: "form" } satisfies RoutePolicy;

type Sent = Record<string, string>;

export async function changeAction({ request, params }: ActionFunctionArgs) {
  const { db, community, user, area, event, occurrence, t } = await occurrenceOr404(
    request,
    params.eventId,
    params.date,
  );
  const cfg = AREAS[area];
  const form = await request.formData();
  const sent: Sent = {};
  for (const key of ["intent", "eventDate", "startTime", "endTime", "location"]) {
    const v = form.get(key);
    sent[key] = typeof v === "string" ? v.trim() : "";
  }
  const intent = (CHANGE_INTENTS as readonly string[]).includes(sent.intent!)
    ? (sent.intent as ChangeIntent)
    : null;
  if (!intent) return { intent: null, sent, errors: { form: t("change.unknown") }, confirm: false };
  const errors: Record<string, string> = {};
  if (intent === "move" && !isCalendarDate(sent.eventDate!)) errors.eventDate = t("change.badDate");
  if (intent === "move" || intent === "series") {
    if (sent.startTime && !TIME.test(sent.startTime)) errors.startTime = t("change.badTime");
    if (sent.endTime && !TIME.test(sent.endTime)) errors.endTime = t("change.badTime");
    if (sent.startTime && sent.endTime && sent.endTime <= sent.startTime)
      errors.endTime = t("change.endBeforeStart");
  }
  if (Object.keys(errors).length) return { intent, sent, errors, confirm: false };
  // the second step: the same values, confirmed
  if (form.get("confirm") !== "yes") return { intent, sent, errors: {}, confirm: true };
  const date = occurrence.occurrenceDate;
  const back = `${cfg.calendar}?view=week&week=${intent === "move" ? sent.eventDate : date}`;
  let done = false;
  if (intent === "move")
    done = changeOccurrence(
      db,
      event.id,
      date,
      {
        eventDate: sent.eventDate,
        startTime: sent.startTime || null,
        endTime: sent.endTime || null,
      },
      user,
    );
  else if (intent === "cancel" || intent === "reinstate") {
    done = changeOccurrence(db, event.id, date, { cancelled: intent === "cancel" }, user);
    if (done && intent === "cancel")
      writeAudit({
        client: clientOf(request),
        actorUserId: user.id,
        action: "program.occurrence_cancelled",
        tenantId: community.id,
        details: `${event.title} · ${date}`,
      });
  } else if (intent === "series")
    done = !!changeSeriesFrom(
      db,
      event.id,
      date,
      {
        startTime: sent.startTime || null,
        endTime: sent.endTime || null,
        location: sent.location || null,
      },
      user,
    );
  else {
    done = !!endSeriesBefore(db, event.id, date);
    if (done)
      writeAudit({
        client: clientOf(request),
        actorUserId: user.id,
        action: "program.series_ended",
        tenantId: community.id,
        details: `${event.title} · ${date}`,
      });
  }
  if (!done) return { intent, sent, errors: { form: t("change.failed") }, confirm: false };
  return redirectWithToast(back, {
    type: "success",
    title: t(`change.done.${intent}`),
    description: event.title,
  });
}
