// Which pages ship the app's JavaScript (ADR 018). The reading pages families and kiosks mostly
// open (a story, the news, the calendar, the life-story book) work entirely without it, so a page
// opened straight from an email or a notification on a slow phone gets no script at all: its
// route says `export const handle = READING_PAGE`. Once the app runs in the browser (a page that
// does ship it was opened first), it stays running: a link to a reading page is then an ordinary
// client-side navigation and the page is the same. Such a page fetches no stylesheet either: on a
// full page load root.tsx inlines it (ADR 019), the one other file its first paint would wait for.
import type { UIMatch } from "@remix-run/react";

export const READING_PAGE = { scripts: false } as const;

/** False when a full page load of these routes should carry no script (the server's render). */
export function pageShipsScripts(matches: Pick<UIMatch, "handle">[]): boolean {
  if (typeof document !== "undefined") return true;
  return !matches.some((m) => (m.handle as { scripts?: boolean } | undefined)?.scripts === false);
}
