// Transcription jobs: a recording is stored first (so nothing is lost), then a job row is queued
// and worked off by a small in-process queue that runs a bounded number at once. The rows are the
// queue's memory: at boot, jobs left "running" by a stopped server are queued again.
import fs from "node:fs";
import path from "node:path";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { controlSchema, getControlDb, getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { newId } from "~/utils/ids.server";
import { tempDir } from "~/utils/temp-files.server";
import { availableCores, convertToWav, languageForModel, readWavInfo, runWhisper, ToolError, whisperThreads, whisperTools } from "~/utils/whisper.server";
import type { TimedWord } from "~/utils/whisper-words";
import { serializeWords } from "./transcript-timing";
import { getMedia, mediaFilePath, saveAudio, setMediaDuration, type MediaRow } from "./media.server";

const { transcriptionJobs, stories } = tenantSchema;

export type TranscriptionJobRow = typeof transcriptionJobs.$inferSelect;

/** The record page's limit: ten minutes. */
export const MAX_AUDIO_SECONDS = 600;
// a recorder stopped at exactly 600 s may hand over a little more
const DURATION_TOLERANCE_SECONDS = 5;
// below -50 dBFS nothing was said
const SILENCE_PEAK = 0.003;

/** What the resident reads, in the product's own titles and descriptions where it has them. */
export const TRANSCRIPTION_MESSAGES = {
  failed: { title: "Transcription failed", description: "Please try recording again." },
  noWords: { title: "We could not hear any words", description: "You can type your story below, or record again." },
  unavailable: {
    title: "Transcription is not available",
    description: "Your recording is kept, but it cannot be turned into text on this server. Please type your story below.",
  },
  success: { title: "Audio transcribed successfully!" },
} as const;

/** Job error codes (stored in the row) and the sentence each adds to 'Transcription failed'. */
export const FAILURE_REASONS = {
  unreadable: "We could not read this recording. It may be damaged or in a format we do not know.",
  "too-long": `Recordings can be at most ${MAX_AUDIO_SECONDS / 60} minutes long. Please record a shorter story.`,
  timeout: "Transcribing took too long.",
  whisper: "The transcription program stopped unexpectedly.",
  missing: "The recording file is missing.",
  unavailable: "Transcription is not set up on this server.",
} as const;
export type FailureCode = keyof typeof FAILURE_REASONS;

function failureCode(error: string | null): FailureCode {
  return error && error in FAILURE_REASONS ? (error as FailureCode) : "whisper";
}

// --- the queue (kept on globalThis: the server build and the start script share one process) ---

type QueueState = { pending: string[]; active: Set<string>; progress: Map<string, number>; recovered: Set<string> };
const g = globalThis as typeof globalThis & { __storyloomTranscription?: QueueState };
const queue: QueueState = (g.__storyloomTranscription ??= { pending: [], active: new Set(), progress: new Map(), recovered: new Set() });

/** How many transcriptions run at once: one on a small server, so pages stay fast. */
export function maxConcurrentJobs(): number {
  const configured = env().TRANSCRIBE_CONCURRENCY;
  if (configured !== null) return configured;
  const cores = availableCores();
  return cores <= 2 ? 1 : Math.min(4, Math.floor(cores / 2));
}

const keyOf = (subdomain: string, jobId: string) => `${subdomain}/${jobId}`;

function enqueue(subdomain: string, jobId: string) {
  const key = keyOf(subdomain, jobId);
  if (queue.active.has(key) || queue.pending.includes(key)) return;
  queue.pending.push(key);
  pump();
}

function pump() {
  while (queue.active.size < maxConcurrentJobs() && queue.pending.length) {
    const key = queue.pending.shift()!;
    if (queue.active.has(key)) continue;
    queue.active.add(key);
    const [subdomain, jobId] = key.split("/") as [string, string];
    processJob(subdomain, jobId)
      .catch((error) => console.error(`Transcription job ${key} crashed`, error))
      .finally(() => {
        queue.active.delete(key);
        queue.progress.delete(key);
        pump();
      });
  }
}

function finish(db: TenantDb, jobId: string, result: { status: "done"; text: string; words?: TimedWord[] } | { status: "failed"; error: FailureCode }) {
  const words = result.status === "done" ? serializeWords(result.words ?? []) : null;
  db.transaction((tx) => {
    tx.update(transcriptionJobs)
      .set({
        status: result.status,
        text: result.status === "done" ? result.text : null,
        words,
        error: result.status === "failed" ? result.error : null,
        finishedAt: new Date().toISOString(),
      })
      .where(eq(transcriptionJobs.id, jobId))
      .run();
    // run again for a saved story that has no words yet: the words become its text
    const job = tx.select({ storyId: transcriptionJobs.storyId }).from(transcriptionJobs).where(eq(transcriptionJobs.id, jobId)).get();
    if (result.status === "done" && result.text && job?.storyId) {
      tx.update(stories)
        .set({ content: result.text, transcriptWords: words, updatedAt: new Date().toISOString() })
        .where(and(eq(stories.id, job.storyId), eq(stories.content, "")))
        .run();
    }
  });
}

async function processJob(subdomain: string, jobId: string) {
  const db = getTenantDb({ subdomain });
  // take the job; another worker (or a finished run) may already have it
  const taken = db
    .update(transcriptionJobs)
    .set({ status: "running", startedAt: new Date().toISOString() })
    .where(and(eq(transcriptionJobs.id, jobId), eq(transcriptionJobs.status, "queued")))
    .run();
  if (taken.changes !== 1) return;
  const job = db.select().from(transcriptionJobs).where(eq(transcriptionJobs.id, jobId)).get()!;
  const audio = getMedia(db, job.audioId);
  if (!audio) return finish(db, jobId, { status: "failed", error: "missing" });
  const input = mediaFilePath({ subdomain }, audio);
  if (!fs.existsSync(input)) return finish(db, jobId, { status: "failed", error: "missing" });
  const tools = whisperTools();
  if (!tools.ok) return finish(db, jobId, { status: "failed", error: "unavailable" });

  // in DATA_DIR/tmp: a job cut short (the process killed) leaves its WAV where the next start removes it
  const work = await fs.promises.mkdtemp(path.join(tempDir("transcription"), "job-"));
  const wav = path.join(work, "audio.wav");
  try {
    try {
      await convertToWav(tools.ffmpeg, input, wav, { maxSeconds: MAX_AUDIO_SECONDS + DURATION_TOLERANCE_SECONDS });
    } catch {
      return finish(db, jobId, { status: "failed", error: "unreadable" });
    }
    const info = readWavInfo(wav);
    if (info.seconds <= 0) return finish(db, jobId, { status: "failed", error: "unreadable" });
    setMediaDuration(db, audio.id, info.seconds);
    if (info.seconds > MAX_AUDIO_SECONDS + DURATION_TOLERANCE_SECONDS) return finish(db, jobId, { status: "failed", error: "too-long" });
    // silence: nothing to transcribe, and no reason to keep the CPU busy
    if (info.peak < SILENCE_PEAK || info.seconds < 0.3) return finish(db, jobId, { status: "done", text: "" });
    try {
      const { text, words } = await runWhisper(tools, wav, {
        timeoutMs: Math.round(120_000 + info.seconds * 2_000),
        // the cores left for transcription are shared by the jobs that may run beside this one
        threads: whisperThreads(maxConcurrentJobs()),
        language: job.language,
        onProgress: (p) => queue.progress.set(keyOf(subdomain, jobId), Math.max(0, Math.min(100, p))),
      });
      finish(db, jobId, { status: "done", text, words });
    } catch (error) {
      const code = error instanceof ToolError && error.kind === "timeout" ? "timeout" : "whisper";
      // for the operator: what whisper said (the resident sees 'Transcription failed')
      console.warn(`Transcription job ${subdomain}/${jobId} failed (${code}): ${(error as Error).message}\n${error instanceof ToolError ? error.stderr.slice(-1500) : ""}`);
      finish(db, jobId, { status: "failed", error: code });
    }
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Queues again what a stopped server left behind in one community. Safe to call often. */
export function recoverCommunityJobs(db: TenantDb, subdomain: string): number {
  if (queue.recovered.has(subdomain)) return 0;
  queue.recovered.add(subdomain);
  const running = [...queue.active].filter((k) => k.startsWith(`${subdomain}/`)).map((k) => k.split("/")[1]!);
  const stale = db
    .select({ id: transcriptionJobs.id })
    .from(transcriptionJobs)
    .where(eq(transcriptionJobs.status, "running"))
    .all()
    .filter((r) => !running.includes(r.id));
  if (stale.length) {
    db.update(transcriptionJobs)
      .set({ status: "queued", startedAt: null })
      .where(inArray(transcriptionJobs.id, stale.map((r) => r.id)))
      .run();
  }
  const queued = db.select({ id: transcriptionJobs.id }).from(transcriptionJobs).where(eq(transcriptionJobs.status, "queued")).orderBy(asc(transcriptionJobs.createdAt)).all();
  for (const r of queued) enqueue(subdomain, r.id);
  return queued.length;
}

/** At boot: every community's unfinished jobs go back into the queue. Returns how many. */
export function recoverTranscriptionJobs(): number {
  let n = 0;
  for (const c of getControlDb().select().from(controlSchema.communities).all()) {
    try {
      n += recoverCommunityJobs(getTenantDb(c), c.subdomain);
    } catch (error) {
      console.error(`Could not recover transcription jobs of ${c.subdomain}`, error);
    }
  }
  return n;
}

/** Forgets queue state (tests that switch DATA_DIR). */
export function resetTranscriptionQueueForTests() {
  queue.pending.length = 0;
  queue.progress.clear();
  queue.recovered.clear();
}

// --- what routes call ---

export type SubmittedRecording = {
  audio: MediaRow;
  /** null when transcription cannot run here: the recording is kept and the resident types */
  job: TranscriptionJobRow | null;
  unavailableReason: string | null;
};

/**
 * Stores a recording (size and container checked by its bytes; MediaError otherwise) and queues
 * its transcription. The recording is kept whatever happens to the transcription.
 */
export async function submitRecording(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  user: { id: string },
  bytes: Buffer,
  opts: { language?: string | null } = {},
): Promise<SubmittedRecording> {
  recoverCommunityJobs(db, community.subdomain);
  const audio = await saveAudio(db, community, bytes, { uploadedByUserId: user.id });
  const tools = whisperTools();
  if (!tools.ok) return { audio, job: null, unavailableReason: tools.reason };
  const job = queueTranscription(db, community, audio.id, user.id, opts);
  return { audio, job, unavailableReason: null };
}

/**
 * Queues (another) transcription of a stored recording, in the resident's language (English when
 * the model knows only English). With `storyId`, the words go to that saved story if it has none.
 */
export function queueTranscription(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  audioId: string,
  userId: string,
  opts: { language?: string | null; storyId?: string | null } = {},
): TranscriptionJobRow {
  const id = newId();
  db.insert(transcriptionJobs)
    .values({ id, audioId, status: "queued", requestedByUserId: userId, language: languageForModel(opts.language), storyId: opts.storyId ?? null })
    .run();
  enqueue(community.subdomain, id);
  return db.select().from(transcriptionJobs).where(eq(transcriptionJobs.id, id)).get()!;
}

/** The newest finished transcription of a recording, with its words (stored as JSON), if any. */
export function latestTranscriptOfAudio(db: TenantDb, audioId: string): Pick<TranscriptionJobRow, "id" | "text" | "words" | "language"> | undefined {
  return db
    .select({ id: transcriptionJobs.id, text: transcriptionJobs.text, words: transcriptionJobs.words, language: transcriptionJobs.language })
    .from(transcriptionJobs)
    .where(and(eq(transcriptionJobs.audioId, audioId), eq(transcriptionJobs.status, "done")))
    .orderBy(desc(transcriptionJobs.finishedAt))
    .get();
}

/** The newest transcription run again for a saved story (the review page shows how it went). */
export function latestJobOfStory(db: TenantDb, storyId: string): TranscriptionJobRow | undefined {
  return db.select().from(transcriptionJobs).where(eq(transcriptionJobs.storyId, storyId)).orderBy(desc(transcriptionJobs.createdAt)).get();
}

/** A job that this user asked for, or undefined (ownership is in the where). */
export function getJobOfUser(db: TenantDb, userId: string, jobId: string): TranscriptionJobRow | undefined {
  return db
    .select()
    .from(transcriptionJobs)
    .where(and(eq(transcriptionJobs.id, jobId), eq(transcriptionJobs.requestedByUserId, userId)))
    .get();
}

export type JobProgress = {
  id: string;
  audioId: string;
  status: TranscriptionJobRow["status"];
  /** 0-100 while whisper runs; null while queued or converting */
  progress: number | null;
  /** people ahead in the queue (0 when running) */
  waitingBehind: number;
  elapsedSeconds: number;
  durationSeconds: number | null;
  transcription: string | null;
  /** done without words, or failed: the resident-facing message */
  outcome: "pending" | "words" | "no-words" | "failed";
  message: { title: string; description: string } | null;
};

export function jobProgress(db: TenantDb, community: Pick<Community, "subdomain">, job: TranscriptionJobRow, now = Date.now()): JobProgress {
  const key = keyOf(community.subdomain, job.id);
  const start = Date.parse(job.createdAt);
  const end = job.finishedAt ? Date.parse(job.finishedAt) : now;
  const audio = getMedia(db, job.audioId);
  let outcome: JobProgress["outcome"] = "pending";
  let message: JobProgress["message"] = null;
  if (job.status === "done") {
    outcome = job.text?.trim() ? "words" : "no-words";
    if (outcome === "no-words") message = { ...TRANSCRIPTION_MESSAGES.noWords };
  } else if (job.status === "failed") {
    outcome = "failed";
    const code = failureCode(job.error);
    message = { title: TRANSCRIPTION_MESSAGES.failed.title, description: `${FAILURE_REASONS[code]} ${TRANSCRIPTION_MESSAGES.failed.description}` };
  }
  const index = queue.pending.indexOf(key);
  return {
    id: job.id,
    audioId: job.audioId,
    status: job.status,
    progress: job.status === "done" ? 100 : (queue.progress.get(key) ?? null),
    waitingBehind: job.status === "queued" ? (index >= 0 ? index : 0) + queue.active.size : 0,
    elapsedSeconds: Math.max(0, Math.round((end - start) / 1000)),
    durationSeconds: audio?.durationSeconds ?? null,
    transcription: job.status === "done" ? (job.text ?? "") : null,
    outcome,
    message,
  };
}

/** Whether the job's recording can still go into a story (it was readable and not too long). */
export function jobAudioUsable(job: TranscriptionJobRow): boolean {
  return job.status === "done" || (job.status === "failed" && !["unreadable", "too-long", "missing"].includes(job.error ?? ""));
}

/** Waits until the job is done or failed, or the time is up; returns the latest row. */
export async function waitForJob(db: TenantDb, jobId: string, timeoutMs: number, signal?: AbortSignal): Promise<TranscriptionJobRow | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = db.select().from(transcriptionJobs).where(eq(transcriptionJobs.id, jobId)).get();
    if (!job || job.status === "done" || job.status === "failed" || Date.now() >= deadline || signal?.aborted) return job;
    await new Promise((r) => setTimeout(r, 200));
  }
}
