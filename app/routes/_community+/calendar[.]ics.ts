// GET /calendar.ics?token=…: the community's calendar for a staff member's calendar program to
// subscribe to (it cannot sign in: the secret in the address stands for the staff member). A
// secret that was replaced, or whose staff member left or lost the role, finds nothing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { communityCalendarIcs, userOfCalendarFeed } from "~/models/calendar-ics.server";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { requireTenant } from "~/utils/host.server";
import { getT } from "~/utils/i18n.server";
import { CARE_TEAM_ROLES, roleIn } from "~/utils/roles";

export async function loader({ request }: LoaderFunctionArgs) {
  const { community, db } = requireTenant(request);
  const url = new URL(request.url);
  const userId = userOfCalendarFeed(db, url.searchParams.get("token") ?? "");
  const { users } = controlSchema;
  const user = userId
    ? getControlDb()
        .select({ role: users.role, isActive: users.isActive })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, community.id)))
        .get()
    : undefined;
  if (!user || !user.isActive || !roleIn(user.role, CARE_TEAM_ROLES)) {
    const t = await getT(request, "programs");
    throw new Response(t("feed.notFound"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(communityCalendarIcs(db, community, url.host), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${community.subdomain}.ics"`,
    },
  });
}
