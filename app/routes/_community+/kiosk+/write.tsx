// "Write a story" at the kiosk: the resident's typed story form and the same model function as
// /resident/stories/new (writeResidentStory), with the kiosk session as her identity. ?questionId=
// answers a family question. Saving ends the session and goes back to the grid.
// The idle end never throws a story away: the form carries its turn's signed token, and sent after
// 2 minutes without a tap it takes the turn up again (same kiosk, same resident, within 30
// minutes, PIN unchanged). When it cannot, her words are kept for her on this kiosk and shown back
// (?draft=): "Your turn ended; tap your photo to save this", and her next turn opens on them.
// The photo she chose is kept with them (a media row the draft owns), shown back only on this
// kiosk and in her turn, and saved with the story; a photo that cannot be kept leaves her words
// kept and says what to do.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { kioskTurnOfForm, requireKioskResident } from "~/utils/permissions.server";
import { readKiosk } from "~/utils/kiosk.server";
import { clientOf } from "~/utils/host.server";
import { redirectWithToast } from "~/utils/toast.server";
import { fileBytes, readPhotoForm } from "~/utils/upload-form.server";
import {
  IMAGE_ERRORS,
  MediaError,
  mediaMessageText,
  photoTooLargeMessage,
} from "~/utils/media-limits";
import { fileErrorReply, formLevelReply } from "~/utils/form-replies.server";
import { markMediaAttached, saveImage } from "~/models/media.server";
import { writeResidentStory } from "~/models/resident-story.server";
import { getQuestionForResident } from "~/models/family-question.server";
import { storyFormSchema } from "~/models/story-form.server";
import {
  auditKioskTurnResumed,
  dropKioskDraft,
  endKioskTurn,
  getKioskDraft,
  getKioskResident,
  keepKioskDraft,
  setKioskDraftPhoto,
} from "~/models/kiosk.server";
import { StoryForm } from "~/components/resident/StoryForm";
import { whoShared } from "~/components/resident/FamilySharing";
import { KioskFrame, KioskPortrait } from "~/components/kiosk/KioskFrame";
import { frameOf, residentT } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import type { T } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("write.title")) },
];

const FORM_ID = "kiosk-story";

/** The running turn, or null when there is none (no redirect: the page decides). */
async function runningTurn(request: Request) {
  return requireKioskResident(request).catch((thrown: unknown) => {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return null;
    throw thrown;
  });
}

function questionOf(
  db: Parameters<typeof getQuestionForResident>[0],
  residentId: string,
  id: string | null,
) {
  const q = id ? getQuestionForResident(db, residentId, id) : null;
  return q ? { id: q.id, text: q.question, askedBy: whoShared(q.familyMember) } : null;
}

function formAction(draftId: string | null, questionId: string | null) {
  const sp = new URLSearchParams();
  if (draftId) sp.set("draft", draftId);
  if (questionId) sp.set("questionId", questionId);
  const q = sp.toString();
  return q ? `/kiosk/write?${q}` : "/kiosk/write";
}

type PhotoProblem = keyof typeof IMAGE_ERRORS | "large";

/** Why a chosen photo could not be kept with her words, for the page's address. */
function photoProblemOf(error: MediaError): PhotoProblem {
  const found = (Object.keys(IMAGE_ERRORS) as (keyof typeof IMAGE_ERRORS)[]).find(
    (k) =>
      IMAGE_ERRORS[k].title === error.title && IMAGE_ERRORS[k].description === error.description,
  );
  return found ?? (error.title === IMAGE_ERRORS.tooLarge.title ? "tooLarge" : "wrongType");
}

/** What the page says about a photo that was not kept: what was wrong, and what to do. */
function photoProblemText(sp: URLSearchParams, tp: T, t: T): string[] | null {
  const code = sp.get("photo");
  if (!code) return null;
  let wrong: string;
  if (code === "large") wrong = photoTooLargeMessage(Number(sp.get("bytes")) || 0, tp);
  else {
    const known = IMAGE_ERRORS[code as keyof typeof IMAGE_ERRORS] ?? IMAGE_ERRORS.wrongType;
    wrong = `${mediaMessageText(tp, known.title)}: ${mediaMessageText(tp, known.description)}`;
  }
  return [t("draftPhoto.notKept"), wrong, t("draftPhoto.whatToDo")];
}

/** The photo kept with a story, as the page shows it: its picture where this viewer may see it. */
function keptPhotoOf(imageId: string | null, visible: boolean) {
  if (!imageId) return null;
  return { url: visible ? `/media/${encodeURIComponent(imageId)}?w=400` : null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const sp = new URL(request.url).searchParams;
  const draftId = sp.get("draft");
  if (draftId) {
    const kiosk = await readKiosk(request);
    const draft =
      kiosk.state === "none" ? undefined : getKioskDraft(kiosk.db, draftId, kiosk.kiosk.id);
    if (draft && kiosk.state !== "none") {
      const kept = {
        id: draft.id,
        title: draft.title,
        content: draft.content,
        category: draft.category,
        audience: draft.audience ?? undefined,
      };
      const ctx = kiosk.state === "on" ? await runningTurn(request) : null;
      const photoProblem = photoProblemText(
        sp,
        await getT(request, "photos"),
        await getT(request, "kiosk"),
      );
      if (ctx && ctx.resident.id === draft.residentId) {
        // her new turn opens on what she wrote, and the photo she chose
        return {
          mode: "draft" as const,
          frame: frameOf(ctx.community, ctx.kiosk, ctx, "writing"),
          turn: ctx.turnToken,
          question: questionOf(ctx.db, ctx.resident.id, draft.questionId),
          draft: kept,
          photo: keptPhotoOf(draft.imageId, true),
          photoProblem,
        };
      }
      // her turn is over: her words back, and her photo to start the turn that saves them
      const resident = kiosk.state === "on" ? getKioskResident(kiosk.db, draft.residentId) : null;
      return {
        mode: "ended" as const,
        frame: frameOf(kiosk.community, kiosk.kiosk),
        kioskOff: kiosk.state === "off",
        resident: resident
          ? {
              id: resident.id,
              firstName: resident.firstName,
              lastName: resident.lastName,
              imageId: resident.profileImageId,
            }
          : null,
        question: questionOf(kiosk.db, draft.residentId, draft.questionId),
        draft: kept,
        // her photo, on this kiosk while no one else's turn is running
        photo: keptPhotoOf(draft.imageId, kiosk.state === "on" && !ctx),
        photoProblem,
      };
    }
  }
  const ctx = await requireKioskResident(request);
  return {
    mode: "write" as const,
    frame: frameOf(ctx.community, ctx.kiosk, ctx, "writing"),
    turn: ctx.turnToken,
    question: questionOf(ctx.db, ctx.resident.id, sp.get("questionId")),
    draft: null,
    photo: null,
    photoProblem: null,
  };
}

export const policy = { body: "photo" } satisfies RoutePolicy;

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  let tooLarge: Map<string, number>;
  try {
    // read to its end: a phone's large photo is answered on the form, with the story kept
    ({ form, tooLarge } = await readPhotoForm(request));
  } catch (error) {
    if (error instanceof MediaError) {
      const t = await getT(request, "kiosk");
      return formLevelReply([
        mediaMessageText(t, error.title),
        mediaMessageText(t, error.description),
      ]);
    }
    throw error;
  }
  const draftId = new URL(request.url).searchParams.get("draft");
  const turn = await kioskTurnOfForm(request, text(form.get("turn")) || null);
  const kiosk = await readKiosk(request);
  const draft =
    draftId && kiosk.state !== "none"
      ? getKioskDraft(kiosk.db, draftId, kiosk.kiosk.id)
      : undefined;

  // a story kept for one resident is saved in her turn only
  if (!turn.ok || (draft && draft.residentId !== turn.ctx.resident.id)) {
    const residentId = draft?.residentId ?? (turn.ok ? null : turn.claim?.residentId);
    if (kiosk.state === "none" || !residentId) return redirect("/kiosk?ended=idle");
    const intent = form.get("intent");
    const kept = keepKioskDraft(kiosk.db, {
      kioskId: kiosk.kiosk.id,
      residentId,
      draftId: draft?.id,
      fields: draftFieldsOf(form),
    });
    // the photo she chose is kept with her words; one that cannot be is said on the page
    let problem: string | null = null;
    if (intent === "remove-photo") setKioskDraftPhoto(kiosk.db, kiosk.community, kept, null);
    else problem = await keepDraftPhoto(kiosk.db, kiosk.community, kept, form, tooLarge);
    if (problem) return redirect(`/kiosk/write?draft=${encodeURIComponent(kept)}&${problem}`);
    // her photo: a turn of her own, which opens on these words
    if (intent === "sign-in" && kiosk.state === "on")
      return redirect(`/kiosk/residents/${encodeURIComponent(residentId)}`);
    return redirect(`/kiosk/write?draft=${encodeURIComponent(kept)}`);
  }

  const { ctx } = turn;
  const { community, db, resident, actor } = ctx;
  const audit = {
    tenantId: community.id,
    kiosk: ctx.kiosk,
    client: clientOf(request),
    timeZone: community.timeZone,
  };
  if (turn.resumed) auditKioskTurnResumed(db, audit, ctx.session);
  const t = await residentT(request, db, community, resident.id);
  if (draft && form.get("intent") === "remove-photo") {
    // "Remove this photo" in her turn: her words stay kept, without it
    const kept = keepKioskDraft(db, {
      kioskId: ctx.kiosk.id,
      residentId: resident.id,
      draftId: draft.id,
      fields: draftFieldsOf(form),
    });
    setKioskDraftPhoto(db, community, kept, null);
    return redirect(`/kiosk/write?draft=${encodeURIComponent(kept)}`);
  }
  const submission = parseWithZod(form, {
    schema: storyFormSchema(await residentT(request, db, community, resident.id, "resident")),
  });
  const tp = await getT(request, "photos");
  const photoBytes = tooLarge.get("image");
  if (photoBytes !== undefined)
    return submission.reply({
      fieldErrors: { image: [photoTooLargeMessage(photoBytes, tp), tp("chooseAgain")] },
    });
  if (submission.status !== "success") return submission.reply();
  const value = submission.value;
  // her picture, if one was chosen: made smaller and stored like every photo; else the one kept
  let imageId: string | null = draft?.imageId ?? null;
  const photo = await fileBytes(form.get("image"));
  if (photo) {
    try {
      imageId = (
        await saveImage(db, community, photo, { uploadedByUserId: actor.id, status: "attached" })
      ).id;
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      return fileErrorReply(submission, {
        title: mediaMessageText(tp, error.title),
        description: `${mediaMessageText(tp, error.description)} ${tp("chooseAgain")}`,
      });
    }
  }
  try {
    writeResidentStory(db, {
      residentId: resident.id,
      author: actor,
      fields: value,
      imageId,
      questionId: value.questionId,
      helper: ctx.helper,
      audience: value.audience,
    });
  } catch (error) {
    console.error("Saving a kiosk story failed", error);
    return submission.reply({
      formErrors: [t("write.failed")],
    });
  }
  if (draft) {
    // the kept photo is the story's now, unless she chose another (then it goes)
    if (draft.imageId && draft.imageId !== imageId)
      setKioskDraftPhoto(db, community, draft.id, null);
    if (imageId) markMediaAttached(db, imageId);
    dropKioskDraft(db, draft.id);
  }
  endKioskTurn(db, audit, "saved");
  return redirectWithToast("/kiosk", {
    type: "success",
    title: t("saved.title", { name: resident.firstName }),
    description: t("saved.detail"),
  });
}

function draftFieldsOf(form: FormData) {
  return {
    title: text(form.get("title")),
    content: text(form.get("content")),
    category: text(form.get("category")),
    audience: text(form.get("audience")) || null,
    questionId: text(form.get("questionId")) || null,
  };
}

/**
 * Keeps the photo sent with a story whose turn ended, in place of the one kept before; none
 * chosen leaves that one. A photo that cannot be kept: why, for the page's address (else null).
 */
async function keepDraftPhoto(
  db: Parameters<typeof saveImage>[0],
  community: Parameters<typeof saveImage>[1],
  draftId: string,
  form: FormData,
  tooLarge: Map<string, number>,
): Promise<string | null> {
  const bytes = tooLarge.get("image");
  if (bytes !== undefined) return `photo=large&bytes=${bytes}`;
  const photo = await fileBytes(form.get("image"));
  if (!photo) return null;
  try {
    // nobody's upload: only the draft owns it, and only this kiosk shows it
    const row = await saveImage(db, community, photo, {
      uploadedByUserId: null,
      status: "pending",
    });
    setKioskDraftPhoto(db, community, draftId, row.id);
    return null;
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    return `photo=${photoProblemOf(error)}`;
  }
}

export default function KioskWrite() {
  const d = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const question = d.question;
  const t = useT("kiosk");
  if (d.mode === "ended") return <TurnEnded />;
  return (
    <KioskFrame frame={d.frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">{t("write.title")}</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> {t("common:back")}
        </Link>
      </div>
      <section className="card" data-kiosk-writing>
        {d.draft ? (
          <p
            className="mb-4 rounded-lg border-2 border-brand-700 bg-brand-50 p-4 text-xl"
            role="status"
            data-testid="kiosk-draft-back"
          >
            {t("write.draftBack")}
          </p>
        ) : null}
        <PhotoNotKept lines={d.photoProblem} />
        <KeptPhoto photo={d.photo} />
        {question ? <AskedQuestion question={question} /> : null}
        <StoryForm
          key={d.draft?.id ?? "new"}
          id={FORM_ID}
          action={formAction(d.draft?.id ?? null, question?.id ?? null)}
          lastResult={lastResult}
          defaultValue={d.draft ?? undefined}
          questionId={question?.id}
          withImage="plain"
          chooseAudience={{ communityName: d.frame.communityName }}
          hiddenFields={{ turn: d.turn }}
        />
      </section>
    </KioskFrame>
  );
}

/** A family question she answers: who asked, and the question in their words. */
function AskedQuestion({ question }: { question: { askedBy: string; text: string } }) {
  const t = useT("kiosk");
  return (
    <div className="mb-4 rounded-lg border-2 border-brand-100 bg-brand-50 p-4">
      <p className="text-lg font-semibold">{t("question.asked", { name: question.askedBy })}</p>
      <p className="text-xl">{t("question.text", { text: question.text })}</p>
    </div>
  );
}

/** A photo she chose that could not be kept with her words: what was wrong, and what to do. */
function PhotoNotKept({ lines }: { lines: string[] | null }) {
  if (!lines) return null;
  return (
    <div
      className="mb-4 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-xl"
      role="alert"
      data-testid="kiosk-draft-photo-problem"
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The photo kept with her story: shown, with "Remove this photo" (sent with her words). */
function KeptPhoto({ photo }: { photo: { url: string | null } | null }) {
  const t = useT("kiosk");
  if (!photo) return null;
  return (
    <div
      className="mb-4 flex flex-wrap items-center gap-5 rounded-lg border-2 border-brand-100 bg-brand-50 p-4"
      data-testid="kiosk-draft-photo"
    >
      {photo.url ? (
        <img
          src={photo.url}
          alt={t("draftPhoto.alt")}
          width={200}
          className="h-auto max-h-60 w-52 rounded-lg object-cover"
        />
      ) : null}
      <div className="flex flex-col gap-3">
        <p className="text-xl font-semibold">
          {photo.url ? t("draftPhoto.title") : t("draftPhoto.keptHidden")}
        </p>
        {photo.url ? (
          <>
            <button
              type="submit"
              form={FORM_ID}
              name="intent"
              value="remove-photo"
              formNoValidate
              className="btn-secondary min-h-target text-xl"
              data-testid="kiosk-draft-photo-remove"
            >
              {t("draftPhoto.remove")}
            </button>
            <p className="text-lg">{t("draftPhoto.another")}</p>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** Her turn ended before her story was sent, and it could not be taken up again: her words, kept. */
function TurnEnded() {
  const d = useLoaderData<typeof loader>();
  const t = useT("kiosk");
  if (d.mode !== "ended") return null;
  const { resident, draft, question } = d;
  return (
    <KioskFrame frame={d.frame}>
      <section aria-labelledby="turn-ended-title" className="mb-6">
        <h1 id="turn-ended-title" className="page-title mb-3" data-testid="kiosk-turn-ended">
          {d.kioskOff || !resident ? t("ended.keptHere") : t("ended.tapPhoto")}
        </h1>
        <p className="mb-4 text-xl">
          {d.kioskOff ? t("ended.off") : resident ? t("ended.idle") : t("ended.askStaff")}
        </p>
        {resident ? (
          <button
            type="submit"
            form={FORM_ID}
            name="intent"
            value="sign-in"
            className="card kiosk-target flex w-full flex-wrap items-center justify-center gap-5 hover:border-brand-700 sm:w-auto sm:justify-start"
            data-testid="kiosk-turn-ended-photo"
          >
            <KioskPortrait
              firstName={resident.firstName}
              lastName={resident.lastName}
              imageId={resident.imageId}
              size={120}
            />
            <span className="text-left">
              <span className="block text-2xl font-bold text-ink">
                {resident.firstName} {resident.lastName}
              </span>
              <span className="block text-xl text-brand-900">{t("ended.tapHere")}</span>
            </span>
          </button>
        ) : null}
      </section>
      <section className="card" aria-label={t("ended.whatYouWrote")}>
        <PhotoNotKept lines={d.photoProblem} />
        <KeptPhoto photo={d.photo} />
        {question ? <AskedQuestion question={question} /> : null}
        <StoryForm
          id={FORM_ID}
          action={formAction(draft.id, question?.id ?? null)}
          defaultValue={draft}
          questionId={question?.id}
          withImage="plain"
          chooseAudience={{ communityName: d.frame.communityName }}
          submit={
            resident ? (
              <button type="submit" name="intent" value="sign-in" className="btn-primary">
                {t("ended.saveByPhoto")}
              </button>
            ) : (
              <Link to="/kiosk" className="btn-secondary">
                {t("ended.backToStart")}
              </Link>
            )
          }
        />
      </section>
    </KioskFrame>
  );
}
