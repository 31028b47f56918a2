// Reading a form that carries a photo (the story forms, Share Photo, a resident's photo) to its
// end, so the form can be answered again with everything typed kept and the photo's real size:
// "This photo is too large (21 MB): choose one under 5 MB". A photo over the limit is counted as
// it streams and let go, never held; the body as a whole stops at a hard cap (PHOTO_FORM_HARD_CAP).
// Answering before the upload is read would leave the browser a broken connection instead.
import busboy from "busboy";
import { IMAGE_ERRORS, MAX_IMAGE_BYTES, MediaError, PHOTO_FORM_HARD_CAP } from "./media-limits";

export type PhotoForm = {
  form: FormData;
  /** photos over the limit, by field, with their real size in bytes (not kept) */
  tooLarge: Map<string, number>;
};

// a text field: a story of 50,000 characters fits
const MAX_FIELD_BYTES = 1024 * 1024;

function unreadableForm() {
  return new Response(
    "The form could not be read. Please choose the file again and resend the form.",
    {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    },
  );
}

function bodyTooLarge() {
  return new MediaError(IMAGE_ERRORS.tooLarge.title, IMAGE_ERRORS.tooLarge.description);
}

/**
 * The posted form: text fields, and files of at most `maxFileBytes` each. A larger file is read on
 * to its end and reported in `tooLarge` with its size. Throws MediaError past `hardCap` bytes in
 * all, and a 400 Response for a form that cannot be read.
 */
export async function readPhotoForm(
  request: Request,
  {
    maxFileBytes = MAX_IMAGE_BYTES,
    hardCap = PHOTO_FORM_HARD_CAP,
  }: { maxFileBytes?: number; hardCap?: number } = {},
): Promise<PhotoForm> {
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > hardCap) throw bodyTooLarge();
  if (!type.startsWith("multipart/form-data")) {
    try {
      return { form: await request.formData(), tooLarge: new Map() };
    } catch {
      throw unreadableForm();
    }
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      defParamCharset: "utf8",
      limits: { files: 4, fields: 40, fieldSize: MAX_FIELD_BYTES, headerPairs: 20 },
    });
  } catch {
    throw unreadableForm();
  }
  const form = new FormData();
  const tooLarge = new Map<string, number>();
  const files: Promise<void>[] = [];
  let problem = false;
  parser.on("file", (name, stream, info) => {
    files.push(
      new Promise<void>((resolve) => {
        let chunks: Buffer[] = [];
        let size = 0;
        stream.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > maxFileBytes) chunks = [];
          else chunks.push(chunk);
        });
        stream.on("error", () => {
          problem = true;
          resolve();
        });
        stream.on("close", () => {
          if (size > maxFileBytes) tooLarge.set(name, size);
          // an empty, unnamed part is "no file chosen"; it stays so (fileBytes reads it as none)
          else
            form.append(
              name,
              new File(chunks as unknown as BlobPart[], info.filename ?? "", {
                type: info.mimeType,
              }),
            );
          chunks = [];
          resolve();
        });
      }),
    );
  });
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) problem = true;
    else form.append(name, value);
  });
  for (const limit of ["filesLimit", "fieldsLimit", "partsLimit"] as const)
    parser.on(limit, () => (problem = true));
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  // when the body is cut off at the cap, the parser's "Unexpected end of form" is expected
  finished.catch(() => {});
  let total = 0;
  try {
    if (!request.body) throw unreadableForm();
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > hardCap) {
        await reader.cancel().catch(() => {});
        throw bodyTooLarge();
      }
      if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
    }
    parser.end();
    await finished;
    await Promise.all(files);
  } catch (error) {
    parser.destroy();
    if (error instanceof MediaError) throw error;
    throw unreadableForm();
  }
  if (problem) throw unreadableForm();
  return { form, tooLarge };
}
