// Media files of a community: images re-encoded by sharp (EXIF rotation applied, every bit of
// metadata, GPS included, removed), stored under server-made names, written atomically.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { execFile } from "node:child_process";
import sharp, { type Metadata } from "sharp";
import { eq } from "drizzle-orm";
import { tenantDir, tenantMediaDir, tenantSchema, type Community, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { fitRecording } from "./audio-duration.server";
import {
  AUDIO_ERRORS,
  IMAGE_ERRORS,
  MAX_AUDIO_BYTES,
  MAX_IMAGE_BYTES,
  MAX_PHOTO_UPLOAD_BYTES,
  MediaError,
  PHOTO_MAX_EDGE,
  photoTooLargeMessage,
} from "~/utils/media-limits";

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

// --- HEIC/HEIF (an iPhone's photos): sharp's prebuilt libvips cannot decode HEVC ---

/** How long the HEIF decoder may take with one photo before it is stopped. */
const HEIF_DECODE_MS = 30_000;

/**
 * The one place that says which program decodes HEIC/HEIF photos: `HEIF_CONVERT_PATH` when set
 * (a missing file there means no decoder), else Debian's `heif-convert` (libheif-examples) on PATH.
 */
export function heifDecoderPath(): string {
  return process.env.HEIF_CONVERT_PATH || "heif-convert";
}

function heicUnsupported() {
  return new MediaError(IMAGE_ERRORS.heicUnsupported.title, IMAGE_ERRORS.heicUnsupported.description);
}

/**
 * A HEIC/HEIF photo as JPEG, through `heif-convert` run without a shell on temporary files in the
 * community's tmp folder, within a time limit. Without the decoder: MediaError telling the person
 * how to send a JPEG instead; a file it cannot read: 'Damaged picture'.
 */
export async function heifToJpeg(community: Pick<Community, "subdomain">, bytes: Buffer): Promise<Buffer> {
  const tmpDir = path.join(tenantDir(), community.subdomain, "tmp");
  tenantMediaDir(community.subdomain); // checks the folder name is safe
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(tmpDir, "heif-"));
  const input = path.join(work, "in.heic");
  const output = path.join(work, "out.jpg");
  try {
    await fs.promises.writeFile(input, bytes, { mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      execFile(
        heifDecoderPath(),
        ["-q", "92", input, output],
        { timeout: HEIF_DECODE_MS, shell: false, maxBuffer: 1024 * 1024 },
        (error) => (error ? reject(error) : resolve()),
      );
    });
    return await fs.promises.readFile(output);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES") throw heicUnsupported();
    // heif-convert writes out-1.jpg etc. for a file holding several pictures: take the first
    const first = path.join(work, "out-1.jpg");
    if (fs.existsSync(first)) return fs.promises.readFile(first);
    throw new MediaError(IMAGE_ERRORS.damaged.title, IMAGE_ERRORS.damaged.description);
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * Validates and stores an image. A photo as a phone sends it (up to MAX_PHOTO_UPLOAD_BYTES, HEIC
 * included) is first made smaller here: decoded (HEIC through heifToJpeg), turned upright, at most
 * PHOTO_MAX_EDGE px on its longer side, metadata dropped; MAX_IMAGE_BYTES then applies to that.
 * Throws MediaError with the fixed messages for a file that is empty, too large, not an image by
 * its bytes, incomplete or damaged, or too long and thin to show. The media row starts as
 * "pending" until owned.
 */
export async function saveImage(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  sent: Buffer,
  opts: { uploadedByUserId?: string | null; status?: "pending" | "attached"; id?: string } = {},
): Promise<MediaRow> {
  if (sent.length === 0) throw new MediaError(IMAGE_ERRORS.wrongType.title, IMAGE_ERRORS.wrongType.description);
  if (sent.length > MAX_PHOTO_UPLOAD_BYTES)
    throw new MediaError(IMAGE_ERRORS.tooLarge.title, photoTooLargeMessage(sent.length));
  const type = sniffImageType(sent);
  if (!type) throw new MediaError(IMAGE_ERRORS.wrongType.title, IMAGE_ERRORS.wrongType.description);
  let bytes = type === "heif" ? await heifToJpeg(community, sent) : sent;

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
  let { width: ow, height: oh } = meta.autoOrient ?? meta;
  if (!storedWidths(ow, oh)) throw new MediaError(IMAGE_ERRORS.oddShape.title, IMAGE_ERRORS.oddShape.description);
  if (bytes.length > MAX_IMAGE_BYTES) {
    // a phone's photo as sent, made smaller first: upright, at most PHOTO_MAX_EDGE a side, no
    // metadata (a lighter picture goes straight to the stored copies, none wider than 1,600 px)
    const limit = Math.min(PHOTO_MAX_EDGE, Math.max(ow, oh));
    try {
      const out = await sharp(bytes, { failOn: "error" })
        .rotate()
        .resize({ width: limit, height: limit, fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      bytes = out.data;
      ow = out.info.width;
      oh = out.info.height;
    } catch {
      throw new MediaError(IMAGE_ERRORS.damaged.title, IMAGE_ERRORS.damaged.description);
    }
  }
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new MediaError(IMAGE_ERRORS.tooLarge.title, IMAGE_ERRORS.tooLarge.description);
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
  // its length read from the file (a browser's WebM is rewritten to carry it, so players can seek)
  const fitted = await fitRecording(file, container);
  const seconds = opts.durationSeconds ?? fitted.seconds;
  try {
    db.insert(media)
      .values({
        id,
        kind: "audio",
        fileName,
        mimeType,
        bytes: fitted.bytes || bytes.length,
        durationSeconds: seconds == null ? null : Math.max(0, Math.round(seconds)),
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
