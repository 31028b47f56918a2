import { useDateFormat } from "~/components/community-time";

/**
 * A date as "November 19, 2026" in the community's time zone and the reader's language: the one rule for dates (the story
 * page, the cards and the lists all show the same day for the same moment).
 */
export function StoryDate({ iso, prefix }: { iso: string; prefix?: string }) {
  const format = useDateFormat();
  return (
    <p className="text-base text-stone-700" data-testid="story-date">
      {prefix ? `${prefix} ` : ""}
      <time dateTime={iso}>{format.long(iso)}</time>
    </p>
  );
}
