// Loaders and actions of the activity calendar, shared by /admin/calendar and /staff/calendar.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CalendarEventSchema } from "~/models/admin-schemas.server";
import { monthGrid, monthGridRange, parseMonth, shiftMonth } from "~/models/calendar-month";
import {
  createEvent,
  deleteEvent,
  eventDateBadge,
  getEvent,
  listCalendar,
  listEvents,
  listOccurrences,
  setEventActive,
  todayInTimeZone,
  updateEvent,
} from "~/models/event.server";
import { redirectWithToast } from "~/utils/toast.server";
import { addDaysToDate, isCalendarDate } from "~/models/event-dates";
import { AREAS, areaOf } from "./areas";
import { requireArea, type AreaName } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { getT, requestLanguage } from "~/utils/i18n.server";
import {
  describeRule,
  fieldsFromForm,
  fieldsFromRule,
  ruleFromFields,
  type RecurrenceFields,
} from "~/models/recurrence.server";
import type { CalendarEventView } from "~/models/event.server";
import { badgeLabel } from "./Calendar";

/** Occurrences with their rule in words, in the reader's language ("Every week on Tuesday"). */
async function withRuleWords(request: Request, views: CalendarEventView[]) {
  const t = await getT(request, "programs");
  const lang = await requestLanguage(request);
  const words = new Map<string, string>();
  return views.map((v) => {
    if (!v.recurrence) return { ...v, ruleText: null };
    // the rule counts from the event's first date, which a list of occurrences does not carry:
    // the words depend only on the rule and (monthly) the weekday of its dates
    const key = `${v.recurrence}|${v.occurrenceDate}`;
    let text = words.get(key);
    if (text === undefined) {
      text = describeRule(v.recurrence, v.occurrenceDate, t, lang);
      words.set(key, text);
    }
    return { ...v, ruleText: text };
  });
}

/**
 * The rule the form's Repeats fieldset makes for an event first on `eventDate`. A weekly rule
 * without a ticked day falls on the first date's weekday.
 */
function ruleOfForm(formData: FormData, eventDate: string) {
  const fields: RecurrenceFields = fieldsFromForm(formData);
  if (fields.repeat === "weekly" && fields.weekdays.length === 0)
    fields.weekdays = fieldsFromRule(null, eventDate).weekdays;
  return { fields, result: ruleFromFields(fields, eventDate) };
}

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
  if (url.searchParams.get("view") === "week") {
    // one week, Monday first: ?view=week&week=2026-12-02 (any day of that week)
    const asked = url.searchParams.get("week") ?? "";
    const day = isCalendarDate(asked) ? asked : today;
    const monday = addDaysToDate(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
    const sunday = addDaysToDate(monday, 6);
    const events = await withRuleWords(
      request,
      listOccurrences(db, community.timeZone, monday, sunday),
    );
    return {
      view: "week" as const,
      month: null,
      week: {
        monday,
        previous: addDaysToDate(monday, -7),
        next: addDaysToDate(monday, 7),
        days: Array.from({ length: 7 }, (_, i) => {
          const date = addDaysToDate(monday, i);
          return {
            date,
            isToday: date === today,
            events: events.filter((e) => e.eventDate === date),
          };
        }),
        facility: community.name,
      },
      upcoming: [],
      past: [],
    };
  }
  if (url.searchParams.get("view") === "month") {
    // one month on one printed page: ?view=month&month=2026-12
    const month = parseMonth(url.searchParams.get("month")) ?? today.slice(0, 7);
    const events = await withRuleWords(
      request,
      // every day the grid draws, the greyed days of the months around it included
      listEvents(db, community.timeZone, monthGridRange(month)),
    );
    return {
      view: "month" as const,
      month: {
        month,
        previous: shiftMonth(month, -1),
        next: shiftMonth(month, 1),
        weeks: monthGrid(month, events, today),
        facility: community.name,
      },
      week: null,
      upcoming: [],
      past: [],
    };
  }
  const { upcoming, past } = listCalendar(db, community.timeZone);
  return {
    view: "list" as const,
    month: null,
    week: null,
    upcoming: await withRuleWords(request, upcoming),
    past: await withRuleWords(request, past),
  };
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
  const repeat = ruleOfForm(formData, submission.value.eventDate);
  if (!repeat.result.ok) {
    const tp = await getT(request, "programs");
    return {
      ...submission.reply({
        fieldErrors: { repeat: [tp(`rule.problem.${repeat.result.problem}`)] },
      }),
      repeatFields: repeat.fields,
    };
  }
  // nothing silent: a date in the past is asked about, not filed away among past events
  if (unconfirmedPastDate(formData, submission.value.eventDate, community.timeZone)) {
    return {
      ...submission.reply({ fieldErrors: { eventDate: [t("event.pastQuestion")] } }),
      pastDate: true,
      repeatFields: repeat.fields,
    };
  }
  try {
    const event = createEvent(db, { ...submission.value, recurrence: repeat.result.rule }, user);
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
  return { event, repeatFields: fieldsFromRule(event.recurrence, event.eventDate) };
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
  const repeat = ruleOfForm(formData, submission.value.eventDate);
  if (!repeat.result.ok) {
    const tp = await getT(request, "programs");
    return {
      ...submission.reply({
        fieldErrors: { repeat: [tp(`rule.problem.${repeat.result.problem}`)] },
      }),
      repeatFields: repeat.fields,
    };
  }
  // moving an event to a past date asks first (an event that already was in the past does not)
  if (
    submission.value.eventDate !== before.eventDate &&
    unconfirmedPastDate(formData, submission.value.eventDate, community.timeZone)
  ) {
    return {
      ...submission.reply({ fieldErrors: { eventDate: [t("event.pastQuestion")] } }),
      pastDate: true,
      repeatFields: repeat.fields,
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
    recurrence: repeat.result.rule,
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
