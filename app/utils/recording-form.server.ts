// Reading the posted form of the record wizard, POST /api/stories/recorded and
// /api/transcribe-audio: a recording and an image at most, with hard size caps.
import { RECORDING_BODY_LIMIT } from "./body-limit.server";
import { AUDIO_ERRORS, MAX_AUDIO_BYTES, MediaError } from "./media-limits";
import { readMultipartForm } from "./upload-form.server";

function audioTooLarge() {
  return new MediaError(AUDIO_ERRORS.tooLarge.title, AUDIO_ERRORS.tooLarge.description);
}

/**
 * The posted form of the record wizard or the recording API, a recording and an image at most.
 * Throws MediaError('File too large') for a file or a body over the limits (the edge refuses a
 * body over RECORDING_BODY_LIMIT before it gets here).
 */
export async function readRecordingForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > RECORDING_BODY_LIMIT) throw audioTooLarge();
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    try {
      return await request.formData();
    } catch {
      throw unreadableRecording();
    }
  }
  let upload;
  try {
    upload = await readMultipartForm(request, {
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
    throw unreadableRecording();
  }
  if (upload.oversized.length) throw audioTooLarge();
  return upload.form;
}

function unreadableRecording() {
  return new Response("The form could not be read. Please send the recording again.", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The bytes of a file field, or null when no file was chosen (browsers send an empty, unnamed part). */
export async function formFileBytes(value: FormDataEntryValue | null): Promise<Buffer | null> {
  if (!value || typeof value === "string") return null;
  if (value.size === 0 && !value.name) return null;
  return Buffer.from(await value.arrayBuffer());
}
