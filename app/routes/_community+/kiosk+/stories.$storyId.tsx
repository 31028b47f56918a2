// One of her own stories at the kiosk: its recording, its words, what her family said, and who may
// see it (she changes it or withdraws the story here, by the story model's one audience rule).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { getStoryOfResident, setStoryAudience, withdrawStory } from "~/models/story.server";
import { audienceLabel, isAudience } from "~/models/story-audience";
import { AudienceChoice } from "~/components/story/AudienceChoice";
import { SubmitButton } from "~/components/forms";
import { redirectWithToast } from "~/utils/toast.server";
import { listComments } from "~/models/comment.server";
import { mediaUrl } from "~/models/media-urls";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { CommentList } from "~/components/story/CommentList";
import { StoryDate } from "~/components/resident/StoryDate";
import { frameOf } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My story") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  // only her own story: the resident is in the query
  const story = getStoryOfResident(ctx.db, ctx.resident.id, params.storyId ?? "");
  if (!story) throw new Response("We could not find that story.", { status: 404 });
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    story: {
      id: story.id,
      title: story.title,
      content: story.content,
      createdAt: story.createdAt,
      audioUrl: story.audioId ? mediaUrl(story.audioId) : null,
      imageUrl: story.imageId ? mediaUrl(story.imageId, 800) : null,
      helperName: story.helperName,
      audience: story.audience,
      withdrawn: story.withdrawnAt !== null,
    },
    comments: listComments(ctx.db, story.id),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireKioskResident(request);
  const form = await request.formData();
  const storyId = params.storyId ?? "";
  const here = `/kiosk/stories/${encodeURIComponent(storyId)}`;
  const opts = { communityId: ctx.community.id, byUserId: null };
  if (form.get("intent") === "withdraw") {
    if (!withdrawStory(ctx.db, storyId, ctx.resident.id, opts))
      throw new Response("We could not find that story.", { status: 404 });
    return redirectWithToast(here, {
      type: "success",
      title: "Story withdrawn",
      description: "Only you and the care team can see it now.",
    });
  }
  const audience = form.get("audience");
  if (!isAudience(audience))
    return redirectWithToast(here, {
      type: "error",
      title: "Please choose who may see this story",
    });
  // her own story only: the resident is in the model's where
  if (!setStoryAudience(ctx.db, storyId, ctx.resident.id, audience, opts))
    throw new Response("We could not find that story.", { status: 404 });
  return redirectWithToast(here, {
    type: "success",
    title: "Saved",
    description: `Who can see it: ${audienceLabel(audience, ctx.community.name)}.`,
  });
}

export default function KioskStory() {
  const { frame, story, comments } = useLoaderData<typeof loader>();
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link to="/kiosk/stories" className="btn-secondary">
          <span aria-hidden="true">←</span> My stories
        </Link>
      </div>
      <article className="card mb-6" aria-labelledby="story-title">
        <h1 id="story-title" className="page-title mb-2">
          {story.title}
        </h1>
        <StoryDate iso={story.createdAt} />
        {story.helperName ? (
          <p className="text-lg text-stone-700" data-testid="told-with-help">
            Told with help from {story.helperName}
          </p>
        ) : null}
        {story.imageUrl ? (
          <img src={story.imageUrl} alt="" className="my-4 max-h-96 rounded-lg object-cover" />
        ) : null}
        {story.audioUrl ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- her own recording, its words are printed right below
          <audio
            controls
            preload="none"
            src={story.audioUrl}
            className="my-4 w-full"
            aria-label={`Listen: ${story.title}`}
          />
        ) : null}
        <div className="whitespace-pre-line text-xl leading-relaxed">{story.content}</div>
      </article>
      <section aria-labelledby="audience-title" className="card mb-6">
        <h2 id="audience-title" className="mb-2 text-2xl font-bold">
          Who can see it
        </h2>
        <p className="mb-3 text-lg" data-testid="kiosk-story-audience">
          {story.withdrawn
            ? "Withdrawn: only you and the care team can see it."
            : `Now: ${audienceLabel(story.audience, frame.communityName)}.`}
        </p>
        <Form method="post">
          <AudienceChoice
            idPrefix="kiosk-audience"
            communityName={frame.communityName}
            defaultValue={story.audience}
          />
          <SubmitButton pendingText="Saving...">Save who can see it</SubmitButton>
        </Form>
        {story.withdrawn ? null : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="withdraw" />
            <SubmitButton className="btn-secondary" pendingText="Withdrawing...">
              Withdraw this story
            </SubmitButton>
          </Form>
        )}
      </section>
      <section aria-labelledby="comments-title">
        <h2 id="comments-title" className="mb-3 text-2xl font-bold">
          What your family said
        </h2>
        <CommentList comments={comments} />
      </section>
    </KioskFrame>
  );
}
