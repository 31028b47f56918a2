import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { formatDistanceToNow } from "date-fns";
import { requireArea } from "~/utils/permissions.server";
import { Badge, EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { hrefWith, ListSearch, Pager } from "~/components/lists/ListControls";
import { categoryIcon, categoryLabel } from "~/models/categories";
import { listView } from "~/models/list-params";
import {
  listStoriesForReview,
  readStoryListParams,
  reopenStory,
} from "~/models/story-review-list.server";
import { countStoriesByReviewStatus, type StoryView } from "~/models/story.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

const LIST = "/admin/stories";

function toItem(s: StoryView) {
  return {
    id: s.id,
    title: s.title,
    excerpt: s.excerpt,
    category: s.category,
    resident: `${s.resident.firstName} ${s.resident.lastName}`,
    isFeatured: s.isFeatured,
    // who the resident shares it with; the care team sees a withdrawn story as such
    audience:
      s.audience === "private" ? "Only the resident" : s.audience === "family" ? "Family" : null,
    withdrawn: !!s.withdrawnAt,
    reviewStatus: s.reviewStatus,
    reviewNote: s.reviewNote,
    when: formatDistanceToNow(new Date(s.publishedAt ?? s.createdAt), { addSuffix: true }),
  };
}
type Item = ReturnType<typeof toItem>;

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireArea(request, "admin");
  const params = readStoryListParams(new URL(request.url).searchParams);
  const { rows, page } = listStoriesForReview(db, params);
  const counts = countStoriesByReviewStatus(db);
  return {
    stories: rows.map(toItem),
    page,
    view: listView(params),
    counts: {
      pending: counts.pending,
      published: counts.published,
      rejected: counts.rejected,
      all: counts.pending + counts.published + counts.rejected,
    },
  };
}

/** Reopening a story that was not approved, from its row (the review dialog has the other decisions). */
export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireArea(request, "admin");
  const form = await request.formData();
  if (form.get("intent") !== "reopen")
    return redirectWithToast(LIST, {
      type: "error",
      title: "Failed to update story",
      description: "Unknown action.",
    });
  const result = reopenStory(db, String(form.get("storyId") ?? ""), {
    id: user.id,
    displayName: user.displayName,
  });
  if (!result.ok)
    return redirectWithToast(`${LIST}?status=rejected`, {
      type: "error",
      title: "Failed to update story",
      description: result.reason,
    });
  return redirectWithToast(`${LIST}?status=pending`, {
    type: "success",
    title: "Story reopened",
    description: `“${result.story.title}” is back in the review queue.`,
  });
}

const STATUS_TABS = [
  { value: "pending", label: "Awaiting review", badge: "amber" },
  { value: "published", label: "Published", badge: "green" },
  { value: "rejected", label: "Not approved", badge: "red" },
  { value: "all", label: "All", badge: "gray" },
] as const;

const STATUS_BADGE = {
  pending: ["amber", "Pending approval"],
  published: ["green", "Published"],
  rejected: ["red", "Not approved"],
} as const;

function StoryRow({ story, showStatus }: { story: Item; showStatus: boolean }) {
  const [tone, label] = STATUS_BADGE[story.reviewStatus];
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 border-t border-stone-300 px-4 py-2"
      data-testid={`${story.reviewStatus}-story`}
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span aria-hidden="true" className="text-xl">
            {categoryIcon(story.category)}
          </span>
          <span className="text-lg font-bold">{story.title}</span>
          {showStatus ? <Badge tone={tone}>{label}</Badge> : null}
          {story.isFeatured ? <Badge tone="amber">Featured</Badge> : null}
          {story.withdrawn ? (
            <Badge tone="red">Withdrawn</Badge>
          ) : story.audience ? (
            <Badge tone="gray">{story.audience}</Badge>
          ) : null}
        </p>
        <p className="text-base text-stone-800">
          {story.resident} · {categoryLabel(story.category)} ·{" "}
          {story.reviewStatus === "published" ? "published" : "sent"} {story.when}
        </p>
        {story.reviewStatus === "rejected" ? (
          <p className="text-base italic" data-testid="review-note">
            {story.reviewNote ? `Note to the resident: ${story.reviewNote}` : "No note was left."}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`${LIST}/${story.id}`}
          className="btn-secondary"
          aria-label={`Review ${story.title}`}
          preventScrollReset
          {...dialogLinkProps}
        >
          {story.reviewStatus === "pending" ? "Review" : "Open"}
        </Link>
        {story.reviewStatus === "rejected" ? (
          <Form method="post" action={LIST} preventScrollReset>
            <input type="hidden" name="intent" value="reopen" />
            <input type="hidden" name="storyId" value={story.id} />
            <SubmitButton className="btn-ghost" pendingText="Reopening...">
              <span aria-hidden="true">Reopen</span>
              <span className="sr-only">{`Reopen ${story.title} for review`}</span>
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

export default function AdminStories() {
  const { stories, page, view, counts } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const status = view.filters.status as (typeof STATUS_TABS)[number]["value"];
  return (
    <section aria-labelledby="stories-title">
      <Outlet />
      <SectionHeader id="stories-title" title="Story Management" />
      <nav aria-label="Stories by status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {STATUS_TABS.map((t) => (
            <li key={t.value}>
              <Link
                to={`${LIST}${hrefWith(search, { status: t.value })}`}
                aria-current={status === t.value ? "page" : undefined}
                className={status === t.value ? "btn-primary" : "btn-secondary"}
                preventScrollReset
              >
                {t.label} ({counts[t.value]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListSearch
        id="stories-search"
        label="Find stories"
        view={view}
        placeholder="Title or resident"
        keep={{ status }}
      />
      {stories.length === 0 ? (
        <EmptyState>
          {view.q
            ? "No stories match. Try other words."
            : status === "pending"
              ? "No stories are waiting for review."
              : status === "published"
                ? "No stories have been published yet."
                : status === "rejected"
                  ? "No stories have been turned down."
                  : "No stories yet."}
        </EmptyState>
      ) : (
        <>
          <div className="card p-0">
            <nav
              aria-label="Sort the stories"
              className="flex flex-wrap items-center gap-3 px-4 py-2 text-base"
            >
              <span>Sort:</span>
              <SortLinks view={view} />
            </nav>
            <ul aria-label="Stories">
              {stories.map((s) => (
                <StoryRow key={s.id} story={s} showStatus={status === "all"} />
              ))}
            </ul>
          </div>
          <Pager page={page} label="Stories pages" noun="stories" />
        </>
      )}
    </section>
  );
}

function SortLinks({ view }: { view: { sort: string; desc: boolean } }) {
  const { search } = useLocation();
  const options = [
    { sort: "-date", label: "Newest first" },
    { sort: "date", label: "Oldest first" },
    { sort: "resident", label: "Resident A–Z" },
  ];
  const current = view.desc ? `-${view.sort}` : view.sort;
  return (
    <>
      {options.map((o) => (
        <Link
          key={o.sort}
          to={`${LIST}${hrefWith(search, { sort: o.sort })}`}
          aria-current={current === o.sort ? "true" : undefined}
          className={`inline-flex min-h-target items-center ${current === o.sort ? "font-bold text-ink" : "text-brand-800 underline"}`}
          preventScrollReset
        >
          {o.label}
        </Link>
      ))}
    </>
  );
}
