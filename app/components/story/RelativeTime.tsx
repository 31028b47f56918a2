import { formatDistanceToNow } from "date-fns";
import { useCommunityTimeZone } from "~/components/community-time";
import { formatLongDate } from "~/models/local-time";

/**
 * "3 days ago" (how a story's time is shown), with the day itself, in the community's time zone, on
 * hover. The text may differ by a minute between server and browser, so React is told so.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const timeZone = useCommunityTimeZone();
  return (
    <time
      dateTime={iso}
      className={className}
      title={formatLongDate(iso, timeZone)}
      suppressHydrationWarning
    >
      {formatDistanceToNow(new Date(iso), { addSuffix: true })}
    </time>
  );
}
