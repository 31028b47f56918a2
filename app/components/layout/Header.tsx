import { Form, Link, NavLink } from "@remix-run/react";
import type { RootUser, RootFacility } from "~/root";
import { ADMIN_ROLES, CARE_TEAM_ROLES, ROLE, roleIn, STORYTELLER_ROLES } from "~/utils/roles";
import { NotificationBell } from "./NotificationBell";
import { DisplayMenu } from "./DisplayMenu";

type NavItem = {
  to: string;
  label: string;
  show: (role: RootUser["role"]) => boolean;
  prefix?: boolean;
};

// The four navigation links, each shown to the roles that may open it (plus Staff for care staff).
const NAV: NavItem[] = [
  { to: "/", label: "Dashboard", show: () => true },
  { to: "/resident", label: "Resident", show: (r) => r === ROLE.resident },
  { to: "/family", label: "Family", show: (r) => r === ROLE.family },
  {
    to: "/news",
    label: "News",
    show: (r) => r === ROLE.family || r === ROLE.resident,
    prefix: true,
  },
  {
    to: "/events",
    label: "Events",
    show: (r) => r === ROLE.family || r === ROLE.resident,
    prefix: true,
  },
  { to: "/staff", label: "Staff", show: (r) => roleIn(r, CARE_TEAM_ROLES), prefix: true },
  { to: "/admin", label: "Admin", show: (r) => roleIn(r, ADMIN_ROLES), prefix: true },
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
  return (
    <header className="border-b-2 border-stone-300 bg-white print:hidden">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <div>
          {facilityError || !facility ? (
            <p className="text-lg font-semibold text-red-800" role="alert">
              Unable to load facility information
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
              Add Story
            </Link>
          ) : null}
          {user && user.unread !== null ? <NotificationBell unread={user.unread} /> : null}
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/login" className="btn-secondary">
              Sign in
            </Link>
          )}
        </div>
      </div>
      {user ? (
        <nav aria-label="Main" className="mx-auto max-w-6xl px-2 pb-2 sm:px-4">
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
                  {n.label}
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
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <span
        className="hidden h-11 w-11 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-900 sm:inline-flex"
        aria-hidden="true"
        title={user.displayName}
      >
        {user.initials}
      </span>
      <span className="sr-only">Signed in as {user.displayName}</span>
      <Link
        to="/account/sessions"
        className="hidden min-h-target items-center text-base font-medium text-ink sm:inline-flex"
        title="Your sessions"
      >
        {user.displayName}
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className="btn-ghost">
          Sign out
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
