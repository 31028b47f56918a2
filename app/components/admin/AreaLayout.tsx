// The frame of the administrator, staff and super admin areas: a title, optional totals, and tabs
// that are real links, all in one style.
import { NavLink, Outlet, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

export type Tab = { to: string; label: string; end?: boolean; alsoActiveOn?: string[] };

/** The one tab style of every area. */
export function Tabs({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="mb-6 border-b-2 border-stone-300 pb-2 print:hidden sm:pb-0">
      <ul className="flex flex-wrap gap-1">
        {tabs.map((t) => (
          <li key={t.to}>
            <NavLink
              to={t.to}
              end={t.end}
              prefetch="none"
              className={({ isActive }) =>
                isActive || (t.alsoActiveOn?.includes(pathname) ?? false) ? "tab tab-active" : "tab"
              }
            >
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AreaLayout({
  title,
  intro,
  tabs,
  navLabel,
  top,
}: {
  title: string;
  intro?: ReactNode;
  tabs: Tab[];
  navLabel: string;
  top?: ReactNode;
}) {
  return (
    <div>
      <h1 className="page-title mb-2 print:hidden">{title}</h1>
      {intro ? <div className="mb-4 text-lg print:hidden">{intro}</div> : null}
      {top}
      <Tabs tabs={tabs} label={navLabel} />
      <Outlet />
    </div>
  );
}
