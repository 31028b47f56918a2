// The occurrence page (/admin and /staff /calendar/{eventId}/occurrences/{date}): who took part,
// the sign-ups and the waiting list. One form saves every mark shown, with or without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  AttendanceError,
  activeResidentsPage,
  countByStatus,
  lastRecorded,
  listSignups,
  occurrenceAttendance,
  occurrenceHasStarted,
  entriesOfMarks,
  marksOfForm,
  recordAttendance,
  signUp,
  withdrawSignup,
  type AttendanceEntryInput,
  type SentMarks,
} from "~/models/attendance.server";
import { getEvent, getOccurrence, todayInTimeZone } from "~/models/event.server";
import { writeAudit } from "~/models/audit.server";
import { clientOf } from "~/utils/host.server";
import { isCalendarDate } from "~/models/event-dates";
import { describeRule } from "~/models/recurrence.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { msg, translateMessage } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AREAS, areaOf } from "./areas";
import { summaryText } from "~/components/attendance/text";

/** Residents shown on one page of the list (a search narrows it). */
export const RESIDENTS_PER_PAGE = 100;

/** The statuses a tap gives on the page; "absent" is for the JSON API and imports. */
export const TAP_STATUSES = ["attended", "declined", "one_to_one", "unwell"] as const;

export function occurrencePath(area: "admin" | "staff", eventId: string, date: string): string {
  return `${AREAS[area].calendar}/${encodeURIComponent(eventId)}/occurrences/${date}`;
}

async function occurrenceOr404(request: Request, params: { eventId?: string; date?: string }) {
  const area = areaOf(request);
  const ctx = await requireArea(request, area);
  const date = params.date ?? "";
  const occurrence = isCalendarDate(date)
    ? getOccurrence(ctx.db, params.eventId ?? "", date, ctx.community.timeZone)
    : undefined;
  if (!occurrence) throw new Response(msg("attendance:page.notAnOccurrence"), { status: 404 });
  return { ...ctx, area, occurrence };
}

export async function occurrenceLoader({ request, params }: LoaderFunctionArgs) {
  const { db, community, area, occurrence } = await occurrenceOr404(request, params);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const list = activeResidentsPage(db, {
    q,
    limit: RESIDENTS_PER_PAGE,
    offset: (page - 1) * RESIDENTS_PER_PAGE,
  });
  const marks = occurrenceAttendance(db, occurrence.id, occurrence.occurrenceDate);
  const signups = occurrence.maxParticipants
    ? listSignups(db, occurrence.id, occurrence.occurrenceDate, occurrence.maxParticipants)
    : null;
  const rule = occurrence.recurrence
    ? describeRule(
        occurrence.recurrence,
        // the rule counts from the event's first day, which its view does not carry
        getEvent(db, occurrence.id)?.eventDate ?? occurrence.occurrenceDate,
        await getT(request, "programs"),
        await requestLanguage(request),
      )
    : null;
  // the residents who can still be signed up: active, not on the list yet
  const onList = new Set(
    [...(signups?.signedUp ?? []), ...(signups?.waiting ?? [])].map((s) => s.id),
  );
  const everyone = signups
    ? activeResidentsPage(db, { limit: 1000, offset: 0 }).residents.filter((r) => !onList.has(r.id))
    : [];
  return {
    area,
    occurrence,
    rule,
    q,
    page,
    pages: Math.max(1, Math.ceil(list.total / RESIDENTS_PER_PAGE)),
    total: list.total,
    residents: list.residents,
    marks: Object.fromEntries(marks.map((m) => [m.residentId, m])),
    counts: countByStatus(marks),
    recorded: lastRecorded(marks),
    signups,
    notYet: occurrence.eventDate > todayInTimeZone(community.timeZone),
    canSignUp:
      !!signups && occurrence.isActive && !occurrenceHasStarted(occurrence, community.timeZone),
    signupChoices: everyone,
  };
}

export const occurrencePolicy = { body: "form" } satisfies RoutePolicy;

export async function occurrenceAction({ request, params }: ActionFunctionArgs) {
  const { db, community, user, area, occurrence } = await occurrenceOr404(request, params);
  const t = await getT(request, "attendance");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "save");
  const url = new URL(request.url);
  const back = occurrencePath(area, occurrence.id, occurrence.occurrenceDate) + url.search;
  const actor = { id: user.id, displayName: user.displayName };
  const refused = (e: unknown, sent: SentMarks = {}) => {
    if (!(e instanceof AttendanceError)) throw e;
    return {
      intent,
      error: translateMessage(t, e.message),
      residentId: e.residentId ?? null,
      sent,
    };
  };

  if (intent === "signup" || intent === "withdraw") {
    const residentId = String(formData.get("residentId") ?? "");
    if (intent === "withdraw") {
      const out = withdrawSignup(
        db,
        occurrence.id,
        occurrence.occurrenceDate,
        residentId,
        occurrence.maxParticipants,
      );
      return redirectWithToast(back, {
        type: "success",
        title: t("signup.withdrawn"),
        description: out.movedUp
          ? t("signup.movedUp", { name: `${out.movedUp.firstName} ${out.movedUp.lastName}` })
          : undefined,
      });
    }
    if (!residentId)
      return { intent, error: t("signup.chooseResident"), residentId: null, sent: {} };
    try {
      const out = signUp(db, {
        eventId: occurrence.id,
        occurrenceDate: occurrence.occurrenceDate,
        residentId,
        timeZone: community.timeZone,
        actor,
      });
      return redirectWithToast(back, {
        type: "success",
        title: out.waiting
          ? t("signup.waitingToast", { position: out.position - (occurrence.maxParticipants ?? 0) })
          : t("signup.signedUpToast"),
      });
    } catch (e) {
      return refused(e);
    }
  }

  const sent = marksOfForm(formData);
  const clear = String(formData.get("clear") ?? "");
  const signedUp =
    intent === "markSignedUp" && occurrence.maxParticipants
      ? listSignups(db, occurrence.id, occurrence.occurrenceDate, occurrence.maxParticipants)
          .signedUp
      : [];
  let entries: AttendanceEntryInput[];
  try {
    entries = entriesOfMarks(db, occurrence.id, occurrence.occurrenceDate, sent, {
      clear,
      markAttended: signedUp.map((s) => s.id),
    });
  } catch (e) {
    return refused(e, sent);
  }
  try {
    recordAttendance(db, {
      eventId: occurrence.id,
      occurrenceDate: occurrence.occurrenceDate,
      timeZone: community.timeZone,
      entries,
      actor,
    });
  } catch (e) {
    return refused(e, sent);
  }
  writeAudit({
    client: clientOf(request),
    actorUserId: user.id,
    action: "attendance.recorded",
    tenantId: community.id,
    details: `${occurrence.title} · ${occurrence.occurrenceDate}`,
  });
  const counts = countByStatus(occurrenceAttendance(db, occurrence.id, occurrence.occurrenceDate));
  return redirectWithToast(back, {
    type: "success",
    title: clear ? t("save.cleared") : t("save.saved"),
    description: summaryText(t, counts),
  });
}
