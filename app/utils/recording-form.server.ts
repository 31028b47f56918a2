// Reading the posted form of the record wizard, POST /api/stories/recorded and
// /api/transcribe-audio: a recording and an image at most, with hard size caps.
import { RECORDING_BODY_LIMIT } from "./body-limit.server";
import { AUDIO_ERRORS, MAX_AUDIO_BYTES, MediaError } from "./media-limits";
import { fileBytes, readForm } from "./upload-form.server";
import { getT } from "./i18n.server";

function audioTooLarge() {
  return new MediaError(AUDIO_ERRORS.tooLarge.title, AUDIO_ERRORS.tooLarge.description);
}

/**
 * The posted form of the record wizard or the recording API, a recording and an image at most.
 * Throws MediaError('File too large') for a file or a body over the limits (the edge refuses a
 * body over RECORDING_BODY_LIMIT before it gets here).
 */
export async function readRecordingForm(request: Request): Promise<FormData> {
  let upload;
  try {
    upload = await readForm(request, {
      maxFileBytes: MAX_AUDIO_BYTES,
      maxTotalBytes: RECORDING_BODY_LIMIT,
      maxFiles: 2,
      maxFields: 40,
      stopAtOversize: true,
      spoolOver: 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof MediaError) throw audioTooLarge();
    // a truncated or malformed body, or more parts than the form has: the client's, not a server error
    throw await unreadableRecording(request);
  }
  if (upload.tooLarge.size) throw audioTooLarge();
  return upload.form;
}

/** 400 for a recording form that cannot be read, in the requester's language. */
async function unreadableRecording(request: Request) {
  return new Response((await getT(request, "errors"))("form.unreadableRecording"), {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The bytes of a file field, or null when no file was chosen. */
export const formFileBytes = fileBytes;
