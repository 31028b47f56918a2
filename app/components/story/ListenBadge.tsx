// A story told out loud shows it on its card: "Listen" and the recording's length.
import { formatDuration } from "~/components/record/wizard";
import { useT } from "~/utils/i18n";

export function ListenBadge({ durationSeconds }: { durationSeconds: number | null }) {
  const t = useT("story");
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-3 py-0.5 text-base font-semibold text-blue-900"
      data-testid="listen-badge"
    >
      <span aria-hidden="true">🎧</span> {t("listen.badge")}
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
