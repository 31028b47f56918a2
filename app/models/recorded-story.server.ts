// A story told out loud: the record-a-story wizard and POST /api/stories/recorded both end here.
// The recording, the optional image and the (edited) transcription become one story awaiting review.
import { and, eq } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import type { SessionUser } from "~/utils/auth.server";
import { deleteMedia, getMedia, saveAudio, saveImage, type MediaRow } from "./media.server";
import { createStory, type StoryRow } from "./story.server";
import { AGREED_MISSING, type Audience } from "./story-audience";
import { getActiveResident, type ResidentRow } from "./resident.server";
import { isCategory, type CategoryValue } from "./categories";
import { noteStoryAnsweredPrompt, resolvePrompt } from "./prompt.server";
import { latestTranscriptOfAudio, MAX_AUDIO_SECONDS } from "./transcription.server";
import { formatMonthDay } from "./local-time";
import { ROLE } from "~/utils/roles";
import { msg, type TranslationValues } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";

const { media } = tenantSchema;

export const CONTENT_MAX = 50_000;

/** English words of a `record` catalog key: what the JSON API answers. */
const english = (key: string, values?: TranslationValues) => translator("en", "record")(key, values);

export type RecordingFor =
  | { ok: true; resident: ResidentRow }
  /** `reason` in English (the API); `key` the `record` catalog key of the same words (the screens) */
  | { ok: false; status: 400 | 403 | 404; reason: string; key: string };

function refused(status: 400 | 403 | 404, key: string): RecordingFor {
  return { ok: false, status, reason: english(key), key };
}

/**
 * Whose story this is. A resident records as themselves; staff and administrators record on
 * behalf of an active resident they choose.
 */
export function residentForRecording(db: TenantDb, user: Pick<SessionUser, "role" | "residentId">, requested: string | null | undefined): RecordingFor {
  if (user.role === ROLE.resident) {
    if (!user.residentId) return refused(403, "error.notLinked");
    if (requested && requested !== user.residentId) return refused(403, "error.onlyOwn");
    const resident = getActiveResident(db, user.residentId);
    return resident ? { ok: true, resident } : refused(403, "error.notActive");
  }
  if (!requested) return refused(400, "error.chooseResident");
  const resident = getActiveResident(db, requested);
  return resident ? { ok: true, resident } : refused(404, "error.residentNotFound");
}

/** A recording this user uploaded that no story owns yet, or undefined. */
export function ownPendingAudio(db: TenantDb, userId: string, audioId: string | null | undefined): MediaRow | undefined {
  if (!audioId) return undefined;
  return db
    .select()
    .from(media)
    .where(and(eq(media.id, audioId), eq(media.kind, "audio"), eq(media.status, "pending"), eq(media.uploadedByUserId, userId)))
    .get();
}

/**
 * A story that cannot be saved: `message` in English (the JSON API), `key` the same words as a
 * catalog message (`msg`) that the screens show in the reader's language.
 */
export class RecordedStoryError extends Error {
  public key: string;
  constructor(
    public field: "content" | "category" | "audio" | "image" | "form" | "audience" | "residentAgreed",
    /** a `record` catalog key ("save.blank"), or text already written (another model's) */
    key: string,
    public status: 400 | 404 | 413 | 415 = 400,
    values?: TranslationValues,
  ) {
    const known = /^[a-z][A-Za-z.]*$/.test(key);
    super(known ? english(key, values) : key);
    this.key = known ? msg(`record:${key}`, values) : key;
  }
}

export type RecordedStoryInput = {
  residentId: string;
  title?: string | null;
  content: string;
  category: string;
  /** the wizard names its prompt by key; the API sends the text */
  promptKey?: string | null;
  aiPrompt?: string | null;
  /** a recording already uploaded by this user (wizard), or the bytes of one (API) */
  audio?: { mediaId: string } | { bytes: Buffer } | null;
  durationSeconds?: number | null;
  imageBytes?: Buffer | null;
  /**
   * Keep a recording whose words are still to be added (none were heard, or transcription is not
   * set up): the story is saved with empty text and a title from the day it was told. The JSON
   * API always may; the wizard asks for it with its own button, as Save Story needs words.
   */
  withoutWords?: boolean;
  /** who may see it once approved (omitted: "My family") */
  audience?: Audience | null;
  /** staff choosing an audience for the resident confirm that the resident agreed */
  onBehalf?: boolean;
  residentAgreed?: boolean;
  /** told at the lounge kiosk with a staff member's help */
  helper?: { userId: string; name: string } | null;
  /** the language the resident was asked in: the prompt's words and a kept recording's title (default English) */
  lang?: string | null;
};

/** The title of a recording kept without words: "A recording from November 23" (the community's day). */
export function recordingTitle(timeZone: string, now: Date = new Date(), lang: string = "en"): string {
  return translator(lang, "record")("recordingTitle", { day: formatMonthDay(now.toISOString(), timeZone, lang) });
}

/**
 * Saves a recorded story for review: the image (5 MB, sniffed, re-encoded) and the recording are
 * stored, the title is generated from the content when blank, and a family question it answers is
 * marked answered. On any failure nothing new is left behind.
 */
export async function saveRecordedStory(
  db: TenantDb,
  community: Pick<Community, "subdomain" | "timeZone">,
  user: Pick<SessionUser, "id" | "username" | "displayName">,
  input: RecordedStoryInput,
): Promise<StoryRow> {
  const content = input.content.replace(/\r\n/g, "\n").trim();
  if (!content && !input.withoutWords) throw new RecordedStoryError("content", "save.blank");
  if (!content && !input.audio) throw new RecordedStoryError("audio", "save.noRecording");
  if (content.length > CONTENT_MAX) throw new RecordedStoryError("content", "save.tooLong", 400, { max: CONTENT_MAX });
  if (!isCategory(input.category)) throw new RecordedStoryError("category", "save.category");
  const category: CategoryValue = input.category;
  if (input.onBehalf && input.audience && !input.residentAgreed) throw new RecordedStoryError("residentAgreed", AGREED_MISSING);

  let existingAudio: MediaRow | undefined;
  if (input.audio && "mediaId" in input.audio) {
    existingAudio = ownPendingAudio(db, user.id, input.audio.mediaId);
    if (!existingAudio) throw new RecordedStoryError("audio", "save.audioMissing", 404);
  }

  const created: string[] = [];
  try {
    let imageId: string | null = null;
    if (input.imageBytes) {
      const image = await saveImage(db, community, input.imageBytes, { uploadedByUserId: user.id });
      created.push(image.id);
      imageId = image.id;
    }
    let audio = existingAudio ?? null;
    if (input.audio && "bytes" in input.audio) {
      audio = await saveAudio(db, community, input.audio.bytes, { uploadedByUserId: user.id, durationSeconds: input.durationSeconds });
      created.push(audio.id);
    }
    const prompt = input.promptKey ? resolvePrompt(db, input.residentId, input.promptKey, input.lang) : null;
    const aiPrompt = prompt?.text ?? (input.aiPrompt?.trim().slice(0, 1000) || null);
    // a measured length beats the one the browser counted
    const measured = audio ? getMedia(db, audio.id)?.durationSeconds : null;
    const claimed = input.durationSeconds != null && Number.isFinite(input.durationSeconds) ? Math.round(Math.min(Math.max(input.durationSeconds, 0), MAX_AUDIO_SECONDS + 5)) : null;
    // the words Whisper heard, with their times, stay beside the (corrected) text
    const heard = existingAudio ? latestTranscriptOfAudio(db, existingAudio.id) : undefined;
    const story = createStory(db, {
      residentId: input.residentId,
      author: { id: user.id, username: user.username, displayName: user.displayName },
      title: input.title?.trim().slice(0, 200) || (content ? null : recordingTitle(community.timeZone, new Date(), input.lang ?? "en")),
      transcriptWords: heard?.words ?? null,
      // the language Whisper was told the recording is in
      lang: heard?.language ?? null,
      content,
      category,
      imageId,
      audioId: audio?.id ?? null,
      aiPrompt,
      durationSeconds: audio ? (measured ?? claimed) : null,
      audience: input.audience ?? null,
      helper: input.helper ?? null,
    });
    if (prompt) noteStoryAnsweredPrompt(db, input.residentId, prompt.key, story.id);
    return story;
  } catch (error) {
    for (const id of created) deleteMedia(db, community, id);
    throw error;
  }
}
