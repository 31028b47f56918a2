// The record-a-story wizard (spec section 2): Category, Prompt, Record, Preview. Every step is a
// page whose state travels in the URL, so it works with JavaScript off (the Record step then takes
// a file from the device's recorder). A resident records as themselves; staff and administrators
// first choose the resident they record for (a kiosk in the lounge).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { forbidden, type SessionUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { enforceRateLimit } from "~/utils/rate-limit.server";
import type { Community, TenantDb } from "~/utils/db.server";
import { categoryLabel, isCategory } from "~/models/categories";
import { getMedia, MediaError } from "~/models/media.server";
import { mediaUrl } from "~/models/media-urls";
import { listResidents, residentName } from "~/models/resident.server";
import { getStoryOfResident } from "~/models/story.server";
import { nextPromptFor, resolvePrompt, type PromptChoice } from "~/models/prompt.server";
import { formFileBytes, readRecordingForm } from "~/utils/recording-form.server";
import { MAX_IMAGE_BYTES, photoTooLargeMessage } from "~/utils/media-limits";
import {
  ownPendingAudio,
  RecordedStoryError,
  residentForRecording,
  saveRecordedStory,
  SAVE_ERRORS,
} from "~/models/recorded-story.server";
import {
  getJobOfUser,
  jobAudioUsable,
  jobProgress,
  queueTranscription,
  recoverCommunityJobs,
  submitRecording,
  TRANSCRIPTION_MESSAGES,
  waitForJob,
  type TranscriptionJobRow,
} from "~/models/transcription.server";
import { StepBadges } from "~/components/record/StepBadges";
import { CategoryStep } from "~/components/record/CategoryStep";
import { PromptStep } from "~/components/record/PromptStep";
import { RecordStep, type FormProblem } from "~/components/record/RecordStep";
import { PreviewStep, type PreviewNotice, type SaveProblem } from "~/components/record/PreviewStep";
import { SavedStep } from "~/components/record/SavedStep";
import { wizardUrl, type WizardState, type WizardStep } from "~/components/record/wizard";
import { requireStoryteller } from "~/utils/permissions.server";
import { promptHistoryCookie, readPromptHistory } from "~/utils/prompt-history.server";
import { ROLE } from "~/utils/roles";
import { DEFAULT_AUDIENCE, isAudience, type Audience } from "~/models/story-audience";

// without JavaScript the upload's request waits this long for the words, then shows a progress page
const NOJS_WAIT_MS = 45_000;

export const meta: MetaFunction = () => [{ title: "Record a story · Storyloom" }];

function dashboardOf(user: Pick<SessionUser, "role">) {
  return user.role === ROLE.resident ? "/resident" : user.role === ROLE.administrator ? "/admin" : "/staff";
}

const str = (v: FormDataEntryValue | string | null | undefined) => (typeof v === "string" && v ? v : null);

/** Where a finished transcription leads: the preview with a toast, or back to the record step. */
async function redirectAfterJob(db: TenantDb, community: Community, state: WizardState, job: TranscriptionJobRow) {
  const progress = jobProgress(db, community, job);
  if (progress.outcome === "words") {
    return redirectWithToast(wizardUrl("preview", { ...state, job: job.id }), { type: "success", title: TRANSCRIPTION_MESSAGES.success.title });
  }
  // the preview says it, once (a toast would cover the form with the same words)
  if (progress.outcome === "no-words") return redirect(wizardUrl("preview", { ...state, job: job.id }));
  if (progress.outcome === "failed") {
    return redirectWithToast(wizardUrl("record", { ...state, job: job.id }), { type: "error", ...progress.message! });
  }
  return redirect(wizardUrl("record", { ...state, job: job.id }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, community, db } = await requireStoryteller(request);
  const sp = new URL(request.url).searchParams;
  const onBehalf = user.role !== ROLE.resident;
  const base = { onBehalf, dashboard: dashboardOf(user), communityName: community.name };
  const who = residentForRecording(db, user, onBehalf ? sp.get("resident") : null);
  if (!who.ok) {
    if (!onBehalf) throw forbidden(who.reason);
    const residents = listResidents(db, { activeOnly: true }).map((r) => ({ id: r.id, name: residentName(r), room: r.roomNumber }));
    return { ...base, step: "choose-resident" as const, residents, unknownResident: !!sp.get("resident") };
  }
  const resident = { id: who.resident.id, name: residentName(who.resident), firstName: who.resident.firstName };
  if (sp.get("step") === "saved") {
    // the story just saved: only this resident's (ownership in the query)
    const story = getStoryOfResident(db, resident.id, sp.get("story") ?? "");
    if (!story) throw new Response("We could not find that story.", { status: 404 });
    return {
      ...base,
      step: "saved" as const,
      resident,
      state: { resident: onBehalf ? resident.id : null } satisfies WizardState,
      saved: {
        id: story.id,
        title: story.title,
        excerpt: story.excerpt,
        hasWords: !!story.content.trim(),
        createdAt: story.createdAt,
        durationSeconds: story.durationSeconds,
        hasAudio: !!story.audioUrl,
        categoryLabel: categoryLabel(story.category),
      },
    };
  }
  const rawCategory = sp.get("category");
  const category = isCategory(rawCategory) ? rawCategory : null;
  let step = (["category", "prompt", "record", "preview"].includes(sp.get("step") ?? "") ? sp.get("step") : "category") as WizardStep;
  const state: WizardState = { resident: onBehalf ? resident.id : null, category };
  if (step !== "category" && !category) {
    return { ...base, step: "category" as const, resident, state, categoryMissing: sp.get("step") === "prompt" };
  }
  if (step === "category") return { ...base, step, resident, state, categoryMissing: false };

  const prompt: PromptChoice | null = resolvePrompt(db, resident.id, sp.get("prompt"));
  if (!prompt) {
    // a new prompt for this category, not the one shown before and not one seen recently
    const next = nextPromptFor(db, await readPromptHistory(request), { residentId: resident.id, category: category!, current: sp.get("current"), bankOnly: sp.get("from") === "bank" });
    if (step === "preview") step = "record";
    throw redirect(wizardUrl(step, { ...state, prompt: next.prompt.key, job: sp.get("job") }), { headers: { "Set-Cookie": await promptHistoryCookie(next.history) } });
  }
  state.prompt = prompt.key;
  if (step === "prompt") return { ...base, step, resident, state, prompt, categoryLabel: categoryLabel(category!) };

  recoverCommunityJobs(db, community.subdomain);
  const jobId = sp.get("job");
  const job = jobId ? getJobOfUser(db, user.id, jobId) : undefined;
  if (jobId && !job) throw redirect(wizardUrl("record", state));

  if (step === "record") {
    if (!job) return { ...base, step, resident, state, prompt, job: null, audioUsable: false };
    const progress = jobProgress(db, community, job);
    if (progress.outcome === "words" || progress.outcome === "no-words") throw await redirectAfterJob(db, community, state, job);
    return { ...base, step, resident, state: { ...state, job: job.id }, prompt, job: progress, audioUsable: jobAudioUsable(job) };
  }

  // preview: the transcription of a job, or a recording kept when transcription is unavailable
  const audioId = job ? job.audioId : sp.get("audio");
  const audio = ownPendingAudio(db, user.id, audioId);
  const saved = !audio && audioId ? getMedia(db, audioId) : undefined;
  if (saved && saved.kind === "audio" && saved.status === "attached" && saved.uploadedByUserId === user.id) {
    // back to a preview whose story was saved already: start a new one
    throw await redirectWithToast(wizardUrl(null, { resident: state.resident }), { type: "info", title: "This story has already been saved and sent for review." });
  }
  if (!audio || (job && !jobAudioUsable(job)) || (job && job.status !== "done" && job.status !== "failed")) {
    throw await redirectWithToast(wizardUrl("record", state), { type: "error", title: "Failed to save story", description: SAVE_ERRORS.audioMissing });
  }
  let notice: PreviewNotice = null;
  if (!job) notice = { type: "info", ...TRANSCRIPTION_MESSAGES.unavailable };
  else {
    const progress = jobProgress(db, community, job);
    if (progress.outcome === "no-words") notice = { type: "info", ...TRANSCRIPTION_MESSAGES.noWords };
    if (progress.outcome === "failed") notice = { type: "error", title: TRANSCRIPTION_MESSAGES.failed.title, description: "Your recording is kept. Please type your story below, or record again." };
  }
  return {
    ...base,
    step,
    resident,
    state: { ...state, job: job?.id ?? null, audio: job ? null : audio.id },
    prompt,
    audio: { id: audio.id, url: mediaUrl(audio.id), durationSeconds: audio.durationSeconds },
    transcription: job?.status === "done" ? (job.text ?? "") : "",
    categoryLabel: categoryLabel(category!),
    notice,
  };
}

type ActionResult = { problem?: FormProblem; saveProblem?: SaveProblem; typed?: string; audience?: Audience; agreed?: boolean };

export async function action({ request }: ActionFunctionArgs) {
  const { user, community, db } = await requireStoryteller(request);
  let form: FormData;
  try {
    form = await readRecordingForm(request);
  } catch (error) {
    if (error instanceof MediaError) return data<ActionResult>({ problem: { title: error.title, description: error.description } }, { status: 413 });
    throw error;
  }
  const onBehalf = user.role !== ROLE.resident;
  const who = residentForRecording(db, user, onBehalf ? str(form.get("resident")) : null);
  if (!who.ok) throw new Response(who.reason, { status: who.status });
  const category = str(form.get("category"));
  const state: WizardState = { resident: onBehalf ? who.resident.id : null, category: isCategory(category) ? category : null, prompt: str(form.get("prompt")) };
  if (!state.category) throw redirect(wizardUrl("category", state));

  switch (form.get("intent")) {
    case "transcribe": {
      enforceRateLimit(`transcribe:${community.id}:${user.id}`, 60, 60 * 60_000, "recordings");
      const bytes = await formFileBytes(form.get("audio"));
      if (!bytes) return data<ActionResult>({ problem: { title: "No recording", description: "Please record your story or choose a recording first." } }, { status: 400 });
      let submitted;
      try {
        submitted = await submitRecording(db, community, user, bytes, { language: who.resident.preferredLanguage });
      } catch (error) {
        if (error instanceof MediaError) return data<ActionResult>({ problem: { title: error.title, description: error.description } }, { status: 400 });
        throw error;
      }
      if (!submitted.job) {
        return redirectWithToast(wizardUrl("preview", { ...state, audio: submitted.audio.id }), { type: "info", ...TRANSCRIPTION_MESSAGES.unavailable });
      }
      // with JavaScript the page shows the progress itself
      if (form.get("js") === "1") return redirect(wizardUrl("record", { ...state, job: submitted.job.id }));
      const latest = (await waitForJob(db, submitted.job.id, NOJS_WAIT_MS, request.signal)) ?? submitted.job;
      return redirectAfterJob(db, community, state, latest);
    }
    case "retry": {
      const job = getJobOfUser(db, user.id, str(form.get("job")) ?? "");
      if (!job || !jobAudioUsable(job) || !ownPendingAudio(db, user.id, job.audioId)) return redirect(wizardUrl("record", state));
      const again = queueTranscription(db, community, job.audioId, user.id, { language: who.resident.preferredLanguage });
      return redirect(wizardUrl("record", { ...state, job: again.id }));
    }
    case "save":
    case "save-without-words": {
      const typed = String(form.get("content") ?? "");
      // who may see it: the resident's choice; staff tick that the resident agreed (issue 19)
      const chosen = form.get("audience");
      const audience: Audience = isAudience(chosen) ? chosen : DEFAULT_AUDIENCE;
      const agreed = form.get("residentAgreed") === "true";
      const kept = { typed, audience, agreed };
      // a phone's photo over the limit: said with its size, and what was typed stays in the box
      const image = form.get("image");
      if (image && typeof image !== "string" && image.size > MAX_IMAGE_BYTES) {
        return data<ActionResult>({ saveProblem: { field: "image", message: photoTooLargeMessage(image.size) }, ...kept }, { status: 400 });
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
          audience,
          onBehalf,
          residentAgreed: agreed,
        });
      } catch (error) {
        if (error instanceof RecordedStoryError) return data<ActionResult>({ saveProblem: { field: error.field, message: error.message }, ...kept }, { status: error.status });
        if (error instanceof MediaError) return data<ActionResult>({ saveProblem: { field: "image", message: `${error.title}: ${error.description}` }, ...kept }, { status: 400 });
        throw error;
      }
      // the saved story is shown, with "Record another" (the wizard starts again, everything cleared)
      return redirect(wizardUrl("saved", { resident: state.resident, story: story.id }));
    }
    default:
      return data<ActionResult>({ problem: { title: "Something went wrong", description: "Please try again." } }, { status: 400 });
  }
}

export default function RecordStory() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Record a Story</h1>
        <Link to={d.dashboard} className="btn-ghost">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
      </div>
      {d.step === "choose-resident" ? (
        <ChooseResident residents={d.residents} unknown={d.unknownResident} />
      ) : (
        <>
          {d.onBehalf ? (
            <p className="mb-4 text-lg" data-testid="recording-for">
              Recording for <strong>{d.resident.name}</strong>.{" "}
              <Link to={wizardUrl(null, {})} className="font-semibold text-brand-800 underline">
                Choose another resident
              </Link>
            </p>
          ) : null}
          <StepBadges current={d.step} />
          <div className="card">
            {d.step === "saved" ? (
              <SavedStep story={d.saved} resident={d.state.resident ?? null} onBehalf={d.onBehalf} residentName={d.resident.name} dashboard={d.dashboard} />
            ) : null}
            {d.step === "category" ? <CategoryStep resident={d.state.resident ?? null} selected={d.state.category ?? null} missing={d.categoryMissing} /> : null}
            {d.step === "prompt" ? <PromptStep state={d.state} prompt={d.prompt} categoryLabel={d.categoryLabel} /> : null}
            {d.step === "record" ? (
              <RecordStep key="record" state={d.state} prompt={d.prompt} job={d.job} audioUsable={d.audioUsable} problem={actionData?.problem ?? null} />
            ) : null}
            {d.step === "preview" ? (
              <PreviewStep
                key={d.audio.id}
                state={d.state}
                audio={d.audio}
                transcription={d.transcription}
                categoryLabel={d.categoryLabel}
                notice={d.notice}
                problem={actionData?.saveProblem ?? null}
                typed={actionData?.typed ?? null}
                audience={{ communityName: d.communityName, residentFirstName: d.resident.firstName, onBehalf: d.onBehalf, chosen: actionData?.audience ?? null, agreed: actionData?.agreed ?? false }}
              />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function ChooseResident({ residents, unknown }: { residents: { id: string; name: string; room: string | null }[]; unknown: boolean }) {
  return (
    <section className="card" aria-labelledby="choose-resident-title">
      <h2 id="choose-resident-title" className="mb-2 text-2xl font-bold">
        Whose story are we recording?
      </h2>
      <p className="mb-4 text-lg">Choose the resident you are recording with. The story is saved as theirs and sent for review.</p>
      {residents.length === 0 ? (
        <p className="text-lg">There are no active residents yet.</p>
      ) : (
        <Form method="get">
          <div className="mb-4">
            <label htmlFor="resident" className="label">
              Resident
            </label>
            <select id="resident" name="resident" className="input" required defaultValue="" aria-describedby={unknown ? "resident-error" : undefined}>
              <option value="" disabled>
                Choose a resident
              </option>
              {residents.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                  {r.room ? ` (Room ${r.room})` : ""}
                </option>
              ))}
            </select>
            {unknown ? (
              <p id="resident-error" className="field-error" role="alert">
                That resident could not be found. Please choose again.
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary">
            Continue
          </button>
        </Form>
      )}
    </section>
  );
}
