// Badge colours of the super admin console (the product's four: super_admin red, administrator
// blue, staff green, resident purple; and family amber). Light backgrounds with dark text keep AA
// contrast.
import type { Role } from "~/utils/roles";

export const ROLE_BADGE_CLASSES: Record<Role, string> = {
  super_admin: "bg-red-100 text-red-900 border-red-300",
  administrator: "bg-blue-100 text-blue-900 border-blue-300",
  staff: "bg-green-100 text-green-900 border-green-300",
  resident: "bg-purple-100 text-purple-900 border-purple-300",
  family: "bg-amber-100 text-amber-900 border-amber-300",
};

export function roleBadgeClass(role: string): string {
  return ROLE_BADGE_CLASSES[role as Role] ?? "bg-stone-100 text-stone-900 border-stone-300";
}

export const BADGE_BASE =
  "inline-flex items-center rounded-full border px-3 py-0.5 text-base font-semibold";
