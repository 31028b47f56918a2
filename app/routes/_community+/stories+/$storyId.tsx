import { parseWithZod } from "@conform-to/zod/v4";
import { READING_PAGE } from "~/utils/page-scripts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CategoryBadge } from "~/components/story/CategoryBadge";
import { CommentForm } from "~/components/story/CommentForm";
import { CommentList, type CommentItem } from "~/components/story/CommentList";
import { CommentSchema, REACTION_EMOJIS } from "~/models/comment-form.server";
import { ReactionBar } from "~/components/story/ReactionBar";
import { ResidentAvatar, roomLabel } from "~/components/story/ResidentAvatar";
import {
  addComment,
  canRespondTo,
  CommentAccessError,
  deleteComment,
  listComments,
  reactionSummary,
  recordStoryView,
  setReaction,
} from "~/models/comment.server";
import { recordForResident } from "~/models/family.server";
import { reactionLabel } from "~/models/categories";
import { getMedia, mediaVariants } from "~/models/media.server";
import { mediaUrl } from "~/models/media-urls";
import { getReadableStory, mayChangeAudience } from "~/models/story.server";
import { audienceText } from "~/models/story-audience";
import { notifyComment, notifyReaction } from "~/models/notification-events.server";
import { PersonLimitError } from "~/models/person-limits.server";
import { reactorsByEmoji, withReactors } from "~/models/reactors.server";
import { storyWordTimes } from "~/models/story-transcript.server";
import { storyWordsOrigin } from "~/models/story-words-origin.server";
import { WordsLabel } from "~/components/story/WordsLabel";
import { FollowAlongText, StoryAudio, type Listening } from "~/components/story/ListenWithWords";
import { requireTenantUser } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { CARE_TEAM_ROLES, type Role, ROLE, roleIn } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useT, type T } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { personLimitText, reasonText } from "~/routes/api+/__messages.server";
import { useDateFormat } from "~/components/community-time";

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

// no preload of the reading face (Literata): with the stylesheet inline the layout asks for it as
// soon as the story is parsed, and the preload held the first paint back (ADR 019)

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? data.story.title : metaT(matches, "story")("page.title")) },
];

function notFound(t: T): Response {
  return new Response(t("page.notFound"), {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

function isModerator(role: Role) {
  return roleIn(role, CARE_TEAM_ROLES);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, community, db } = await requireTenantUser(request);
  const story = getReadableStory(db, user, params.storyId ?? "");
  if (!story) throw notFound(await getT(request, "story"));
  // opening a story as a family member counts one view per member, story and local day: by
  // her record for the story's resident, or the one her pages show for another resident's story
  if (user.role === ROLE.family && story.isPublished) {
    const viewer =
      recordForResident(db, user.familyMemberIds, story.residentId)?.id ?? user.familyMemberId;
    if (viewer && recordStoryView(db, community, viewer, story.id)) story.viewCount += 1;
  }
  let image: { src: string; srcSet: string; width: number | null; height: number | null } | null =
    null;
  if (story.imageId) {
    const row = getMedia(db, story.imageId);
    const variants = row ? mediaVariants(row) : [];
    image = {
      src: mediaUrl(story.imageId),
      srcSet: variants
        .filter((v) => v.width > 0)
        .map((v) => `${mediaUrl(story.imageId!, v.width)} ${v.width}w`)
        .join(", "),
      width: row?.width ?? null,
      height: row?.height ?? null,
    };
  }
  const comments = listComments(db, story.id);
  const moderator = isModerator(user.role);
  const confirmId = new URL(request.url).searchParams.get("deleteComment");
  const confirming = confirmId
    ? (comments.find((c) => c.id === confirmId && (moderator || c.authorUserId === user.id)) ??
      null)
    : null;
  const times = story.audioUrl ? storyWordTimes(db, story.id) : null;
  const listening: Listening = times
    ? { ...times, captionsUrl: `/stories/${story.id}/captions.vtt` }
    : null;
  // the recording's length as measured when it was stored (the story keeps the length first known)
  const audioSeconds = story.audioId
    ? (getMedia(db, story.audioId)?.durationSeconds ?? story.durationSeconds)
    : null;
  // where its words came from: a transcript of the recording, or typed by a person
  const wordsOrigin = story.audioUrl ? storyWordsOrigin(db, story.id) : null;
  const ownStory = user.role === ROLE.resident && user.residentId === story.residentId;
  return {
    story,
    audioSeconds,
    wordsOrigin,
    ownStory,
    listening,
    image,
    comments,
    reactions: withReactors(
      reactionSummary(db, story.id, user.id),
      reactorsByEmoji(db, community.id, story.id),
    ),
    canRespond: canRespondTo(db, user, story),
    isFamily: user.role === ROLE.family,
    viewerId: user.id,
    moderator,
    confirming,
    // the resident and the care team see who the story is for, and may change it
    audience: mayChangeAudience(user, story).may
      ? { audience: story.audience, community: community.name, withdrawn: !!story.withdrawnAt }
      : null,
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, db, community } = await requireTenantUser(request);
  const t = await getT(request, "story");
  const storyId = params.storyId ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = `/stories/${storyId}`;
  try {
    if (intent === "comment") {
      const submission = parseWithZod(formData, { schema: CommentSchema });
      if (submission.status !== "success") return translatedReply(submission.reply(), t);
      try {
        const comment = addComment(db, user, storyId, submission.value);
        if (!comment.repeated)
          notifyComment(db, community, storyId, comment, {
            id: user.id,
            displayName: comment.familyMember.name,
          });
      } catch (error) {
        if (error instanceof CommentAccessError) throw error;
        // too many in a short time: said above the form, with the words kept in it
        if (error instanceof PersonLimitError)
          return data(
            submission.reply({
              formErrors: [personLimitText(await getT(request, "api"), error)],
            }),
            { status: 429 },
          );
        console.error("Adding a comment failed", error);
        return submission.reply({ formErrors: [t("comment.failed")] });
      }
      return redirectWithToast(safeRedirect(formData.get("redirectTo"), `${back}#comments`), {
        type: "success",
        title: t("comment.added"),
      });
    }
    if (intent === "react") {
      const emoji = String(formData.get("emoji") ?? "");
      if (!REACTION_EMOJIS.includes(emoji))
        throw new Response(t("comment.reactionInvalid"), { status: 400 });
      // each button sends the state it offered (on=1 to give, on=0 to take back), never "turn it
      // over": a second press of the same page's button (a double tap) keeps what the first did
      const want = wantedReaction(formData);
      if (!want) throw new Response(t("comment.reactionInvalid"), { status: 400 });
      let result;
      try {
        result = setReaction(db, user, storyId, emoji, want);
      } catch (error) {
        if (!(error instanceof PersonLimitError)) throw error;
        return redirectWithToast(`${back}#reactions`, {
          type: "error",
          title: personLimitText(await getT(request, "api"), error),
        });
      }
      if (result.on && result.changed)
        notifyReaction(db, community, storyId, { emoji, label: reactionLabel(emoji) ?? "" }, user);
      return redirect(`${back}#reactions`);
    }
    if (intent === "delete-comment") {
      if (!getReadableStory(db, user, storyId)) throw notFound(t);
      const ok = deleteComment(db, user, String(formData.get("commentId") ?? ""), storyId);
      if (!ok) throw notFound(t);
      return redirectWithToast(`${back}#comments`, {
        type: "success",
        title: t("comment.deleted"),
      });
    }
  } catch (error) {
    if (error instanceof CommentAccessError) {
      throw error.status === 404
        ? notFound(t)
        : new Response(reasonText(await getT(request, "api"), error.message), {
            status: 403,
            statusText: "Forbidden",
          });
    }
    throw error;
  }
  throw new Response(t("page.unknownAction"), { status: 400 });
}

/** The reaction state a form asks for: `on` 1 or 0 (or the older `turn` on or off); null if neither. */
function wantedReaction(formData: FormData): "on" | "off" | null {
  const on = formData.get("on");
  if (on === "1") return "on";
  if (on === "0") return "off";
  const turn = formData.get("turn");
  return turn === "on" || turn === "off" ? turn : null;
}

/** A form's reply with its messages (the schema's catalog keys) in the reader's language. */
function translatedReply<R extends { error?: Record<string, string[] | null> | null }>(
  reply: R,
  t: T,
): R {
  if (!reply.error) return reply;
  const error: Record<string, string[] | null> = {};
  for (const [field, messages] of Object.entries(reply.error))
    error[field] = messages ? messages.map((m) => translateMessage(t, m)) : messages;
  return { ...reply, error };
}

export default function StoryPage() {
  const {
    story,
    listening,
    image,
    comments,
    reactions,
    canRespond,
    isFamily,
    viewerId,
    moderator,
    confirming,
    audience,
    audioSeconds,
    wordsOrigin,
    ownStory,
  } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const t = useT("story");
  const td = useT("details");
  const f = useDateFormat();
  const lang = story.lang ?? undefined;
  const name = `${story.resident.firstName} ${story.resident.lastName}`;
  const room = roomLabel(story.resident.roomNumber, t);
  const deleteHref = (c: CommentItem) =>
    moderator || c.authorUserId === viewerId
      ? `?deleteComment=${encodeURIComponent(c.id)}#confirm-delete`
      : null;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <p>
        <Link
          to="/stories"
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          <span aria-hidden="true">←&nbsp;</span>
          {t("page.allStories")}
        </Link>
      </p>
      <article aria-labelledby="story-title" className="space-y-8">
        {/* the keepsake's opening: title, the teller, the day it was told, and Listen */}
        <header className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={story.category} />
            {!story.isPublished ? (
              <span className="rounded-full bg-stone-200 px-3 py-0.5 text-base font-semibold text-stone-900">
                {story.reviewStatus === "rejected"
                  ? t("status.notApproved")
                  : t("status.underReview")}
              </span>
            ) : null}
            {audience?.withdrawn ? (
              <span className="rounded-full bg-stone-200 px-3 py-0.5 text-base font-semibold text-stone-900">
                {t("status.withdrawn")}
              </span>
            ) : null}
          </div>
          <h1 id="story-title" className="font-reading text-4xl text-ink" lang={lang}>
            {story.title}
          </h1>
          <div className="flex flex-wrap items-center gap-4">
            <ResidentAvatar resident={story.resident} size="lg" />
            <div className="min-w-0 flex-1">
              <p className="text-xl font-bold">{name}</p>
              <p className="text-base text-stone-700">
                {room ? <span>{room} · </span> : null}
                <time dateTime={story.createdAt} data-testid="story-date">
                  {f.long(story.createdAt)}
                </time>
              </p>
            </div>
            {story.audioUrl ? (
              <a href="#listen-title" className="btn-primary">
                <svg
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  focusable="false"
                  className="h-5 w-5"
                  fill="currentColor"
                >
                  <path d="M6 4v12l10-6z" />
                </svg>
                {t("listen.button")}
                <span className="sr-only">
                  {" "}
                  {t("listen.buttonTo", { name: story.resident.firstName })}
                </span>
              </a>
            ) : null}
          </div>
          {/* who may see it: below the keepsake's opening, for the resident and the care team only */}
          {audience ? (
            <p className="text-base" data-testid="story-audience">
              {audience.withdrawn ? (
                t("page.withdrawnNote")
              ) : (
                <>
                  {t("page.whoCanSee")}{" "}
                  <strong>{audienceText(t, audience.audience, audience.community)}</strong>
                </>
              )}{" "}
              <Link
                to={`/stories/${story.id}/audience`}
                className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
              >
                {t("page.changeWho")}
              </Link>
            </p>
          ) : null}
        </header>
        {image ? (
          <figure>
            <img
              src={image.src}
              srcSet={image.srcSet || undefined}
              sizes="(min-width: 768px) 768px, 100vw"
              alt={t("page.pictureAlt", { title: story.title })}
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              className="h-auto w-full rounded-card bg-clay-50 shadow-card"
            />
          </figure>
        ) : null}
        {story.audioUrl ? (
          <section aria-labelledby="listen-title" className="card bg-clay-50">
            <h2 id="listen-title" className="mb-2 text-xl font-bold">
              {t("listen.title", { name: story.resident.firstName })}
            </h2>
            <StoryAudio
              src={story.audioUrl}
              firstName={story.resident.firstName}
              listening={listening}
              durationSeconds={audioSeconds}
            />
            <p className="mt-2 text-base text-stone-700" data-testid="words-origin-note">
              {!story.content.trim()
                ? t("listen.noWordsYet")
                : wordsOrigin === "typed"
                  ? td(ownStory ? "words.typedOwn" : "words.typedTheirs", {
                      name: story.resident.firstName,
                    })
                  : listening
                    ? t("listen.followAlong")
                    : t("listen.transcript")}
            </p>
          </section>
        ) : null}
        {wordsOrigin && story.content.trim() ? (
          <WordsLabel origin={wordsOrigin} own={ownStory} name={story.resident.firstName} />
        ) : null}
        <FollowAlongText text={story.content} listening={listening} lang={lang} />
      </article>

      <section
        id="reactions"
        aria-labelledby="reactions-title"
        className="space-y-3 border-t-2 border-stone-200 pt-8"
      >
        <h2 id="reactions-title" className="text-2xl font-bold">
          {t("reactions.title")}
        </h2>
        <ReactionBar reactions={reactions} canReact={canRespond} action={`/stories/${story.id}`} />
      </section>

      <section id="comments" aria-labelledby="comments-title" className="space-y-4">
        <h2 id="comments-title" className="text-2xl font-bold">
          {t("comments.title", { count: comments.length })}
        </h2>
        {confirming ? (
          <div
            id="confirm-delete"
            className="rounded-xl border-2 border-red-700 bg-red-50 p-4"
            role="group"
            aria-labelledby="confirm-delete-title"
          >
            <h3 id="confirm-delete-title" className="text-xl font-bold text-red-900">
              {t("comments.deleteTitle")}
            </h3>
            <p className="mb-3 text-lg">
              {t("comments.deleteConfirm", {
                content: confirming.content,
                name: confirming.familyMember.name,
              })}
            </p>
            <Form method="post" className="flex flex-wrap gap-3">
              <input type="hidden" name="intent" value="delete-comment" />
              <input type="hidden" name="commentId" value={confirming.id} />
              <button type="submit" className="btn-danger">
                {t("comments.deleteYes")}
              </button>
              <Link to={`/stories/${story.id}#comments`} className="btn-secondary">
                {t("common:cancel")}
              </Link>
            </Form>
          </div>
        ) : null}
        <CommentList comments={comments} deleteHref={deleteHref} />
        {canRespond ? (
          <div>
            <h3 className="mb-2 text-xl font-bold">{t("comments.add")}</h3>
            {/* a new comment remounts the form, so it starts empty again */}
            <CommentForm
              key={comments.at(-1)?.id ?? "none"}
              storyId={story.id}
              lastResult={lastResult}
            />
          </div>
        ) : isFamily && story.isPublished ? (
          <p className="text-base text-stone-700">
            {t("comments.fromFamily", { name: story.resident.firstName })}
          </p>
        ) : null}
      </section>
    </div>
  );
}
