// The record wizard's loader and action, shared by /resident/record (a resident, or staff on a
// resident's behalf) and /kiosk/record (a resident at the lounge kiosk, ADR 017): the route checks
// who is asking and passes the acting identity, where the wizard lives and where "back" leads.
import { data, redirect } from "@remix-run/node";
import { forbidden, type SessionUser } from "~/utils/auth.server";
import type { KioskActor } from "~/utils/kiosk.server";
import { redirectWithToast } from "~/utils/toast.server";
import { enforceRateLimit } from "~/utils/rate-limit.server";
import type { Community, TenantDb } from "~/utils/db.server";
import { isCategory } from "~/models/categories";
import { getMedia, MediaError } from "~/models/media.server";
import { mediaUrl } from "~/models/media-urls";
import { listResidents, residentName } from "~/models/resident.server";
import { getStoryOfResident } from "~/models/story.server";
import { nextPromptFor, resolvePrompt, type PromptChoice } from "~/models/prompt.server";
import { formFileBytes, readRecordingForm } from "~/utils/recording-form.server";
import { MAX_PHOTO_UPLOAD_BYTES, photoTooLargeMessage } from "~/utils/media-limits";
import { DEFAULT_AUDIENCE, isAudience, type Audience } from "~/models/story-audience";
import {
  ownPendingAudio,
  RecordedStoryError,
  residentForRecording,
  saveRecordedStory,
} from "~/models/recorded-story.server";
import {
  getJobOfUser,
  jobAudioUsable,
  jobProgress,
  queueTranscription,
  recoverCommunityJobs,
  submitRecording,
  FAILURE_REASONS,
  MAX_AUDIO_SECONDS,
  TRANSCRIPTION_MESSAGES,
  waitForJob,
  type TranscriptionJobRow,
} from "~/models/transcription.server";
import type { FormProblem } from "~/components/record/RecordStep";
import type { PreviewNotice, SaveProblem } from "~/components/record/PreviewStep";
import { wizardUrl, type WizardState, type WizardStep } from "~/components/record/wizard";
import { promptHistoryCookie, readPromptHistory } from "~/utils/prompt-history.server";
import { ROLE } from "~/utils/roles";
import { getT, isLanguage, requestLanguage } from "~/utils/i18n.server";
import type { T } from "~/utils/i18n";
import { modelLanguages } from "~/utils/whisper.server";
import type { ResidentRow } from "~/models/resident.server";

// without JavaScript the upload's request waits this long for the words, then shows a progress page
const NOJS_WAIT_MS = 45_000;

export function dashboardOf(user: Pick<SessionUser, "role">) {
  return user.role === ROLE.resident
    ? "/resident"
    : user.role === ROLE.administrator
      ? "/admin"
      : "/staff";
}

/** Who records, where: a signed-in member, or the resident of a kiosk session. */
export type WizardContext = {
  user: Pick<SessionUser, "id" | "role" | "residentId" | "username" | "displayName"> | KioskActor;
  community: Community;
  db: TenantDb;
  /** the wizard's own URL (state travels in its query) */
  path: string;
  /** where the record step polls a transcription's progress (the kiosk has its own) */
  jobsPath?: string;
  /** where "Back" leads */
  dashboard: string;
  /** told at the lounge kiosk with a staff member's help */
  helper?: { userId: string; name: string } | null;
  /** what happens after a save (the kiosk ends the session); default: the wizard's saved step */
  onSaved?: (storyId: string) => Promise<Response> | Response;
  /** a recording was sent (the kiosk notes it, so that it is kept if her turn ends first) */
  onRecorded?: (recording: { audioId: string; jobId: string | null; state: WizardState }) => void;
};

const str = (v: FormDataEntryValue | string | null | undefined) =>
  typeof v === "string" && v ? v : null;

/**
 * The language the resident is asked in (her prompts, a kept recording's title): the page's when
 * she records herself; her own when staff record with her, so that they read the prompt to her.
 */
async function askedIn(request: Request, resident: ResidentRow, onBehalf: boolean) {
  const reader = await requestLanguage(request);
  if (onBehalf && isLanguage(resident.preferredLanguage)) return resident.preferredLanguage;
  return reader;
}

const isEnglish = (lang: string | null | undefined) => !lang || lang.split("-")[0] === "en";

/** The installed Whisper model hears only English, and this resident speaks another language. */
function englishOnlyFor(resident: ResidentRow, asked: string): boolean {
  const model = modelLanguages();
  if (!model.installed || model.multilingual) return false;
  return !isEnglish(resident.preferredLanguage) || !isEnglish(asked);
}

/**
 * What the transcription says to the resident, in her language: the same sentences as
 * TRANSCRIPTION_MESSAGES and FAILURE_REASONS (transcription.server.ts), from the catalog.
 */
function transcriptionMessage(
  t: T,
  kind: keyof typeof TRANSCRIPTION_MESSAGES,
  job?: Pick<TranscriptionJobRow, "error"> | null,
): { title: string; description: string } {
  if (kind !== "failed")
    return {
      title: t(`transcription.${kind}.title`),
      description: t(`transcription.${kind}.description`),
    };
  const code = job?.error && job.error in FAILURE_REASONS ? job.error : "whisper";
  return {
    title: t("transcription.failed.title"),
    description: t("transcription.failed.description", {
      reason: t(`transcription.reason.${code}`, { minutes: MAX_AUDIO_SECONDS / 60 }),
    }),
  };
}

/** A job's progress with its message in the resident's language. */
function progressOf(t: T, db: TenantDb, community: Community, job: TranscriptionJobRow) {
  const progress = jobProgress(db, community, job);
  if (progress.outcome === "failed")
    return { ...progress, message: transcriptionMessage(t, "failed", job) };
  if (progress.outcome === "no-words")
    return { ...progress, message: transcriptionMessage(t, "noWords") };
  return progress;
}

/** Where a finished transcription leads: the preview with a toast, or back to the record step. */
async function redirectAfterJob(
  t: T,
  db: TenantDb,
  community: Community,
  state: WizardState,
  job: TranscriptionJobRow,
) {
  const progress = progressOf(t, db, community, job);
  if (progress.outcome === "words") {
    return redirectWithToast(wizardUrl("preview", { ...state, job: job.id }), {
      type: "success",
      title: t("transcription.success.title"),
    });
  }
  // the preview says it, once (a toast would cover the form with the same words)
  if (progress.outcome === "no-words")
    return redirect(wizardUrl("preview", { ...state, job: job.id }));
  if (progress.outcome === "failed") {
    return redirectWithToast(wizardUrl("record", { ...state, job: job.id }), {
      type: "error",
      ...progress.message!,
    });
  }
  return redirect(wizardUrl("record", { ...state, job: job.id }));
}

/** A category's name in the reader's language. */
function categoryName(t: T, category: string): string {
  return isCategory(category) ? t(`category.${category}`) : category;
}

export async function wizardLoader(request: Request, ctx: WizardContext) {
  const { user, community, db, path } = ctx;
  const t = await getT(request, "record");
  const sp = new URL(request.url).searchParams;
  const onBehalf = user.role !== ROLE.resident;
  const base = {
    onBehalf,
    dashboard: ctx.dashboard,
    path,
    communityName: community.name,
    englishOnly: false,
  };
  const who = residentForRecording(db, user, onBehalf ? sp.get("resident") : null);
  if (!who.ok) {
    if (!onBehalf) throw forbidden(t(who.key));
    const residents = listResidents(db, { activeOnly: true }).map((r) => ({
      id: r.id,
      name: residentName(r),
      room: r.roomNumber,
    }));
    return {
      ...base,
      step: "choose-resident" as const,
      residents,
      unknownResident: !!sp.get("resident"),
    };
  }
  const resident = {
    id: who.resident.id,
    name: residentName(who.resident),
    firstName: who.resident.firstName,
  };
  const asked = await askedIn(request, who.resident, onBehalf);
  base.englishOnly = englishOnlyFor(who.resident, asked);
  if (sp.get("step") === "saved") {
    // the story just saved: only this resident's (ownership in the query)
    const story = getStoryOfResident(db, resident.id, sp.get("story") ?? "");
    if (!story) throw new Response(t("error.storyNotFound"), { status: 404 });
    return {
      ...base,
      step: "saved" as const,
      resident,
      state: { path, resident: onBehalf ? resident.id : null } satisfies WizardState,
      saved: {
        id: story.id,
        title: story.title,
        excerpt: story.excerpt,
        hasWords: !!story.content.trim(),
        createdAt: story.createdAt,
        durationSeconds: story.durationSeconds,
        hasAudio: !!story.audioUrl,
        categoryLabel: categoryName(t, story.category),
        lang: story.lang,
      },
    };
  }
  const rawCategory = sp.get("category");
  const category = isCategory(rawCategory) ? rawCategory : null;
  let step = (
    ["category", "prompt", "record", "preview"].includes(sp.get("step") ?? "")
      ? sp.get("step")
      : "category"
  ) as WizardStep;
  const state: WizardState = {
    path,
    jobsPath: ctx.jobsPath ?? null,
    resident: onBehalf ? resident.id : null,
    category,
  };
  if (step !== "category" && !category) {
    return {
      ...base,
      step: "category" as const,
      resident,
      state,
      categoryMissing: sp.get("step") === "prompt",
    };
  }
  if (step === "category") return { ...base, step, resident, state, categoryMissing: false };

  const prompt: PromptChoice | null = resolvePrompt(db, resident.id, sp.get("prompt"), asked);
  if (!prompt) {
    // a new prompt for this category, not the one shown before and not one seen recently
    const next = nextPromptFor(db, await readPromptHistory(request), {
      residentId: resident.id,
      category: category!,
      current: sp.get("current"),
      bankOnly: sp.get("from") === "bank",
      lang: asked,
    });
    if (step === "preview") step = "record";
    throw redirect(wizardUrl(step, { ...state, prompt: next.prompt.key, job: sp.get("job") }), {
      headers: { "Set-Cookie": await promptHistoryCookie(next.history) },
    });
  }
  state.prompt = prompt.key;
  if (step === "prompt")
    return { ...base, step, resident, state, prompt, categoryLabel: categoryName(t, category!) };

  recoverCommunityJobs(db, community.subdomain);
  const jobId = sp.get("job");
  const job = jobId ? getJobOfUser(db, user.id, jobId) : undefined;
  if (jobId && !job) throw redirect(wizardUrl("record", state));

  if (step === "record") {
    if (!job) return { ...base, step, resident, state, prompt, job: null, audioUsable: false };
    const progress = progressOf(t, db, community, job);
    if (progress.outcome === "words" || progress.outcome === "no-words")
      throw await redirectAfterJob(t, db, community, state, job);
    return {
      ...base,
      step,
      resident,
      state: { ...state, job: job.id },
      prompt,
      job: progress,
      audioUsable: jobAudioUsable(job),
    };
  }

  // preview: the transcription of a job, or a recording kept when transcription is unavailable
  const audioId = job ? job.audioId : sp.get("audio");
  const audio = ownPendingAudio(db, user.id, audioId);
  const saved = !audio && audioId ? getMedia(db, audioId) : undefined;
  if (
    saved &&
    saved.kind === "audio" &&
    saved.status === "attached" &&
    saved.uploadedByUserId === user.id
  ) {
    // back to a preview whose story was saved already: start a new one
    throw await redirectWithToast(wizardUrl(null, { path, resident: state.resident }), {
      type: "info",
      title: t("preview.alreadySaved"),
    });
  }
  if (
    !audio ||
    (job && !jobAudioUsable(job)) ||
    (job && job.status !== "done" && job.status !== "failed")
  ) {
    throw await redirectWithToast(wizardUrl("record", state), {
      type: "error",
      title: t("save.failed"),
      description: t("save.audioMissing"),
    });
  }
  let notice: PreviewNotice = null;
  if (!job) notice = { type: "info", ...transcriptionMessage(t, "unavailable") };
  else {
    const progress = jobProgress(db, community, job);
    if (progress.outcome === "no-words")
      notice = { type: "info", ...transcriptionMessage(t, "noWords") };
    if (progress.outcome === "failed")
      notice = {
        type: "error",
        title: t("transcription.failed.title"),
        description: t("preview.failedKept"),
      };
  }
  return {
    ...base,
    step,
    resident,
    state: { ...state, job: job?.id ?? null, audio: job ? null : audio.id },
    prompt,
    audio: { id: audio.id, url: mediaUrl(audio.id), durationSeconds: audio.durationSeconds },
    transcription: job?.status === "done" ? (job.text ?? "") : "",
    categoryLabel: categoryName(t, category!),
    notice,
  };
}

type ActionResult = {
  problem?: FormProblem;
  saveProblem?: SaveProblem;
  typed?: string;
  audience?: Audience;
  agreed?: boolean;
};

export type WizardActionResult = ActionResult;

/** The wizard's posted form, or the answer to a form over the limits. */
export async function readWizardForm(
  request: Request,
): Promise<
  { form: FormData; refused: null } | { form: null; refused: ReturnType<typeof data<ActionResult>> }
> {
  try {
    return { form: await readRecordingForm(request), refused: null };
  } catch (error) {
    if (error instanceof MediaError)
      return {
        form: null,
        refused: data<ActionResult>(
          { problem: { title: error.title, description: error.description } },
          { status: 413 },
        ),
      };
    throw error;
  }
}

/** The wizard's steps' posts; `read` is the form when the route has read it already. */
export async function wizardAction(request: Request, ctx: WizardContext, read?: FormData) {
  const { user, community, db, path } = ctx;
  let form: FormData;
  if (read) form = read;
  else {
    const got = await readWizardForm(request);
    if (!got.form) return got.refused;
    form = got.form;
  }
  const t = await getT(request, "record");
  const onBehalf = user.role !== ROLE.resident;
  const who = residentForRecording(db, user, onBehalf ? str(form.get("resident")) : null);
  if (!who.ok) throw new Response(t(who.key), { status: who.status });
  const category = str(form.get("category"));
  const state: WizardState = {
    path,
    resident: onBehalf ? who.resident.id : null,
    category: isCategory(category) ? category : null,
    prompt: str(form.get("prompt")),
  };
  if (!state.category) throw redirect(wizardUrl("category", state));

  switch (form.get("intent")) {
    case "transcribe": {
      enforceRateLimit(`transcribe:${community.id}:${user.id}`, 60, 60 * 60_000, "recordings");
      const bytes = await formFileBytes(form.get("audio"));
      if (!bytes)
        return data<ActionResult>(
          {
            problem: { title: t("upload.none"), description: t("upload.noneHint") },
          },
          { status: 400 },
        );
      let submitted;
      try {
        submitted = await submitRecording(db, community, user, bytes, {
          language: who.resident.preferredLanguage,
        });
      } catch (error) {
        if (error instanceof MediaError)
          return data<ActionResult>(
            { problem: { title: error.title, description: error.description } },
            { status: 400 },
          );
        throw error;
      }
      ctx.onRecorded?.({ audioId: submitted.audio.id, jobId: submitted.job?.id ?? null, state });
      if (!submitted.job) {
        return redirectWithToast(wizardUrl("preview", { ...state, audio: submitted.audio.id }), {
          type: "info",
          ...transcriptionMessage(t, "unavailable"),
        });
      }
      // with JavaScript the page shows the progress itself
      if (form.get("js") === "1")
        return redirect(wizardUrl("record", { ...state, job: submitted.job.id }));
      const latest =
        (await waitForJob(db, submitted.job.id, NOJS_WAIT_MS, request.signal)) ?? submitted.job;
      return redirectAfterJob(t, db, community, state, latest);
    }
    case "retry": {
      const job = getJobOfUser(db, user.id, str(form.get("job")) ?? "");
      if (!job || !jobAudioUsable(job) || !ownPendingAudio(db, user.id, job.audioId))
        return redirect(wizardUrl("record", state));
      const again = queueTranscription(db, community, job.audioId, user.id, {
        language: who.resident.preferredLanguage,
      });
      return redirect(wizardUrl("record", { ...state, job: again.id }));
    }
    case "save":
    case "save-without-words": {
      const typed = String(form.get("content") ?? "");
      // who may see it: the resident's choice; staff tick that the resident agreed
      const chosen = form.get("audience");
      const audience: Audience = isAudience(chosen) ? chosen : DEFAULT_AUDIENCE;
      const agreed = form.get("residentAgreed") === "true";
      const kept = { typed, audience, agreed };
      // a phone's photo over the limit: said with its size, and what was typed stays in the box
      const image = form.get("image");
      if (image && typeof image !== "string" && image.size > MAX_PHOTO_UPLOAD_BYTES) {
        return data<ActionResult>(
          {
            saveProblem: { field: "image", message: photoTooLargeMessage(image.size, t) },
            ...kept,
          },
          { status: 400 },
        );
      }
      let story;
      try {
        story = await saveRecordedStory(db, community, user, {
          residentId: who.resident.id,
          content: typed,
          // "Save the recording without words": what was typed is still saved, never dropped
          withoutWords: form.get("intent") === "save-without-words",
          category: state.category,
          promptKey: state.prompt,
          audio: str(form.get("audioId")) ? { mediaId: str(form.get("audioId"))! } : null,
          imageBytes: await formFileBytes(form.get("image")),
          helper: ctx.helper ?? null,
          audience,
          onBehalf,
          residentAgreed: agreed,
          lang: await askedIn(request, who.resident, onBehalf),
        });
      } catch (error) {
        if (error instanceof RecordedStoryError)
          return data<ActionResult>(
            { saveProblem: { field: error.field, message: error.key }, ...kept },
            { status: error.status },
          );
        if (error instanceof MediaError)
          return data<ActionResult>(
            {
              saveProblem: { field: "image", message: `${error.title}: ${error.description}` },
              ...kept,
            },
            { status: 400 },
          );
        throw error;
      }
      // the saved story is shown, with "Record another" (the wizard starts again, everything cleared)
      if (ctx.onSaved) return ctx.onSaved(story.id);
      return redirect(wizardUrl("saved", { path, resident: state.resident, story: story.id }));
    }
    default:
      return data<ActionResult>(
        { problem: { title: t("common:error.title"), description: t("tryAgain") } },
        { status: 400 },
      );
  }
}
