import { CategoryFilter } from "~/components/story/CategoryFilter";
import { StoryCard, type StoryCardStory } from "~/components/story/StoryCard";
import { useT } from "~/utils/i18n";
import { BlockError } from "./BlockError";

export function FeaturedStories({
  stories,
  category,
}: {
  stories: StoryCardStory[] | null;
  category: string | null;
}) {
  const t = useT("home");
  return (
    <section id="featured" aria-labelledby="featured-title" className="card scroll-mt-4">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="featured-title" className="text-2xl font-bold">
          {t("featured.title")}
        </h2>
        <CategoryFilter
          id="featured-category"
          action="/#featured"
          selected={category}
          label={t("featured.filter")}
        />
      </div>
      {stories === null ? (
        <BlockError message={t("featured.error")} />
      ) : stories.length === 0 ? (
        <p className="text-lg text-stone-700">
          {t("featured.empty")}
          {category ? <span>{t("featured.emptyIn", { category })}</span> : null}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2">
          {stories.map((s) => (
            <li key={s.id}>
              <StoryCard story={s} variant="card" headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
