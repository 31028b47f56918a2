// /news: the community's published news, pinned first, for everyone signed in at the community.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { READING_PAGE } from "~/utils/page-scripts";
import { EmptyState } from "~/components/admin/ui";
import { Link, useLoaderData } from "@remix-run/react";
import { NewsCard } from "~/components/community/Board";
import { countPublishedNews, listPublishedNews } from "~/models/community-board.server";
import { formatLongDate } from "~/models/local-time";
import { pageOf, parsePageParam } from "~/models/paging";
import { requireTenantUser } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { requestLanguage } from "~/utils/i18n.server";

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

const PER_PAGE = 20;

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "news")("title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireTenantUser(request);
  const lang = await requestLanguage(request);
  const page = pageOf(
    countPublishedNews(db),
    parsePageParam(new URL(request.url).searchParams.get("page")),
    PER_PAGE,
  );
  const posts = listPublishedNews(db, { limit: page.limit, offset: page.offset }).map((p) => ({
    ...p,
    dateLabel: formatLongDate(p.createdAt, community.timeZone, lang),
  }));
  return { posts, page, communityName: community.name };
}

export default function News() {
  const { posts, page, communityName } = useLoaderData<typeof loader>();
  const t = useT("news");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="page-title">{t("title")}</h1>
        <p className="text-lg text-stone-700">{t("intro", { community: communityName })}</p>
      </div>
      {posts.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <ul className="space-y-4">
          {posts.map((p) => (
            <li key={p.id}>
              <NewsCard post={p} dateLabel={p.dateLabel} />
            </li>
          ))}
        </ul>
      )}
      {page.pageCount > 1 ? (
        <nav aria-label={t("pages")} className="flex flex-wrap items-center justify-between gap-3">
          {page.hasPrevious ? (
            <Link to={`/news?page=${page.page - 1}`} className="btn-secondary" rel="prev">
              {t("newer")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-lg">{t("pageOf", { page: page.page, count: page.pageCount })}</p>
          {page.hasNext ? (
            <Link to={`/news?page=${page.page + 1}`} className="btn-secondary" rel="next">
              {t("older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
