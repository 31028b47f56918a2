import { Form, Link, NavLink } from "@remix-run/react";
import type { RootUser, RootFacility } from "~/root";
import { ADMIN_ROLES, CARE_TEAM_ROLES, ROLE, roleIn, STORYTELLER_ROLES } from "~/utils/roles";
import { NotificationBell } from "./NotificationBell";
import { DisplayMenu } from "./DisplayMenu";
import { useT } from "~/utils/i18n";

type NavItem = {
  to: string;
  /** a key of the common catalog (or "ns:key" of another) */
  label: string;
  show: (role: RootUser["role"]) => boolean;
  prefix?: boolean;
};

// The four navigation links, each shown to the roles that may open it (plus Staff for care staff).
const NAV: NavItem[] = [
  // the community's home page, called "Home" (never "Dashboard": it is not a control panel)
  { to: "/", label: "details:nav.home", show: () => true },
  { to: "/resident", label: "nav.resident", show: (r) => r === ROLE.resident },
  { to: "/family", label: "nav.family", show: (r) => r === ROLE.family },
  {
    to: "/news",
    label: "nav.news",
    show: (r) => r === ROLE.family || r === ROLE.resident,
    prefix: true,
  },
  {
    to: "/events",
    label: "nav.events",
    show: (r) => r === ROLE.family || r === ROLE.resident,
    prefix: true,
  },
  { to: "/staff", label: "nav.staff", show: (r) => roleIn(r, CARE_TEAM_ROLES), prefix: true },
  { to: "/admin", label: "nav.admin", show: (r) => roleIn(r, ADMIN_ROLES), prefix: true },
];

export function TenantHeader({
  facility,
  facilityError,
  appDomain,
  user,
}: {
  facility: RootFacility | null;
  facilityError: boolean;
  appDomain: string;
  user: RootUser | null;
}) {
  const canAddStory = user && roleIn(user.role, STORYTELLER_ROLES);
  const t = useT("common");
  return (
    <header className="border-b-2 border-stone-300 bg-white print:hidden">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <div>
          {facilityError || !facility ? (
            <p className="text-lg font-semibold text-red-800" role="alert">
              {t("header.facilityError")}
            </p>
          ) : (
            <Link to="/" className="flex min-h-target flex-col justify-center no-underline">
              <span className="block text-2xl font-bold text-brand-800">{facility.name}</span>
              <span className="block text-base text-stone-700">
                {facility.subdomain}.{appDomain}
              </span>
            </Link>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:gap-3">
          <DisplayMenu />
          {canAddStory ? (
            <Link to="/resident/record" className="btn-primary">
              {t("header.addStory")}
            </Link>
          ) : null}
          {user && user.unread !== null ? <NotificationBell unread={user.unread} /> : null}
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/login" className="btn-secondary">
              {t("signIn")}
            </Link>
          )}
        </div>
      </div>
      {user ? (
        <nav aria-label={t("nav.label")} className="mx-auto max-w-6xl px-2 pb-2 sm:px-4">
          <ul className="flex flex-wrap gap-x-1">
            {NAV.filter((n) => n.show(user.role)).map((n) => (
              <li key={n.to}>
                <NavLink
                  to={n.to}
                  end={!n.prefix}
                  className={({ isActive }) =>
                    `inline-flex min-h-target items-center rounded-control px-3 text-lg font-bold no-underline sm:px-4 ${
                      isActive ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"
                    }`
                  }
                >
                  {t(n.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

export function UserMenu({ user }: { user: RootUser }) {
  const t = useT("common");
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <span
        className="hidden h-11 w-11 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-900 sm:inline-flex"
        aria-hidden="true"
        title={user.displayName}
        data-testid="user-initials"
      >
        {user.initials}
      </span>
      <span className="sr-only">{t("header.signedInAs", { name: user.displayName })}</span>
      <Link
        to="/account"
        className="hidden min-h-target items-center text-base font-medium text-ink sm:inline-flex"
        title={t("header.yourAccount")}
      >
        {user.displayName}
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className="btn-ghost">
          {t("signOut")}
        </button>
      </Form>
    </div>
  );
}

export function PlainHeader({ appName, user }: { appName: string; user: RootUser | null }) {
  return (
    <header className="border-b-2 border-stone-300 bg-white print:hidden">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link
          to="/"
          className="inline-flex min-h-target items-center text-2xl font-bold text-brand-800 no-underline"
        >
          {appName}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <DisplayMenu />
          {user ? <UserMenu user={user} /> : null}
        </div>
      </div>
    </header>
  );
}
