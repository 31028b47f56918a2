// One of the resident's own stories on their dashboard: image or its category's drawing, review state, a
// 150-character excerpt with 'Read More', and Edit / Delete.
import { Link } from "@remix-run/react";
import { categoryIcon, isCategory, needsReadMore } from "~/models/categories";
import { mediaUrl, srcSetFor } from "~/models/media-urls";
import { DialogLink } from "~/components/dialog";
import { DeleteStoryForm } from "./DeleteStoryForm";
import { StoryDate } from "./StoryDate";
import { ListenBadge } from "~/components/story/ListenBadge";
import { StoryArtPanel } from "~/components/story/CategoryArt";
import { useT } from "~/utils/i18n";

export type ResidentStoryCardData = {
  id: string;
  title: string;
  content: string;
  excerpt: string;
  category: string;
  imageId: string | null;
  isPublished: boolean;
  reviewStatus: "pending" | "published" | "rejected";
  reviewNote: string | null;
  createdAt: string;
  hasAudio: boolean;
  durationSeconds: number | null;
  /** who may see it (the resident's choice): "My family", ...; withdrawn: nobody but the resident and the care team */
  audienceLabel?: string;
  withdrawn?: boolean;
  /** the language of the story's words */
  lang?: string | null;
};

/** The story's photo; without one, the quiet drawing of its category (never a grey 'No image'). */
export function StoryThumbnail({
  imageId,
  title,
  category,
}: {
  imageId: string | null;
  title: string;
  category: string;
}) {
  const t = useT("resident");
  if (!imageId) return <StoryArtPanel category={category} className="h-48 rounded-lg" />;
  return (
    <img
      src={mediaUrl(imageId, 800)}
      srcSet={srcSetFor(imageId, [400, 800])}
      sizes="(min-width: 768px) 33vw, 100vw"
      alt={t("card.pictureFor", { title })}
      loading="lazy"
      className="h-48 w-full rounded-lg object-cover"
    />
  );
}

export function ResidentStoryCard({ story }: { story: ResidentStoryCardData }) {
  // a recording kept without words: its words can be typed in (Edit) or added by the staff
  const wordsToAdd = story.hasAudio && !story.content.trim();
  const t = useT("resident");
  const tRecord = useT("record");
  const lang = story.lang ?? undefined;
  return (
    <article
      className="card flex min-w-0 flex-col gap-3 break-words"
      aria-labelledby={`story-${story.id}-title`}
    >
      <StoryThumbnail imageId={story.imageId} title={story.title} category={story.category} />
      <div className="flex flex-wrap items-center gap-2 text-base">
        <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-900">
          <span aria-hidden="true">{categoryIcon(story.category)}</span>{" "}
          {isCategory(story.category) ? tRecord(`category.${story.category}`) : story.category}
        </span>
        {story.withdrawn ? (
          <span className="rounded-full bg-stone-200 px-3 py-1 font-semibold text-stone-900">
            {t("card.withdrawn")}
          </span>
        ) : story.reviewStatus === "rejected" ? (
          <span className="rounded-full bg-red-100 px-3 py-1 font-semibold text-red-900">
            {t("card.rejected")}
          </span>
        ) : !story.isPublished ? (
          <span className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900">
            {t("card.pending")}
          </span>
        ) : (
          <span className="rounded-full bg-green-100 px-3 py-1 font-semibold text-green-900">
            {t("card.published")}
          </span>
        )}
        {story.hasAudio ? <ListenBadge durationSeconds={story.durationSeconds} /> : null}
        {wordsToAdd ? (
          <span className="rounded-full border-2 border-blue-800 bg-white px-3 py-0.5 font-semibold text-blue-900">
            {tRecord("wordsToAdd")}
          </span>
        ) : null}
      </div>
      <h3 id={`story-${story.id}-title`} className="font-reading text-xl" lang={lang}>
        {story.title}
      </h3>
      <StoryDate iso={story.createdAt} />
      {story.audienceLabel ? (
        <p className="text-base" data-testid="story-audience">
          {story.withdrawn ? (
            t("card.withdrawnNote")
          ) : (
            <>
              {t("card.audience")} <strong>{story.audienceLabel}</strong>
            </>
          )}{" "}
          <Link
            to={`/stories/${story.id}/audience`}
            className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
          >
            {t("card.change")}
            <span className="sr-only"> {t("card.changeWho", { title: story.title })}</span>
          </Link>
        </p>
      ) : null}
      {wordsToAdd ? (
        <p className="text-base">{t("card.wordsLater")}</p>
      ) : (
        <p className="text-base" lang={lang}>
          {story.excerpt}
        </p>
      )}
      {needsReadMore(story.content) ? (
        <Link
          to={`/stories/${story.id}`}
          className="inline-flex min-h-target items-center self-start font-semibold text-brand-800 underline"
        >
          {t("card.readMore")}
          <span className="sr-only"> {t("card.readMoreOf", { title: story.title })}</span>
        </Link>
      ) : null}
      {story.reviewStatus === "rejected" && story.reviewNote ? (
        <div className="rounded-lg border-2 border-red-200 bg-red-50 p-3 text-base">
          <p className="font-semibold">{t("card.note")}</p>
          <p>{story.reviewNote}</p>
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Link to={`/resident/stories/${story.id}/edit`} className="btn-secondary">
          {t("common:edit")}
          <span className="sr-only"> {story.title}</span>
        </Link>
        <DialogLink
          to={`/resident/stories/${story.id}/delete`}
          className="btn-ghost text-red-800"
          label={
            <>
              {t("common:delete")}
              <span className="sr-only"> {story.title}</span>
            </>
          }
          title={t("delete.title")}
        >
          <DeleteStoryForm storyId={story.id} title={story.title} lang={story.lang} />
        </DialogLink>
      </div>
    </article>
  );
}
