// Logging a one-to-one visit without an event (/admin/visits/new, /staff/visits/new): who, what
// was done, how long, which day; then back to today's list with a toast.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  AttendanceError,
  activeResidentsPage,
  logVisit,
  type EngagementLevel,
  type Mood,
} from "~/models/attendance.server";
import { todayInTimeZone } from "~/models/event.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { areaOf } from "./areas";

export const VISIT_FIELDS = [
  "residentId",
  "activity",
  "minutes",
  "date",
  "engagement",
  "mood",
  "note",
] as const;
export type VisitField = (typeof VISIT_FIELDS)[number];

export async function visitLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const residentId = new URL(request.url).searchParams.get("residentId") ?? "";
  return {
    area,
    today: todayInTimeZone(community.timeZone),
    residentId,
    residents: activeResidentsPage(db, { limit: 1000, offset: 0 }).residents,
  };
}

export const visitPolicy = { body: "form" } satisfies RoutePolicy;

/** The field a refusal is about, by its catalog key. */
function fieldOf(key: string): VisitField | "form" {
  if (key.includes("visit.activity")) return "activity";
  if (key.includes("visit.minutes")) return "minutes";
  if (key.includes("visit.date")) return "date";
  if (key.includes("Resident")) return "residentId";
  if (key.includes("Mood")) return "mood";
  if (key.includes("Engagement")) return "engagement";
  if (key.includes("note")) return "note";
  return "form";
}

export async function visitAction({ request }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const t = await getT(request, "attendance");
  const formData = await request.formData();
  const values = Object.fromEntries(
    VISIT_FIELDS.map((f) => [f, String(formData.get(f) ?? "")]),
  ) as Record<VisitField, string>;
  const errors: Partial<Record<VisitField | "form", string>> = {};
  if (!values.residentId) errors.residentId = t("visit.chooseResident");
  const minutesText = values.minutes.trim();
  const minutes = /^\d{1,4}$/.test(minutesText) ? Number(minutesText) : NaN;
  if (Object.keys(errors).length) return { values, errors };
  try {
    const visit = logVisit(
      db,
      {
        residentId: values.residentId,
        activity: values.activity,
        minutes,
        date: values.date.trim(),
        engagement: (values.engagement || null) as EngagementLevel | null,
        mood: (values.mood || null) as Mood | null,
        note: values.note,
      },
      { timeZone: community.timeZone, actor: { id: user.id, displayName: user.displayName } },
    );
    const resident = activeResidentsPage(db, { limit: 1000, offset: 0 }).residents.find(
      (r) => r.id === visit.residentId,
    );
    return redirectWithToast(`/${area}/today`, {
      type: "success",
      title: t("visit.saved"),
      description: t("visit.savedDetail", {
        name: resident ? `${resident.firstName} ${resident.lastName}` : "",
        minutes: visit.minutes ?? 0,
      }),
    });
  } catch (e) {
    if (!(e instanceof AttendanceError)) throw e;
    errors[fieldOf(e.message)] = translateMessage(t, e.message);
    return { values, errors };
  }
}
