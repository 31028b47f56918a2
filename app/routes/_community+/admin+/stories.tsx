import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { requireArea } from "~/utils/permissions.server";
import { Badge, EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { hrefWith, ListSearch, Pager } from "~/components/lists/ListControls";
import { categoryIcon } from "~/models/categories";
import { formatRelative } from "~/models/local-time";
import { listView } from "~/models/list-params";
import {
  listStoriesForReview,
  readStoryListParams,
  reopenStory,
} from "~/models/story-review-list.server";
import {
  approveStory,
  countStoriesByReviewStatus,
  getStoryRow,
  type StoryView,
} from "~/models/story.server";
import { notifyStoryReviewed } from "~/models/notification-events.server";
import { clientOf } from "~/utils/host.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { reviewRefusal } from "./story-words.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "admin")("stories.title")) },
];

const LIST = "/admin/stories";

function toItem(s: StoryView, lang: string) {
  return {
    id: s.id,
    title: s.title,
    excerpt: s.excerpt,
    category: s.category,
    lang: s.lang,
    resident: `${s.resident.firstName} ${s.resident.lastName}`,
    isFeatured: s.isFeatured,
    // who the resident shares it with; the care team sees a withdrawn story as such
    audience: s.audience === "community" ? null : s.audience,
    withdrawn: !!s.withdrawnAt,
    reviewStatus: s.reviewStatus,
    reviewNote: s.reviewNote,
    when: formatRelative(s.publishedAt ?? s.createdAt, lang),
  };
}
type Item = ReturnType<typeof toItem>;

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireArea(request, "admin");
  const params = readStoryListParams(new URL(request.url).searchParams);
  const { rows, page } = listStoriesForReview(db, params);
  const counts = countStoriesByReviewStatus(db);
  const lang = await requestLanguage(request);
  return {
    stories: rows.map((s) => toItem(s, lang)),
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
  const { db, user, community } = await requireArea(request, "admin");
  const t = await getT(request, "admin");
  const form = await request.formData();
  if (form.get("intent") === "approve-selected") return approveSelected(request, form);
  if (form.get("intent") !== "reopen")
    return redirectWithToast(LIST, {
      type: "error",
      title: t("review.failed"),
      description: t("unknownAction"),
    });
  const result = reopenStory(db, String(form.get("storyId") ?? ""), {
    id: user.id,
    displayName: user.displayName,
    audit: { tenantId: community.id, client: clientOf(request) },
  });
  if (!result.ok)
    return redirectWithToast(`${LIST}?status=rejected`, {
      type: "error",
      title: t("review.failed"),
      description: reviewRefusal(t, result.reason),
    });
  return redirectWithToast(`${LIST}?status=pending`, {
    type: "success",
    title: t("review.reopened"),
    description: t("review.backInQueue", { title: result.story.title }),
  });
}

/** At most one page's worth of stories approved in one go. */
const MOST_AT_ONCE = 100;

/**
 * Approves the ticked stories that are still waiting, each as its own approval (notified and
 * audited like one from the review dialog). Each reaches only the audience its resident chose:
 * the answer counts them by audience so nobody thinks "approve" sent everything to everyone.
 */
async function approveSelected(request: Request, form: FormData) {
  const { db, user, community } = await requireArea(request, "admin");
  const t = await getT(request, "admin");
  const back = String(form.get("back") ?? "");
  const page = `${LIST}${back.startsWith("?") ? back : "?status=pending"}`;
  const ids = [...new Set(form.getAll("storyId").map(String))];
  if (ids.length === 0)
    return redirectWithToast(page, {
      type: "error",
      title: t("bulkApprove.noneTitle"),
      description: t("bulkApprove.none"),
    });
  if (ids.length > MOST_AT_ONCE)
    return redirectWithToast(page, {
      type: "error",
      title: t("bulkApprove.noneTitle"),
      description: t("bulkApprove.tooMany", { most: MOST_AT_ONCE }),
    });
  const reviewer = {
    id: user.id,
    displayName: user.displayName,
    audit: { tenantId: community.id, client: clientOf(request) },
  };
  const reached = { private: 0, family: 0, community: 0, withdrawn: 0 };
  let skipped = 0;
  for (const id of ids) {
    const before = getStoryRow(db, id);
    if (!before || before.reviewStatus !== "pending") {
      skipped++;
      continue;
    }
    const result = approveStory(db, id, reviewer);
    if (!result.ok) {
      skipped++;
      continue;
    }
    notifyStoryReviewed(db, community, before, "approved", reviewer);
    reached[before.withdrawnAt ? "withdrawn" : before.audience]++;
  }
  const approved = ids.length - skipped;
  return redirectWithToast(page, {
    type: approved > 0 ? "success" : "error",
    title: t("bulkApprove.done", { count: approved }),
    description: [
      approved > 0 ? t("bulkApprove.reached", reached) : null,
      skipped > 0 ? t("bulkApprove.skipped", { count: skipped }) : null,
    ]
      .filter(Boolean)
      .join(" "),
  });
}

const STATUS_TABS = ["pending", "published", "rejected", "all"] as const;

const STATUS_TONE = { pending: "amber", published: "green", rejected: "red" } as const;

const BULK_FORM = "approve-selected";

function StoryRow({
  story,
  showStatus,
  selectable,
  selected,
}: {
  story: Item;
  showStatus: boolean;
  /** a box that ticks it for "Approve selected" (the waiting stories only) */
  selectable: boolean;
  selected: boolean;
}) {
  const t = useT("admin");
  const tone = STATUS_TONE[story.reviewStatus];
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 border-t border-stone-300 px-4 py-2"
      data-testid={`${story.reviewStatus}-story`}
    >
      {selectable ? (
        <label className="-my-1 flex min-h-target min-w-target items-center justify-center">
          <input
            type="checkbox"
            name="storyId"
            value={story.id}
            form={BULK_FORM}
            defaultChecked={selected}
            className="h-6 w-6"
          />
          <span className="sr-only">{t("bulkApprove.select", { title: story.title })}</span>
        </label>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span aria-hidden="true" className="text-xl">
            {categoryIcon(story.category)}
          </span>
          <span className="text-lg font-bold" lang={story.lang}>
            {story.title}
          </span>
          {showStatus ? (
            <Badge tone={tone}>{t("review.status", { status: story.reviewStatus })}</Badge>
          ) : null}
          {story.isFeatured ? <Badge tone="amber">{t("review.featured")}</Badge> : null}
          {story.withdrawn ? (
            <Badge tone="red">{t("review.withdrawn")}</Badge>
          ) : story.audience ? (
            <Badge tone="gray">{t("stories.audience", { audience: story.audience })}</Badge>
          ) : null}
        </p>
        <p className="text-base text-stone-800">
          {story.resident} · {t(`category.${story.category}`)} ·{" "}
          {story.reviewStatus === "published"
            ? t("stories.published", { when: story.when })
            : t("stories.sent", { when: story.when })}
        </p>
        {story.reviewStatus === "rejected" ? (
          <p className="text-base italic" data-testid="review-note">
            {story.reviewNote
              ? t("stories.noteToResident", { note: story.reviewNote })
              : t("stories.noNote")}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`${LIST}/${story.id}`}
          className="btn-secondary"
          aria-label={t("stories.reviewTitle", { title: story.title })}
          preventScrollReset
          {...dialogLinkProps}
        >
          {story.reviewStatus === "pending" ? t("stories.review") : t("stories.open")}
        </Link>
        {story.reviewStatus === "rejected" ? (
          <Form method="post" action={LIST} preventScrollReset>
            <input type="hidden" name="intent" value="reopen" />
            <input type="hidden" name="storyId" value={story.id} />
            <SubmitButton className="btn-ghost" pendingText={t("stories.reopening")}>
              <span aria-hidden="true">{t("stories.reopen")}</span>
              <span className="sr-only">{t("stories.reopenTitle", { title: story.title })}</span>
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
  const status = view.filters.status as (typeof STATUS_TABS)[number];
  const allSelected = new URLSearchParams(search).get("select") === "all";
  const t = useT("admin");
  return (
    <section aria-labelledby="stories-title">
      <Outlet />
      <SectionHeader id="stories-title" title={t("stories.heading")} />
      <nav aria-label={t("stories.byStatus")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {STATUS_TABS.map((tab) => (
            <li key={tab}>
              <Link
                to={`${LIST}${hrefWith(search, { status: tab })}`}
                aria-current={status === tab ? "page" : undefined}
                className={status === tab ? "btn-primary" : "btn-secondary"}
                preventScrollReset
              >
                {t("stories.tab", { status: tab, count: counts[tab] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListSearch
        id="stories-search"
        label={t("stories.find")}
        view={view}
        placeholder={t("stories.findPlaceholder")}
        keep={{ status }}
      />
      {stories.length === 0 ? (
        <EmptyState>{view.q ? t("stories.noMatch") : t("stories.empty", { status })}</EmptyState>
      ) : (
        <>
          <div className="card p-0">
            <nav
              aria-label={t("stories.sortLabel")}
              className="flex flex-wrap items-center gap-3 px-4 py-2 text-base"
            >
              <span>{t("stories.sort")}</span>
              <SortLinks view={view} />
            </nav>
            {status === "pending" ? (
              <BulkApprove search={search} allSelected={allSelected} count={stories.length} />
            ) : null}
            {/* keyed by the selection, so ticked boxes are drawn anew when "Select all" changes it */}
            <ul aria-label={t("stories.list")} key={allSelected ? "all" : "chosen"}>
              {stories.map((s) => (
                <StoryRow
                  key={s.id}
                  story={s}
                  showStatus={status === "all"}
                  selectable={status === "pending"}
                  selected={allSelected}
                />
              ))}
            </ul>
          </div>
          <Pager page={page} label={t("stories.pages")} noun={t("stories.noun")} />
        </>
      )}
    </section>
  );
}

/**
 * "Approve selected" for the waiting stories shown: the rows' boxes belong to this form. "Select
 * all" is a link (the page again with every box ticked), so it works without JavaScript too.
 */
function BulkApprove({
  search,
  allSelected,
  count,
}: {
  search: string;
  allSelected: boolean;
  count: number;
}) {
  const t = useT("admin");
  const page = new URLSearchParams(search).get("page");
  const back = hrefWith(search, { select: null, page });
  return (
    <Form
      id={BULK_FORM}
      method="post"
      action={LIST}
      className="flex flex-wrap items-center gap-3 border-t border-stone-300 px-4 py-2"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="approve-selected" />
      <input type="hidden" name="back" value={back} />
      <Link
        to={`${LIST}${allSelected ? back : hrefWith(search, { select: "all", page })}`}
        className="inline-flex min-h-target items-center text-brand-800 underline"
        preventScrollReset
      >
        {allSelected ? t("bulkApprove.selectNone") : t("bulkApprove.selectAll", { count })}
      </Link>
      <SubmitButton className="btn-primary" pendingText={t("bulkApprove.approving")}>
        {t("bulkApprove.approve")}
      </SubmitButton>
      <span className="text-base text-stone-800">{t("bulkApprove.audienceRule")}</span>
    </Form>
  );
}

function SortLinks({ view }: { view: { sort: string; desc: boolean } }) {
  const { search } = useLocation();
  const t = useT("admin");
  const options = [
    { sort: "-date", label: t("stories.newest") },
    { sort: "date", label: t("stories.oldest") },
    { sort: "resident", label: t("stories.byResident") },
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
