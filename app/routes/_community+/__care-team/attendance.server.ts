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
  recordAttendance,
  signUp,
  withdrawSignup,
  type AttendanceEntryInput,
  type AttendanceStatus,
} from "~/models/attendance.server";
import { getEvent, getOccurrence } from "~/models/event.server";
import { writeAudit } from "~/models/audit.server";
import { clientOf } from "~/utils/host.server";
import { getResident } from "~/models/resident.server";
import { isCalendarDate } from "~/models/event-dates";
import { describeRule } from "~/models/recurrence.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { msg, translateMessage } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AREAS, areaOf } from "./areas";
import { summaryText } from "./Attendance";

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
    canSignUp:
      !!signups && occurrence.isActive && !occurrenceHasStarted(occurrence, community.timeZone),
    signupChoices: everyone,
  };
}

export const occurrencePolicy = { body: "form" } satisfies RoutePolicy;

/** What the form sent, kept so that an error shows it again. */
export type SentMarks = Record<
  string,
  { status?: string; engagement?: string; mood?: string; note?: string }
>;

/** The form's marks: `status.<residentId>`, `engagement.<id>`, `mood.<id>`, `note.<id>`. */
export function marksOfForm(formData: FormData): SentMarks {
  const sent: SentMarks = {};
  for (const [name, value] of formData.entries()) {
    const m = /^(status|engagement|mood|note)\.(.+)$/.exec(name);
    if (!m || typeof value !== "string") continue;
    (sent[m[2]!] ??= {})[m[1] as "status"] = value;
  }
  return sent;
}

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
  const existing = new Map(
    occurrenceAttendance(db, occurrence.id, occurrence.occurrenceDate).map((m) => [
      m.residentId,
      m,
    ]),
  );
  if (intent === "markSignedUp" && occurrence.maxParticipants) {
    const { signedUp } = listSignups(
      db,
      occurrence.id,
      occurrence.occurrenceDate,
      occurrence.maxParticipants,
    );
    for (const s of signedUp) {
      const one = (sent[s.id] ??= {});
      if (!one.status) one.status = "attended";
    }
  }
  const entries: AttendanceEntryInput[] = [];
  for (const [residentId, one] of Object.entries(sent)) {
    if (residentId === clear) {
      entries.push({ residentId, status: null });
      continue;
    }
    const before = existing.get(residentId);
    // a resident without a tap keeps her mark; details alone add to the mark she has
    const status = one.status || before?.status;
    const details = !!(one.engagement || one.mood || one.note?.trim());
    if (!status) {
      if (details) {
        return {
          intent,
          error: t("error.needStatus", { name: nameOf(db, residentId) }),
          residentId,
          sent,
        };
      }
      continue;
    }
    if (!one.status && before && !changedDetails(before, one)) continue;
    entries.push({
      residentId,
      status: status as AttendanceStatus,
      engagement: one.engagement ?? (one.status ? null : before?.engagement),
      mood: one.mood ?? (one.status ? null : before?.mood),
      note: one.note ?? before?.note,
    });
  }
  if (clear && !sent[clear]) entries.push({ residentId: clear, status: null });
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

function changedDetails(
  before: { engagement: string | null; mood: string | null; note: string | null },
  one: SentMarks[string],
): boolean {
  return (
    (one.engagement !== undefined && (one.engagement || null) !== before.engagement) ||
    (one.mood !== undefined && (one.mood || null) !== before.mood) ||
    (one.note !== undefined && (one.note.trim() || null) !== before.note)
  );
}

function nameOf(db: Parameters<typeof getResident>[0], residentId: string): string {
  const r = getResident(db, residentId);
  return r ? `${r.firstName} ${r.lastName}` : "?";
}
