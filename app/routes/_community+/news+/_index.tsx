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

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

const PER_PAGE = 20;

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "News") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireTenantUser(request);
  const page = pageOf(
    countPublishedNews(db),
    parsePageParam(new URL(request.url).searchParams.get("page")),
    PER_PAGE,
  );
  const posts = listPublishedNews(db, { limit: page.limit, offset: page.offset }).map((p) => ({
    ...p,
    dateLabel: formatLongDate(p.createdAt, community.timeZone),
  }));
  return { posts, page, communityName: community.name };
}

export default function News() {
  const { posts, page, communityName } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="page-title">News</h1>
        <p className="text-lg text-stone-700">
          What is happening at {communityName}. Pinned posts come first.
        </p>
      </div>
      {posts.length === 0 ? (
        <EmptyState>No news has been posted yet.</EmptyState>
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
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
          {page.hasPrevious ? (
            <Link to={`/news?page=${page.page - 1}`} className="btn-secondary" rel="prev">
              Newer news
            </Link>
          ) : (
            <span />
          )}
          <p className="text-lg">
            Page {page.page} of {page.pageCount}
          </p>
          {page.hasNext ? (
            <Link to={`/news?page=${page.page + 1}`} className="btn-secondary" rel="next">
              Older news
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
