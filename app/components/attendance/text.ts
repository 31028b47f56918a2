// How an occurrence's time and its saved marks read, on the care team's pages and the kiosk's.
import { formatClockTime } from "~/models/event-dates";
import type { T } from "~/utils/i18n";

export const STATUS_ORDER = ["attended", "declined", "one_to_one", "unwell", "absent"] as const;

type Counts = Record<(typeof STATUS_ORDER)[number], number>;

/** "10 attended, 2 declined": the counts that are not zero, in the statuses' order. */
export function summaryText(t: T, counts: Counts): string {
  const parts = STATUS_ORDER.filter((s) => counts[s] > 0).map((s) =>
    t(`attendance:count.${s}`, { count: counts[s] }),
  );
  return parts.length ? parts.join(", ") : t("attendance:count.none");
}

/** "2:00 PM to 3:00 PM", "From 2:00 PM", or "All day". */
export function timeText(
  e: { startTime: string | null; endTime: string | null },
  t: T,
  lang: string,
): string {
  const start = formatClockTime(e.startTime, lang);
  const end = formatClockTime(e.endTime, lang);
  if (start && end) return t("attendance:time.range", { start, end });
  if (start) return t("attendance:time.from", { start });
  return t("attendance:time.allDay");
}
