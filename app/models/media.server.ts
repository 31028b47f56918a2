// Media files of a community: images re-encoded by sharp (EXIF rotation applied, every bit of
// metadata, GPS included, removed), stored under server-made names, written atomically.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { eq } from "drizzle-orm";
import { tenantMediaDir, tenantSchema, type Community, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { AUDIO_ERRORS, IMAGE_ERRORS, MAX_AUDIO_BYTES, MAX_IMAGE_BYTES, MediaError } from "~/utils/media-limits";

// the limits and their messages are shared with the request readers in app/utils
export { AUDIO_ERRORS, IMAGE_ERRORS, MAX_AUDIO_BYTES, MAX_IMAGE_BYTES, MediaError };

const { media } = tenantSchema;

export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/** The longest side a WebP file may have, in pixels. */
export const WEBP_MAX_SIDE = 16383;
// the shorter side of the largest stored copy may not fall below this (nor below the picture's own)
const MIN_SHOWN_SIDE = 20;

/**
 * The widths an upright picture of `width` x `height` pixels is stored at: IMAGE_WIDTHS, none wider
 * than the picture, each narrow enough that its height stays within WebP's 16383 pixels. Null when
 * the picture is too long and thin to show: made that small, its shorter side would all but vanish.
 */
export function storedWidths(width: number, height: number): number[] | null {
  const widest = Math.min(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!, width, Math.floor((width * WEBP_MAX_SIDE) / height));
  const shorter = Math.min(widest, (height * widest) / width);
  if (widest < 1 || shorter < Math.min(MIN_SHOWN_SIDE, width, height)) return null;
  const widths: number[] = [];
  for (const w of IMAGE_WIDTHS) {
    const target = Math.min(w, widest);
    if (!widths.includes(target)) widths.push(target);
    if (target === widest) break;
  }
  return widths;
}

/** What an image's first bytes say it is (never trusting the declared type). */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "gif" | "webp" | "heif" | "avif" | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return "gif";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (b.length >= 12 && ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "avif" || brand === "avis") return "avif";
    if (["heic", "heix", "hevc", "mif1", "msf1"].includes(brand)) return "heif";
  }
  return null;
}

export function mediaDir(community: Pick<Community, "subdomain">) {
  return tenantMediaDir(community.subdomain);
}

/** Writes bytes to a temporary file and renames it into place: no reader ever sees half a file. */
export async function writeFileAtomic(file: string, data: Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = path.join(path.dirname(file), `.tmp-${crypto.randomBytes(8).toString("hex")}`);
  const handle = await fs.promises.open(tmp, "wx", 0o640);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(tmp, file);
}

export type MediaRow = typeof media.$inferSelect;
export type ImageVariant = { width: number; fileName: string };

/**
 * Validates and stores an image. Throws MediaError with the fixed messages for a file that is
 * empty, too large, not an image by its bytes, incomplete or damaged, or too long and thin to
 * show. The media row starts as "pending" until owned.
 */
export async function saveImage(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  bytes: Buffer,
  opts: { uploadedByUserId?: string | null; status?: "pending" | "attached"; id?: string } = {},
): Promise<MediaRow> {
  if (bytes.length === 0) throw new MediaError(IMAGE_ERRORS.wrongType.title, IMAGE_ERRORS.wrongType.description);
  if (bytes.length > MAX_IMAGE_BYTES) throw new MediaError(IMAGE_ERRORS.tooLarge.title, IMAGE_ERRORS.tooLarge.description);
  if (!sniffImageType(bytes)) throw new MediaError(IMAGE_ERRORS.wrongType.title, IMAGE_ERRORS.wrongType.description);

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: "error" }).metadata();
  } catch {
    throw new MediaError(IMAGE_ERRORS.wrongType.title, IMAGE_ERRORS.wrongType.description);
  }
  if (!meta.width || !meta.height || meta.width * meta.height > 60_000_000) {
    throw new MediaError(IMAGE_ERRORS.wrongType.title, IMAGE_ERRORS.wrongType.description);
  }
  // upright: the EXIF orientation may turn it a quarter
  const { width: ow, height: oh } = meta.autoOrient ?? meta;
  const widths = storedWidths(ow, oh);
  if (!widths) throw new MediaError(IMAGE_ERRORS.oddShape.title, IMAGE_ERRORS.oddShape.description);

  // a signed upload URL names the id its file will get
  const id = opts.id ?? newId();
  const base = crypto.randomBytes(16).toString("hex");
  const dir = mediaDir(community);
  const written: string[] = [];
  try {
    const variants: ImageVariant[] = [];
    for (const target of widths) {
      const fileName = `${base}-${target}.webp`;
      let out: Buffer;
      try {
        // .rotate() applies the EXIF orientation; sharp drops all metadata unless asked to keep it.
        // Harmless slips (stray bytes between markers) pass; a file that ends early does not.
        out = await sharp(bytes, { failOn: "error" }).rotate().resize({ width: target, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      } catch {
        throw new MediaError(IMAGE_ERRORS.damaged.title, IMAGE_ERRORS.damaged.description);
      }
      await writeFileAtomic(path.join(dir, fileName), out);
      written.push(fileName);
      variants.push({ width: target, fileName });
    }
    const largest = variants[variants.length - 1]!;
    const size = fs.statSync(path.join(dir, largest.fileName)).size;
    db.insert(media)
      .values({
        id,
        kind: "image",
        fileName: largest.fileName,
        mimeType: "image/webp",
        bytes: size,
        width: largest.width,
        height: Math.round((oh * largest.width) / ow),
        variants: JSON.stringify(variants),
        uploadedByUserId: opts.uploadedByUserId ?? null,
        status: opts.status ?? "pending",
      })
      .run();
  } catch (error) {
    for (const f of written) fs.rmSync(path.join(dir, f), { force: true });
    throw error;
  }
  return db.select().from(media).where(eq(media.id, id)).get()!;
}

// --- audio recordings (the record-a-story wizard) ---

export type AudioContainer = "webm" | "ogg" | "mp4" | "wav" | "mp3" | "aac";

const AUDIO_TYPES: Record<AudioContainer, { mimeType: string; ext: string }> = {
  webm: { mimeType: "audio/webm", ext: "webm" },
  ogg: { mimeType: "audio/ogg", ext: "ogg" },
  mp4: { mimeType: "audio/mp4", ext: "m4a" },
  wav: { mimeType: "audio/wav", ext: "wav" },
  mp3: { mimeType: "audio/mpeg", ext: "mp3" },
  aac: { mimeType: "audio/aac", ext: "aac" },
};

/** What a recording's first bytes say its container is (never trusting the declared type). */
export function sniffAudioType(bytes: Uint8Array): AudioContainer | null {
  const b = bytes;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return "webm";
  if (b.length >= 4 && ascii(0, 4) === "OggS") return "ogg";
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return "wav";
  if (b.length >= 12 && ascii(4, 8) === "ftyp") {
    // HEIF/AVIF images share the ISO container
    const brand = ascii(8, 12);
    if (["avif", "avis", "heic", "heix", "hevc", "mif1", "msf1"].includes(brand)) return null;
    return "mp4";
  }
  if (b.length >= 3 && ascii(0, 3) === "ID3") return "mp3";
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0) {
    // MPEG frame sync: layer bits 00 are AAC in ADTS, anything else MP3
    return (b[1]! & 0x06) === 0 ? "aac" : "mp3";
  }
  return null;
}

/**
 * Validates and stores a recording under a random server-made name. Throws MediaError for a file
 * that is empty, too large, or not audio by its bytes. The row starts "pending" until a story owns it.
 */
export async function saveAudio(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  bytes: Buffer,
  opts: { uploadedByUserId?: string | null; status?: "pending" | "attached"; durationSeconds?: number | null; maxBytes?: number } = {},
): Promise<MediaRow> {
  if (bytes.length === 0) throw new MediaError(AUDIO_ERRORS.empty.title, AUDIO_ERRORS.empty.description);
  if (bytes.length > (opts.maxBytes ?? MAX_AUDIO_BYTES)) throw new MediaError(AUDIO_ERRORS.tooLarge.title, AUDIO_ERRORS.tooLarge.description);
  const container = sniffAudioType(bytes);
  if (!container) throw new MediaError(AUDIO_ERRORS.wrongType.title, AUDIO_ERRORS.wrongType.description);
  const { mimeType, ext } = AUDIO_TYPES[container];
  const id = newId();
  const fileName = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  const file = path.join(mediaDir(community), fileName);
  await writeFileAtomic(file, bytes);
  try {
    db.insert(media)
      .values({
        id,
        kind: "audio",
        fileName,
        mimeType,
        bytes: bytes.length,
        durationSeconds: opts.durationSeconds == null ? null : Math.max(0, Math.round(opts.durationSeconds)),
        uploadedByUserId: opts.uploadedByUserId ?? null,
        status: opts.status ?? "pending",
      })
      .run();
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
  return db.select().from(media).where(eq(media.id, id)).get()!;
}

/** Records a recording's measured length (whole seconds). */
export function setMediaDuration(db: TenantDb, id: string, seconds: number) {
  db.update(media).set({ durationSeconds: Math.max(0, Math.round(seconds)) }).where(eq(media.id, id)).run();
}

/** The full path of a stored media file (the server-made name only, never a path from outside). */
export function mediaFilePath(community: Pick<Community, "subdomain">, row: Pick<MediaRow, "fileName">) {
  return path.join(mediaDir(community), path.basename(row.fileName));
}

export function getMedia(db: TenantDb, id: string): MediaRow | undefined {
  return db.select().from(media).where(eq(media.id, id)).get();
}

export function mediaVariants(row: Pick<MediaRow, "variants" | "fileName" | "width">): ImageVariant[] {
  try {
    const parsed = JSON.parse(row.variants ?? "[]") as ImageVariant[];
    if (Array.isArray(parsed) && parsed.length) return parsed;
  } catch {
    // fall through
  }
  return [{ width: row.width ?? 0, fileName: row.fileName }];
}

export function markMediaAttached(db: TenantQueries, id: string) {
  db.update(media).set({ status: "attached" }).where(eq(media.id, id)).run();
}

/** Deletes a media row and every file of it. */
export function deleteMedia(db: TenantDb, community: Pick<Community, "subdomain">, id: string) {
  const row = getMedia(db, id);
  if (!row) return;
  db.delete(media).where(eq(media.id, id)).run();
  const dir = mediaDir(community);
  const files = new Set([row.fileName, ...mediaVariants(row).map((v) => v.fileName)]);
  for (const f of files) fs.rmSync(path.join(dir, path.basename(f)), { force: true });
}
