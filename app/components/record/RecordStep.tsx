import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import type { JobProgress } from "~/models/transcription.server";
import { showToast } from "~/components/layout/Toaster";
import { ErrorList, SubmitButton } from "~/components/forms";
import { AudioRecorder, extensionFor, type Recording } from "./AudioRecorder";
import { PromptCard, type PromptView } from "./PromptStep";
import { useHydrated } from "~/components/hydration";
import { formatDuration, wizardUrl, type WizardState } from "./wizard";

function StateFields({ state }: { state: WizardState }) {
  return (
    <>
      {state.resident ? <input type="hidden" name="resident" value={state.resident} /> : null}
      <input type="hidden" name="category" value={state.category ?? ""} />
      <input type="hidden" name="prompt" value={state.prompt ?? ""} />
    </>
  );
}

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-6 w-6 animate-spin rounded-full border-4 border-brand-700 border-t-transparent"
    />
  );
}

/** While a recording is transcribed: progress and elapsed time; the page moves on by itself. */
function Processing({ job, state }: { job: JobProgress; state: WizardState }) {
  const fetcher = useFetcher<JobProgress>();
  const revalidator = useRevalidator();
  const current = fetcher.data && fetcher.data.id === job.id ? fetcher.data : job;
  const load = fetcher.load;
  useEffect(() => {
    const t = setInterval(
      () => load(`${state.jobsPath ?? "/api/transcription-jobs"}/${job.id}`),
      1000,
    );
    return () => clearInterval(t);
  }, [job.id, load, state.jobsPath]);
  const finished = current.outcome !== "pending";
  const announced = useRef(false);
  useEffect(() => {
    if (!finished || announced.current) return;
    announced.current = true;
    if (current.outcome === "failed" && current.message)
      showToast({ type: "error", ...current.message });
    // the page's loader moves on to the preview (or shows the failure)
    revalidator.revalidate();
  }, [finished, current.outcome, current.message, revalidator]);
  const phase =
    current.status === "queued"
      ? current.waitingBehind > 0
        ? `Waiting for ${current.waitingBehind} other recording${current.waitingBehind === 1 ? "" : "s"} to finish`
        : "Starting..."
      : current.progress == null
        ? "Preparing the recording..."
        : `${current.progress}% done`;
  return (
    <div
      className="mb-6 rounded-xl border-2 border-brand-700 bg-brand-50 p-5"
      data-testid="transcription-progress"
    >
      {/* without JavaScript the browser reloads this page until the transcription is ready */}
      <noscript>
        <meta httpEquiv="refresh" content="3" />
      </noscript>
      <p className="mb-2 flex items-center gap-3 text-xl font-bold" role="status">
        <Spinner /> Processing your recording...
      </p>
      <p className="mb-3 text-lg">
        {phase} ·{" "}
        <span aria-label={`Elapsed time ${formatDuration(current.elapsedSeconds)}`}>
          elapsed {formatDuration(current.elapsedSeconds)}
        </span>
      </p>
      {current.progress == null ? (
        <div
          className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-label="Transcription progress"
        >
          <div className="h-full w-1/3 animate-pulse bg-brand-700" />
        </div>
      ) : (
        <div
          className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-label="Transcription progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={current.progress}
        >
          <div className="h-full bg-brand-700" style={{ width: `${current.progress}%` }} />
        </div>
      )}
      <p className="mt-3 text-base text-stone-800">
        Still processing: a long story can take a minute or two, and this page checks again by
        itself. <Link to={wizardUrl("record", { ...state, job: job.id })}>Refresh</Link>
      </p>
    </div>
  );
}

function Failure({
  job,
  state,
  audioUsable,
}: {
  job: JobProgress;
  state: WizardState;
  audioUsable: boolean;
}) {
  return (
    <div
      className="mb-6 rounded-xl border-2 border-red-700 bg-red-50 p-5"
      role="alert"
      data-testid="transcription-failed"
    >
      <p className="text-xl font-bold text-red-900">
        {job.message?.title ?? "Transcription failed"}
      </p>
      <p className="mb-3 text-lg text-red-900">
        {job.message?.description ?? "Please try recording again."}
      </p>
      {audioUsable ? (
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <StateFields state={state} />
            <input type="hidden" name="job" value={job.id} />
            <SubmitButton
              name="intent"
              value="retry"
              className="btn-secondary"
              pendingText="Trying again..."
            >
              Try Transcribing Again
            </SubmitButton>
          </Form>
          <Link to={wizardUrl("preview", { ...state, job: job.id })} className="btn-secondary">
            Type My Story Instead
          </Link>
        </div>
      ) : null}
    </div>
  );
}

export type FormProblem = { title: string; description: string } | null;

/** Step 3: the prompt, the recorder (or a file from the device), and the transcription's progress. */
export function RecordStep({
  state,
  prompt,
  job,
  audioUsable,
  problem,
}: {
  state: WizardState;
  prompt: PromptView;
  job: JobProgress | null;
  audioUsable: boolean;
  problem: FormProblem;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const uploading =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "transcribe";
  const pending = uploading || job?.outcome === "pending";

  useEffect(() => {
    if (problem) showToast({ type: "error", ...problem });
  }, [problem]);

  function onRecorded(recording: Recording) {
    const fd = new FormData();
    fd.set("intent", "transcribe");
    fd.set("js", "1");
    if (state.resident) fd.set("resident", state.resident);
    fd.set("category", state.category ?? "");
    fd.set("prompt", state.prompt ?? "");
    fd.set("duration", String(recording.seconds));
    fd.set(
      "audio",
      new File([recording.blob], `recording.${extensionFor(recording.mimeType)}`, {
        type: recording.mimeType,
      }),
    );
    submit(fd, { method: "post", encType: "multipart/form-data" });
  }

  const uploadForm = (
    <Form method="post" encType="multipart/form-data" aria-label="Upload a recording">
      <StateFields state={state} />
      <div className="mb-4">
        <label htmlFor="audio-file" className="label">
          Your recording
        </label>
        <p id="audio-file-hint" className="mb-1 text-base text-stone-700">
          On a phone or tablet this opens the voice recorder. Up to 10 minutes.
        </p>
        <input
          id="audio-file"
          type="file"
          name="audio"
          accept="audio/*"
          capture
          required
          className="input"
          aria-describedby="audio-file-hint"
          disabled={hydrated && pending}
        />
      </div>
      <SubmitButton
        name="intent"
        value="transcribe"
        pendingText="Processing your recording..."
        disabled={hydrated && pending}
      >
        Transcribe My Recording
      </SubmitButton>
    </Form>
  );

  return (
    <section aria-labelledby="record-title">
      <h2 id="record-title" className="mb-4 text-2xl font-bold">
        Record your story
      </h2>
      <PromptCard prompt={prompt} />
      {problem ? (
        <div
          className="mb-6 rounded-xl border-2 border-red-700 bg-red-50 p-5"
          data-testid="record-problem"
        >
          <ErrorList errors={[`${problem.title}: ${problem.description}`]} />
        </div>
      ) : null}
      {uploading && !job ? (
        <p className="mb-6 flex items-center gap-3 text-xl font-bold" role="status">
          <Spinner /> Processing your recording...
        </p>
      ) : null}
      {job?.outcome === "pending" ? <Processing key={job.id} job={job} state={state} /> : null}
      {job?.outcome === "failed" ? (
        <Failure job={job} state={state} audioUsable={audioUsable} />
      ) : null}
      {hydrated ? (
        <>
          <AudioRecorder onRecorded={onRecorded} startDisabled={pending} />
          <details className="mt-6">
            <summary className="cursor-pointer text-lg font-semibold text-brand-800">
              Or choose a recording saved on this device
            </summary>
            <div className="mt-3">{uploadForm}</div>
          </details>
        </>
      ) : (
        uploadForm
      )}
      <div className="mt-8 flex flex-wrap gap-3 border-t-2 border-stone-200 pt-6">
        <Link to={wizardUrl("category", state)} className="btn-secondary">
          Change Category
        </Link>
        <Link to={wizardUrl("prompt", state)} className="btn-secondary">
          Back to Prompt
        </Link>
      </div>
    </section>
  );
}
