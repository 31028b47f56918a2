import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { Tabs } from "~/components/admin/AreaLayout";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "superAdmin")("layout.title")) },
];

// On any host (the marketing host included), super admins only.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  return null;
}

const TABS = [
  { to: "/super-admin", key: "overview", end: true },
  { to: "/super-admin/communities", key: "communities", end: false },
  { to: "/super-admin/users", key: "users", end: false },
  { to: "/super-admin/settings", key: "settings", end: false },
];

export default function SuperAdminLayout() {
  const t = useT("superAdmin");
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="page-title">{t("layout.heading")}</h1>
        <span className="inline-flex items-center rounded-full border border-red-300 bg-red-100 px-3 py-1 text-base font-semibold text-red-900">
          {t("layout.badge")}
        </span>
      </div>
      <Tabs
        tabs={TABS.map(({ key, ...tab }) => ({ ...tab, label: t(`layout.tab.${key}`) }))}
        label={t("layout.nav")}
      />
      <Outlet />
    </div>
  );
}
