// GET /api/calendar-events/{id}/occurrences/{date}/attendance: who took part in that occurrence.
// PUT: `[{ residentId, status, engagement?, mood?, note? }]` records those residents' marks
// (status attended | declined | one_to_one | unwell | absent; null clears one) and answers the
// occurrence's attendance. Bad input is 400 `{ error }` and changes nothing. Care team only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  AttendanceError,
  countByStatus,
  occurrenceAttendance,
  recordAttendance,
} from "~/models/attendance.server";
import { getEvent, getOccurrence } from "~/models/event.server";
import { writeAudit } from "~/models/audit.server";
import { clientOf } from "~/utils/host.server";
import { isCalendarDate } from "~/models/event-dates";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { msg, translateMessage, type T } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import type { TenantDb } from "~/utils/db.server";

function refusal(status: number, error: string) {
  return Response.json({ error, message: error }, { status });
}

function attendanceJson(db: TenantDb, eventId: string, occurrenceDate: string) {
  const marks = occurrenceAttendance(db, eventId, occurrenceDate);
  const { total, ...counts } = countByStatus(marks);
  return {
    eventId,
    occurrenceDate,
    counts,
    total,
    attendance: marks.map((m) => ({
      residentId: m.residentId,
      firstName: m.firstName,
      lastName: m.lastName,
      roomNumber: m.roomNumber,
      status: m.status,
      engagement: m.engagement,
      mood: m.mood,
      note: m.note,
      minutes: m.minutes,
      recordedBy: { id: m.recordedByUserId, name: m.recordedByName },
      recordedAt: m.recordedAt,
    })),
  };
}

/**
 * The occurrence named by the path, or the refusal: 404 without the event; a day that is not one
 * of its occurrences is 404 to read and 400 to write (bad input).
 */
function occurrenceOf(
  db: TenantDb,
  params: LoaderFunctionArgs["params"],
  timeZone: string,
  t: T,
  notOccurrence: 400 | 404,
) {
  const eventId = params.id ?? "";
  if (!getEvent(db, eventId)) return { refused: refusal(404, t("api.eventNotFound")) };
  const date = params.date ?? "";
  const occurrence = isCalendarDate(date) ? getOccurrence(db, eventId, date, timeZone) : undefined;
  if (!occurrence)
    return {
      refused: refusal(notOccurrence, translateMessage(t, msg("attendance:error.notAnOccurrence"))),
    };
  return { occurrence };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = await requireCareTeam(request);
  const t = await getT(request, "attendance");
  const found = occurrenceOf(db, params, community.timeZone, t, 404);
  if (found.refused) return found.refused;
  return Response.json(attendanceJson(db, found.occurrence.id, found.occurrence.occurrenceDate));
}

export const policy = { body: "long text" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const t = await getT(request, "attendance");
  const found = occurrenceOf(db, params, community.timeZone, t, 400);
  if (found.refused) return found.refused;
  if (!(request.headers.get("content-type") ?? "").includes("application/json"))
    return refusal(400, t("api.jsonExpected"));
  let entries: unknown;
  try {
    entries = await request.json();
  } catch {
    return refusal(400, t("api.jsonInvalid"));
  }
  try {
    recordAttendance(db, {
      eventId: found.occurrence.id,
      occurrenceDate: found.occurrence.occurrenceDate,
      timeZone: community.timeZone,
      entries,
      actor: { id: user.id, displayName: user.displayName },
    });
  } catch (e) {
    if (e instanceof AttendanceError) return refusal(400, translateMessage(t, e.message));
    throw e;
  }
  writeAudit({
    client: clientOf(request),
    actorUserId: user.id,
    action: "attendance.recorded",
    tenantId: community.id,
    details: `${found.occurrence.title} · ${found.occurrence.occurrenceDate}`,
  });
  return Response.json(attendanceJson(db, found.occurrence.id, found.occurrence.occurrenceDate));
}
