// One of the resident's own stories on their dashboard: image or its category's drawing, review state, a
// 150-character excerpt with 'Read More', and Edit / Delete.
import { Link } from "@remix-run/react";
import { categoryIcon, categoryLabel, needsReadMore } from "~/models/categories";
import { mediaUrl, srcSetFor } from "~/models/media-urls";
import { DialogLink } from "~/components/dialog";
import { DeleteStoryForm } from "./DeleteStoryForm";
import { StoryDate } from "./StoryDate";
import { ListenBadge } from "~/components/story/ListenBadge";
import { StoryArtPanel } from "~/components/story/CategoryArt";

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
  if (!imageId) return <StoryArtPanel category={category} className="h-48 rounded-lg" />;
  return (
    <img
      src={mediaUrl(imageId, 800)}
      srcSet={srcSetFor(imageId, [400, 800])}
      sizes="(min-width: 768px) 33vw, 100vw"
      alt={`Picture for "${title}"`}
      loading="lazy"
      className="h-48 w-full rounded-lg object-cover"
    />
  );
}

export function ResidentStoryCard({ story }: { story: ResidentStoryCardData }) {
  // a recording kept without words: its words can be typed in (Edit) or added by the staff
  const wordsToAdd = story.hasAudio && !story.content.trim();
  return (
    <article
      className="card flex min-w-0 flex-col gap-3 break-words"
      aria-labelledby={`story-${story.id}-title`}
    >
      <StoryThumbnail imageId={story.imageId} title={story.title} category={story.category} />
      <div className="flex flex-wrap items-center gap-2 text-base">
        <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-900">
          <span aria-hidden="true">{categoryIcon(story.category)}</span>{" "}
          {categoryLabel(story.category)}
        </span>
        {story.withdrawn ? (
          <span className="rounded-full bg-stone-200 px-3 py-1 font-semibold text-stone-900">
            Withdrawn
          </span>
        ) : story.reviewStatus === "rejected" ? (
          <span className="rounded-full bg-red-100 px-3 py-1 font-semibold text-red-900">
            Not approved
          </span>
        ) : !story.isPublished ? (
          <span className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900">
            Under Review
          </span>
        ) : (
          <span className="rounded-full bg-green-100 px-3 py-1 font-semibold text-green-900">
            Published
          </span>
        )}
        {story.hasAudio ? <ListenBadge durationSeconds={story.durationSeconds} /> : null}
        {wordsToAdd ? (
          <span className="rounded-full border-2 border-blue-800 bg-white px-3 py-0.5 font-semibold text-blue-900">
            Words to add
          </span>
        ) : null}
      </div>
      <h3 id={`story-${story.id}-title`} className="font-reading text-xl">
        {story.title}
      </h3>
      <StoryDate iso={story.createdAt} />
      {story.audienceLabel ? (
        <p className="text-base" data-testid="story-audience">
          {story.withdrawn ? (
            "Withdrawn: only you and the care team can see it."
          ) : (
            <>
              Who can see it: <strong>{story.audienceLabel}</strong>
            </>
          )}{" "}
          <Link
            to={`/stories/${story.id}/audience`}
            className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
          >
            Change<span className="sr-only"> who can see {story.title}</span>
          </Link>
        </p>
      ) : null}
      {wordsToAdd ? (
        <p className="text-base">
          Your recording is kept. Its words can be added later: choose Edit to type them.
        </p>
      ) : (
        <p className="text-base">{story.excerpt}</p>
      )}
      {needsReadMore(story.content) ? (
        <Link
          to={`/stories/${story.id}`}
          className="inline-flex min-h-target items-center self-start font-semibold text-brand-800 underline"
        >
          Read More<span className="sr-only"> of {story.title}</span>
        </Link>
      ) : null}
      {story.reviewStatus === "rejected" && story.reviewNote ? (
        <div className="rounded-lg border-2 border-red-200 bg-red-50 p-3 text-base">
          <p className="font-semibold">Note from the administrator:</p>
          <p>{story.reviewNote}</p>
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Link to={`/resident/stories/${story.id}/edit`} className="btn-secondary">
          Edit<span className="sr-only"> {story.title}</span>
        </Link>
        <DialogLink
          to={`/resident/stories/${story.id}/delete`}
          className="btn-ghost text-red-800"
          label={
            <>
              Delete<span className="sr-only"> {story.title}</span>
            </>
          }
          title="Delete story"
        >
          <DeleteStoryForm storyId={story.id} title={story.title} />
        </DialogLink>
      </div>
    </article>
  );
}
