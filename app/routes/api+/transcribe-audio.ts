// POST /api/transcribe-audio (multipart `audio`): stores the recording, transcribes it with the
// local Whisper and answers { transcription } (plus the stored recording's id and length). The
// record wizard calls the same server functions. A transcription that takes longer than the wait
// answers 202 with the job to poll at /api/transcription-jobs/{id}.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, postOnlyLoader, requirePost } from "~/utils/api.server";
import { enforceRateLimitFor } from "~/utils/rate-limit.server";
import { MediaError } from "~/models/media.server";
import { formFileBytes, readRecordingForm } from "~/utils/recording-form.server";
import {
  jobProgress,
  submitRecording,
  TRANSCRIPTION_MESSAGES,
  waitForJob,
} from "~/models/transcription.server";
import { requireStoryteller } from "~/utils/permissions.server";
import { residentForRecording } from "~/models/recorded-story.server";
import { ROLE } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { AUDIO_ERRORS, IMAGE_ERRORS } from "~/utils/media-limits";
import { translateMessage } from "~/utils/i18n";
import { apiT, mediaErrorText } from "./__messages.server";

// an HTTP client should not hang for minutes; longer recordings answer 202 and are polled
const WAIT_MS = 50_000;

function text(status: number, body: string) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export const loader = ({ request }: LoaderFunctionArgs) =>
  postOnlyLoader(request, requireStoryteller);

export const policy = { body: "recording", rate: "uploads" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { user, community, db } = await requirePost(request, requireStoryteller);
  await enforceRateLimitFor(
    request,
    `transcribe:${community.id}:${user.id}`,
    60,
    60 * 60_000,
    "recordings",
  );
  const t = await apiT(request);
  let bytes: Buffer | null;
  let form: FormData;
  try {
    form = await readRecordingForm(request);
    bytes = await formFileBytes(form.get("audio"));
  } catch (error) {
    if (error instanceof MediaError) return text(413, mediaErrorText(t, error));
    return badRequest(t("recording.multipart"));
  }
  if (!bytes) return badRequest(t("recording.missing"));
  // transcribed in the resident's language: a resident's own; staff may name one with residentId
  const requested = form.get("residentId");
  const who = residentForRecording(
    db,
    user,
    user.role === ROLE.resident
      ? null
      : typeof requested === "string" && requested
        ? requested
        : null,
  );
  let submitted;
  try {
    submitted = await submitRecording(db, community, user, bytes, {
      language: who.ok ? who.resident.preferredLanguage : null,
    });
  } catch (error) {
    if (error instanceof MediaError)
      return text(
        error.title === AUDIO_ERRORS.tooLarge.title || error.title === IMAGE_ERRORS.tooLarge.title
          ? 413
          : 415,
        mediaErrorText(t, error),
      );
    throw error;
  }
  const { audio, job, unavailableReason } = submitted;
  if (!job) {
    return text(
      503,
      t("transcription.unavailable", {
        title: translateMessage(t, TRANSCRIPTION_MESSAGES.unavailable.title),
        reason: translateMessage(t, unavailableReason ?? ""),
        audioId: audio.id,
      }),
    );
  }
  const latest = (await waitForJob(db, job.id, WAIT_MS, request.signal)) ?? job;
  const progress = jobProgress(db, community, latest);
  if (progress.outcome === "pending") {
    return Response.json(
      {
        status: progress.status,
        jobId: job.id,
        audioId: audio.id,
        statusUrl: `/api/transcription-jobs/${job.id}`,
      },
      { status: 202, headers: { Location: `/api/transcription-jobs/${job.id}` } },
    );
  }
  if (progress.outcome === "failed")
    return text(
      422,
      `${translateMessage(t, progress.message!.title)}: ${translateMessage(t, progress.message!.description)}`,
    );
  return Response.json({
    transcription: progress.transcription ?? "",
    // empty words are not an error: the resident types the story instead
    message: progress.outcome === "no-words" ? progress.message!.title : null,
    jobId: job.id,
    audioId: audio.id,
    durationSeconds: progress.durationSeconds,
  });
}
