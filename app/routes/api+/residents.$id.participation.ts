// GET /api/residents/{id}/participation?from=YYYY-MM-DD&to=YYYY-MM-DD: the resident's participation
// (each occurrence or visit with the stories she told at it). The care team may read any resident
// of the community; a family member only their own resident, and only while she shares her
// participation with her family; a resident only herself.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { checkRange, residentParticipation } from "~/models/participation.server";
import { recordForResident } from "~/models/family.server";
import { badRequest, notFound } from "~/utils/api.server";
import { tenantSchema } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import {
  forbidden,
  requireTenantUser,
  roleIn,
  CARE_TEAM_ROLES,
  ROLE,
} from "~/utils/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, community } = await requireTenantUser(request, {
    roles: [...CARE_TEAM_ROLES, ROLE.family, ROLE.resident],
  });
  const t = await getT(request, "participation");
  const { residents } = tenantSchema;
  const resident = db
    .select({ id: residents.id, share: residents.shareParticipation })
    .from(residents)
    .where(eq(residents.id, params.id ?? ""))
    .get();
  if (!roleIn(user.role, CARE_TEAM_ROLES)) {
    let own = false;
    if (user.role === ROLE.resident) own = !!resident && user.residentId === resident.id;
    else if (user.role === ROLE.family && resident)
      own = !!recordForResident(db, user.familyMemberIds, resident.id) && resident.share;
    // not theirs: the same answer whether or not such a resident exists
    if (!own) return forbidden(t("api.forbidden"));
  }
  if (!resident) return notFound(t("api.notFound"));
  const url = new URL(request.url);
  const range = checkRange(url.searchParams.get("from"), url.searchParams.get("to"));
  if (!range) return badRequest(t("api.badRange"));
  const entries = residentParticipation(db, community.timeZone, resident.id, range.from, range.to);
  return Response.json({
    residentId: resident.id,
    from: range.from,
    to: range.to,
    participation: entries.map((e) => ({
      date: e.date,
      occurrenceDate: e.occurrenceDate,
      eventId: e.eventId,
      title: e.title,
      visit: e.visit,
      status: e.status,
      engagement: e.engagement,
      mood: e.mood,
      note: e.note,
      minutes: e.minutes,
      stories: e.stories.map((s) => ({ id: s.id, title: s.title })),
    })),
  });
}
