// The wizard's last page: the story just saved, waiting for review, and where to go next.
import { Link } from "@remix-run/react";
import { StoryDate } from "~/components/resident/StoryDate";
import { ListenBadge } from "~/components/story/ListenBadge";
import { useT } from "~/utils/i18n";
import { wizardUrl } from "./wizard";

export type SavedStory = {
  id: string;
  title: string;
  excerpt: string;
  hasWords: boolean;
  createdAt: string;
  durationSeconds: number | null;
  hasAudio: boolean;
  categoryLabel: string;
  /** the language of the story's words */
  lang?: string | null;
};

export function SavedStep({
  story,
  resident,
  onBehalf,
  residentName,
  dashboard,
}: {
  story: SavedStory;
  resident: string | null;
  onBehalf: boolean;
  residentName: string;
  dashboard: string;
}) {
  const t = useT("record");
  return (
    <section aria-labelledby="saved-title" data-testid="saved-story">
      <h2 id="saved-title" className="mb-2 text-2xl font-bold">
        <span aria-hidden="true">✅ </span>
        {t("saved.title")}
      </h2>
      <p className="mb-5 text-lg">
        {onBehalf ? t("saved.keptFor", { name: residentName }) : t("saved.kept")}{" "}
        {t("saved.review")}
      </p>
      <article
        className="mb-6 rounded-xl border-2 border-brand-700 bg-brand-50 p-5"
        aria-labelledby="saved-story-title"
      >
        <p className="mb-1 text-base font-semibold text-brand-900">{story.categoryLabel}</p>
        <h3 id="saved-story-title" className="text-xl font-bold" lang={story.lang ?? undefined}>
          {story.title}
        </h3>
        <StoryDate iso={story.createdAt} />
        {story.hasAudio ? (
          <p className="my-2">
            <ListenBadge durationSeconds={story.durationSeconds} />
          </p>
        ) : null}
        {story.hasWords ? (
          <p className="text-base" lang={story.lang ?? undefined}>
            {story.excerpt}
          </p>
        ) : (
          <p className="text-base">
            <strong>{t("saved.wordsToAdd")}</strong> {t("saved.wordsLater")}
          </p>
        )}
      </article>
      <div className="flex flex-wrap gap-3">
        <Link to={wizardUrl(null, { resident })} className="btn-primary">
          <span aria-hidden="true">🎙️</span> {t("saved.another")}
        </Link>
        <Link to={onBehalf ? dashboard : "/resident"} className="btn-secondary">
          {onBehalf ? t("backToDashboard") : t("saved.myStories")}
        </Link>
      </div>
    </section>
  );
}
