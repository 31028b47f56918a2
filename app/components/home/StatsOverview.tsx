import { useDateFormat } from "~/components/community-time";
import { useT } from "~/utils/i18n";
import { BlockError } from "./BlockError";

export type HomeStats = {
  totalResidents: number;
  totalStories: number;
  totalFamilyViews: number;
  storiesThisMonth: number;
};

// each card's name is the home catalog's `stats.{key}`
const CARDS: { key: keyof HomeStats; icon: string }[] = [
  { key: "totalResidents", icon: "🏡" },
  { key: "totalStories", icon: "📖" },
  { key: "totalFamilyViews", icon: "👀" },
  { key: "storiesThisMonth", icon: "📅" },
];

/** The four statistics; null when they could not be computed. */
export function StatsOverview({ stats }: { stats: HomeStats | null }) {
  const t = useT("home");
  const { number } = useDateFormat();
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        {t("stats.title")}
      </h2>
      {stats ? (
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {CARDS.map((c) => (
            <div key={c.key} className="card flex min-w-0 flex-col gap-1" data-stat={c.key}>
              <dt className="flex flex-wrap items-center gap-x-2 text-base font-semibold text-stone-700">
                <span aria-hidden="true">{c.icon}</span>
                {t(`stats.${c.key}`)}
              </dt>
              <dd className="text-4xl font-bold text-brand-800 [overflow-wrap:anywhere]">
                {number(stats[c.key])}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <BlockError message={t("stats.error")} />
      )}
    </section>
  );
}
