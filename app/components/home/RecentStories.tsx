import { Link } from "@remix-run/react";
import { EmptyState } from "~/components/admin/ui";
import { StoryCard, type StoryCardStory } from "~/components/story/StoryCard";
import { useT } from "~/utils/i18n";
import { BlockError } from "./BlockError";

export function RecentStories({ stories }: { stories: StoryCardStory[] | null }) {
  const t = useT("home");
  return (
    <section aria-labelledby="recent-title" className="card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-title" className="text-2xl font-bold">
          {t("recent.title")}
        </h2>
        <Link to="/stories" className="btn-secondary">
          {t("recent.viewAll")}
          <span className="sr-only">{t("recent.viewAllStories")}</span>
        </Link>
      </div>
      {stories === null ? (
        <div className="mt-4">
          <BlockError message={t("recent.error")} />
        </div>
      ) : stories.length === 0 ? (
        <div className="mt-4">
          <EmptyState>{t("recent.empty")}</EmptyState>
        </div>
      ) : (
        <ul className="divide-y divide-stone-200">
          {stories.map((s) => (
            <li key={s.id}>
              <StoryCard story={s} variant="row" headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
