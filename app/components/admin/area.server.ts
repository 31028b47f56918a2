// Guards of the two areas: /admin for administrators, /staff for staff and administrators
// (super admins may enter both). Story review is for administrators only.
import type { Role } from "../../../db/schema/control";
import { requireTenantUser } from "~/utils/auth.server";
import type { AreaName } from "./areas";

export const AREA_ROLES: Record<AreaName, readonly Role[]> = {
  admin: ["administrator", "super_admin"],
  staff: ["staff", "administrator", "super_admin"],
};

/** The roles that may manage residents, families, news and events (screens and JSON API). */
export const CARE_TEAM_ROLES = AREA_ROLES.staff;
/** The roles that may approve, reject and feature stories. */
export const REVIEWER_ROLES = AREA_ROLES.admin;

export function requireArea(request: Request, area: AreaName) {
  return requireTenantUser(request, { roles: AREA_ROLES[area] });
}

/** Refuses large request bodies before they are read (a 5 MB photo plus the form fields fits). */
export function bodyTooLarge(request: Request, maxBytes = 6 * 1024 * 1024): boolean {
  const length = Number(request.headers.get("content-length") ?? 0);
  return Number.isFinite(length) && length > maxBytes;
}
