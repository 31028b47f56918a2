// GET /api/calendar-events: events by date ascending; POST: title, description, eventDate,
// startTime, endTime, location, maxParticipants.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CARE_TEAM_ROLES } from "~/components/admin/area.server";
import { CalendarEventSchema } from "~/models/admin-schemas.server";
import { createEvent, listEvents, toCalendarEventView } from "~/models/event.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireTenantUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireTenantUser(request, { roles: CARE_TEAM_ROLES });
  return Response.json(listEvents(db, community.timeZone));
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireTenantUser(request, { roles: CARE_TEAM_ROLES });
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, CalendarEventSchema);
  const event = createEvent(db, input, user);
  return Response.json(toCalendarEventView(event, community.timeZone), { status: 201 });
}
