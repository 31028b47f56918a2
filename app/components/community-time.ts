// The community's time zone and the reader's language for components: every date a person reads
// is written in both (one rule, models/local-time.ts), the same on the server and in the browser.
import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";
import { useLang } from "~/utils/i18n";
import {
  formatDateTime,
  formatDayHeading,
  formatDayThisYear,
  formatLongDate,
  formatMonthDay,
  formatMonthYear,
  formatNumber,
  formatRecentDay,
  formatRelative,
  formatShortDate,
} from "~/models/local-time";

export function useCommunityTimeZone(): string {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.facility?.timeZone ?? "UTC";
}

/** The date and number formatters, bound to the reader's language and the community's time zone. */
export function useDateFormat() {
  const timeZone = useCommunityTimeZone();
  const lang = useLang();
  return {
    lang,
    timeZone,
    /** "April 5, 2025" */
    long: (iso: string) => formatLongDate(iso, timeZone, lang),
    /** "Apr 5, 2025" */
    short: (iso: string) => formatShortDate(iso, timeZone, lang),
    /** "April 5" */
    monthDay: (iso: string) => formatMonthDay(iso, timeZone, lang),
    /** "April 5, 2025 at 3:30 PM" */
    dateTime: (iso: string) => formatDateTime(iso, timeZone, lang),
    /** "today", "yesterday", "Nov 20" */
    recentDay: (iso: string, now?: Date) => formatRecentDay(iso, timeZone, now, lang),
    /** "Nov 20" this year, "Nov 20, 2025" before */
    dayThisYear: (iso: string, now?: Date) => formatDayThisYear(iso, timeZone, now, lang),
    /** "Monday, November 24, 2026" for a YYYY-MM-DD day */
    dayHeading: (ymd: string) => formatDayHeading(ymd, lang),
    /** "November 2026" for a YYYY-MM month */
    monthYear: (ym: string) => formatMonthYear(ym, lang),
    /** "3 days ago" */
    relative: (iso: string, now?: Date) => formatRelative(iso, lang, now),
    /** "1,234" */
    number: (n: number) => formatNumber(n, lang),
  };
}
