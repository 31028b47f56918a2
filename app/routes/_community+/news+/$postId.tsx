// /news/{id}: one published post. Drafts are not found here (they stay in the admin area).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { READING_PAGE } from "~/utils/page-scripts";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/admin/ui";
import { getPublishedNews } from "~/models/community-board.server";
import { formatLongDate } from "~/models/local-time";
import { requireTenantUser } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const news = metaT(matches, "news")("title");
  return [{ title: data ? pageTitle(matches, data.post.title, news) : pageTitle(matches, news) }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = await requireTenantUser(request);
  const post = getPublishedNews(db, params.postId ?? "");
  if (!post)
    throw new Response((await getT(request, "news"))("notFound"), {
      status: 404,
      statusText: "Not Found",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return {
    post,
    dateLabel: formatLongDate(post.createdAt, community.timeZone, await requestLanguage(request)),
    communityName: community.name,
  };
}

export default function NewsPost() {
  const { post, dateLabel, communityName } = useLoaderData<typeof loader>();
  const t = useT("news");
  const paragraphs = post.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p>
        <Link
          to="/news"
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          <span aria-hidden="true">←&nbsp;</span>
          {t("allNews")}
        </Link>
      </p>
      <article aria-labelledby="post-title" className="space-y-4">
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-2 text-base text-stone-700">
            {post.isPinned ? <Badge tone="amber">{t("pinned")}</Badge> : null}
            <span>
              {communityName} · <time dateTime={post.createdAt}>{dateLabel}</time>
            </span>
          </div>
          <h1 id="post-title" className="page-title">
            {post.title}
          </h1>
        </header>
        <div className="max-w-prose space-y-4 text-lg leading-relaxed">
          {paragraphs.map((p, i) => (
            <p key={i} className="whitespace-pre-line">
              {p}
            </p>
          ))}
        </div>
      </article>
    </div>
  );
}
