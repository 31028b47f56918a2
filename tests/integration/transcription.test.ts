// The transcription pipeline end to end with the REAL tools: ffmpeg and whisper.cpp's `main`
// (bin/whisper-main, built by scripts/setup-whisper.ts) with the test model from ../shared, which
// loads, runs the whole pipeline and prints no text. Fixtures come from ffmpeg's lavfi.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { newId } from "~/utils/ids.server";
import {
  cleanTranscript,
  ffmpegPath,
  whisperBinaryPath,
  whisperThreads,
  whisperTools,
} from "~/utils/whisper.server";
import {
  AUDIO_ERRORS,
  MAX_AUDIO_BYTES,
  MediaError,
  mediaDir,
  saveAudio,
  sniffAudioType,
} from "~/models/media.server";
import {
  FAILURE_REASONS,
  getJobOfUser,
  jobAudioUsable,
  jobProgress,
  recoverCommunityJobs,
  resetTranscriptionQueueForTests,
  submitRecording,
  TRANSCRIPTION_MESSAGES,
  waitForJob,
} from "~/models/transcription.server";
import { RecordedStoryError, saveRecordedStory } from "~/models/recorded-story.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as transcribeRoute from "~/routes/api+/transcribe-audio";
import * as recordedRoute from "~/routes/api+/stories.recorded";
import * as wizardRoute from "~/routes/_community+/resident+/record";
import { ensureWhisperBinary } from "../../scripts/setup-whisper";
import { TEST_MODEL } from "../helpers/audio";

// whisper runs take seconds each, more on a busy two-core machine
vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const ORIGIN = "http://sttville.storyloom.localhost:3000";
const { media, transcriptionJobs, stories } = tenantSchema;

let dir: string;
let fixtures: string;
let community: Community;
let db: TenantDb;
let userId: string;
let residentId: string;
let cookie: string;
const user = () => ({ id: userId, username: "rose.resident", displayName: "Rose Hart" });

function ffmpeg(args: string[]) {
  execFileSync(ffmpegPath()!, ["-nostdin", "-loglevel", "error", "-y", ...args]);
}

function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(fixtures, name));
}

function mediaFiles(): string[] {
  const d = mediaDir(community);
  return fs.existsSync(d) ? fs.readdirSync(d).filter((f) => !f.startsWith(".")) : [];
}

function countRows() {
  return {
    media: db.select().from(media).all().length,
    jobs: db.select().from(transcriptionJobs).all().length,
    stories: db.select().from(stories).all().length,
  };
}

async function transcribe(bytes: Buffer) {
  const submitted = await submitRecording(db, community, user(), bytes);
  expect(submitted.job, submitted.unavailableReason ?? "").not.toBeNull();
  const job = await waitForJob(db, submitted.job!.id, 60_000);
  return { ...submitted, job: job!, progress: jobProgress(db, community, job!) };
}

beforeAll(async () => {
  expect(fs.existsSync(TEST_MODEL), `the test model at ${TEST_MODEL}`).toBe(true);
  // npm test builds it first; a direct vitest run builds it here (once, shared by path)
  const built = await ensureWhisperBinary({ quiet: true });
  expect(built.ok, built.message).toBe(true);
  dir = useTempDataDir({
    WHISPER_MODEL: TEST_MODEL,
    TRANSCRIBE_CONCURRENCY: "1",
    WHISPER_BIN: undefined,
  });
  resetTranscriptionQueueForTests();
  community = createCommunity({ name: "STT Ville", subdomain: "sttville" });
  db = getTenantDb(community);
  residentId = newId();
  db.insert(tenantSchema.residents)
    .values({ id: residentId, firstName: "Rose", lastName: "Hart" })
    .run();
  const row = await createUser({
    tenantId: community.id,
    username: "rose.resident",
    email: "r@x.example",
    displayName: "Rose Hart",
    role: "resident",
    password: "rose-password-1",
    residentId,
  });
  userId = row.id;
  const body = new URLSearchParams({ username: "rose.resident", password: "rose-password-1" });
  const res = (await loginRoute.action({
    request: new Request(`${ORIGIN}/login`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params: {},
    context: {},
  })) as Response;
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-stt-fixtures-"));
  ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", path.join(fixtures, "tone.wav")]);
  // an odd length (53,333 samples at 16 kHz), as real recordings have
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=3.3333",
    "-c:a",
    "libopus",
    "-b:a",
    "32k",
    path.join(fixtures, "tone.webm"),
  ]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "anullsrc=r=48000:cl=mono",
    "-t",
    "3",
    "-c:a",
    "libopus",
    path.join(fixtures, "silence.webm"),
  ]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "anullsrc=r=8000:cl=mono",
    "-t",
    "660",
    "-c:a",
    "libopus",
    "-b:a",
    "6k",
    path.join(fixtures, "eleven-minutes.webm"),
  ]);
  // a webm header followed by garbage: passes the sniffing, cannot be decoded
  const corrupt = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
    Buffer.from("this is not really a recording ".repeat(200)),
  ]);
  fs.writeFileSync(path.join(fixtures, "corrupt.webm"), corrupt);
});

afterAll(() => {
  cleanupDataDir(dir);
  fs.rmSync(fixtures, { recursive: true, force: true });
});

beforeEach(() => {
  if (process.env.WHISPER_MODEL !== TEST_MODEL || process.env.WHISPER_BIN) {
    process.env.WHISPER_MODEL = TEST_MODEL;
    delete process.env.WHISPER_BIN;
    resetEnvForTests();
  }
});

describe("the tools", () => {
  it("finds ffmpeg on PATH, the built binary and the model", () => {
    const tools = whisperTools();
    expect(tools).toMatchObject({ ok: true, model: TEST_MODEL, binary: whisperBinaryPath() });
  });

  it("recognises the containers browsers and phones record, by their bytes", () => {
    expect(sniffAudioType(fixture("tone.webm"))).toBe("webm");
    expect(sniffAudioType(fixture("tone.wav"))).toBe("wav");
    expect(sniffAudioType(Buffer.from("OggS\0\x02"))).toBe("ogg");
    expect(sniffAudioType(Buffer.from("\0\0\0\x20ftypM4A \0\0\0\0"))).toBe("mp4");
    expect(sniffAudioType(Buffer.from("ID3\x04\0\0"))).toBe("mp3");
    expect(sniffAudioType(Buffer.from([0xff, 0xfb, 0x90, 0x00]))).toBe("mp3");
    expect(sniffAudioType(Buffer.from("\0\0\0\x20ftypheic\0\0\0\0"))).toBeNull();
    expect(sniffAudioType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(sniffAudioType(Buffer.from("hello, I am a text file"))).toBeNull();
  });

  it("keeps only words from whisper's output", () => {
    expect(cleanTranscript("[BLANK_AUDIO]\n")).toBe("");
    expect(cleanTranscript(" (music)\n *laughs* \n")).toBe("");
    expect(
      cleanTranscript(
        "[00:00:00.000 --> 00:00:02.000]  Hello there.\n And my sister (Mary) came too.\n",
      ),
    ).toBe("Hello there. And my sister (Mary) came too.");
  });
});

describe("transcribing with the real binary and the test model", () => {
  it("runs a browser's webm end to end: a done job, 'no words heard', the recording kept with its length", async () => {
    const { audio, job, progress } = await transcribe(fixture("tone.webm"));
    expect(job.status).toBe("done");
    expect(job.text).toBe("");
    expect(job.startedAt).toBeTruthy();
    expect(job.finishedAt).toBeTruthy();
    expect(progress).toMatchObject({
      outcome: "no-words",
      transcription: "",
      progress: 100,
      message: { title: "We could not hear any words" },
    });
    const stored = db.select().from(media).where(eq(media.id, audio.id)).get()!;
    expect(stored).toMatchObject({
      kind: "audio",
      mimeType: "audio/webm",
      status: "pending",
      durationSeconds: 3,
      uploadedByUserId: userId,
    });
    expect(stored.fileName).toMatch(/^[0-9a-f]{32}\.webm$/);
    expect(
      fs.readFileSync(path.join(mediaDir(community), stored.fileName)).equals(fixture("tone.webm")),
    ).toBe(true);
  });

  it("a silent recording: 'We could not hear any words', not a crash, and the recording is kept", async () => {
    const { job, progress, audio } = await transcribe(fixture("silence.webm"));
    expect(job.status).toBe("done");
    expect(progress.outcome).toBe("no-words");
    expect(progress.message).toEqual(TRANSCRIPTION_MESSAGES.noWords);
    expect(fs.existsSync(path.join(mediaDir(community), audio.fileName))).toBe(true);
  });

  it("a corrupt file: 'Transcription failed' / 'Please try recording again.', and nothing is lost", async () => {
    const before = countRows();
    const { job, progress, audio } = await transcribe(fixture("corrupt.webm"));
    expect(job.status).toBe("failed");
    expect(job.error).toBe("unreadable");
    expect(progress.message!.title).toBe("Transcription failed");
    expect(progress.message!.description).toBe(
      `${FAILURE_REASONS.unreadable} Please try recording again.`,
    );
    // the upload and its job stay, so nothing the resident sent disappears
    expect(countRows()).toMatchObject({ media: before.media + 1, jobs: before.jobs + 1 });
    expect(fs.existsSync(path.join(mediaDir(community), audio.fileName))).toBe(true);
    expect(jobAudioUsable(job)).toBe(false);
  });

  it("a recording over ten minutes is refused with a clear message, and kept", async () => {
    const { job, progress } = await transcribe(fixture("eleven-minutes.webm"));
    expect(job.status).toBe("failed");
    expect(job.error).toBe("too-long");
    expect(progress.message!.description).toMatch(/at most 10 minutes/);
  });

  it("an oversized file is refused before anything is stored", async () => {
    const before = countRows();
    const filesBefore = mediaFiles().length;
    const big = Buffer.alloc(MAX_AUDIO_BYTES + 1);
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(big);
    await expect(submitRecording(db, community, user(), big)).rejects.toMatchObject({
      title: "File too large",
      description: AUDIO_ERRORS.tooLarge.description,
    });
    expect(countRows()).toEqual(before);
    expect(mediaFiles()).toHaveLength(filesBefore);
  });

  it("a file that is not audio is refused by its bytes", async () => {
    const before = countRows();
    await expect(
      submitRecording(db, community, user(), Buffer.from("<html>not audio</html>")),
    ).rejects.toBeInstanceOf(MediaError);
    await expect(
      submitRecording(db, community, user(), Buffer.from("<html>not audio</html>")),
    ).rejects.toMatchObject({ title: "Invalid file type" });
    expect(countRows()).toEqual(before);
  });

  it("when whisper itself fails the job fails with 'Transcription failed' and the recording stays usable", async () => {
    process.env.WHISPER_BIN = "/bin/false";
    resetEnvForTests();
    const { job, progress } = await transcribe(fixture("tone.webm"));
    expect(job.status).toBe("failed");
    expect(job.error).toBe("whisper");
    expect(progress.message!.title).toBe("Transcription failed");
    expect(progress.message!.description).toMatch(/Please try recording again\.$/);
    expect(jobAudioUsable(job)).toBe(true);
  });

  it("runs ffmpeg and whisper at the lowest CPU priority, whisper with the threads that leave the pages a core", async () => {
    // stand-ins that write down the niceness they run at (a moment after starting, as the tools'
    // work does) and their arguments; ffmpeg's then goes on to the real ffmpeg
    const log = path.join(fixtures, "tools.log");
    const realFfmpeg = ffmpegPath()!;
    const ffmpegWrapper = path.join(fixtures, "ffmpeg-wrapper.sh");
    const fakeWhisper = path.join(fixtures, "whisper-fake.sh");
    fs.writeFileSync(
      ffmpegWrapper,
      `#!/bin/sh\nsleep 0.2\necho "ffmpeg $(nice)" >> '${log}'\nexec '${realFfmpeg}' "$@"\n`,
      { mode: 0o755 },
    );
    fs.writeFileSync(fakeWhisper, `#!/bin/sh\nsleep 0.2\necho "whisper $(nice) $*" >> '${log}'\n`, {
      mode: 0o755,
    });
    process.env.FFMPEG_PATH = ffmpegWrapper;
    process.env.WHISPER_BIN = fakeWhisper;
    resetEnvForTests();
    try {
      const { job } = await transcribe(fixture("tone.webm"));
      expect(job.status).toBe("done");
    } finally {
      delete process.env.FFMPEG_PATH;
      resetEnvForTests();
    }
    const lines = fs.readFileSync(log, "utf8").trim().split("\n");
    expect(lines.map((l) => l.split(" ").slice(0, 2).join(" "))).toEqual([
      "ffmpeg 19",
      "whisper 19",
    ]);
    const args = lines[1]!.split(" ");
    // TRANSCRIBE_CONCURRENCY is 1 here: the cores but one, at most 4
    expect(args[args.indexOf("-t") + 1]).toBe(String(whisperThreads(1)));
    expect(whisperThreads(1)).toBe(Math.max(1, Math.min(4, os.availableParallelism() - 1)));
  });

  it("says plainly when no model is installed, and still keeps the recording", async () => {
    process.env.WHISPER_MODEL = path.join(dir, "no-such-model.bin");
    resetEnvForTests();
    const submitted = await submitRecording(db, community, user(), fixture("tone.webm"));
    expect(submitted.job).toBeNull();
    expect(submitted.unavailableReason).toMatch(/Whisper model .*no-such-model\.bin is missing/);
    expect(db.select().from(media).where(eq(media.id, submitted.audio.id)).get()).toBeTruthy();
  });
});

describe("the queue", () => {
  it("runs one job at a time here, and every queued job finishes", async () => {
    const submitted = await Promise.all(
      [fixture("tone.webm"), fixture("tone.wav")].map((bytes) =>
        submitRecording(db, community, user(), bytes),
      ),
    );
    expect(submitted[1]!.audio.mimeType).toBe("audio/wav");
    const ids = submitted.map((s) => s.job!.id);
    let maxRunning = 0;
    for (;;) {
      const rows = ids.map((id) =>
        db.select().from(transcriptionJobs).where(eq(transcriptionJobs.id, id)).get()!,
      );
      maxRunning = Math.max(maxRunning, rows.filter((r) => r.status === "running").length);
      if (rows.every((r) => r.status === "done" || r.status === "failed")) {
        expect(rows.map((r) => r.status)).toEqual(["done", "done"]);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(maxRunning).toBe(1);
  });

  it("after a restart, a job left 'running' is queued again and finishes", async () => {
    const audio = await saveAudio(db, community, fixture("tone.webm"), {
      uploadedByUserId: userId,
    });
    // a server that stopped mid-transcription left this behind
    const orphan = newId();
    db.insert(transcriptionJobs)
      .values({
        id: orphan,
        audioId: audio.id,
        status: "running",
        requestedByUserId: userId,
        startedAt: new Date().toISOString(),
      })
      .run();
    resetTranscriptionQueueForTests();
    expect(recoverCommunityJobs(db, community.subdomain)).toBe(1);
    const job = await waitForJob(db, orphan, 60_000);
    expect(job).toMatchObject({ status: "done", text: "" });
    expect(getJobOfUser(db, userId, orphan)?.id).toBe(orphan);
    expect(getJobOfUser(db, "someone-else", orphan)).toBeUndefined();
  });
});

describe("saving a recorded story", () => {
  it("keeps the recording, the image and the typed text; the story waits for review", async () => {
    const audio = await saveAudio(db, community, fixture("tone.webm"), {
      uploadedByUserId: userId,
      durationSeconds: 3,
    });
    const image = await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#88aacc" },
    })
      .jpeg()
      .toBuffer();
    const story = await saveRecordedStory(db, community, user(), {
      residentId,
      content: "We walked to the river every Sunday. My father carried the picnic basket.",
      category: "childhood",
      promptKey: "childhood.0",
      audio: { mediaId: audio.id },
      imageBytes: image,
    });
    expect(story).toMatchObject({
      isPublished: false,
      reviewStatus: "pending",
      title: "We walked to the river every Sunday",
      category: "childhood",
      durationSeconds: 3,
      audioId: audio.id,
    });
    expect(story.imageId).toBeTruthy();
    expect(story.aiPrompt).toMatch(/house you grew up in/);
    for (const id of [story.audioId!, story.imageId!])
      expect(db.select().from(media).where(eq(media.id, id)).get()?.status).toBe("attached");
  });

  it("refuses blank text, a recording that is not the user's own, and leaves nothing behind", async () => {
    const audio = await saveAudio(db, community, fixture("tone.webm"), {
      uploadedByUserId: userId,
    });
    const image = await sharp({
      create: { width: 50, height: 50, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    const before = countRows();
    const filesBefore = mediaFiles().length;
    await expect(
      saveRecordedStory(db, community, user(), {
        residentId,
        content: "   ",
        category: "family",
        audio: { mediaId: audio.id },
        imageBytes: image,
      }),
    ).rejects.toBeInstanceOf(RecordedStoryError);
    await expect(
      saveRecordedStory(
        db,
        community,
        { ...user(), id: "another-user" },
        {
          residentId,
          content: "Hello",
          category: "family",
          audio: { mediaId: audio.id },
          imageBytes: image,
        },
      ),
    ).rejects.toMatchObject({ field: "audio" });
    await expect(
      saveRecordedStory(db, community, user(), {
        residentId,
        content: "Hello",
        category: "family",
        audio: { mediaId: audio.id },
        imageBytes: Buffer.from("not an image"),
      }),
    ).rejects.toMatchObject({ title: "Invalid file type" });
    expect(countRows()).toEqual(before);
    expect(mediaFiles()).toHaveLength(filesBefore);
  });
});

describe("the HTTP calls", () => {
  function multipart(pathname: string, fields: Record<string, string | Blob>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return new Request(`${ORIGIN}${pathname}`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
    });
  }
  const webm = () =>
    new File([new Uint8Array(fixture("tone.webm"))], "recording.webm", { type: "audio/webm" });

  it("POST /api/transcribe-audio answers { transcription } and the stored recording", async () => {
    const res = (await transcribeRoute.action({
      request: multipart("/api/transcribe-audio", { audio: webm() }),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      transcription: "",
      message: "We could not hear any words",
      durationSeconds: 3,
    });
    expect(body.audioId).toBeTruthy();
  });

  it("POST /api/transcribe-audio refuses what is not audio, with the reason", async () => {
    const res = (await transcribeRoute.action({
      request: multipart("/api/transcribe-audio", {
        audio: new File(["plain text"], "notes.webm", { type: "audio/webm" }),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(415);
    expect(await res.text()).toMatch(/^Invalid file type: Please choose an audio recording/);
  });

  it("POST /api/transcribe-audio refuses a body over the limit by its declared length", async () => {
    const request = new Request(`${ORIGIN}/api/transcribe-audio`, {
      method: "POST",
      body: "x",
      headers: {
        Cookie: cookie,
        "Content-Type": "multipart/form-data; boundary=abc",
        "Content-Length": String(MAX_AUDIO_BYTES * 2),
      },
    });
    const res = (await transcribeRoute.action({ request, params: {}, context: {} })) as Response;
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(/^File too large/);
  });

  it("the wizard moves a transcribed recording on to the preview with 'Audio transcribed successfully!'", async () => {
    const audio = await saveAudio(db, community, fixture("tone.webm"), {
      uploadedByUserId: userId,
      durationSeconds: 75,
    });
    const jobId = newId();
    const now = new Date().toISOString();
    db.insert(transcriptionJobs)
      .values({
        id: jobId,
        audioId: audio.id,
        status: "done",
        text: "I grew up by the sea.",
        requestedByUserId: userId,
        startedAt: now,
        finishedAt: now,
      })
      .run();
    const state = `category=childhood&prompt=childhood.1&job=${jobId}`;
    const request = new Request(`${ORIGIN}/resident/record?step=record&${state}`, {
      headers: { Cookie: cookie },
    });
    const thrown = await wizardRoute.loader({ request, params: {}, context: {} }).then(
      () => null,
      (r: unknown) => r as Response,
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe(`/resident/record?step=preview&${state}`);
    expect(thrown?.headers.get("Set-Cookie")).toMatch(/^storyloom_toast=/);
    const preview = (await wizardRoute.loader({
      request: new Request(`${ORIGIN}/resident/record?step=preview&${state}`, {
        headers: { Cookie: cookie },
      }),
      params: {},
      context: {},
    })) as unknown as Record<string, unknown>;
    expect(preview).toMatchObject({
      step: "preview",
      transcription: "I grew up by the sea.",
      categoryLabel: "Childhood",
      notice: null,
      audio: { id: audio.id, durationSeconds: 75 },
    });
    // someone else's job is not found: back to recording
    const stranger = new Request(
      `${ORIGIN}/resident/record?step=preview&category=childhood&prompt=childhood.1&job=not-mine`,
      { headers: { Cookie: cookie } },
    );
    const back = await wizardRoute
      .loader({ request: stranger, params: {}, context: {} })
      .catch((r: Response) => r);
    expect((back as Response).headers.get("Location")).toBe(
      "/resident/record?step=record&category=childhood&prompt=childhood.1",
    );
  });

  it("POST /api/stories/recorded saves the story with its recording for review; a resident cannot record for another", async () => {
    const res = (await recordedRoute.action({
      request: multipart("/api/stories/recorded", {
        title: "",
        content: "My first bicycle was red.",
        residentId,
        category: "childhood",
        aiPrompt: "Tell us about the first car, bicycle or radio you owned.",
        audio: webm(),
        duration: "3",
      }),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(201);
    const story = await res.json();
    expect(story).toMatchObject({
      title: "My first bicycle was red",
      isPublished: false,
      reviewStatus: "pending",
      durationSeconds: 3,
      residentId,
    });
    expect(story.audioUrl).toMatch(/^\/media\//);
    const other = newId();
    db.insert(tenantSchema.residents)
      .values({ id: other, firstName: "Other", lastName: "Person" })
      .run();
    const refused = (await recordedRoute.action({
      request: multipart("/api/stories/recorded", {
        content: "Not mine",
        residentId: other,
        category: "family",
      }),
      params: {},
      context: {},
    })) as Response;
    expect(refused.status).toBe(403);
  });
});
