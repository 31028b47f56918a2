// Which pages ship the app's JavaScript (ADR 018, 037). The reading pages families and kiosks
// mostly open (a story, the news, the calendar, the life-story book, the family page and its
// gazette; the community home and the notifications when a family member opens them) work
// entirely without it, so a page
// opened straight from an email or a notification on a slow phone gets no script at all: its
// route says `export const handle = READING_PAGE`. Once the app runs in the browser (a page that
// does ship it was opened first), it stays running: a link to a reading page is then an ordinary
// client-side navigation and the page is the same. Such a page fetches no stylesheet either: on a
// full page load root.tsx inlines it (ADR 019), the one other file its first paint would wait for.
import type { UIMatch } from "@remix-run/react";
import { ROLE } from "./roles";

export const READING_PAGE = { scripts: false } as const;

/**
 * A page of a family member's daily round (the community home, the notifications): a reading
 * page when a family member opens it (she reads and answers by forms, on a phone, often on slow
 * data), the app for everyone else (the care team's and the residents' pages stay as they are).
 */
export const FAMILY_READING_PAGE = { scripts: "not-for-family" } as const;

type ScriptsHandle = { scripts?: boolean | "not-for-family" } | undefined;

/** False when a full page load of these routes should carry no script (the server's render). */
export function pageShipsScripts(
  matches: (Pick<UIMatch, "handle"> & Partial<Pick<UIMatch, "id" | "data">>)[],
): boolean {
  if (typeof document !== "undefined") return true;
  const root = matches.find((m) => m.id === "root")?.data as
    { user?: { role?: string } | null } | undefined;
  const family = root?.user?.role === ROLE.family;
  return !matches.some((m) => {
    const scripts = (m.handle as ScriptsHandle)?.scripts;
    return scripts === false || (scripts === "not-for-family" && family);
  });
}
