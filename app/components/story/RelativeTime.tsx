import { formatDistanceToNow } from "date-fns";

/** "3 days ago". The text may differ by a minute between server and browser, so React is told so. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {formatDistanceToNow(new Date(iso), { addSuffix: true })}
    </time>
  );
}
