import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import type { JobProgress } from "~/models/transcription.server";
import { showToast } from "~/components/layout/Toaster";
import { ErrorList, SubmitButton } from "~/components/forms";
import { AudioRecorder, extensionFor, type Recording } from "./AudioRecorder";
import { PromptCard, type PromptView } from "./PromptStep";
import { useHydrated } from "~/components/hydration";
import { formatDuration, wizardUrl, type WizardState } from "./wizard";
import { useT } from "~/utils/i18n";

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
  const t = useT("record");
  const fetcher = useFetcher<JobProgress>();
  const revalidator = useRevalidator();
  const current = fetcher.data && fetcher.data.id === job.id ? fetcher.data : job;
  const load = fetcher.load;
  useEffect(() => {
    const timer = setInterval(
      () => load(`${state.jobsPath ?? "/api/transcription-jobs"}/${job.id}`),
      1000,
    );
    return () => clearInterval(timer);
  }, [job.id, load, state.jobsPath]);
  const finished = current.outcome !== "pending";
  const announced = useRef(false);
  useEffect(() => {
    if (!finished || announced.current) return;
    announced.current = true;
    // said in the reader's language: the page's own failure box follows with the reason
    if (current.outcome === "failed")
      showToast({
        type: "error",
        title: t("failure.title"),
        description: t("failure.description"),
      });
    // the page's loader moves on to the preview (or shows the failure)
    revalidator.revalidate();
  }, [finished, current.outcome, revalidator, t]);
  const phase =
    current.status === "queued"
      ? current.waitingBehind > 0
        ? t("processing.waiting", { count: current.waitingBehind })
        : t("processing.starting")
      : current.progress == null
        ? t("processing.preparing")
        : t("processing.percent", { percent: current.progress });
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
        <Spinner /> {t("processing.title")}
      </p>
      <p className="mb-3 text-lg">
        {phase} ·{" "}
        <span
          aria-label={t("processing.elapsedLabel", {
            time: formatDuration(current.elapsedSeconds),
          })}
        >
          {t("processing.elapsed", { time: formatDuration(current.elapsedSeconds) })}
        </span>
      </p>
      {current.progress == null ? (
        <div
          className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-label={t("processing.progress")}
        >
          <div className="h-full w-1/3 animate-pulse bg-brand-700" />
        </div>
      ) : (
        <div
          className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-label={t("processing.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={current.progress}
        >
          <div className="h-full bg-brand-700" style={{ width: `${current.progress}%` }} />
        </div>
      )}
      <p className="mt-3 text-base text-stone-800">
        {t("processing.still")}{" "}
        <Link to={wizardUrl("record", { ...state, job: job.id })}>{t("processing.refresh")}</Link>
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
  const t = useT("record");
  return (
    <div
      className="mb-6 rounded-xl border-2 border-red-700 bg-red-50 p-5"
      role="alert"
      data-testid="transcription-failed"
    >
      <p className="text-xl font-bold text-red-900">{job.message?.title ?? t("failure.title")}</p>
      <p className="mb-3 text-lg text-red-900">
        {job.message?.description ?? t("failure.description")}
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
              pendingText={t("failure.retrying")}
            >
              {t("failure.retry")}
            </SubmitButton>
          </Form>
          <Link to={wizardUrl("preview", { ...state, job: job.id })} className="btn-secondary">
            {t("failure.type")}
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
  const t = useT("record");
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
    <Form method="post" encType="multipart/form-data" aria-label={t("upload.label")}>
      <StateFields state={state} />
      <div className="mb-4">
        <label htmlFor="audio-file" className="label">
          {t("upload.file")}
        </label>
        <p id="audio-file-hint" className="mb-1 text-base text-stone-700">
          {t("upload.hint")}
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
        pendingText={t("processing.title")}
        disabled={hydrated && pending}
      >
        {t("upload.submit")}
      </SubmitButton>
    </Form>
  );

  return (
    <section aria-labelledby="record-title">
      <h2 id="record-title" className="mb-4 text-2xl font-bold">
        {t("record.title")}
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
          <Spinner /> {t("processing.title")}
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
              {t("upload.orChoose")}
            </summary>
            <div className="mt-3">{uploadForm}</div>
          </details>
        </>
      ) : (
        uploadForm
      )}
      <div className="mt-8 flex flex-wrap gap-3 border-t-2 border-stone-200 pt-6">
        <Link to={wizardUrl("category", state)} className="btn-secondary">
          {t("changeCategory")}
        </Link>
        <Link to={wizardUrl("prompt", state)} className="btn-secondary">
          {t("record.backToPrompt")}
        </Link>
      </div>
    </section>
  );
}
