import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { READING_PAGE } from "~/utils/page-scripts";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { Link, useLoaderData } from "@remix-run/react";
import { CategoryFilter } from "~/components/story/CategoryFilter";
import { StoryCard } from "~/components/story/StoryCard";
import { categoryName, isCategory } from "~/models/categories";
import { pageOf, parsePageParam } from "~/models/paging";
import { countPublishedStories, listPublishedStoryCards } from "~/models/story.server";
import { requireTenantUser } from "~/utils/auth.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

const STORIES_PER_PAGE = 12;

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "story")("list.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, db } = await requireTenantUser(request);
  const url = new URL(request.url);
  const raw = url.searchParams.get("category");
  const category = isCategory(raw) ? raw : null;
  const page = pageOf(
    countPublishedStories(db, user, { category }),
    parsePageParam(url.searchParams.get("page")),
    STORIES_PER_PAGE,
  );
  const stories = listPublishedStoryCards(db, user, {
    category,
    limit: page.limit,
    offset: page.offset,
  });
  return { stories, page, category };
}

function pageHref(page: number, category: string | null) {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const q = params.toString();
  return q ? `/stories?${q}` : "/stories";
}

export default function AllStories() {
  const { stories, page, category } = useLoaderData<typeof loader>();
  const t = useT("story");
  const tc = useT("categories");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("list.title")}
        intro={
          <p>
            {page.total === 0
              ? t("list.none")
              : category
                ? t("list.countIn", { count: page.total, category: categoryName(tc, category) })
                : t("list.count", { count: page.total })}
          </p>
        }
        action={<CategoryFilter id="stories-category" action="/stories" selected={category} />}
      />
      {stories.length === 0 ? (
        <EmptyState
          action={category ? { to: "/stories", label: t("list.everyCategory") } : undefined}
        >
          {category ? t("list.noneInCategory") : t("list.noneShared")}
        </EmptyState>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {stories.map((s) => (
            <li key={s.id}>
              <StoryCard story={s} variant="card" headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      {page.pageCount > 1 ? (
        <nav
          aria-label={t("list.pages")}
          className="flex flex-wrap items-center justify-between gap-3"
        >
          {page.hasPrevious ? (
            <Link to={pageHref(page.page - 1, category)} className="btn-secondary" rel="prev">
              {t("list.previous")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-lg">{t("list.page", { page: page.page, count: page.pageCount })}</p>
          {page.hasNext ? (
            <Link to={pageHref(page.page + 1, category)} className="btn-secondary" rel="next">
              {t("list.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
