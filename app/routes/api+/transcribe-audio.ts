// POST /api/transcribe-audio (multipart `audio`): stores the recording, transcribes it with the
// local Whisper and answers { transcription } (plus the stored recording's id and length). The
// record wizard calls the same server functions. A transcription that takes longer than the wait
// answers 202 with the job to poll at /api/transcription-jobs/{id}.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, postOnlyLoader, requirePost } from "~/utils/api.server";
import { enforceRateLimit } from "~/utils/rate-limit.server";
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
  enforceRateLimit(`transcribe:${community.id}:${user.id}`, 60, 60 * 60_000, "recordings");
  let bytes: Buffer | null;
  let form: FormData;
  try {
    form = await readRecordingForm(request);
    bytes = await formFileBytes(form.get("audio"));
  } catch (error) {
    if (error instanceof MediaError) return text(413, error.message);
    return badRequest("Send the recording as multipart/form-data in the field 'audio'");
  }
  if (!bytes) return badRequest("No recording: send the audio file in the field 'audio'");
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
      return text(error.title === "File too large" ? 413 : 415, error.message);
    throw error;
  }
  const { audio, job, unavailableReason } = submitted;
  if (!job) {
    return text(
      503,
      `${TRANSCRIPTION_MESSAGES.unavailable.title}: ${unavailableReason}. Your recording is kept (audioId ${audio.id}); you can type your story instead.`,
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
    return text(422, `${progress.message!.title}: ${progress.message!.description}`);
  return Response.json({
    transcription: progress.transcription ?? "",
    // empty words are not an error: the resident types the story instead
    message: progress.outcome === "no-words" ? progress.message!.title : null,
    jobId: job.id,
    audioId: audio.id,
    durationSeconds: progress.durationSeconds,
  });
}
