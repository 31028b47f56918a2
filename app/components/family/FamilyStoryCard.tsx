// A published story in the family grid: image or its category's drawing, a 200-character excerpt, and the way
// to the story page (read, react, comment).
import { Link } from "@remix-run/react";
import { categoryIcon, categoryName, NO_PREVIEW } from "~/models/categories";
import { useT } from "~/utils/i18n";
import { StoryThumbnail } from "~/components/resident/ResidentStoryCard";
import { StoryDate } from "~/components/resident/StoryDate";
import { ListenBadge } from "~/components/story/ListenBadge";

export type FamilyStoryCardData = {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  imageId: string | null;
  createdAt: string;
  hasAudio: boolean;
  durationSeconds: number | null;
  /** the language the story is told in */
  lang?: string | null;
};

export function FamilyStoryCard({ story }: { story: FamilyStoryCardData }) {
  const t = useT("family");
  const tc = useT("categories");
  const lang = story.lang ?? undefined;
  return (
    <article
      className="card flex h-full flex-col gap-3"
      aria-labelledby={`family-story-${story.id}`}
    >
      <StoryThumbnail imageId={story.imageId} title={story.title} category={story.category} />
      <p className="text-base font-semibold text-brand-900">
        <span aria-hidden="true">{categoryIcon(story.category)}</span>{" "}
        {categoryName(tc, story.category)}
      </p>
      <h3 id={`family-story-${story.id}`} className="font-reading text-xl">
        <Link
          to={`/stories/${story.id}`}
          className="text-ink no-underline hover:underline"
          lang={lang}
        >
          {story.title}
        </Link>
      </h3>
      {/* the day the story was told, as on every screen */}
      <StoryDate iso={story.createdAt} />
      {story.hasAudio ? (
        <p>
          <ListenBadge durationSeconds={story.durationSeconds} />
        </p>
      ) : null}
      {story.excerpt === NO_PREVIEW ? (
        <p className="text-base">{tc("noPreview")}</p>
      ) : (
        <p className="text-base" lang={lang}>
          {story.excerpt}
        </p>
      )}
      <Link to={`/stories/${story.id}`} className="btn-secondary mt-auto self-start">
        {t("story.readMore")}
        <span className="sr-only"> {t("story.readMoreOn", { title: story.title })}</span>
      </Link>
    </article>
  );
}
