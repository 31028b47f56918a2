// A resident's activities, at /admin|staff/residents/{id}/activities: her activity profile and
// assessment date, her participation of the last 90 days with the stories she told, and whether
// her family may see which activities she joined (she or her representative agreed; audited).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getResident } from "~/models/resident.server";
import { getAboutMe } from "~/models/about-me.server";
import {
  GROUP_SIZES,
  profileFields,
  profileProblems,
  saveActivityProfile,
  type ActivityProfileFields,
  type GroupSize,
} from "~/models/activity-profile.server";
import { recentCounts, residentParticipation } from "~/models/participation.server";
import { addDaysToDate, todayInTimeZone } from "~/models/event-dates";
import { writeAudit } from "~/models/audit.server";
import { clientOf } from "~/utils/host.server";
import { tenantSchema } from "~/utils/db.server";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { NOT_FOUND_TEXT } from "~/utils/host.server";
import { formatLongDate } from "~/models/local-time";
import {
  NOTE_MAX,
  draftQuarterlyNote,
  getQuarterlyNote,
  isQuarter,
  previousQuarter,
  quarterOf,
  saveQuarterlyNote,
} from "~/models/activity-notes.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { AREAS, areaOf } from "./areas";

export async function residentActivitiesLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const r = getResident(db, params.residentId ?? "");
  if (!r) throw new Response(NOT_FOUND_TEXT, { status: 404 });
  const tz = community.timeZone;
  const today = todayInTimeZone(tz);
  const lang = await requestLanguage(request);
  const asked = new URL(request.url).searchParams.get("quarter") ?? "";
  const quarter = isQuarter(asked) && asked <= quarterOf(today) ? asked : quarterOf(today);
  const saved = getQuarterlyNote(db, r.id, quarter);
  const quarters = [quarterOf(today)];
  while (quarters.length < 4) quarters.push(previousQuarter(quarters.at(-1)!));
  const about = getAboutMe(db, r.id);
  return {
    residents: AREAS[area].residents,
    resident: { id: r.id, name: `${r.firstName} ${r.lastName}`, firstName: r.firstName },
    share: r.shareParticipation,
    fields: profileFields(db, r.id, about.enjoys || null),
    today,
    counts: [7, 30, 90].map((days) => ({ days, ...recentCounts(db, tz, r.id, days) })),
    log: residentParticipation(db, tz, r.id, addDaysToDate(today, -89), today),
    note: {
      quarter,
      quarters,
      body:
        saved?.body ?? draftQuarterlyNote(db, tz, r, quarter, await getT(request, "participation")),
      signedBy: saved?.signedByName ?? null,
      signedOn: saved?.signedAt ? formatLongDate(saved.signedAt, tz, lang) : null,
    },
  };
}

export type ProfileErrors = Partial<Record<keyof ActivityProfileFields, string>>;
export type ResidentActivitiesResult = {
  fields?: ActivityProfileFields;
  errors?: ProfileErrors;
  note?: { quarter: string; body: string; error: string };
};

export const residentActivitiesPolicy = { body: "form" } satisfies RoutePolicy;

export async function residentActivitiesAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const r = getResident(db, params.residentId ?? "");
  if (!r) throw new Response(NOT_FOUND_TEXT, { status: 404 });
  const page = `${AREAS[area].residents}/${r.id}/activities`;
  const t = await getT(request, "participation");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "share") {
    const share = form.get("share") === "on";
    const agreedBy = form.get("agreedBy") === "representative" ? "representative" : "resident";
    db.update(tenantSchema.residents)
      .set({ shareParticipation: share })
      .where(eq(tenantSchema.residents.id, r.id))
      .run();
    writeAudit({
      client: clientOf(request),
      actorUserId: user.id,
      action: "participation.sharing_changed",
      tenantId: community.id,
      details: `${r.firstName} ${r.lastName}: ${share ? "shared" : "not shared"}, agreed by ${agreedBy}`,
    });
    return redirectWithToast(page, { type: "success", title: t("share.saved") });
  }
  if (intent === "note") {
    const quarter = String(form.get("quarter") ?? "");
    const body = String(form.get("body") ?? "").trim();
    const sign = form.get("sign") === "yes";
    const error = !isQuarter(quarter)
      ? t("note.badQuarter")
      : !body
        ? t("note.empty")
        : body.length > NOTE_MAX
          ? t("note.tooLong", { max: NOTE_MAX })
          : null;
    if (error)
      return data<ResidentActivitiesResult>({ note: { quarter, body, error } }, { status: 400 });
    saveQuarterlyNote(db, { residentId: r.id, quarter, body, sign }, user);
    if (sign)
      writeAudit({
        client: clientOf(request),
        actorUserId: user.id,
        action: "activity_note.signed",
        tenantId: community.id,
        details: `${r.firstName} ${r.lastName}: ${quarter}`,
      });
    return redirectWithToast(`${page}?quarter=${quarter}`, {
      type: "success",
      title: sign ? t("note.signedToast") : t("note.saved"),
    });
  }
  const text = (k: string) => String(form.get(k) ?? "");
  const groupSize = text("groupSize");
  const fields: ActivityProfileFields = {
    interests: text("interests"),
    enjoys: text("enjoys"),
    refuses: text("refuses"),
    preferredTimes: text("preferredTimes"),
    groupSize: (GROUP_SIZES as readonly string[]).includes(groupSize)
      ? (groupSize as GroupSize)
      : "",
    notes: text("notes"),
    assessedAt: text("assessedAt").trim(),
  };
  const problems = profileProblems(fields, community.timeZone);
  if (Object.keys(problems).length) {
    const errors: ProfileErrors = {};
    for (const [k, key] of Object.entries(problems))
      errors[k as keyof ActivityProfileFields] = t(key);
    return data<ResidentActivitiesResult>({ fields, errors }, { status: 400 });
  }
  saveActivityProfile(db, r.id, fields, user);
  return redirectWithToast(page, { type: "success", title: t("profile.saved") });
}
