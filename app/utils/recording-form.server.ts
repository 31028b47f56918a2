// Reading the posted form of the record wizard, POST /api/stories/recorded and
// /api/transcribe-audio: a recording and an image at most, with hard size caps.
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { AUDIO_ERRORS, MAX_AUDIO_BYTES, MAX_IMAGE_BYTES, MediaError } from "./media-limits";

// the text fields and multipart framing beside one recording and one image
const FORM_OVERHEAD_BYTES = 512 * 1024;

function audioTooLarge() {
  return new MediaError(AUDIO_ERRORS.tooLarge.title, AUDIO_ERRORS.tooLarge.description);
}

/**
 * The posted form of the record wizard or the recording API, a recording and an image at most.
 * Throws MediaError('File too large') before reading a body that is plainly too big.
 */
export async function readRecordingForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > MAX_AUDIO_BYTES + MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES) throw audioTooLarge();
  const type = request.headers.get("content-type") ?? "";
  try {
    if (!type.startsWith("multipart/form-data")) return await request.formData();
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_AUDIO_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw audioTooLarge();
    // a truncated or malformed body is the client's, not a server error
    throw new Response("The form could not be read. Please send the recording again.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/** The bytes of a file field, or null when no file was chosen (browsers send an empty, unnamed part). */
export async function formFileBytes(value: FormDataEntryValue | null): Promise<Buffer | null> {
  if (!value || typeof value === "string") return null;
  if (value.size === 0 && !value.name) return null;
  return Buffer.from(await value.arrayBuffer());
}
