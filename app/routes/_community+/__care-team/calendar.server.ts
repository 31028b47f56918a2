// Loaders and actions of the activity calendar, shared by /admin/calendar and /staff/calendar.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CalendarEventSchema } from "~/models/admin-schemas.server";
import { monthGrid, parseMonth, shiftMonth } from "~/models/calendar-month";
import {
  createEvent,
  deleteEvent,
  eventDateBadge,
  getEvent,
  listCalendar,
  listEvents,
  setEventActive,
  todayInTimeZone,
  updateEvent,
} from "~/models/event.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AREAS, areaOf } from "./areas";
import { requireArea, type AreaName } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { badgeLabel } from "./Calendar";

/** An event's day as its badge reads: Today, Tomorrow, or its short date. */
async function whenOf(request: Request, eventDate: string, timeZone: string): Promise<string> {
  const t = await getT(request, "care-content");
  return badgeLabel(
    eventDateBadge(eventDate, timeZone),
    eventDate,
    t,
    await requestLanguage(request),
  );
}

/** A date before today (in the community's time zone) that the form has not confirmed yet. */
function unconfirmedPastDate(formData: FormData, eventDate: string, timeZone: string): boolean {
  return eventDate < todayInTimeZone(timeZone) && formData.get("confirmPastDate") !== "yes";
}

export async function calendarLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const url = new URL(request.url);
  const today = todayInTimeZone(community.timeZone);
  if (url.searchParams.get("view") === "month") {
    // one month on one printed page: ?view=month&month=2026-12
    const month = parseMonth(url.searchParams.get("month")) ?? today.slice(0, 7);
    const events = listEvents(db, community.timeZone, {
      from: `${month}-01`,
      before: `${shiftMonth(month, 1)}-01`,
    });
    return {
      view: "month" as const,
      month: {
        month,
        previous: shiftMonth(month, -1),
        next: shiftMonth(month, 1),
        weeks: monthGrid(month, events, today),
        facility: community.name,
      },
      upcoming: [],
      past: [],
    };
  }
  return { view: "list" as const, month: null, ...listCalendar(db, community.timeZone) };
}

export async function newEventLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  await requireArea(request, area);
  return null;
}

export const newEventPolicy = { body: "form" } satisfies RoutePolicy;

export async function newEventAction({ request }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const t = await getT(request, "care-content");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: CalendarEventSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: [t("event.failedCreate")] });
  // nothing silent: a date in the past is asked about, not filed away among past events
  if (unconfirmedPastDate(formData, submission.value.eventDate, community.timeZone)) {
    return {
      ...submission.reply({ fieldErrors: { eventDate: [t("event.pastQuestion")] } }),
      pastDate: true,
    };
  }
  try {
    const event = createEvent(db, submission.value, user);
    return redirectWithToast(cfg.calendar, {
      type: "success",
      title: t("event.created"),
      description: t("event.createdDetail", {
        title: event.title,
        when: await whenOf(request, event.eventDate, community.timeZone),
      }),
    });
  } catch (error) {
    console.error("Creating an event failed", error);
    return redirectWithToast(cfg.calendar, {
      type: "error",
      title: t("event.failedCreate"),
      description: t("tryAgain"),
    });
  }
}

async function eventOr404(request: Request, id: string | undefined, area: AreaName) {
  const ctx = await requireArea(request, area);
  const event = getEvent(ctx.db, id ?? "");
  if (!event) throw new Response("404 Page Not Found", { status: 404 });
  return { ...ctx, event };
}

export async function editEventLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { event } = await eventOr404(request, params.eventId, area);
  return { event };
}

export const editEventPolicy = { body: "form" } satisfies RoutePolicy;

export async function editEventAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const cfg = AREAS[area];
  const t = await getT(request, "care-content");
  const before = getEvent(db, params.eventId ?? "");
  if (!before)
    return redirectWithToast(cfg.calendar, {
      type: "error",
      title: t("event.failedUpdate"),
      description: t("event.gone"),
    });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "update");
  if (intent === "cancel" || intent === "reinstate") {
    const event = setEventActive(db, before.id, intent === "reinstate");
    if (!event)
      return redirectWithToast(cfg.calendar, {
        type: "error",
        title: t("event.failedUpdate"),
        description: t("tryAgain"),
      });
    return redirectWithToast(cfg.calendar, {
      type: "success",
      title: intent === "cancel" ? t("event.cancelledToast") : t("event.reinstated"),
      description: event.title,
    });
  }
  const submission = parseWithZod(formData, { schema: CalendarEventSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: [t("event.failedUpdate")] });
  // moving an event to a past date asks first (an event that already was in the past does not)
  if (
    submission.value.eventDate !== before.eventDate &&
    unconfirmedPastDate(formData, submission.value.eventDate, community.timeZone)
  ) {
    return {
      ...submission.reply({ fieldErrors: { eventDate: [t("event.pastQuestion")] } }),
      pastDate: true,
    };
  }
  // an emptied optional field is cleared, not kept
  const v = submission.value;
  const event = updateEvent(db, before.id, {
    ...v,
    description: v.description ?? null,
    startTime: v.startTime ?? null,
    endTime: v.endTime ?? null,
    location: v.location ?? null,
    maxParticipants: v.maxParticipants ?? null,
  });
  if (!event)
    return redirectWithToast(cfg.calendar, {
      type: "error",
      title: t("event.failedUpdate"),
      description: t("tryAgain"),
    });
  return redirectWithToast(cfg.calendar, {
    type: "success",
    title: t("event.updated"),
    description: event.title,
  });
}

export async function deleteEventLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { event, community } = await eventOr404(request, params.eventId, area);
  return {
    event: {
      id: event.id,
      title: event.title,
      when: await whenOf(request, event.eventDate, community.timeZone),
    },
  };
}

export const deleteEventPolicy = { body: "form" } satisfies RoutePolicy;

export async function deleteEventAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const cfg = AREAS[area];
  const t = await getT(request, "care-content");
  const event = getEvent(db, params.eventId ?? "");
  if (!event || !deleteEvent(db, event.id))
    return redirectWithToast(cfg.calendar, {
      type: "error",
      title: t("event.failedDelete"),
      description: t("event.gone"),
    });
  return redirectWithToast(cfg.calendar, {
    type: "success",
    title: t("event.deleted"),
    description: event.title,
  });
}
