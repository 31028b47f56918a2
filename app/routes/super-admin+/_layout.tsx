import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { Tabs } from "~/components/admin/AreaLayout";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Super admin") }];

// On any host (the marketing host included), super admins only.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  return null;
}

const TABS = [
  { to: "/super-admin", label: "Overview", end: true },
  { to: "/super-admin/communities", label: "Communities", end: false },
  { to: "/super-admin/users", label: "Users", end: false },
  { to: "/super-admin/settings", label: "Settings", end: false },
];

export default function SuperAdminLayout() {
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="page-title">Super Admin Dashboard</h1>
        <span className="inline-flex items-center rounded-full border border-red-300 bg-red-100 px-3 py-1 text-base font-semibold text-red-900">
          System Administrator
        </span>
      </div>
      <Tabs tabs={TABS} label="Super admin sections" />
      <Outlet />
    </div>
  );
}
