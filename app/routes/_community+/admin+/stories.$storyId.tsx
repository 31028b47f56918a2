import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireArea } from "~/utils/permissions.server";
import { Badge } from "~/components/admin/ui";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { ReviewNoteSchema } from "~/models/admin-schemas.server";
import { categoryIcon, categoryLabel } from "~/models/categories";
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
import { audienceLabel } from "~/models/story-audience";
import { storyWordsAction, storyWordsData } from "./story-words.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

const LIST = "/admin/stories";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const story = getStoryView(db, params.storyId ?? "");
  if (!story) throw new Response("404 Page Not Found", { status: 404 });
  const day = (iso: string | null) => (iso ? formatLongDate(iso, community.timeZone) : null);
  return {
    story: { ...story, createdLabel: day(story.createdAt), publishedLabel: day(story.publishedAt) },
    words: storyWordsData(db, community, story),
    audienceLabel: audienceLabel(story.audience, community.name),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, community } = await requireArea(request, "admin");
  const id = params.storyId ?? "";
  const before = getStoryRow(db, id);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "words" || intent === "transcribe") {
    const story = getStoryView(db, id);
    if (!story || !story.audioId)
      return redirectWithToast(LIST, {
        type: "error",
        title: "Failed to update story",
        description: "Story not found",
      });
    const answered = await storyWordsAction(intent, formData, {
      db,
      community,
      userId: user.id,
      story,
      page: `${LIST}/${id}`,
    });
    if (answered) return answered;
  }
  const reviewer = { id: user.id, displayName: user.displayName };
  const fail = (title: string, result: Extract<ReviewResult, { ok: false }>) =>
    redirectWithToast(LIST, { type: "error", title, description: result.reason });
  let result: ReviewResult;
  switch (intent) {
    case "approve":
      result = approveStory(db, id, reviewer);
      if (!result.ok) return fail("Failed to update story", result);
      if (before) notifyStoryReviewed(db, community, before, "approved", reviewer);
      return redirectWithToast(LIST, {
        type: "success",
        title: "Story approved",
        description: `“${result.story.title}” is published.`,
      });
    case "reject": {
      const parsed = parseWithZod(formData, { schema: ReviewNoteSchema });
      if (parsed.status !== "success")
        return redirectWithToast(`${LIST}/${id}`, {
          type: "error",
          title: "Failed to update story",
          description: "The note can be at most 1000 characters.",
        });
      result = rejectStory(db, id, reviewer, parsed.value.reviewNote);
      if (!result.ok) return fail("Failed to update story", result);
      if (before) notifyStoryReviewed(db, community, before, "rejected", reviewer);
      return redirectWithToast(LIST, {
        type: "success",
        title: "Story not approved",
        description: `“${result.story.title}” stays unpublished; its resident can see your note.`,
      });
    }
    case "unpublish":
      result = unpublishStory(db, id, reviewer);
      if (!result.ok) return fail("Failed to update story", result);
      return redirectWithToast(LIST, {
        type: "success",
        title: "Story unpublished",
        description: `“${result.story.title}” is back in the review queue.`,
      });
    case "reopen":
      result = reopenStory(db, id, reviewer);
      if (!result.ok) return fail("Failed to update story", result);
      return redirectWithToast(LIST, {
        type: "success",
        title: "Story reopened",
        description: `“${result.story.title}” is back in the review queue.`,
      });
    case "feature":
    case "unfeature":
      result = setStoryFeatured(db, id, intent === "feature");
      if (!result.ok) return fail("Failed to update feature status", result);
      if (before && intent === "feature")
        notifyStoryReviewed(db, community, before, "featured", reviewer);
      return redirectWithToast(LIST, {
        type: "success",
        title: intent === "feature" ? "Story featured" : "Story no longer featured",
        description: `“${result.story.title}”`,
      });
    default:
      return redirectWithToast(LIST, {
        type: "error",
        title: "Failed to update story",
        description: "Unknown action.",
      });
  }
}

export default function StoryReview() {
  const { story, words, audienceLabel } = useLoaderData<typeof loader>();
  const status =
    story.reviewStatus === "published" ? (
      <Badge tone="green">Published</Badge>
    ) : story.reviewStatus === "rejected" ? (
      <Badge tone="red">Not approved</Badge>
    ) : (
      <Badge tone="amber">Pending approval</Badge>
    );
  return (
    <RouteDialog id="story-review" title={story.title} closeTo={LIST} wide>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-base">
        {status}
        {story.isFeatured ? <Badge tone="amber">Featured</Badge> : null}
        {story.audioUrl && !story.content.trim() ? <Badge tone="blue">Words to add</Badge> : null}
        <span>
          <span aria-hidden="true">{categoryIcon(story.category)} </span>
          {categoryLabel(story.category)}
        </span>
      </div>
      <p className="mb-4 text-base">
        By {story.resident.firstName} {story.resident.lastName}
        {story.resident.roomNumber ? `, Room ${story.resident.roomNumber}` : ""} · sent{" "}
        {story.createdLabel}
        {story.publishedLabel ? ` · published ${story.publishedLabel}` : ""}
      </p>
      {story.imageUrl ? (
        <img
          src={`${story.imageUrl}?w=800`}
          alt={`Picture for “${story.title}”`}
          className="mb-4 max-h-80 w-full rounded-lg object-cover"
        />
      ) : null}
      {story.audioUrl ? (
        <div className="mb-4">
          <p className="label">Recording</p>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- audio only; the transcript (the story text) is shown below */}
          <audio controls preload="none" src={story.audioUrl} className="w-full">
            The recording cannot be played in this browser; the transcript is below.
          </audio>
        </div>
      ) : null}
      <p className="mb-3 text-base" data-testid="story-audience">
        {story.withdrawnAt ? (
          <strong>Withdrawn by the resident: only they and the care team can see it.</strong>
        ) : (
          <>
            Who can see it (the resident's choice): <strong>{audienceLabel}</strong>
          </>
        )}{" "}
        <Link
          to={`/stories/${story.id}/audience`}
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          Change, with the resident
        </Link>
      </p>
      {story.aiPrompt ? <p className="mb-3 text-base italic">Prompt: {story.aiPrompt}</p> : null}
      {story.content.trim() ? (
        <div className="mb-6 max-h-[50vh] overflow-y-auto whitespace-pre-line rounded-lg bg-stone-50 p-4 text-lg">
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
                <strong>Note to the resident:</strong> {story.reviewNote}
              </>
            ) : (
              "Not approved, without a note."
            )}
          </p>
          <Form method="post" preventScrollReset className="mt-2">
            <input type="hidden" name="intent" value="reopen" />
            <SubmitButton className="btn-secondary">Reopen for review</SubmitButton>
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
                {story.isFeatured ? "Remove from featured" : "Feature this story"}
              </SubmitButton>
            </Form>
          ) : (
            <p className="self-center text-base">
              Only stories the resident shares with everyone can be featured.
            </p>
          )}
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="unpublish" />
            <SubmitButton className="btn-secondary">Unpublish</SubmitButton>
          </Form>
        </div>
      ) : (
        <div className="grid gap-6 border-t border-stone-300 pt-4 sm:grid-cols-2">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="approve" />
            <p className="mb-3 text-base">Publish it for families and the community.</p>
            <SubmitButton className="btn-primary">Approve</SubmitButton>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="reject" />
            <label htmlFor="review-note" className="label">
              Note to the resident <span className="font-normal text-stone-700">(optional)</span>
            </label>
            <textarea
              id="review-note"
              name="reviewNote"
              rows={3}
              maxLength={1000}
              className="input mb-3"
              defaultValue={story.reviewNote ?? ""}
            />
            <SubmitButton className="btn-danger">Reject</SubmitButton>
          </Form>
        </div>
      )}
    </RouteDialog>
  );
}
