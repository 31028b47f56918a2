import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/components/admin/AreaLayout";
import { requireArea } from "~/utils/permissions.server";
import { careTeamTotals } from "../__care-team/totals.server";
import { Totals } from "../__care-team/Totals";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Staff") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, "staff");
  return {
    name: user.displayName,
    facility: community.name,
    totals: careTeamTotals(db, community),
  };
}

const TABS = [
  { to: "/staff/residents", label: "Residents", alsoActiveOn: ["/staff", "/staff/"] },
  { to: "/staff/families", label: "Families" },
  { to: "/staff/news", label: "News" },
  { to: "/staff/calendar", label: "Calendar" },
];

export default function StaffLayout() {
  const { name, facility, totals } = useLoaderData<typeof loader>();
  return (
    <AreaLayout
      title="Staff Dashboard"
      intro={
        <p>
          Hello {name}. Look after {facility}&apos;s residents, families, news and calendar.
        </p>
      }
      navLabel="Staff sections"
      tabs={TABS}
      top={<Totals totals={totals} area="staff" />}
    />
  );
}
