// GET /api/calendar-events: events by date ascending. The care team gets every event (cancelled
// ones too); families and residents only active ones. POST (care team): title, description,
// eventDate, startTime, endTime, location, maxParticipants.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CalendarEventSchema } from "~/models/admin-schemas.server";
import { createEvent, listEvents, toCalendarEventView } from "~/models/event.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCareTeam, requireTenantUser } from "~/utils/permissions.server";
import { CARE_TEAM_ROLES, roleIn } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireTenantUser(request);
  return Response.json(
    listEvents(db, community.timeZone, { activeOnly: !roleIn(user.role, CARE_TEAM_ROLES) }),
  );
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, CalendarEventSchema);
  const event = createEvent(db, input, user);
  return Response.json(toCalendarEventView(event, community.timeZone), { status: 201 });
}
