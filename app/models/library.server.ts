// The community's own picture and music library: photographs and short songs or sound clips that
// its care team uploads, tagged with decades and themes, which story circles and prompts offer
// beside a matching prompt. A photo goes through the image pipeline (sniffed, re-encoded by sharp,
// every bit of metadata, GPS included, removed, stored at the usual widths). A clip is converted
// by ffmpeg to Opus in WebM: 64 kbit/s mono sounds as good as a lounge TV's speaker can play music
// and speech, keeps ten minutes near 5 MB, and WebM is what browsers record and play here already
// and carries its length, so the player can show and seek it.
//
// Everything given is checked before anything is stored: bad input is refused with a message
// (a catalog key of the `library` namespace made by msg()) and nothing is saved. A library item
// belongs to one community's database: another community's item is simply not found.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { msg } from "~/utils/i18n";
import { ffmpegPath, runTool, ToolError } from "~/utils/whisper.server";
import { CATEGORY_VALUES } from "./categories";
import {
  deleteMedia,
  MAX_AUDIO_BYTES,
  MAX_IMAGE_BYTES,
  mediaVariants,
  saveAudio,
  saveImage,
  sniffAudioType,
  sniffImageType,
  type AudioContainer,
} from "./media.server";

const { libraryItems, media } = tenantSchema;

export { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES };

export const LIBRARY_DECADES = [
  "1920s",
  "1930s",
  "1940s",
  "1950s",
  "1960s",
  "1970s",
  "1980s",
  "1990s",
] as const;
export type LibraryDecade = (typeof LIBRARY_DECADES)[number];
export type LibraryKind = "photo" | "audio";

export const LIBRARY_TITLE_MAX = 120;
export const LIBRARY_SOURCE_MAX = 300;
/** One theme word ("seaside", "rock-and-roll"), and how many an item may carry. */
export const LIBRARY_THEME_MAX = 30;
export const LIBRARY_THEMES_MAX = 12;
/** A clip longer than this is refused: the library holds songs and short clips, not albums. */
export const LIBRARY_AUDIO_MAX_SECONDS = 10 * 60;
/** The stored clip: Opus at this bit rate, one channel, in WebM. */
export const LIBRARY_AUDIO_BITRATE = "64k";
// converting ten minutes takes seconds; a stuck ffmpeg is stopped
const CONVERT_TIMEOUT_MS = 120_000;

/** The containers a clip may come in: MP3, M4A (MP4), Ogg, WebM and WAV. */
const CLIP_CONTAINERS = new Set<AudioContainer>(["mp3", "mp4", "ogg", "webm", "wav"]);

/** A refusal: `message` is a catalog key of the `library` namespace made by msg(). */
export class LibraryError extends Error {
  constructor(
    message: string,
    readonly field?: "file" | "title" | "decades" | "themes" | "source",
    readonly status: 400 | 413 | 415 | 503 = 400,
  ) {
    super(message);
    this.name = "LibraryError";
  }
}

export type LibraryDetailsInput = {
  title?: unknown;
  /** decade values, as a list or one string separated by spaces or commas */
  decades?: unknown;
  /** category values or short topic words, as a list or one string separated by commas */
  themes?: unknown;
  source?: unknown;
};

export type LibraryDetails = {
  title: string;
  decades: LibraryDecade[];
  themes: string[];
  source: string | null;
};

export type LibraryItemView = {
  id: string;
  kind: LibraryKind;
  mediaId: string;
  title: string;
  decades: string[];
  themes: string[];
  source: string | null;
  /** a photo's stored widths (for srcset) and size */
  widths: number[];
  width: number | null;
  height: number | null;
  /** a clip's length in whole seconds */
  durationSeconds: number | null;
  mimeType: string;
  uploadedByUserId: string | null;
  createdAt: string;
};

type Actor = { id: string } | null | undefined;

function listOf(value: unknown, separator: RegExp): string[] {
  const parts = Array.isArray(value) ? value : value == null ? [] : [value];
  return parts
    .flatMap((p) => (typeof p === "string" ? p.split(separator) : [String(p)]))
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * A theme as stored: lowercase, spaces made hyphens ("Rock and Roll" → "rock-and-roll"), since an
 * item's themes are kept as one space-separated list.
 */
export function themeWord(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Title, decades, themes and source checked and tidied; a LibraryError names the first problem. */
export function checkLibraryDetails(input: LibraryDetailsInput): LibraryDetails {
  const title = typeof input.title === "string" ? input.title.trim().replace(/\s+/g, " ") : "";
  if (!title) throw new LibraryError(msg("library:error.titleRequired"), "title");
  if (title.length > LIBRARY_TITLE_MAX)
    throw new LibraryError(
      msg("library:error.titleTooLong", { max: LIBRARY_TITLE_MAX }),
      "title",
    );

  const decades: LibraryDecade[] = [];
  for (const d of listOf(input.decades, /[\s,]+/)) {
    if (!(LIBRARY_DECADES as readonly string[]).includes(d))
      throw new LibraryError(msg("library:error.decade", { decade: d.slice(0, 20) }), "decades");
    if (!decades.includes(d as LibraryDecade)) decades.push(d as LibraryDecade);
  }
  decades.sort();

  const themes: string[] = [];
  for (const raw of listOf(input.themes, /,/)) {
    const word = themeWord(raw);
    if (word.length > LIBRARY_THEME_MAX)
      throw new LibraryError(
        msg("library:error.themeTooLong", { max: LIBRARY_THEME_MAX }),
        "themes",
      );
    if (!/^[\p{L}\p{N}][\p{L}\p{N}'’-]*$/u.test(word))
      throw new LibraryError(msg("library:error.themeChars"), "themes");
    if (!themes.includes(word)) themes.push(word);
  }
  if (themes.length > LIBRARY_THEMES_MAX)
    throw new LibraryError(msg("library:error.themeCount", { max: LIBRARY_THEMES_MAX }), "themes");

  if (input.source != null && typeof input.source !== "string")
    throw new LibraryError(msg("library:error.sourceText"), "source");
  const source = typeof input.source === "string" ? input.source.trim() : "";
  if (source.length > LIBRARY_SOURCE_MAX)
    throw new LibraryError(
      msg("library:error.sourceTooLong", { max: LIBRARY_SOURCE_MAX }),
      "source",
    );
  return { title, decades, themes, source: source || null };
}

function split(list: string): string[] {
  return list.split(" ").filter(Boolean);
}

function toView(row: typeof libraryItems.$inferSelect, m: typeof media.$inferSelect): LibraryItemView {
  return {
    id: row.id,
    kind: row.kind,
    mediaId: row.mediaId,
    title: row.title,
    decades: split(row.decades),
    themes: split(row.themes),
    source: row.source,
    widths: m.kind === "image" ? mediaVariants(m).map((v) => v.width) : [],
    width: m.width,
    height: m.height,
    durationSeconds: m.durationSeconds,
    mimeType: m.mimeType,
    uploadedByUserId: row.uploadedByUserId,
    createdAt: row.createdAt,
  };
}

function insertItem(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  kind: LibraryKind,
  mediaId: string,
  details: LibraryDetails,
  actor: Actor,
): LibraryItemView {
  const id = newId();
  try {
    db.insert(libraryItems)
      .values({
        id,
        kind,
        mediaId,
        title: details.title,
        decades: details.decades.join(" "),
        themes: details.themes.join(" "),
        source: details.source,
        uploadedByUserId: actor?.id ?? null,
      })
      .run();
  } catch (error) {
    deleteMedia(db, community, mediaId);
    throw error;
  }
  return getLibraryItem(db, id)!;
}

/**
 * Adds a photograph: checked like every image (MAX_IMAGE_BYTES, an image by its bytes, not
 * damaged) and stored without its metadata. Throws LibraryError for bad details and MediaError
 * with the fixed image messages for a bad file; nothing is kept then.
 */
export async function addLibraryPhoto(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  input: LibraryDetailsInput & { bytes: Buffer | null },
  actor?: Actor,
): Promise<LibraryItemView> {
  const details = checkLibraryDetails(input);
  if (!input.bytes || input.bytes.length === 0)
    throw new LibraryError(msg("library:error.fileRequired"), "file");
  const image = await saveImage(db, community, input.bytes, {
    uploadedByUserId: actor?.id ?? null,
    status: "attached",
  });
  return insertItem(db, community, "photo", image.id, details, actor);
}

/** Seconds from ffmpeg's `-progress` lines: the last `out_time_us`. */
function progressSeconds(stdout: string): number | null {
  let us: number | null = null;
  for (const m of stdout.matchAll(/^out_time_us=(\d+)\s*$/gm)) us = Number(m[1]);
  return us === null ? null : us / 1_000_000;
}

/**
 * Adds a song or sound clip (MP3, M4A, Ogg, WebM or WAV, at most MAX_AUDIO_BYTES and ten
 * minutes), converted to Opus in WebM with its length kept. Throws LibraryError for bad details,
 * a file that is not one of those or cannot be read, one too long, or a server without ffmpeg;
 * nothing is kept then.
 */
export async function addLibraryAudio(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  input: LibraryDetailsInput & { bytes: Buffer | null },
  actor?: Actor,
): Promise<LibraryItemView> {
  const details = checkLibraryDetails(input);
  const bytes = input.bytes;
  if (!bytes || bytes.length === 0)
    throw new LibraryError(msg("library:error.fileRequired"), "file");
  if (bytes.length > MAX_AUDIO_BYTES)
    throw new LibraryError(
      msg("library:error.audioTooLarge", { max: MAX_AUDIO_BYTES / (1024 * 1024) }),
      "file",
      413,
    );
  const container = sniffAudioType(bytes);
  if (!container || !CLIP_CONTAINERS.has(container))
    throw new LibraryError(msg("library:error.audioType"), "file", 415);
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) throw new LibraryError(msg("library:error.noFfmpeg"), "file", 503);

  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "storyloom-library-"));
  try {
    const source = path.join(work, `in-${crypto.randomBytes(6).toString("hex")}`);
    const out = path.join(work, "out.webm");
    await fs.promises.writeFile(source, bytes, { mode: 0o600 });
    let stdout: string;
    try {
      ({ stdout } = await runTool(
        ffmpeg,
        [
          "-nostdin",
          "-hide_banner",
          "-loglevel",
          "error",
          "-y",
          "-i",
          source,
          // a second past the limit is enough to know it is too long, and no longer is converted
          "-t",
          String(LIBRARY_AUDIO_MAX_SECONDS + 1),
          "-vn",
          "-sn",
          "-dn",
          // tags and cover art go; only the sound is kept
          "-map_metadata",
          "-1",
          "-ac",
          "1",
          "-c:a",
          "libopus",
          "-b:a",
          LIBRARY_AUDIO_BITRATE,
          "-f",
          "webm",
          "-progress",
          "pipe:1",
          "-nostats",
          out,
        ],
        { timeoutMs: CONVERT_TIMEOUT_MS },
      ));
    } catch (error) {
      if (error instanceof ToolError)
        throw new LibraryError(msg("library:error.audioUnreadable"), "file", 415);
      throw error;
    }
    const seconds = progressSeconds(stdout);
    const converted = await fs.promises.readFile(out).catch(() => null);
    if (!converted || !converted.length || seconds === null || seconds <= 0)
      throw new LibraryError(msg("library:error.audioUnreadable"), "file", 415);
    if (seconds > LIBRARY_AUDIO_MAX_SECONDS)
      throw new LibraryError(
        msg("library:error.audioTooLong", { minutes: LIBRARY_AUDIO_MAX_SECONDS / 60 }),
        "file",
      );
    const row = await saveAudio(db, community, converted, {
      uploadedByUserId: actor?.id ?? null,
      status: "attached",
      durationSeconds: Math.max(1, Math.round(seconds)),
    });
    return insertItem(db, community, "audio", row.id, details, actor);
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * Adds a photo or a clip, whichever the file's bytes say it is; a file that is neither is refused
 * (after the details, so that the first problem named is the form's first).
 */
export async function addLibraryFile(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  input: LibraryDetailsInput & { bytes: Buffer | null },
  actor?: Actor,
): Promise<LibraryItemView> {
  const bytes = input.bytes;
  if (bytes && bytes.length && sniffAudioType(bytes))
    return addLibraryAudio(db, community, input, actor);
  if (bytes && bytes.length && bytes.length <= MAX_IMAGE_BYTES && !sniffImageType(bytes)) {
    checkLibraryDetails(input);
    throw new LibraryError(msg("library:error.fileType"), "file", 415);
  }
  return addLibraryPhoto(db, community, input, actor);
}

export function getLibraryItem(db: TenantDb, id: string): LibraryItemView | null {
  if (!id) return null;
  const found = db
    .select({ item: libraryItems, media })
    .from(libraryItems)
    .innerJoin(media, eq(libraryItems.mediaId, media.id))
    .where(eq(libraryItems.id, id))
    .get();
  return found ? toView(found.item, found.media) : null;
}

export type LibraryFilter = {
  kind?: string | null;
  decade?: string | null;
  theme?: string | null;
  /** words of the title, a theme or the source */
  q?: string | null;
};

function allItems(db: TenantDb, kind?: string | null): LibraryItemView[] {
  const rows = db
    .select({ item: libraryItems, media })
    .from(libraryItems)
    .innerJoin(media, eq(libraryItems.mediaId, media.id))
    .where(kind === "photo" || kind === "audio" ? eq(libraryItems.kind, kind) : undefined)
    .orderBy(desc(libraryItems.createdAt), desc(libraryItems.id))
    .all();
  return rows.map((r) => toView(r.item, r.media));
}

/** The library, newest first, narrowed by kind, decade, theme and words (each optional). */
export function listLibrary(db: TenantDb, filter: LibraryFilter = {}): LibraryItemView[] {
  const decade = filter.decade?.trim() || null;
  const theme = filter.theme?.trim() ? themeWord(filter.theme) : null;
  const words = (filter.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return allItems(db, filter.kind).filter((item) => {
    if (decade && !item.decades.includes(decade)) return false;
    if (theme && !item.themes.includes(theme)) return false;
    if (words.length) {
      const text = [item.title, item.themes.join(" "), item.source ?? ""].join(" ").toLowerCase();
      if (!words.every((w) => text.includes(w))) return false;
    }
    return true;
  });
}

/** Replaces an item's title, decades, themes and source; null when there is no such item. */
export function updateLibraryItem(
  db: TenantDb,
  id: string,
  input: LibraryDetailsInput,
): LibraryItemView | null {
  if (!getLibraryItem(db, id)) return null;
  const details = checkLibraryDetails(input);
  db.update(libraryItems)
    .set({
      title: details.title,
      decades: details.decades.join(" "),
      themes: details.themes.join(" "),
      source: details.source,
    })
    .where(eq(libraryItems.id, id))
    .run();
  return getLibraryItem(db, id);
}

/** Deletes an item and its media files; false when there is no such item. */
export function deleteLibraryItem(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  id: string,
): boolean {
  const item = getLibraryItem(db, id);
  if (!item) return false;
  db.delete(libraryItems).where(eq(libraryItems.id, id)).run();
  deleteMedia(db, community, item.mediaId);
  return true;
}

const CATEGORY_SET = new Set<string>(CATEGORY_VALUES);

/** The theme words a circle's category or topic is matched on ("the seaside" → the-seaside, seaside). */
function themeKeys(text: string | null | undefined): string[] {
  if (!text?.trim()) return [];
  const whole = themeWord(text);
  const keys = new Set([whole]);
  // a topic of several words also matches an item tagged with one of its longer words
  for (const w of text.toLowerCase().split(/[\s,]+/)) if (w.length >= 4) keys.add(w);
  return [...keys];
}

/**
 * Photos or songs to offer with a story circle's prompt: the items of `kind` (both when not
 * given) that carry the decade or the theme (a category value or a topic in staff's words), those
 * that carry both first, newest first within each. Neither asked for: every item of the kind.
 */
export function matchingLibrary(
  db: TenantDb,
  want: {
    kind?: LibraryKind | null;
    decade?: string | null;
    category?: string | null;
    theme?: string | null;
  },
): LibraryItemView[] {
  const items = allItems(db, want.kind);
  const decade = want.decade?.trim() || null;
  const keys = [
    ...new Set([
      ...(want.category && CATEGORY_SET.has(want.category) ? [want.category] : themeKeys(want.category)),
      ...themeKeys(want.theme),
    ]),
  ];
  if (!decade && !keys.length) return items;
  const scored = items
    .map((item) => {
      const d = decade !== null && item.decades.includes(decade);
      const t = keys.some((k) => item.themes.includes(k));
      return { item, score: (d ? 1 : 0) + (t ? 1 : 0) };
    })
    .filter((s) => s.score > 0);
  // a stable sort keeps newest first within each score
  return scored.sort((a, b) => b.score - a.score).map((s) => s.item);
}
