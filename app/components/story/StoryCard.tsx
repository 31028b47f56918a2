import { Link } from "@remix-run/react";
import { useId } from "react";
import { srcSetFor } from "~/models/media-urls";
import type { StoryCardView } from "~/models/story.server";
import { NO_PREVIEW } from "~/models/categories";
import { useT } from "~/utils/i18n";
import { CategoryBadge } from "./CategoryBadge";
import { RelativeTime } from "./RelativeTime";
import { ListenBadge } from "./ListenBadge";
import { ResidentAvatar, roomLabel } from "./ResidentAvatar";
import { StoryArtPanel } from "./CategoryArt";

/** What a card needs of a story (~/models/story.server: the card lists read it from its columns; toStoryCard makes it from a whole StoryView). */
export type StoryCardStory = StoryCardView;

type Props = {
  story: StoryCardStory;
  /** "row": a compact line for lists; "card": with the picture (or the teller's portrait, or the category's drawing). */
  variant?: "row" | "card";
  headingLevel?: 2 | 3 | 4;
  /** Where the story page is; the story page by default. */
  href?: string;
};

/** One story: title, resident with 'Room N', category, relative time, excerpt and 'Read More'. */
export function StoryCard({ story, variant = "card", headingLevel = 3, href }: Props) {
  const t = useT("story");
  const tc = useT("categories");
  const titleId = useId();
  const Heading = `h${headingLevel}` as "h3";
  const to = href ?? `/stories/${story.id}`;
  const room = roomLabel(story.resident.roomNumber, t);
  const name = `${story.resident.firstName} ${story.resident.lastName}`;
  return (
    <article
      className={
        variant === "card" ? "card flex h-full flex-col overflow-hidden p-0" : "flex gap-4 py-4"
      }
      aria-labelledby={titleId}
    >
      {variant === "card" ? (
        story.imageUrl && story.imageId ? (
          <img
            src={story.imageUrl}
            srcSet={srcSetFor(story.imageId, [400, 800])}
            sizes="(min-width: 1024px) 400px, 100vw"
            alt=""
            className="aspect-[3/2] w-full bg-clay-50 object-cover"
            loading="lazy"
            width={400}
            height={267}
          />
        ) : story.resident.profileImageUrl ? (
          // no photo of the story: the teller's portrait on warm paper
          <div
            className="flex aspect-[3/2] w-full items-center justify-center bg-clay-50"
            data-testid="story-portrait"
          >
            <img
              src={story.resident.profileImageUrl}
              alt=""
              className="h-3/5 w-auto rounded-full object-cover shadow-card ring-4 ring-white"
              width={120}
              height={120}
              loading="lazy"
            />
          </div>
        ) : (
          <StoryArtPanel category={story.category} className="aspect-[3/2] w-full" />
        )
      ) : (
        <ResidentAvatar resident={story.resident} size="md" />
      )}
      <div
        className={
          variant === "card"
            ? "flex flex-1 flex-col gap-2 p-5"
            : "flex min-w-0 flex-1 flex-col gap-1"
        }
      >
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={story.category} />
          {story.isPublished === false ? (
            <span className="rounded-full bg-stone-200 px-3 py-0.5 text-base font-semibold text-stone-900">
              {t("status.underReview")}
            </span>
          ) : null}
          {story.audioUrl ? <ListenBadge durationSeconds={story.durationSeconds ?? null} /> : null}
        </div>
        <Heading id={titleId} className="font-reading text-xl leading-snug">
          <Link to={to} className="text-ink hover:underline" lang={story.lang ?? undefined}>
            {story.title}
          </Link>
        </Heading>
        <p className="text-base text-stone-700">
          <span className="font-semibold text-ink">{name}</span>
          {room ? <span> · {room}</span> : null}
          <span> · </span>
          <RelativeTime iso={story.createdAt} />
        </p>
        {story.excerpt === NO_PREVIEW ? (
          <p className="text-base">{tc("noPreview")}</p>
        ) : (
          <p className="text-base" lang={story.lang ?? undefined}>
            {story.excerpt}
          </p>
        )}
        {story.hasMore ? (
          <p className="mt-auto">
            <Link
              to={to}
              className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
            >
              {t("card.readMore")}
              <span className="sr-only"> {t("card.readMoreAbout", { title: story.title })}</span>
            </Link>
          </p>
        ) : null}
      </div>
    </article>
  );
}
