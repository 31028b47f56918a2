import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { formatDistanceToNow } from "date-fns";
import { requireArea } from "~/utils/permissions.server";
import { Badge, EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps } from "~/components/dialog";
import { categoryIcon, categoryLabel } from "~/models/categories";
import { countPublishedStories, listPendingStories, listPublishedForReview, listRejectedStories, type StoryView } from "~/models/story.server";

const PUBLISHED_PAGE_SIZE = 10;

function toItem(s: StoryView) {
  return {
    id: s.id,
    title: s.title,
    excerpt: s.excerpt,
    category: s.category,
    resident: `${s.resident.firstName} ${s.resident.lastName}`,
    isFeatured: s.isFeatured,
    reviewNote: s.reviewNote,
    when: formatDistanceToNow(new Date(s.publishedAt ?? s.createdAt), { addSuffix: true }),
  };
}
type Item = ReturnType<typeof toItem>;

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireArea(request, "admin");
  const total = countPublishedStories(db);
  const pages = Math.max(1, Math.ceil(total / PUBLISHED_PAGE_SIZE));
  const requested = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) ? Math.min(Math.max(1, requested), pages) : 1;
  return {
    pending: listPendingStories(db).map(toItem),
    published: listPublishedForReview(db, PUBLISHED_PAGE_SIZE, (page - 1) * PUBLISHED_PAGE_SIZE).map(toItem),
    rejected: listRejectedStories(db).map(toItem),
    page,
    pages,
    total,
  };
}

function StoryList({ stories, kind }: { stories: Item[]; kind: "pending" | "published" | "rejected" }) {
  return (
    <ul className="space-y-3">
      {stories.map((s) => (
        <li key={s.id} className="card flex flex-wrap items-start justify-between gap-3" data-testid={`${kind}-story`}>
          <div className="min-w-0 flex-1">
            <p className="mb-1 flex flex-wrap items-center gap-2">
              <span aria-hidden="true" className="text-2xl">
                {categoryIcon(s.category)}
              </span>
              <span className="text-xl font-bold">{s.title}</span>
              {s.isFeatured ? <Badge tone="amber">Featured</Badge> : null}
            </p>
            <p className="text-base text-stone-800">
              {s.resident} · {categoryLabel(s.category)} · {kind === "published" ? "published" : "sent"} {s.when}
            </p>
            <p className="mt-1 text-base">{s.excerpt}</p>
            {kind === "rejected" && s.reviewNote ? <p className="mt-1 text-base italic">Note: {s.reviewNote}</p> : null}
          </div>
          <Link to={`/admin/stories/${s.id}`} className="btn-secondary" aria-label={`Review ${s.title}`} preventScrollReset {...dialogLinkProps}>
            {kind === "pending" ? "Review" : "Open"}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function AdminStories() {
  const { pending, published, rejected, page, pages, total } = useLoaderData<typeof loader>();
  const first = (page - 1) * PUBLISHED_PAGE_SIZE + 1;
  return (
    <div className="space-y-10">
      <Outlet />
      <section aria-labelledby="pending-title">
        <SectionHeader id="pending-title" title={`Pending Approval (${pending.length})`} />
        {pending.length ? <StoryList stories={pending} kind="pending" /> : <EmptyState>No stories are waiting for review.</EmptyState>}
      </section>
      <section aria-labelledby="published-title">
        <SectionHeader id="published-title" title={`Published Stories (${total})`} />
        {published.length ? (
          <>
            <p className="mb-3 text-base">
              Showing {first}–{first + published.length - 1} of {total}, newest first.
            </p>
            <StoryList stories={published} kind="published" />
            {pages > 1 ? (
              <nav aria-label="Published stories pages" className="mt-4 flex flex-wrap items-center gap-3">
                {page > 1 ? (
                  <Link to={`/admin/stories?page=${page - 1}`} className="btn-secondary">
                    Newer stories
                  </Link>
                ) : null}
                <span className="text-base">
                  Page {page} of {pages}
                </span>
                {page < pages ? (
                  <Link to={`/admin/stories?page=${page + 1}`} className="btn-secondary">
                    Older stories
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        ) : (
          <EmptyState>No stories have been published yet.</EmptyState>
        )}
      </section>
      <section aria-labelledby="rejected-title">
        <SectionHeader id="rejected-title" title={`Not Approved (${rejected.length})`} />
        {rejected.length ? <StoryList stories={rejected} kind="rejected" /> : <EmptyState>No stories have been turned down.</EmptyState>}
      </section>
    </div>
  );
}
