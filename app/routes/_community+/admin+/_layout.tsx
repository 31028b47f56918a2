import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/components/admin/AreaLayout";
import { requireArea } from "~/utils/permissions.server";
import { careTeamTotals } from "../__care-team/totals.server";
import { Totals } from "../__care-team/Totals";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Admin") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  return { facility: community.name, totals: careTeamTotals(db, community) };
}

const TABS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/residents", label: "Residents" },
  { to: "/admin/families", label: "Families" },
  { to: "/admin/stories", label: "Stories" },
  { to: "/admin/news", label: "News" },
  { to: "/admin/calendar", label: "Calendar" },
  { to: "/admin/staff", label: "Staff" },
  { to: "/admin/kiosks", label: "Kiosks" },
  { to: "/admin/audit", label: "Audit" },
  { to: "/admin/email", label: "Email" },
];

export default function AdminLayout() {
  const { facility, totals } = useLoaderData<typeof loader>();
  return (
    <AreaLayout
      title="Admin Dashboard"
      intro={<p>Manage {facility}: residents, families, stories, news, events and staff.</p>}
      tabs={TABS}
      navLabel="Admin sections"
      top={<Totals totals={totals} area="admin" />}
    />
  );
}
