import { ROLE_LABELS, type Role } from "~/utils/roles";
import { BADGE_BASE, roleBadgeClass } from "./role-colors";

export function RoleBadge({ role }: { role: string }) {
  return (
    <span className={`${BADGE_BASE} ${roleBadgeClass(role)}`} data-role={role}>
      {ROLE_LABELS[role as Role] ?? role}
    </span>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`${BADGE_BASE} ${active ? "border-green-300 bg-green-100 text-green-900" : "border-stone-400 bg-stone-200 text-stone-900"}`}
    >
      {active ? "Active" : "Inactive"}
    </span>
  );
}
