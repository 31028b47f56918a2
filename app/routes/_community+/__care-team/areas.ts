// The administrator (/admin) and staff (/staff) screens share one implementation; an area says
// where its pages live and what differs between them. Their words are in the catalogs.
import { useLocation } from "@remix-run/react";
import type { AreaName } from "~/utils/permissions.server";

export type { AreaName };

export type AreaConfig = {
  name: AreaName;
  residents: string;
  families: string;
  news: string;
  calendar: string;
  /** administrators choose Draft or Published; staff's news posts are published at once */
  chooseNewsPublished: boolean;
};

export const AREAS: Record<AreaName, AreaConfig> = {
  admin: {
    name: "admin",
    residents: "/admin/residents",
    families: "/admin/families",
    news: "/admin/news",
    calendar: "/admin/calendar",
    chooseNewsPublished: true,
  },
  staff: {
    name: "staff",
    residents: "/staff/residents",
    families: "/staff/families",
    // "News" everywhere (renamed from Bulletin); the old address /staff/bulletin redirects here
    news: "/staff/news",
    calendar: "/staff/calendar",
    chooseNewsPublished: false,
  },
};

/** Which area a URL belongs to: these screens answer under /admin and under /staff. */
export function areaOfPath(pathname: string): AreaName {
  return pathname === "/staff" || pathname.startsWith("/staff/") ? "staff" : "admin";
}

export function areaOf(request: Request): AreaName {
  return areaOfPath(new URL(request.url).pathname);
}

/** The area of the page being shown. */
export function useCareTeamArea(): AreaName {
  return areaOfPath(useLocation().pathname);
}
