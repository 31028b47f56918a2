// The administrator (/admin) and staff (/staff) screens share one implementation; an area says
// where its pages live and which words (page titles, failure toasts) it uses.
import { useLocation } from "@remix-run/react";
import type { AreaName } from "~/utils/permissions.server";

export type { AreaName };

export type AreaConfig = {
  name: AreaName;
  residents: string;
  families: string;
  news: string;
  calendar: string;
  newsTitle: string;
  newsItem: string;
  /** administrators choose Draft or Published; staff's news posts are published at once */
  chooseNewsPublished: boolean;
  failed: {
    createResident: string;
    updateResident: string;
    addFamily: string;
    updateFamily: string;
    createNews: string;
    updateNews: string;
    createEvent: string;
    updateEvent: string;
  };
};

const failedCommon = {
  updateResident: "Failed to update resident",
  addFamily: "Failed to add family member",
  updateFamily: "Failed to update family member",
  createEvent: "Failed to create event",
  updateEvent: "Failed to update event",
};

export const AREAS: Record<AreaName, AreaConfig> = {
  admin: {
    name: "admin",
    residents: "/admin/residents",
    families: "/admin/families",
    news: "/admin/news",
    calendar: "/admin/calendar",
    newsTitle: "Community News",
    newsItem: "news post",
    chooseNewsPublished: true,
    failed: {
      ...failedCommon,
      createResident: "Failed to create resident",
      createNews: "Failed to create news post",
      updateNews: "Failed to update news post",
    },
  },
  staff: {
    name: "staff",
    residents: "/staff/residents",
    families: "/staff/families",
    // "News" everywhere (renamed from Bulletin); the old address /staff/bulletin redirects here
    news: "/staff/news",
    calendar: "/staff/calendar",
    newsTitle: "Community News",
    newsItem: "news post",
    chooseNewsPublished: false,
    failed: {
      ...failedCommon,
      createResident: "Failed to add resident",
      createNews: "Failed to create news post",
      updateNews: "Failed to update news post",
    },
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
