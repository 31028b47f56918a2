import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/components/admin/AreaLayout";
import { requireArea } from "~/utils/permissions.server";
import { careTeamTotals } from "../__care-team/totals.server";
import { Totals } from "../__care-team/Totals";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "admin")("layout.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  return { facility: community.name, totals: careTeamTotals(db, community) };
}

const TABS = [
  { to: "/admin", key: "overview", end: true },
  { to: "/admin/residents", key: "residents" },
  { to: "/admin/families", key: "families" },
  { to: "/admin/stories", key: "stories" },
  { to: "/admin/news", key: "news" },
  { to: "/admin/calendar", key: "calendar" },
  { to: "/admin/circles", key: "circles" },
  // a key with its namespace ("library:tab") is read from that catalog
  { to: "/admin/library", key: "library:tab" },
  { to: "/admin/reports", key: "reports" },
  { to: "/admin/staff", key: "staff" },
  { to: "/admin/kiosks", key: "kiosks" },
  { to: "/admin/audit", key: "audit" },
  { to: "/admin/settings", key: "settings:tab" },
];

// the less used tabs, under "More" so that the rest stay on one line at 1024 px (by key, so a tab
// renamed or moved keeps its place there)
const MORE_TABS = new Set(["library:tab", "reports", "kiosks", "audit", "settings:tab"]);

export default function AdminLayout() {
  const { facility, totals } = useLoaderData<typeof loader>();
  const t = useT("admin");
  return (
    <AreaLayout
      title={t("layout.heading")}
      intro={<p>{t("layout.intro", { facility })}</p>}
      tabs={TABS.map(({ key, ...tab }) => ({
        ...tab,
        label: t(key.includes(":") ? key : `layout.tab.${key}`),
        more: MORE_TABS.has(key),
      }))}
      home="/admin"
      navLabel={t("layout.nav")}
      top={<Totals totals={totals} area="admin" />}
    />
  );
}
