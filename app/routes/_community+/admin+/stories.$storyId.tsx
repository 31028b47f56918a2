import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireArea } from "~/utils/permissions.server";
import { Badge } from "~/components/admin/ui";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { ReviewNoteSchema } from "~/models/admin-schemas.server";
import { categoryIcon } from "~/models/categories";
import {
  approveStory,
  getStoryRow,
  getStoryView,
  rejectStory,
  setStoryFeatured,
  unpublishStory,
  type ReviewResult,
} from "~/models/story.server";
import { reopenStory } from "~/models/story-review-list.server";
import { notifyStoryReviewed } from "~/models/notification-events.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatLongDate } from "~/models/local-time";
import { StoryWords } from "~/components/admin/StoryWords";
import { reviewRefusal, storyWordsAction, storyWordsData } from "./story-words.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { clientOf } from "~/utils/host.server";
import { useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

const LIST = "/admin/stories";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const story = getStoryView(db, params.storyId ?? "");
  if (!story) throw new Response("404 Page Not Found", { status: 404 });
  const lang = await requestLanguage(request);
  const day = (iso: string | null) => (iso ? formatLongDate(iso, community.timeZone, lang) : null);
  return {
    story: { ...story, createdLabel: day(story.createdAt), publishedLabel: day(story.publishedAt) },
    words: storyWordsData(db, community, story, await getT(request, "admin")),
    community: community.name,
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, community } = await requireArea(request, "admin");
  const id = params.storyId ?? "";
  const before = getStoryRow(db, id);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const t = await getT(request, "admin");
  if (intent === "words" || intent === "transcribe") {
    const story = getStoryView(db, id);
    if (!story || !story.audioId)
      return redirectWithToast(LIST, {
        type: "error",
        title: t("review.failed"),
        description: t("review.notFound"),
      });
    const answered = await storyWordsAction(intent, formData, {
      t,
      db,
      community,
      userId: user.id,
      story,
      page: `${LIST}/${id}`,
    });
    if (answered) return answered;
  }
  const reviewer = {
    id: user.id,
    displayName: user.displayName,
    audit: { tenantId: community.id, client: clientOf(request) },
  };
  const fail = (title: string, result: Extract<ReviewResult, { ok: false }>) =>
    redirectWithToast(LIST, {
      type: "error",
      title,
      description: reviewRefusal(t, result.reason),
    });
  let result: ReviewResult;
  switch (intent) {
    case "approve":
      result = approveStory(db, id, reviewer);
      if (!result.ok) return fail(t("review.failed"), result);
      if (before) notifyStoryReviewed(db, community, before, "approved", reviewer);
      return redirectWithToast(LIST, {
        type: "success",
        title: t("review.approved"),
        description: t("review.approvedDescription", { title: result.story.title }),
      });
    case "reject": {
      const parsed = parseWithZod(formData, { schema: ReviewNoteSchema });
      if (parsed.status !== "success")
        return redirectWithToast(`${LIST}/${id}`, {
          type: "error",
          title: t("review.failed"),
          description: t("review.noteTooLong"),
        });
      result = rejectStory(db, id, reviewer, parsed.value.reviewNote);
      if (!result.ok) return fail(t("review.failed"), result);
      if (before) notifyStoryReviewed(db, community, before, "rejected", reviewer);
      return redirectWithToast(LIST, {
        type: "success",
        title: t("review.rejected"),
        description: t("review.rejectedDescription", { title: result.story.title }),
      });
    }
    case "unpublish":
      result = unpublishStory(db, id, reviewer);
      if (!result.ok) return fail(t("review.failed"), result);
      return redirectWithToast(LIST, {
        type: "success",
        title: t("review.unpublished"),
        description: t("review.backInQueue", { title: result.story.title }),
      });
    case "reopen":
      result = reopenStory(db, id, reviewer);
      if (!result.ok) return fail(t("review.failed"), result);
      return redirectWithToast(LIST, {
        type: "success",
        title: t("review.reopened"),
        description: t("review.backInQueue", { title: result.story.title }),
      });
    case "feature":
    case "unfeature":
      result = setStoryFeatured(db, id, intent === "feature", reviewer);
      if (!result.ok) return fail(t("review.featureFailed"), result);
      if (before && intent === "feature")
        notifyStoryReviewed(db, community, before, "featured", reviewer);
      return redirectWithToast(LIST, {
        type: "success",
        title: intent === "feature" ? t("review.featuredDone") : t("review.unfeatured"),
        description: t("review.quoted", { title: result.story.title }),
      });
    default:
      return redirectWithToast(LIST, {
        type: "error",
        title: t("review.failed"),
        description: t("unknownAction"),
      });
  }
}

export default function StoryReview() {
  const { story, words, community } = useLoaderData<typeof loader>();
  const t = useT("admin");
  const tones = { published: "green", rejected: "red", pending: "amber" } as const;
  return (
    <RouteDialog id="story-review" title={story.title} closeTo={LIST} wide>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-base">
        <Badge tone={tones[story.reviewStatus]}>
          {t("review.status", { status: story.reviewStatus })}
        </Badge>
        {story.isFeatured ? <Badge tone="amber">{t("review.featured")}</Badge> : null}
        {story.audioUrl && !story.content.trim() ? (
          <Badge tone="blue">{t("review.wordsToAdd")}</Badge>
        ) : null}
        <span>
          <span aria-hidden="true">{categoryIcon(story.category)} </span>
          {t(`category.${story.category}`)}
        </span>
      </div>
      <p className="mb-4 text-base">
        {t(story.resident.roomNumber ? "review.byRoom" : "review.by", {
          name: `${story.resident.firstName} ${story.resident.lastName}`,
          room: story.resident.roomNumber,
          sent: story.createdLabel,
        })}
        {story.helperName ? ` · ${t("review.withHelp", { name: story.helperName })}` : ""}
        {story.publishedLabel
          ? ` · ${t("review.publishedOn", { when: story.publishedLabel })}`
          : ""}
      </p>
      {story.imageUrl ? (
        <img
          src={`${story.imageUrl}?w=800`}
          alt={t("review.picture", { title: story.title })}
          className="mb-4 max-h-80 w-full rounded-lg object-cover"
        />
      ) : null}
      {story.audioUrl ? (
        <div className="mb-4">
          <p className="label">{t("review.recording")}</p>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- audio only; the transcript (the story text) is shown below */}
          <audio controls preload="none" src={story.audioUrl} className="w-full">
            {t("review.noAudio")}
          </audio>
        </div>
      ) : null}
      <p className="mb-3 text-base" data-testid="story-audience">
        {story.withdrawnAt ? (
          <strong>{t("review.withdrawnNote")}</strong>
        ) : (
          <>
            {t("review.whoCanSee")}{" "}
            <strong>{t("review.audience", { audience: story.audience, community })}</strong>
          </>
        )}{" "}
        <Link
          to={`/stories/${story.id}/audience`}
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          {t("review.changeAudience")}
        </Link>
      </p>
      {story.aiPrompt ? (
        <p className="mb-3 text-base italic">{t("review.prompt", { prompt: story.aiPrompt })}</p>
      ) : null}
      {story.content.trim() ? (
        <div
          className="mb-6 max-h-[50vh] overflow-y-auto whitespace-pre-line rounded-lg bg-stone-50 p-4 text-lg"
          lang={story.lang}
        >
          {story.content}
        </div>
      ) : null}
      {words ? (
        <StoryWords
          storyId={story.id}
          content={story.content}
          words={words}
          page={`${LIST}/${story.id}`}
        />
      ) : null}
      {story.reviewStatus === "rejected" ? (
        <div className="mb-4 rounded-lg border-2 border-red-700 p-3 text-base">
          <p>
            {story.reviewNote ? (
              <>
                <strong>{t("review.noteLabel")}</strong> {story.reviewNote}
              </>
            ) : (
              t("review.noNote")
            )}
          </p>
          <Form method="post" preventScrollReset className="mt-2">
            <input type="hidden" name="intent" value="reopen" />
            <SubmitButton className="btn-secondary">{t("review.reopen")}</SubmitButton>
          </Form>
        </div>
      ) : null}

      {story.isPublished ? (
        <div className="flex flex-wrap gap-3 border-t border-stone-300 pt-4">
          {story.isFeatured || (story.audience === "community" && !story.withdrawnAt) ? (
            <Form method="post" preventScrollReset>
              <input
                type="hidden"
                name="intent"
                value={story.isFeatured ? "unfeature" : "feature"}
              />
              <SubmitButton className="btn-primary">
                {story.isFeatured ? t("review.unfeature") : t("review.feature")}
              </SubmitButton>
            </Form>
          ) : (
            <p className="self-center text-base">{t("review.featureOnlyShared")}</p>
          )}
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="unpublish" />
            <SubmitButton className="btn-secondary">{t("review.unpublish")}</SubmitButton>
          </Form>
        </div>
      ) : (
        <div className="grid gap-6 border-t border-stone-300 pt-4 sm:grid-cols-2">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="approve" />
            <p className="mb-3 text-base">{t("review.approveIntro")}</p>
            <SubmitButton className="btn-primary">{t("review.approve")}</SubmitButton>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="reject" />
            <label htmlFor="review-note" className="label">
              {t("review.noteField")}{" "}
              <span className="font-normal text-stone-700">{t("common:optional")}</span>
            </label>
            <textarea
              id="review-note"
              name="reviewNote"
              rows={3}
              maxLength={1000}
              className="input mb-3"
              defaultValue={story.reviewNote ?? ""}
            />
            <SubmitButton className="btn-danger">{t("review.reject")}</SubmitButton>
          </Form>
        </div>
      )}
    </RouteDialog>
  );
}
