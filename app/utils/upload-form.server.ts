// Reading form posts that may carry a file, with hard size caps: a file over the limit is refused
// with the spec's message ('File too large') while the other fields still arrive, so a long story
// typed next to a too-large photo is not lost; never a 500, never an unbounded buffer.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { IMAGE_ERRORS, MAX_IMAGE_BYTES, MediaError } from "~/utils/media-errors";

// a body this much larger than one maximal file is refused before it is read at all
const BODY_LIMIT_FACTOR = 4;

export function tooLargeError() {
  return new MediaError(IMAGE_ERRORS.tooLarge.title, IMAGE_ERRORS.tooLarge.description);
}

function declaredLength(request: Request): number | null {
  const raw = request.headers.get("content-length");
  if (!raw) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export type UploadForm = { form: FormData; oversized: string[] };

/**
 * The posted form. Multipart parts are held in memory up to `maxPartSize` each; a larger part is
 * read to its end, dropped, and its field named in `oversized`. Throws MediaError('File too
 * large') for a body far over the limit.
 */
export async function readUploadForm(request: Request, maxPartSize = MAX_IMAGE_BYTES): Promise<UploadForm> {
  const length = declaredLength(request);
  if (length !== null && length > maxPartSize * BODY_LIMIT_FACTOR) throw tooLargeError();
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    try {
      return { form: await request.formData(), oversized: [] };
    } catch {
      throw unreadableForm();
    }
  }
  const oversized: string[] = [];
  let total = 0;
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > maxPartSize * BODY_LIMIT_FACTOR) throw tooLargeError();
      if (size <= maxPartSize) chunks.push(chunk);
    }
    if (size > maxPartSize) {
      oversized.push(name);
      return undefined;
    }
    if (typeof filename === "string") return new File([Buffer.concat(chunks)], filename, { type: contentType });
    return Buffer.concat(chunks).toString("utf8");
  };
  try {
    return { form: await unstable_parseMultipartFormData(request, handler), oversized };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    // a truncated body, a wrong boundary, a part without an end: the client's form, not our fault
    throw unreadableForm();
  }
}

function unreadableForm() {
  return new Response("The form could not be read. Please choose the file again and resend the form.", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The bytes of a file field, or null when no file was chosen (browsers send an empty, unnamed part). */
export async function fileBytes(value: FormDataEntryValue | null): Promise<Buffer | null> {
  if (!value || typeof value === "string") return null;
  if (value.size === 0 && !value.name) return null;
  return Buffer.from(await value.arrayBuffer());
}

/** A raw request body (PUT of the upload URL), read up to `max` bytes. */
export async function readBodyLimited(request: Request, max = MAX_IMAGE_BYTES): Promise<Buffer> {
  const length = declaredLength(request);
  if (length !== null && length > max * BODY_LIMIT_FACTOR) throw tooLargeError();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max * BODY_LIMIT_FACTOR) {
      await reader.cancel().catch(() => {});
      throw tooLargeError();
    }
    // a file somewhat over the limit is read to its end and dropped, so that the client (a phone
    // still sending) gets the 'File too large' answer instead of a broken connection
    if (size > max) tooLarge = true;
    else chunks.push(value);
  }
  if (tooLarge) throw tooLargeError();
  return Buffer.concat(chunks);
}
