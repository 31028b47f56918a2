// A story told out loud shows it on its card: "Listen" and the recording's length.
import { formatDuration } from "~/components/record/wizard";

export function ListenBadge({ durationSeconds }: { durationSeconds: number | null }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-3 py-0.5 text-base font-semibold text-blue-900"
      data-testid="listen-badge"
    >
      <span aria-hidden="true">🎧</span> Listen
      {durationSeconds ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span>{formatDuration(durationSeconds)}</span>
        </>
      ) : null}
    </span>
  );
}
