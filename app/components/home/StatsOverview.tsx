import { BlockError } from "./BlockError";

export type HomeStats = {
  totalResidents: number;
  totalStories: number;
  totalFamilyViews: number;
  storiesThisMonth: number;
};

const CARDS: { key: keyof HomeStats; label: string; icon: string }[] = [
  { key: "totalResidents", label: "Total Residents", icon: "🏡" },
  { key: "totalStories", label: "Stories Shared", icon: "📖" },
  { key: "totalFamilyViews", label: "Family Views", icon: "👀" },
  { key: "storiesThisMonth", label: "This Month", icon: "📅" },
];

/** The four statistics; null when they could not be computed. */
export function StatsOverview({ stats }: { stats: HomeStats | null }) {
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        Community statistics
      </h2>
      {stats ? (
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {CARDS.map((c) => (
            <div key={c.key} className="card flex min-w-0 flex-col gap-1" data-stat={c.key}>
              <dt className="flex flex-wrap items-center gap-x-2 text-base font-semibold text-stone-700">
                <span aria-hidden="true">{c.icon}</span>
                {c.label}
              </dt>
              <dd className="text-4xl font-bold text-brand-800 [overflow-wrap:anywhere]">
                {stats[c.key].toLocaleString("en-US")}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <BlockError message="Unable to load statistics" />
      )}
    </section>
  );
}
