// In the browser: a phone camera's photo (8-20 MB) is made smaller before it is sent, at most
// 2,048 px on its longer side and under the upload limit, as a JPEG without its metadata (the
// picture is turned upright first). No package: createImageBitmap and a canvas.
import { MAX_IMAGE_BYTES, megabyteCount, megabytes } from "~/utils/media-limits";
import type { T } from "~/utils/i18n";

export const PHOTO_MAX_EDGE = 2048;

export type PreparedPhoto =
  | { ok: true; file: File; shrunk: false }
  | { ok: true; file: File; shrunk: true; fromBytes: number }
  | { ok: false; reason: "too-large" | "not-an-image"; bytes: number };

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** Draws the photo at most `edge` px on its longer side and encodes it under `maxBytes`. */
async function shrink(file: File, maxBytes: number, maxEdge: number): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null; // a format this browser cannot draw (HEIC in most browsers)
  }
  try {
    let edge = Math.min(maxEdge, Math.max(bitmap.width, bitmap.height));
    for (let attempt = 0; attempt < 6; attempt++) {
      const scale = edge / Math.max(bitmap.width, bitmap.height);
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext("2d");
      if (!context) return null;
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of [0.85, 0.72, 0.6]) {
        const blob = await canvasBlob(canvas, quality);
        if (blob && blob.size <= maxBytes * 0.95) {
          const name = `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;
          return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
        }
      }
      edge = Math.round(edge * 0.75);
    }
    return null;
  } finally {
    bitmap.close();
  }
}

/** The photo to send: as chosen when it fits, else a smaller copy; or why it cannot be sent. */
export async function preparePhoto(
  file: File,
  { maxBytes = MAX_IMAGE_BYTES, maxEdge = PHOTO_MAX_EDGE } = {},
): Promise<PreparedPhoto> {
  if (file.type && !file.type.startsWith("image/"))
    return { ok: false, reason: "not-an-image", bytes: file.size };
  if (file.size <= maxBytes) return { ok: true, file, shrunk: false };
  const smaller = await shrink(file, maxBytes, maxEdge);
  return smaller
    ? { ok: true, file: smaller, shrunk: true, fromBytes: file.size }
    : { ok: false, reason: "too-large", bytes: file.size };
}

/** Puts `file` into the file input in place of the one chosen, so the form sends it. */
export function replaceChosenFile(input: HTMLInputElement, file: File): boolean {
  try {
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
    return input.files?.[0] === file || input.files?.[0]?.size === file.size;
  } catch {
    return false;
  }
}

/** Said under the photo once it was made smaller; with `t` in the reader's language. */
export function shrunkNote(fromBytes: number, file: File, t?: T): string {
  if (t)
    return t("story:media.shrunk", {
      from: megabyteCount(fromBytes),
      to: megabyteCount(file.size),
    });
  return `We made your photo smaller to send it (${megabytes(fromBytes)} to ${megabytes(file.size)}).`;
}
