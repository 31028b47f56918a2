// The family dashboard: their resident (photo or initials, name, room), Share Photo and Ask Question
// (dialogs with JavaScript, /family?dialog=photo|question pages without), and the resident's
// published stories, each leading to the story page where family react and comment.
import { READING_PAGE } from "~/utils/page-scripts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { EmptyState } from "~/components/admin/ui";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireFamilyMember } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { clientOf } from "~/utils/host.server";
import { writeAudit } from "~/models/audit.server";
import { readPhotoForm } from "~/utils/upload-form.server";
import { mediaMessageText, photoTooLargeMessage } from "~/utils/media-limits";
import { fileErrorReply, formLevelReply } from "~/utils/form-replies.server";
import { MediaError } from "~/models/media.server";
import { PersonLimitError } from "~/models/person-limits.server";
import { FAMILY_EXCERPT_LENGTH } from "~/models/categories";
import { toResidentSummary } from "~/models/resident.server";
import { publishedStoriesForFamily } from "~/models/story.server";
import { getAboutMe } from "~/models/about-me.server";
import { weekSummary } from "~/models/participation.server";
import { listPhotosForResident, shareFamilyPhoto } from "~/models/family-photo.server";
import {
  askFamilyQuestion,
  forFamily,
  listQuestionsForResident,
} from "~/models/family-question.server";
import { ResidentHeader } from "~/components/family/ResidentHeader";
import {
  familyPageOf,
  FollowNews,
  FollowSwitcher,
  WaitingFollows,
} from "~/components/family/Follows";
import {
  chooseFamilyMember,
  confirmLink,
  declineLink,
  markFollowSeen,
  newSinceLastVisit,
  waitingFollows,
} from "~/models/family-links.server";
import { FamilyStoryCard } from "~/components/family/FamilyStoryCard";
import { AskQuestionForm, SharePhotoForm } from "~/components/family/FamilyForms";
import { AskQuestionSchema, SharePhotoSchema } from "~/models/family-form.server";
import { DialogLink } from "~/components/dialog";
import { PhotoGrid, QuestionList, whoShared } from "~/components/resident/FamilySharing";
import { CommunityBoard } from "~/components/community/Board";
import { communityBoard } from "~/models/community-board.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useLang, useT, type T } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { personLimitText } from "~/routes/api+/__messages.server";

// no app script on a full page load (ADR 037): forms, links and the inline photo shrinker
export const handle = READING_PAGE;
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "family")("title")) },
];

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

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("resident");
  const { db, member, resident, community, user, follows } = await requireFamilyMember(request, {
    residentId: asked,
  });
  // the resident she chose stays chosen for her session (the gazette, the next visit to /family)
  if (asked && member.id !== user.familyMemberId) chooseFamilyMember(user.sessionId, member.id);
  const news = newSinceLastVisit(db, community.id, user.id, follows);
  markFollowSeen(community.id, user.id, member.id);
  const about = getAboutMe(db, resident.id);
  return {
    follows: follows.map((f) => ({
      resident: toResidentSummary(f.resident),
      relationship: f.member.relationship,
    })),
    news,
    waiting: waitingFollows(db, community.id, user.id).map((w) => ({
      memberId: w.memberId,
      residentName: w.residentName,
      relationship: w.relationship,
    })),
    // the programs she joined this week, only while she shares her participation with her family
    joinedThisWeek: resident.shareParticipation
      ? weekSummary(db, community.timeZone, resident.id)
      : [],
    // the resident's About me, when they let their family read it
    aboutHref:
      about.familyMayView || about.familyMayEdit ? `/residents/${resident.id}/about` : null,
    bookHref: `/residents/${resident.id}/book`,
    board: communityBoard(db, community.timeZone),
    member: { name: member.name, relationship: member.relationship },
    resident: toResidentSummary(resident),
    stories: publishedStoriesForFamily(db, resident.id, {
      excerptLength: FAMILY_EXCERPT_LENGTH,
    }).map((s) => ({
      id: s.id,
      title: s.title,
      excerpt: s.excerpt,
      category: s.category,
      imageId: s.imageId,
      createdAt: s.createdAt,
      hasAudio: !!s.audioUrl,
      durationSeconds: s.durationSeconds,
      lang: s.lang,
    })),
    photos: listPhotosForResident(db, resident.id),
    questions: listQuestionsForResident(db, resident.id).map(forFamily),
  };
}

export const policy = { body: "photo" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireFamilyMember(request);
  const { user, community, db } = signedIn;
  const t = await getT(request, "family");
  let upload;
  try {
    // read to its end: a phone's 20 MB photo is answered on the form, with the description kept
    upload = await readPhotoForm(request);
  } catch (error) {
    if (error instanceof MediaError)
      return formLevelReply([
        mediaMessageText(t, error.title),
        mediaMessageText(t, error.description),
      ]);
    throw error;
  }
  const intent = upload.form.get("intent");
  if (intent === "confirm-follow" || intent === "decline-follow") {
    const tf = await getT(request, "follows");
    const memberId = String(upload.form.get("memberId") ?? "");
    const waiting = waitingFollows(db, community.id, user.id).find((w) => w.memberId === memberId);
    // answered already (another tab, a second tap), or not hers: her page as it is now
    if (!waiting) return redirect("/family");
    const audited = {
      client: clientOf(request),
      actorUserId: user.id,
      targetUserId: user.id,
      tenantId: community.id,
      details: `family of ${waiting.residentName}`,
    };
    if (intent === "confirm-follow") {
      confirmLink(community.id, user.id, memberId);
      writeAudit({ ...audited, action: "family.follow_confirmed" });
      chooseFamilyMember(user.sessionId, memberId);
      return redirectWithToast(familyPageOf(waiting.residentId), {
        type: "success",
        title: tf("waiting.confirmed", { name: waiting.residentName }),
      });
    }
    declineLink(community.id, user.id, memberId);
    writeAudit({ ...audited, action: "family.follow_declined" });
    return redirectWithToast("/family", {
      type: "info",
      title: tf("waiting.declined", { name: waiting.residentName }),
    });
  }
  // the resident the form was for (it names them), so two tabs on two residents stay apart
  const formResident = upload.form.get("residentId");
  const { member, resident } =
    signedIn.follows.find((f) => f.resident.id === formResident) ?? signedIn;
  const back = familyPageOf(resident.id);
  if (intent === "share-photo") {
    const photoBytes = upload.tooLarge.get("photo");
    if (photoBytes !== undefined) {
      const kept = parseWithZod(upload.form, { schema: SharePhotoSchema.omit({ photo: true }) });
      return translatedReply(
        kept.reply({
          fieldErrors: { photo: [photoTooLargeMessage(photoBytes, t), t("photos:chooseAgain")] },
        }),
        t,
      );
    }
    const submission = parseWithZod(upload.form, { schema: SharePhotoSchema });
    if (submission.status !== "success") return translatedReply(submission.reply(), t);
    try {
      const bytes = Buffer.from(await submission.value.photo.arrayBuffer());
      await shareFamilyPhoto(db, community, {
        member,
        bytes,
        description: submission.value.description,
        actor: user,
      });
    } catch (error) {
      if (error instanceof MediaError)
        return fileErrorReply(
          submission,
          {
            title: mediaMessageText(t, error.title),
            description: `${mediaMessageText(t, error.description)} ${t("photos:chooseAgain")}`,
          },
          "photo",
        );
      // too many in a short time: said on the form, with the description kept
      if (error instanceof PersonLimitError)
        return data(
          submission.reply({ formErrors: [personLimitText(await getT(request, "api"), error)] }),
          { status: 429 },
        );
      console.error("Sharing a photo failed", error);
      return redirectWithToast(back, {
        type: "error",
        title: t("toast.photoFailed"),
        description: t("toast.tryAgain"),
      });
    }
    return redirectWithToast(back, {
      type: "success",
      title: t("toast.photoShared", { name: resident.firstName }),
    });
  }
  if (intent === "ask-question") {
    const submission = parseWithZod(upload.form, { schema: AskQuestionSchema });
    if (submission.status !== "success") return translatedReply(submission.reply(), t);
    try {
      askFamilyQuestion(db, { member, question: submission.value.question, actor: user });
    } catch (error) {
      if (error instanceof PersonLimitError)
        return data(
          submission.reply({ formErrors: [personLimitText(await getT(request, "api"), error)] }),
          { status: 429 },
        );
      console.error("Asking a question failed", error);
      return redirectWithToast(back, {
        type: "error",
        title: t("toast.questionFailed"),
        description: t("toast.tryAgain"),
      });
    }
    return redirectWithToast(back, {
      type: "success",
      title: t("toast.questionSent", { name: resident.firstName }),
    });
  }
  throw new Response(t("unknownAction"), { status: 400 });
}

export default function FamilyDashboard() {
  const {
    member,
    resident,
    stories,
    photos,
    questions,
    board,
    aboutHref,
    bookHref,
    joinedThisWeek,
    follows,
    news,
    waiting,
  } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const t = useT("family");
  const tp = useT("participation");
  const lang = useLang();
  const name = resident.firstName;
  const [params] = useSearchParams();
  const dialog = params.get("dialog");

  if (dialog === "photo" || dialog === "question") {
    return (
      <section className="card mx-auto max-w-2xl" aria-labelledby="family-form-title">
        <p className="mb-2">
          <Link to={familyPageOf(resident.id)} className="font-semibold text-brand-800 underline">
            {t("backToStories", { name })}
          </Link>
        </p>
        <h1 id="family-form-title" className="page-title mb-4">
          {dialog === "photo" ? t("photo.share") : t("question.ask")}
        </h1>
        {dialog === "photo" ? (
          <SharePhotoForm
            id="page-share-photo"
            lastResult={lastResult}
            residentId={resident.id}
            residentFirstName={resident.firstName}
          />
        ) : (
          <AskQuestionForm
            id="page-ask-question"
            lastResult={lastResult}
            residentId={resident.id}
            residentFirstName={resident.firstName}
          />
        )}
      </section>
    );
  }

  return (
    <div className="space-y-10">
      <WaitingFollows waiting={waiting} />
      <FollowSwitcher follows={follows} shownId={resident.id} />
      <FollowNews news={news} shownId={resident.id} />
      <ResidentHeader resident={resident} memberLabel={whoShared(member)}>
        <DialogLink
          to={`${familyPageOf(resident.id)}&dialog=photo`}
          label={
            <>
              <span aria-hidden="true">📷</span> {t("photo.share")}
            </>
          }
          title={t("photo.share")}
        >
          <SharePhotoForm
            id="dialog-share-photo"
            residentId={resident.id}
            residentFirstName={resident.firstName}
          />
        </DialogLink>
        <DialogLink
          to={`${familyPageOf(resident.id)}&dialog=question`}
          className="btn-secondary"
          label={
            <>
              <span aria-hidden="true">❓</span> {t("question.ask")}
            </>
          }
          title={t("question.ask")}
        >
          <AskQuestionForm
            id="dialog-ask-question"
            residentId={resident.id}
            residentFirstName={resident.firstName}
          />
        </DialogLink>
        {aboutHref ? (
          <Link to={aboutHref} className="btn-secondary">
            <span aria-hidden="true">🪪</span> {t("links.about", { name })}
          </Link>
        ) : null}
        <Link to={bookHref} className="btn-secondary">
          <span aria-hidden="true">📖</span> {t("links.book", { name })}
        </Link>
        <Link to="/family/gazette" className="btn-secondary">
          <span aria-hidden="true">📰</span> {t("links.gazette", { name })}
        </Link>
      </ResidentHeader>

      {joinedThisWeek.length ? (
        <p className="card text-xl" data-testid="joined-this-week">
          {tp("family.thisWeek", {
            resident: name,
            programs: new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(
              joinedThisWeek,
            ),
          })}
        </p>
      ) : null}

      <section aria-labelledby="family-stories-title">
        <h2 id="family-stories-title" className="mb-3 text-2xl font-bold">
          {t("stories.title", { name })}
        </h2>
        {stories.length ? (
          <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {stories.map((s) => (
              <li key={s.id}>
                <FamilyStoryCard story={s} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            action={{
              to: `${familyPageOf(resident.id)}&dialog=question`,
              label: t("stories.askAction", { name }),
            }}
          >
            {t("stories.none", { name })}
          </EmptyState>
        )}
      </section>

      <CommunityBoard pinned={board.pinned} events={board.events} />

      <section aria-labelledby="family-questions-title">
        <h2 id="family-questions-title" className="mb-3 text-2xl font-bold">
          {t("questions.title", { name })}
        </h2>
        <QuestionList questions={questions} answerable={false} emptyText={t("questions.none")} />
      </section>

      <section aria-labelledby="family-photos-title">
        <h2 id="family-photos-title" className="mb-3 text-2xl font-bold">
          {t("photos.title", { name })}
        </h2>
        <PhotoGrid photos={photos} emptyText={t("photos.none")} />
      </section>
      <p className="border-t border-stone-300 pt-4 text-base">
        {t("erase.yours")}{" "}
        <Link
          to="/family/erase"
          className="inline-flex min-h-target items-center font-semibold text-red-800 underline"
        >
          {t("erase.link")}
        </Link>
      </p>
    </div>
  );
}
