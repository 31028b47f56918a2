// One of her own stories at the kiosk: its recording, its words, what her family said, and who may
// see it (she changes it or withdraws the story here, by the story model's one audience rule).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { getStoryOfResident, setStoryAudience, withdrawStory } from "~/models/story.server";
import { isAudience } from "~/models/story-audience";
import { AudienceChoice } from "~/components/story/AudienceChoice";
import { SubmitButton } from "~/components/forms";
import { redirectWithToast } from "~/utils/toast.server";
import { listComments } from "~/models/comment.server";
import { mediaUrl } from "~/models/media-urls";
import { getMedia } from "~/models/media.server";
import { storyWordsOrigin } from "~/models/story-words-origin.server";
import { WordsLabel } from "~/components/story/WordsLabel";
import { formatDuration } from "~/components/record/wizard";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { CommentList } from "~/components/story/CommentList";
import { StoryDate } from "~/components/resident/StoryDate";
import { frameOf, residentT } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("story.pageTitle")) },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  // only her own story: the resident is in the query
  const story = getStoryOfResident(ctx.db, ctx.resident.id, params.storyId ?? "");
  if (!story) {
    const t = await residentT(request, ctx.db, ctx.community, ctx.resident.id);
    throw new Response(t("story.notFound"), { status: 404 });
  }
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    story: {
      id: story.id,
      title: story.title,
      content: story.content,
      lang: story.lang,
      createdAt: story.createdAt,
      audioUrl: story.audioId ? mediaUrl(story.audioId) : null,
      imageUrl: story.imageId ? mediaUrl(story.imageId, 800) : null,
      helperName: story.helperName,
      audience: story.audience,
      withdrawn: story.withdrawnAt !== null,
      // not approved: she reads why, as on her own stories page
      rejected: story.reviewStatus === "rejected",
      reviewNote: story.reviewStatus === "rejected" ? story.reviewNote : null,
      durationSeconds: story.audioId
        ? (getMedia(ctx.db, story.audioId)?.durationSeconds ?? story.durationSeconds)
        : null,
      wordsOrigin: story.audioId ? storyWordsOrigin(ctx.db, story.id) : null,
      firstName: story.resident.firstName,
    },
    comments: listComments(ctx.db, story.id),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireKioskResident(request);
  const t = await residentT(request, ctx.db, ctx.community, ctx.resident.id);
  const form = await request.formData();
  const storyId = params.storyId ?? "";
  const here = `/kiosk/stories/${encodeURIComponent(storyId)}`;
  const opts = { communityId: ctx.community.id, byUserId: null };
  if (form.get("intent") === "withdraw") {
    if (!withdrawStory(ctx.db, storyId, ctx.resident.id, opts))
      throw new Response(t("story.notFound"), { status: 404 });
    return redirectWithToast(here, {
      type: "success",
      title: t("story.withdrawn"),
      description: t("story.withdrawnDetail"),
    });
  }
  const audience = form.get("audience");
  if (!isAudience(audience))
    return redirectWithToast(here, {
      type: "error",
      title: t("story.chooseAudience"),
    });
  // her own story only: the resident is in the model's where
  if (!setStoryAudience(ctx.db, storyId, ctx.resident.id, audience, opts))
    throw new Response(t("story.notFound"), { status: 404 });
  return redirectWithToast(here, {
    type: "success",
    title: t("story.saved"),
    description: t("story.savedAudience", {
      audience: t("audience", { audience, community: ctx.community.name }),
    }),
  });
}

export default function KioskStory() {
  const { frame, story, comments } = useLoaderData<typeof loader>();
  const t = useT("kiosk");
  const td = useT("details");
  const audience = t("audience", { audience: story.audience, community: frame.communityName });
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link to="/kiosk/stories" className="btn-secondary">
          <span aria-hidden="true">←</span> {t("stories.title")}
        </Link>
      </div>
      <article className="card mb-6" aria-labelledby="story-title">
        <h1 id="story-title" className="page-title mb-2" lang={story.lang}>
          {story.title}
        </h1>
        <StoryDate iso={story.createdAt} />
        {story.rejected ? (
          <div
            className="my-4 rounded-lg border-2 border-red-300 bg-red-50 p-4 text-xl"
            role="note"
            data-testid="kiosk-review-note"
          >
            <p className="font-bold text-red-900">{td("kiosk.notApproved")}</p>
            {story.reviewNote ? (
              <>
                <p className="font-semibold">{td("kiosk.noteFrom")}</p>
                <p className="whitespace-pre-line">{story.reviewNote}</p>
              </>
            ) : (
              <p>{td("kiosk.noNote")}</p>
            )}
          </div>
        ) : null}
        {story.helperName ? (
          <p className="text-lg text-stone-700" data-testid="told-with-help">
            {t("toldWithHelp", { name: story.helperName })}
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
            aria-label={t("story.listen", { title: story.title })}
          />
        ) : null}
        {story.audioUrl && story.durationSeconds ? (
          <p className="text-lg text-stone-700" data-testid="story-audio-length">
            {td("listen.length", { length: formatDuration(story.durationSeconds) })}
          </p>
        ) : null}
        {story.wordsOrigin && story.content.trim() ? (
          <WordsLabel
            origin={story.wordsOrigin}
            own
            name={story.firstName}
            className="mt-4 text-2xl font-bold"
          />
        ) : null}
        <div className="whitespace-pre-line text-xl leading-relaxed" lang={story.lang}>
          {story.content}
        </div>
      </article>
      <section aria-labelledby="audience-title" className="card mb-6">
        <h2 id="audience-title" className="mb-2 text-2xl font-bold">
          {t("story.whoTitle")}
        </h2>
        <p className="mb-3 text-lg" data-testid="kiosk-story-audience">
          {story.withdrawn ? t("withdrawnNote") : t("story.now", { audience })}
        </p>
        <Form method="post">
          <AudienceChoice
            idPrefix="kiosk-audience"
            communityName={frame.communityName}
            defaultValue={story.audience}
          />
          <SubmitButton pendingText={t("story.saving")}>{t("story.saveAudience")}</SubmitButton>
        </Form>
        {story.withdrawn ? null : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="withdraw" />
            <SubmitButton className="btn-secondary" pendingText={t("story.withdrawing")}>
              {t("story.withdraw")}
            </SubmitButton>
          </Form>
        )}
      </section>
      <section aria-labelledby="comments-title">
        <h2 id="comments-title" className="mb-3 text-2xl font-bold">
          {t("story.comments")}
        </h2>
        <CommentList comments={comments} />
      </section>
    </KioskFrame>
  );
}
