// Every role name, the sets of roles that share a permission, their labels and their home pages.
// This is the one file that spells a role: server and browser code import the names from here, and
// the guards built on them are in permissions.server.ts.
export const ROLE = {
  superAdmin: "super_admin",
  administrator: "administrator",
  staff: "staff",
  resident: "resident",
  family: "family",
} as const;

export const ROLES = [
  ROLE.superAdmin,
  ROLE.administrator,
  ROLE.staff,
  ROLE.resident,
  ROLE.family,
] as const;
export type Role = (typeof ROLES)[number];

/** The system's own administrators, who belong to no community. */
export const SUPER_ADMIN_ROLES = [ROLE.superAdmin] as const;
/** The /admin area and story review (approve, reject, feature): administrators, and super admins visiting. */
export const ADMIN_ROLES = [ROLE.administrator, ROLE.superAdmin] as const;
/** The care team: the /staff area, residents, families, news and events (screens and JSON API). */
export const CARE_TEAM_ROLES = [ROLE.staff, ROLE.administrator, ROLE.superAdmin] as const;
/** Who tells stories: a resident for themself, staff and administrators on a resident's behalf. */
export const STORYTELLER_ROLES = [ROLE.resident, ROLE.staff, ROLE.administrator] as const;
/** The accounts a community employs (made by the super admin's staff form). */
export const COMMUNITY_STAFF_ROLES = [ROLE.staff, ROLE.administrator] as const;
export type CommunityStaffRole = (typeof COMMUNITY_STAFF_ROLES)[number];

/** Whether `role` is one of `set` (typed so that any role may be asked about). */
export function roleIn(role: Role, set: readonly Role[]): boolean {
  return set.includes(role);
}

/** The roles' English names; a screen says a role with t("common:role", { role }), in the reader's language. */
export const ROLE_LABELS: Record<Role, string> = {
  [ROLE.superAdmin]: "Super admin",
  [ROLE.administrator]: "Administrator",
  [ROLE.staff]: "Staff",
  [ROLE.resident]: "Resident",
  [ROLE.family]: "Family",
};

/** Where each role lands after signing in. */
export const HOME_PATHS: Record<Role, string> = {
  [ROLE.superAdmin]: "/super-admin",
  [ROLE.administrator]: "/admin",
  [ROLE.staff]: "/staff",
  [ROLE.resident]: "/resident",
  [ROLE.family]: "/family",
};

export function homePathFor(role: Role): string {
  return HOME_PATHS[role];
}

/** The development login's groups, in the product's order and words. */
export const DEV_ROLE_GROUPS = [
  {
    role: ROLE.superAdmin,
    title: "Super admin",
    description: "System administrators with full access",
  },
  { role: ROLE.administrator, title: "Administrator", description: "Facility administrators" },
  { role: ROLE.staff, title: "Staff", description: "Care staff members" },
  { role: ROLE.resident, title: "Resident", description: "Facility residents" },
  { role: ROLE.family, title: "Family", description: "Family members following a resident" },
] as const;

/** The roles a super admin can give a new staff member. */
export const STAFF_ROLE_OPTIONS = COMMUNITY_STAFF_ROLES.map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));
