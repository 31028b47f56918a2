// Story circles: group reminiscence around one theme. Staff choose the theme (a category, a decade
// or a topic) and the residents present; the circle's prompts (each with a matching picture from
// the community's library when there is one) are shown one at a time on a lounge screen. The
// circle is recorded once; "Now speaking" taps name who began to speak, and when the circle is
// finished those taps cut the recording (and Whisper's word times) into each speaker's own draft
// story, which goes to review like any story. Everyone present is marked attended.
//
// Every write checks what it is given first; a circle belongs to one community's database, so
// another community's circle, resident or occurrence is simply not found.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { msg } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { cutPassages } from "~/utils/audio-cut.server";
import { passagesByResident, speakerTurns, type SpeakerTap } from "~/utils/speaker-split";
import { deserializeWords, serializeWords, type TimedWord } from "./transcript-timing";
import { isCategory, type CategoryValue } from "./categories";
import { circlePrompts, DECADES } from "./prompt.server";
import { matchingLibrary } from "./library.server";
import { getMedia, mediaDir, saveAudio } from "./media.server";
import { createStory } from "./story.server";
import { queueTranscription } from "./transcription.server";
import { whisperTools } from "~/utils/whisper.server";
import { createEvent, getOccurrence, todayInTimeZone } from "./event.server";
import { recordAttendance } from "./attendance.server";

const { circles, circleParticipants, circleSpeakers, residents, stories, transcriptionJobs } =
  tenantSchema;

export type CircleRow = typeof circles.$inferSelect;

/** Prompts a circle is given; staff move through them with Next and Back. */
export const CIRCLE_PROMPT_COUNT = 8;
/** A circle sits round one table or one screen: at most this many residents. */
export const CIRCLE_MAX_RESIDENTS = 12;
export const TOPIC_MAX = 80;

/** A refusal: `message` is a catalog key of the `circles` namespace made by msg(). */
export class CircleError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "CircleError";
  }
}

export type CircleTheme = {
  category: CategoryValue | null;
  decade: string | null;
  topic: string | null;
};

export type CirclePrompt = { key: string | null; text: string; libraryItemId: string | null };

type Actor = { id: string; username: string; displayName: string };

/** The theme sent (`kind` category | decade | topic and its value), checked. */
export function checkTheme(kind: unknown, value: unknown): CircleTheme {
  const v = typeof value === "string" ? value.trim() : "";
  if (kind === "category" && isCategory(v)) return { category: v, decade: null, topic: null };
  if (kind === "decade" && (DECADES as readonly string[]).includes(v))
    return { category: null, decade: v, topic: null };
  if (kind === "topic") {
    if (!v) throw new CircleError(msg("circles:error.topicRequired"), "topic");
    if (v.length > TOPIC_MAX)
      throw new CircleError(msg("circles:error.topicTooLong", { max: TOPIC_MAX }), "topic");
    return { category: null, decade: null, topic: v };
  }
  throw new CircleError(msg("circles:error.theme"), "theme");
}

/** A circle's theme as stored. */
export function themeOf(row: Pick<CircleRow, "category" | "decade" | "topic">): CircleTheme {
  return {
    category: row.category && isCategory(row.category) ? row.category : null,
    decade: row.decade,
    topic: row.topic,
  };
}

/** The theme in words: "The 1950s", "Childhood", or the topic as staff typed it. */
export function themeText(theme: CircleTheme, lang: string): string {
  const t = translator(lang, "circles");
  if (theme.decade) return t("theme.decade", { decade: theme.decade });
  if (theme.category) return translator(lang, "categories")(theme.category);
  return theme.topic ?? "";
}

export type NewCircle = {
  theme: CircleTheme;
  residentIds: unknown;
  /** the occurrence of the calendar it is held at; without one, a one-off event is made for it */
  occurrence?: { eventId: string; date: string } | null;
  songId?: string | null;
  lang: string;
};

/**
 * Starts a circle: its residents (1 to 12 active residents, each once), its prompts (each with a
 * matching picture from the library when there is one), the occurrence it is held at (today's or
 * an earlier one, not cancelled; else a one-off "Story circle" event today is made for it), and a
 * song from the library.
 */
export function createCircle(
  db: TenantDb,
  community: Pick<Community, "timeZone">,
  input: NewCircle,
  actor: Actor,
  now = new Date(),
): CircleRow {
  const ids = Array.isArray(input.residentIds)
    ? [...new Set(input.residentIds.filter((x): x is string => typeof x === "string" && !!x))]
    : [];
  if (ids.length === 0) throw new CircleError(msg("circles:error.noResidents"), "residentIds");
  if (ids.length > CIRCLE_MAX_RESIDENTS)
    throw new CircleError(
      msg("circles:error.tooManyResidents", { max: CIRCLE_MAX_RESIDENTS }),
      "residentIds",
    );
  const found = db
    .select({ id: residents.id, isActive: residents.isActive })
    .from(residents)
    .where(inArray(residents.id, ids))
    .all();
  if (found.length !== ids.length || found.some((r) => !r.isActive))
    throw new CircleError(msg("circles:error.unknownResident"), "residentIds");

  let occurrence: { eventId: string; date: string } | null = null;
  if (input.occurrence) {
    const o = getOccurrence(db, input.occurrence.eventId, input.occurrence.date, community.timeZone);
    if (!o || !o.isActive) throw new CircleError(msg("circles:error.occurrence"), "occurrence");
    if (o.eventDate > todayInTimeZone(community.timeZone, now))
      throw new CircleError(msg("circles:error.occurrenceLater"), "occurrence");
    occurrence = { eventId: o.id, date: o.occurrenceDate };
  }

  let songId: string | null = null;
  if (input.songId) {
    const song = matchingLibrary(db, { kind: "audio" }).find((s) => s.id === input.songId);
    if (!song) throw new CircleError(msg("circles:error.song"), "songId");
    songId = song.id;
  }

  const theme = input.theme;
  const photos = matchingLibrary(db, {
    kind: "photo",
    decade: theme.decade,
    theme: theme.category ?? theme.topic,
  });
  const prompts: CirclePrompt[] = circlePrompts({
    category: theme.category,
    decade: theme.decade,
    topic: theme.topic,
    count: CIRCLE_PROMPT_COUNT,
    lang: input.lang,
  }).map((p, i) => ({
    key: p.key,
    text: p.text,
    libraryItemId: photos.length ? photos[i % photos.length]!.id : null,
  }));

  if (!occurrence) {
    const today = todayInTimeZone(community.timeZone, now);
    const event = createEvent(
      db,
      {
        title: translator(input.lang, "circles")("eventTitle", {
          theme: themeText(theme, input.lang),
        }),
        eventDate: today,
        startTime: clockIn(community.timeZone, now),
      },
      { id: actor.id, displayName: actor.displayName },
    );
    occurrence = { eventId: event.id, date: today };
  }
  const held = occurrence;
  const id = newId();
  db.transaction((tx) => {
    tx.insert(circles)
      .values({
        id,
        category: theme.category,
        decade: theme.decade,
        topic: theme.topic,
        eventId: held.eventId,
        occurrenceDate: held.date,
        prompts: JSON.stringify(prompts),
        songId,
        language: input.lang,
        startedByUserId: actor.id,
      })
      .run();
    for (const residentId of ids)
      tx.insert(circleParticipants).values({ circleId: id, residentId }).run();
  });
  return getCircleRow(db, id)!;
}

/** "14:05": the time now in the community's time zone. */
function clockIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("hour")}:${get("minute")}`;
}

export function getCircleRow(db: TenantDb, id: string): CircleRow | undefined {
  return db.select().from(circles).where(eq(circles.id, id)).get();
}

export type CircleParticipant = {
  id: string;
  firstName: string;
  lastName: string;
  imageId: string | null;
  storyId: string | null;
  storyTitle: string | null;
};

export type CircleTap = { id: string; residentId: string; atMs: number; step: number };

export type CircleView = CircleRow & {
  theme: CircleTheme;
  promptList: CirclePrompt[];
  participants: CircleParticipant[];
  taps: CircleTap[];
  job: { status: string; error: string | null } | null;
};

/** A circle with its prompts, residents (by first name), taps in time order and transcription. */
export function getCircle(db: TenantDb, id: string): CircleView | undefined {
  const row = getCircleRow(db, id);
  if (!row) return undefined;
  const participants = db
    .select({
      id: residents.id,
      firstName: residents.firstName,
      lastName: residents.lastName,
      imageId: residents.profileImageId,
      storyId: circleParticipants.storyId,
      storyTitle: stories.title,
    })
    .from(circleParticipants)
    .innerJoin(residents, eq(residents.id, circleParticipants.residentId))
    .leftJoin(stories, eq(stories.id, circleParticipants.storyId))
    .where(eq(circleParticipants.circleId, id))
    .orderBy(asc(residents.firstName), asc(residents.lastName))
    .all();
  const taps = db
    .select({
      id: circleSpeakers.id,
      residentId: circleSpeakers.residentId,
      atMs: circleSpeakers.atMs,
      step: circleSpeakers.step,
    })
    .from(circleSpeakers)
    .where(eq(circleSpeakers.circleId, id))
    .orderBy(asc(circleSpeakers.atMs))
    .all();
  const job = row.transcriptionJobId
    ? (db
        .select({ status: transcriptionJobs.status, error: transcriptionJobs.error })
        .from(transcriptionJobs)
        .where(eq(transcriptionJobs.id, row.transcriptionJobId))
        .get() ?? null)
    : null;
  return {
    ...row,
    theme: themeOf(row),
    promptList: parsePrompts(row.prompts),
    participants,
    taps,
    job,
  };
}

function parsePrompts(stored: string): CirclePrompt[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? (list as CirclePrompt[]) : [];
  } catch {
    return [];
  }
}

/** The newest circles first. */
export function listCircles(db: TenantDb, limit = 30): CircleRow[] {
  return db.select().from(circles).orderBy(desc(circles.createdAt)).limit(limit).all();
}

function requireRunning(db: TenantDb, id: string): CircleRow {
  const row = getCircleRow(db, id);
  if (!row) throw new CircleError(msg("circles:error.notFound"));
  if (row.status !== "running") throw new CircleError(msg("circles:error.finished"));
  return row;
}

/** Shows another prompt: `step` is kept within the circle's prompts. */
export function setStep(db: TenantDb, id: string, step: number): number {
  const row = requireRunning(db, id);
  const last = Math.max(0, parsePrompts(row.prompts).length - 1);
  const next = Math.min(Math.max(0, Math.trunc(Number.isFinite(step) ? step : 0)), last);
  db.update(circles).set({ step: next }).where(eq(circles.id, id)).run();
  return next;
}

/** The recording started now (taps are placed from here); a second start keeps the first. */
export function startRecording(db: TenantDb, id: string, now = new Date()): string {
  const row = requireRunning(db, id);
  if (row.recordingStartedAt) return row.recordingStartedAt;
  const at = now.toISOString();
  db.update(circles).set({ recordingStartedAt: at }).where(eq(circles.id, id)).run();
  return at;
}

/** Longest a circle's recording may be: a long afternoon. */
export const CIRCLE_MAX_MS = 3 * 60 * 60_000;

/**
 * "Now speaking": the resident (one of the circle's) began to speak at `atMs` into the recording
 * (typed or chosen after the session), or now, counted from the recording's start.
 */
export function tapSpeaker(
  db: TenantDb,
  id: string,
  input: { residentId: unknown; atMs?: unknown },
  now = new Date(),
): CircleTap {
  const row = requireRunning(db, id);
  const residentId = typeof input.residentId === "string" ? input.residentId : "";
  const present = db
    .select({ id: circleParticipants.residentId })
    .from(circleParticipants)
    .where(and(eq(circleParticipants.circleId, id), eq(circleParticipants.residentId, residentId)))
    .get();
  if (!present) throw new CircleError(msg("circles:error.notInCircle"), "residentId");
  let atMs: number;
  if (input.atMs !== undefined && input.atMs !== null && input.atMs !== "") {
    atMs = Number(input.atMs);
    if (!Number.isFinite(atMs) || atMs < 0 || atMs > CIRCLE_MAX_MS)
      throw new CircleError(msg("circles:error.tapTime"), "atMs");
    atMs = Math.round(atMs);
  } else {
    if (!row.recordingStartedAt) throw new CircleError(msg("circles:error.notRecording"));
    atMs = Math.max(0, now.getTime() - Date.parse(row.recordingStartedAt));
  }
  const tap = { id: newId(), circleId: id, residentId, atMs, step: row.step };
  db.insert(circleSpeakers).values(tap).run();
  return { id: tap.id, residentId, atMs, step: row.step };
}

/** Takes a tap back (a wrong name tapped). */
export function removeTap(db: TenantDb, id: string, tapId: string): boolean {
  requireRunning(db, id);
  return (
    db
      .delete(circleSpeakers)
      .where(and(eq(circleSpeakers.circleId, id), eq(circleSpeakers.id, tapId)))
      .run().changes > 0
  );
}

/**
 * Stores the circle's one recording (sent at the end of the session, or uploaded as a file
 * after it) and queues its transcription in the circle's language. A second recording replaces
 * the first.
 */
export async function attachRecording(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  id: string,
  bytes: Buffer,
  user: { id: string },
): Promise<CircleRow> {
  const row = requireRunning(db, id);
  const audio = await saveAudio(db, community, bytes, {
    uploadedByUserId: user.id,
    status: "attached",
  });
  const tools = whisperTools();
  const job = tools.ok
    ? queueTranscription(db, community, audio.id, user.id, { language: row.language })
    : null;
  db.update(circles)
    .set({ recordingId: audio.id, transcriptionJobId: job?.id ?? null })
    .where(eq(circles.id, id))
    .run();
  return getCircleRow(db, id)!;
}

export type FinishedCircle = { stories: number; attended: number };

/**
 * Finishes a circle: each resident who spoke gets a draft story of her own passages (their words,
 * and the parts of the recording that hold her voice), with the prompt that started it, for
 * review; everyone present is marked attended at the circle's occurrence, "Active" for those who
 * spoke and "Passive" for those who listened. Refused while the recording is still being
 * transcribed. Without a recording, only the attendance is recorded.
 */
export async function finishCircle(
  db: TenantDb,
  community: Pick<Community, "subdomain" | "timeZone">,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<FinishedCircle> {
  const circle = getCircle(db, id);
  if (!circle) throw new CircleError(msg("circles:error.notFound"));
  if (circle.status !== "running") throw new CircleError(msg("circles:error.finished"));
  if (circle.job && (circle.job.status === "queued" || circle.job.status === "running"))
    throw new CircleError(msg("circles:error.stillTranscribing"));

  const recording = circle.recordingId ? getMedia(db, circle.recordingId) : undefined;
  const spoke = new Set<string>();
  const made: { residentId: string; storyId: string }[] = [];
  const createdMedia: string[] = [];
  if (recording && circle.taps.length) {
    const durationMs = (recording.durationSeconds ?? 0) * 1000 || CIRCLE_MAX_MS;
    const heard =
      circle.job?.status === "done" && circle.transcriptionJobId
        ? deserializeWords(
            db
              .select({ words: transcriptionJobs.words })
              .from(transcriptionJobs)
              .where(eq(transcriptionJobs.id, circle.transcriptionJobId))
              .get()?.words,
          )
        : [];
    const taps: SpeakerTap[] = circle.taps.map((t) => ({
      residentId: t.residentId,
      atMs: t.atMs,
      step: t.step,
    }));
    const byResident = passagesByResident(speakerTurns(taps, durationMs), heard);
    const input = path.join(mediaDir(community), recording.fileName);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-circle-"));
    try {
      for (const participant of circle.participants) {
        const passages = byResident.get(participant.id);
        if (!passages?.length) continue;
        const out = path.join(tmp, `${participant.id}.webm`);
        const cut = await cutPassages(input, passages, out);
        const audio = await saveAudio(db, community, fs.readFileSync(out), {
          uploadedByUserId: actor.id,
          durationSeconds: cut.durationSeconds,
        });
        createdMedia.push(audio.id);
        // her words, on the timeline of her own recording (passages joined end to end)
        const words: TimedWord[] = [];
        let offset = 0;
        for (const p of passages) {
          // a word a tap fell in may start before her passage: kept within it
          const span = p.endMs - p.startMs;
          const place = (ms: number) => offset + Math.min(Math.max(ms - p.startMs, 0), span);
          for (const w of p.words) words.push({ ...w, start: place(w.start), end: place(w.end) });
          offset += span;
        }
        const first = circle.promptList[passages[0]!.step];
        const content = passages
          .map((p) => p.text.trim())
          .filter(Boolean)
          .join("\n\n");
        const lang = circle.language ?? "en";
        const story = createStory(db, {
          residentId: participant.id,
          author: actor,
          title: translator(lang, "circles")("storyTitle", {
            theme: themeText(circle.theme, lang),
          }),
          content,
          category: circle.theme.category ?? "general",
          audioId: audio.id,
          aiPrompt: first?.text ?? null,
          durationSeconds: cut.durationSeconds,
          transcriptWords: words.length ? serializeWords(words) : null,
          lang: circle.language,
        });
        db.update(stories)
          .set({
            circleId: id,
            eventId: circle.eventId,
            occurrenceDate: circle.occurrenceDate,
            imageId: null,
          })
          .where(eq(stories.id, story.id))
          .run();
        db.update(circleParticipants)
          .set({ storyId: story.id })
          .where(
            and(
              eq(circleParticipants.circleId, id),
              eq(circleParticipants.residentId, participant.id),
            ),
          )
          .run();
        spoke.add(participant.id);
        made.push({ residentId: participant.id, storyId: story.id });
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  if (circle.eventId && circle.occurrenceDate) {
    recordAttendance(db, {
      eventId: circle.eventId,
      occurrenceDate: circle.occurrenceDate,
      timeZone: community.timeZone,
      entries: circle.participants.map((p) => ({
        residentId: p.id,
        status: "attended",
        engagement: spoke.has(p.id) ? "active" : "passive",
      })),
      actor: { id: actor.id, displayName: actor.displayName },
      now,
    });
  }
  db.update(circles)
    .set({ status: "finished", finishedAt: now.toISOString() })
    .where(eq(circles.id, id))
    .run();
  return { stories: made.length, attended: circle.participants.length };
}

/** When the circle's recording started, as an instant (for a page to count from). */
export function recordingStartedMs(row: Pick<CircleRow, "recordingStartedAt">): number | null {
  return row.recordingStartedAt ? Date.parse(row.recordingStartedAt) : null;
}
