import { useDateFormat } from "~/components/community-time";

/**
 * "3 days ago" ("hace 3 días") (how a story's time is shown), with the day itself, in the community's time zone, on
 * hover. The text may differ by a minute between server and browser, so React is told so.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const f = useDateFormat();
  return (
    <time dateTime={iso} className={className} title={f.long(iso)} suppressHydrationWarning>
      {f.relative(iso)}
    </time>
  );
}
