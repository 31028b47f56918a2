import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/components/admin/AreaLayout";
import { requireArea } from "~/utils/permissions.server";
import { careTeamTotals } from "../__care-team/totals.server";
import { Totals } from "../__care-team/Totals";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "care-content")("staff.pageTitle")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, user } = await requireArea(request, "staff");
  return {
    name: user.displayName,
    facility: community.name,
    totals: careTeamTotals(db, community),
  };
}

export default function StaffLayout() {
  const { name, facility, totals } = useLoaderData<typeof loader>();
  const t = useT("care-content");
  const tabs = [
    {
      to: "/staff/residents",
      label: t("staff.tab.residents"),
      alsoActiveOn: ["/staff", "/staff/"],
    },
    { to: "/staff/families", label: t("staff.tab.families") },
    { to: "/staff/news", label: t("staff.tab.news") },
    { to: "/staff/calendar", label: t("staff.tab.calendar") },
    { to: "/staff/today", label: t("staff.tab.today") },
    { to: "/staff/circles", label: t("staff.tab.circles") },
    { to: "/staff/library", label: t("library:tab") },
  ];
  return (
    <AreaLayout
      title={t("staff.title")}
      intro={<p>{t("staff.intro", { name, facility })}</p>}
      navLabel={t("staff.nav")}
      tabs={tabs}
      home="/staff"
      top={<Totals totals={totals} area="staff" />}
    />
  );
}
