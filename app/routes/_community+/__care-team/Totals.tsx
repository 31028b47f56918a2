// The care team's totals, above the tabs of /admin and /staff alike.
import { Link } from "@remix-run/react";
import { AREAS, type AreaName } from "./areas";
import type { CareTeamTotals } from "./totals.server";
import { useT } from "~/utils/i18n";
import { useDateFormat } from "~/components/community-time";

export function Totals({ totals, area }: { totals: CareTeamTotals; area: AreaName }) {
  const cfg = AREAS[area];
  const t = useT("care-content");
  const { number } = useDateFormat();
  return (
    <section aria-labelledby="care-team-totals" className="mb-6 print:hidden">
      <h2 id="care-team-totals" className="sr-only">
        {t("totals.title")}
      </h2>
      {/* columns sized in rem: at larger text fewer totals share a line, so none runs out of the window */}
      <ul className="grid grid-cols-[repeat(auto-fit,minmax(14rem,1fr))] gap-2">
        {(
          [
            [t("totals.residents"), totals.residents, cfg.residents],
            [t("totals.families"), totals.families, cfg.families],
            [t("totals.news"), totals.news, cfg.news],
            [t("totals.events"), totals.events, cfg.calendar],
          ] as const
        ).map(([label, value, to]) => (
          <li key={label} className="rounded-xl border border-stone-300 bg-white shadow-sm">
            {/* one line each: the totals stay above the tabs without pushing the lists down */}
            <Link
              to={to}
              className="flex min-h-target flex-wrap items-baseline justify-between gap-x-3 px-4 py-2 no-underline hover:underline"
            >
              <span className="text-base font-semibold text-stone-700">{label}</span>
              <span className="text-2xl font-bold text-ink">{number(value)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
