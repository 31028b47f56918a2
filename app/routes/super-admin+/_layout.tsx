import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { requireSuperAdmin } from "~/utils/permissions.server";

export const meta: MetaFunction = () => [{ title: "Super admin · Storyloom" }];

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
] as const;

export default function SuperAdminLayout() {
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="page-title">Super Admin Dashboard</h1>
        <span className="inline-flex items-center rounded-full border border-red-300 bg-red-100 px-3 py-1 text-base font-semibold text-red-900">
          System Administrator
        </span>
      </div>
      <nav aria-label="Super admin sections" className="border-b-2 border-stone-300">
        <ul className="flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-flex min-h-[44px] items-center rounded-t-lg px-4 text-lg font-semibold no-underline ${
                    isActive ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
