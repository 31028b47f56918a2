// How an entry of the community's activity feed reads, in the reader's language: each entry is
// kept as its type and values (names, titles) and written from the `activity` catalog when shown.
// Entries from before values were kept show the English sentence they were stored with.
import type { T } from "~/utils/i18n";

/** The names and titles an entry's sentence needs (see app/locales/en/activity.json). */
export type ActivityValues = {
  name?: string;
  title?: string;
  /** a story edited and sent for review again, rather than a new one */
  edited?: "yes";
};

export function activityText(
  t: T,
  entry: { type: string; values: string | null; summary: string },
): string {
  if (!entry.values) return entry.summary;
  let values: ActivityValues;
  try {
    values = JSON.parse(entry.values) as ActivityValues;
  } catch {
    return entry.summary;
  }
  return t(`activity:${entry.type}`, { edited: "no", ...values });
}
