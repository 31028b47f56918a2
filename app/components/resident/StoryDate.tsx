import { useCommunityTimeZone } from "~/components/community-time";
import { formatLongDate } from "~/models/local-time";

/**
 * A date as "November 19, 2026" in the community's time zone: the one rule for dates (the story
 * page, the cards and the lists all show the same day for the same moment).
 */
export function StoryDate({ iso, prefix }: { iso: string; prefix?: string }) {
  const timeZone = useCommunityTimeZone();
  return (
    <p className="text-base text-stone-700" data-testid="story-date">
      {prefix ? `${prefix} ` : ""}
      <time dateTime={iso}>{formatLongDate(iso, timeZone)}</time>
    </p>
  );
}
