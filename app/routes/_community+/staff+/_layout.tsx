import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/components/admin/AreaLayout";
import { requireArea } from "~/utils/permissions.server";
import { StatCard } from "~/components/admin/ui";
import { countUpcomingEvents } from "~/models/event.server";
import { countFamilyMembers } from "~/models/family.server";
import { countNewsPosts } from "~/models/news.server";
import { countActiveResidents } from "~/models/resident.server";

export const meta: MetaFunction = () => [{ title: "Staff · Storyloom" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, "staff");
  return {
    name: user.displayName,
    facility: community.name,
    stats: {
      residents: countActiveResidents(db),
      families: countFamilyMembers(db),
      bulletin: countNewsPosts(db, { published: true }),
      events: countUpcomingEvents(db, community.timeZone),
    },
  };
}

const TABS = [
  { to: "/staff/residents", label: "Residents", alsoActiveOn: ["/staff", "/staff/"] },
  { to: "/staff/families", label: "Families" },
  { to: "/staff/bulletin", label: "Bulletin" },
  { to: "/staff/calendar", label: "Calendar" },
];

export default function StaffLayout() {
  const { name, facility, stats } = useLoaderData<typeof loader>();
  return (
    <AreaLayout
      title="Staff Dashboard"
      intro={<p>Hello {name}. Look after {facility}'s residents, families, bulletin and calendar.</p>}
      navLabel="Staff sections"
      tabs={TABS}
      top={
        <section aria-labelledby="staff-stats" className="mb-6">
          <h2 id="staff-stats" className="sr-only">
            Totals
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Active residents" value={stats.residents} to="/staff/residents" />
            <StatCard label="Family members" value={stats.families} to="/staff/families" />
            <StatCard label="Bulletin posts" value={stats.bulletin} to="/staff/bulletin" />
            <StatCard label="Upcoming events" value={stats.events} to="/staff/calendar" />
          </ul>
        </section>
      }
    />
  );
}
