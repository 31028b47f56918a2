// GET /api/calendar-events: events by date ascending; POST: title, description, eventDate,
// startTime, endTime, location, maxParticipants.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CalendarEventSchema } from "~/models/admin-schemas.server";
import { createEvent, listEvents, toCalendarEventView } from "~/models/event.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireCareTeam(request);
  return Response.json(listEvents(db, community.timeZone));
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(request, CalendarEventSchema);
  const event = createEvent(db, input, user);
  return Response.json(toCalendarEventView(event, community.timeZone), { status: 201 });
}
