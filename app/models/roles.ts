// Role names, labels and the development login's groups: shared by server and browser code.
export type RoleName = "super_admin" | "administrator" | "staff" | "resident" | "family";

export const DEV_ROLE_GROUPS = [
  { role: "super_admin", title: "Super admin", description: "System administrators with full access" },
  { role: "administrator", title: "Administrator", description: "Facility administrators" },
  { role: "staff", title: "Staff", description: "Care staff members" },
  { role: "resident", title: "Resident", description: "Facility residents" },
  { role: "family", title: "Family", description: "Family members following a resident" },
] as const;

export const ROLE_LABELS: Record<RoleName, string> = {
  super_admin: "Super admin",
  administrator: "Administrator",
  staff: "Staff",
  resident: "Resident",
  family: "Family",
};

/** The roles a super admin can give a new staff member. */
export const STAFF_ROLE_OPTIONS = [
  { value: "staff", label: "Staff" },
  { value: "administrator", label: "Administrator" },
] as const;
