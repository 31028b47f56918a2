// The frame of the administrator, staff and super admin areas: a title, optional totals, and tabs
// that are real links, all in one style. The title, its introduction and the totals are shown in
// full on the area's home page only; on the other pages the tabs and the page's own list come
// first, so a list starts high enough on a laptop screen to show its rows.
import { Link, Outlet, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/utils/i18n";

export type Tab = {
  to: string;
  label: string;
  end?: boolean;
  alsoActiveOn?: string[];
  /** a less used tab, listed under "More" so that the tabs stay on one line */
  more?: boolean;
};

function isCurrent(tab: Tab, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (tab.alsoActiveOn?.includes(pathname)) return true;
  return tab.end ? path === tab.to : path === tab.to || path.startsWith(`${tab.to}/`);
}

function TabLink({ tab, active, inMenu }: { tab: Tab; active: boolean; inMenu?: boolean }) {
  // in the More menu a tab is a line of a list, the open one outlined (not a folder tab)
  const menu = inMenu ? " w-full sm:mb-0 sm:rounded-control sm:border-b-2" : "";
  const open = inMenu && active ? " sm:!border-brand-700" : "";
  return (
    <Link
      to={tab.to}
      prefetch="none"
      className={`${active ? "tab tab-active" : "tab"}${menu}${open}`}
      aria-current={active ? "page" : undefined}
    >
      {tab.label}
    </Link>
  );
}

/**
 * The one tab style of every area: the less used tabs under a "More" disclosure (<details>, so it
 * opens without JavaScript), so that the rest fit one line on a 1024 px screen; at larger text or
 * on a phone they wrap. The summary names the page when the page is one of them.
 */
export function Tabs({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const { pathname } = useLocation();
  const t = useT("layout");
  const main = tabs.filter((tab) => !tab.more);
  const more = tabs.filter((tab) => tab.more);
  const currentMore = more.find((tab) => isCurrent(tab, pathname));
  return (
    <nav aria-label={label} className="mb-2 border-b-2 border-stone-300 pb-2 print:hidden sm:pb-0">
      <ul className="flex flex-wrap gap-1 sm:[&_.tab]:px-3">
        {main.map((tab) => (
          <li key={tab.to}>
            <TabLink tab={tab} active={isCurrent(tab, pathname)} />
          </li>
        ))}
        {more.length ? (
          <li>
            {/* remounted on every page, so it is closed again after choosing a tab in it */}
            <details key={pathname} className="relative">
              <summary
                className={`${currentMore ? "tab tab-active" : "tab"} cursor-pointer list-none`}
                data-testid="tabs-more"
              >
                {currentMore ? (
                  <>
                    <span className="sr-only">{t("tabs.moreCurrent")} </span>
                    {currentMore.label}
                  </>
                ) : (
                  t("tabs.more")
                )}
                <span aria-hidden="true" className="ml-1">
                  ▾
                </span>
              </summary>
              <ul className="absolute right-0 z-30 mt-1 flex min-w-[12rem] flex-col gap-1 rounded-lg border-2 border-stone-300 bg-white p-1 shadow-raised">
                {more.map((tab) => (
                  <li key={tab.to}>
                    <TabLink tab={tab} active={isCurrent(tab, pathname)} inMenu />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ) : null}
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
  home,
}: {
  title: string;
  intro?: ReactNode;
  tabs: Tab[];
  navLabel: string;
  top?: ReactNode;
  /** the area's home page, where the title, introduction and `top` are shown; every page if unset */
  home?: string;
}) {
  const { pathname } = useLocation();
  const atHome = home === undefined || (pathname.replace(/\/+$/, "") || "/") === home;
  return (
    <div>
      <h1 className={atHome ? "page-title mb-2 print:hidden" : "sr-only"}>{title}</h1>
      {atHome && intro ? <div className="mb-4 text-lg print:hidden">{intro}</div> : null}
      {atHome ? top : null}
      <Tabs tabs={tabs} label={navLabel} />
      <Outlet />
    </div>
  );
}
