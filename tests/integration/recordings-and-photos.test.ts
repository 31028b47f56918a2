// Recordings and photos on the server: photos of any phone size answered on the form with what was typed; every
// recording kept (with or without words); words with their times stored, run through the real
// pipeline with a stand-in for whisper.cpp's `main` that writes its `-oj` JSON (the test model
// hears no words); captions and the story page's word times; the resident's language passed on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_MODEL, writeToneWebm } from "../helpers/audio";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  type Fixture,
} from "../helpers/home-fixture";
import { controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import {
  ffmpegPath,
  languageForModel,
  modelIsMultilingual,
  runWhisper,
  whisperArgs,
} from "~/utils/whisper.server";
import { photoTooLargeMessage } from "~/utils/media-limits";
import { readPhotoForm } from "~/utils/upload-form.server";
import { saveAudio } from "~/models/media.server";
import { formatMonthDay } from "~/models/local-time";
import {
  recordingTitle,
  RecordedStoryError,
  saveRecordedStory,
} from "~/models/recorded-story.server";
import {
  resetTranscriptionQueueForTests,
  submitRecording,
  waitForJob,
} from "~/models/transcription.server";
import * as newStoryRoute from "~/routes/_community+/resident+/stories.new";
import * as familyRoute from "~/routes/_community+/family+/_index";
import * as newResidentRoute from "~/routes/_community+/admin+/residents.new";
import * as wizardRoute from "~/routes/_community+/resident+/record";
import * as recordedApi from "~/routes/api+/stories.recorded";
import * as residentStoriesApi from "~/routes/api+/resident.stories";
import * as captionsRoute from "~/routes/_community+/stories+/$storyId_.captions[.]vtt";
import * as storyPage from "~/routes/_community+/stories+/$storyId";
import * as reviewRoute from "~/routes/_community+/admin+/stories.$storyId";
import { ensureWhisperBinary } from "../../scripts/setup-whisper";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const FIXTURE_JSON = path.resolve(import.meta.dirname, "../fixtures/whisper-words.json");
const MB = 1024 * 1024;
const t = tenantSchema;

let dir: string;
let tmp: string;
let alpha: Fixture;
let cookies: Record<"ada" | "admin" | "daughter" | "benSon", string>;
let adaUser: { id: string; username: string; displayName: string };
let tone: Buffer;

/** A JPEG-looking upload of `bytes` (the server refuses it by size before looking inside). */
const bigJpeg = (bytes: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(bytes - 4, 7)]);

function multipart(
  url: string,
  fields: Record<string, string>,
  cookie: string,
  file: { field: string; bytes: Buffer; name?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    file.field,
    new File([new Uint8Array(file.bytes)], file.name ?? "IMG_2231.jpg", { type: "image/jpeg" }),
  );
  return new Request(url, { method: "POST", body: form, headers: { Cookie: cookie } });
}

beforeAll(async () => {
  const built = await ensureWhisperBinary({ quiet: true });
  expect(built.ok, built.message).toBe(true);
  dir = useTempDataDir({
    WHISPER_MODEL: TEST_MODEL,
    TRANSCRIBE_CONCURRENCY: "1",
    WHISPER_BIN: undefined,
  });
  resetTranscriptionQueueForTests();
  alpha = await buildCommunity("alpha");
  cookies = {
    ada: await cookieFor(alpha.origin, alpha.users.ada),
    admin: await cookieFor(alpha.origin, alpha.users.admin),
    daughter: await cookieFor(alpha.origin, alpha.users.adaDaughter),
    benSon: await cookieFor(alpha.origin, alpha.users.benSon),
  };
  const row = getControlDb()
    .select()
    .from(controlSchema.users)
    .where(eq(controlSchema.users.username, alpha.users.ada))
    .get()!;
  adaUser = { id: row.id, username: row.username, displayName: row.displayName };
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-issue18-"));
  const webm = path.join(tmp, "tone.webm");
  tone = fs.readFileSync(writeToneWebm(webm, { hz: 440, seconds: 3, ffmpeg: ffmpegPath()! }));
});

afterAll(() => {
  cleanupDataDir(dir);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a photo of any phone size", () => {
  it("reads the whole form: the fields are kept, the photo's real size is told, its bytes are not held", async () => {
    const req = multipart(
      `${alpha.origin}/resident/stories/new`,
      { title: "The orchard", content: "Apples in October." },
      cookies.ada,
      { field: "image", bytes: bigJpeg(30 * MB) },
    );
    const { form, tooLarge } = await readPhotoForm(req);
    expect(form.get("title")).toBe("The orchard");
    expect(form.get("content")).toBe("Apples in October.");
    expect(form.get("image")).toBeNull();
    expect(tooLarge.get("image")).toBe(30 * MB);
    expect(photoTooLargeMessage(30 * MB)).toBe(
      "This photo is too large (30 MB): choose one under 25 MB",
    );
  });

  it("Tell Your Story answers a 30 MB photo on the form, with the title and story kept and nothing stored", async () => {
    const media = alpha.db().select().from(t.media).all().length;
    const stories = alpha.db().select().from(t.stories).all().length;
    const res = await call(
      newStoryRoute.action,
      multipart(
        `${alpha.origin}/resident/stories/new`,
        { title: "The orchard", content: "We picked apples every October.", category: "childhood" },
        cookies.ada,
        { field: "image", bytes: bigJpeg(30 * MB) },
      ),
    );
    expect(res.data.error.image).toEqual([
      "This photo is too large (30 MB): choose one under 25 MB",
      "Your text is kept. Please choose the photo again.",
    ]);
    expect(res.data.initialValue).toMatchObject({
      title: "The orchard",
      content: "We picked apples every October.",
      category: "childhood",
    });
    expect(alpha.db().select().from(t.media).all()).toHaveLength(media);
    expect(alpha.db().select().from(t.stories).all()).toHaveLength(stories);
  });

  it("Share Photo keeps the description; the resident's photo form keeps the names", async () => {
    const shared = await call(
      familyRoute.action,
      multipart(
        `${alpha.origin}/family?dialog=photo`,
        { intent: "share-photo", description: "Dad at the lake, 1971" },
        cookies.daughter,
        { field: "photo", bytes: bigJpeg(27 * MB) },
      ),
    );
    expect(shared.data.error.photo).toEqual([
      "This photo is too large (27 MB): choose one under 25 MB",
      "Your text is kept. Please choose the photo again.",
    ]);
    expect(shared.data.initialValue).toMatchObject({ description: "Dad at the lake, 1971" });
    const resident = await call(
      newResidentRoute.action,
      multipart(
        `${alpha.origin}/admin/residents/new`,
        { firstName: "Winifred", lastName: "Oakes", roomNumber: "21", intent: "update" },
        cookies.admin,
        { field: "photo", bytes: bigJpeg(30 * MB) },
      ),
    );
    expect(resident.data.error.photo).toEqual([
      "This photo is too large (30 MB): choose one under 25 MB",
      "Your text is kept. Please choose the photo again.",
    ]);
    expect(resident.data.initialValue).toMatchObject({
      firstName: "Winifred",
      lastName: "Oakes",
      roomNumber: "21",
    });
    expect(
      alpha.db().select().from(t.residents).where(eq(t.residents.firstName, "Winifred")).all(),
    ).toHaveLength(0);
  });

  it("a body past the hard cap is refused with the form-level message", async () => {
    const res = await call(
      newStoryRoute.action,
      multipart(
        `${alpha.origin}/resident/stories/new`,
        { title: "Huge", content: "Huge." },
        cookies.ada,
        { field: "image", bytes: bigJpeg(65 * MB) },
      ),
    );
    expect(res.data.error[""]).toEqual(["File too large", "File size must be less than 25MB"]);
  });
});

describe("every recording can be kept", () => {
  it("a recording without words is saved under the day it was told; Save Story still needs words", async () => {
    const audio = await saveAudio(alpha.db(), alpha.community, tone, {
      uploadedByUserId: adaUser.id,
    });
    await expect(
      saveRecordedStory(alpha.db(), alpha.community, adaUser, {
        residentId: alpha.residents.ada,
        content: " ",
        category: "family",
        audio: { mediaId: audio.id },
      }),
    ).rejects.toBeInstanceOf(RecordedStoryError);
    const story = await saveRecordedStory(alpha.db(), alpha.community, adaUser, {
      residentId: alpha.residents.ada,
      content: " ",
      category: "family",
      audio: { mediaId: audio.id },
      withoutWords: true,
    });
    expect(story).toMatchObject({
      content: "",
      audioId: audio.id,
      reviewStatus: "pending",
      title: recordingTitle(alpha.community.timeZone),
    });
    expect(story.title).toMatch(/^A recording from [A-Z][a-z]+ \d{1,2}$/);
    // with nothing to keep, nothing is saved
    await expect(
      saveRecordedStory(alpha.db(), alpha.community, adaUser, {
        residentId: alpha.residents.ada,
        content: "",
        category: "family",
        withoutWords: true,
      }),
    ).rejects.toMatchObject({ field: "audio" });
  });

  it("the title is the community's day, not the server's", () => {
    const lateEvening = new Date("2026-11-24T03:30:00Z"); // 22:30 on the 23rd in New York
    expect(recordingTitle("America/New_York", lateEvening)).toBe("A recording from November 23");
    expect(recordingTitle("Europe/Berlin", lateEvening)).toBe("A recording from November 24");
  });

  it("the wizard saves it with 'Save the recording without words' and then shows the saved story", async () => {
    const audio = await saveAudio(alpha.db(), alpha.community, tone, {
      uploadedByUserId: adaUser.id,
      durationSeconds: 11,
    });
    const fields = { category: "travel", prompt: "travel.0", audioId: audio.id, content: "" };
    const refused = await call(
      wizardRoute.action,
      postForm(`${alpha.origin}/resident/record`, { ...fields, intent: "save" }, cookies.ada),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.saveProblem).toMatchObject({ field: "content" });
    const saved = await call(
      wizardRoute.action,
      postForm(
        `${alpha.origin}/resident/record`,
        { ...fields, intent: "save-without-words" },
        cookies.ada,
      ),
    );
    expect(saved.status).toBe(302);
    const location = saved.response!.headers.get("Location")!;
    expect(location).toMatch(/^\/resident\/record\?step=saved&story=[\w-]+$/);
    const page = await call(wizardRoute.loader, get(`${alpha.origin}${location}`, cookies.ada));
    expect(page.data).toMatchObject({
      step: "saved",
      saved: { hasWords: false, hasAudio: true, durationSeconds: 11, categoryLabel: "Travel" },
    });
    expect(page.data.saved.title).toMatch(/^A recording from /);
    // someone else's story id shows nothing of it
    const other = await call(
      wizardRoute.loader,
      get(
        `${alpha.origin}/resident/record?step=saved&story=${alpha.stories.benPublished}`,
        cookies.ada,
      ),
    );
    expect(other.status).toBe(404);
  });

  it("POST /api/stories/recorded with empty content saves the recording (201) and GET /api/resident/stories lists it", async () => {
    const form = new FormData();
    form.set("title", "");
    form.set("content", "");
    form.set("category", "general");
    form.set("residentId", "unknown");
    form.set("audio", new File([new Uint8Array(tone)], "recording.webm", { type: "audio/webm" }));
    const res = await call(
      recordedApi.action,
      new Request(`${alpha.origin}/api/stories/recorded`, {
        method: "POST",
        body: form,
        headers: { Cookie: cookies.ada },
      }),
    );
    expect(res.status).toBe(201);
    const story = await res.response!.json();
    expect(story).toMatchObject({
      content: "",
      title: `A recording from ${formatMonthDay(new Date().toISOString(), alpha.community.timeZone)}`,
      reviewStatus: "pending",
    });
    expect(story.audioUrl).toMatch(/^\/media\//);
    const list = await call(
      residentStoriesApi.loader,
      get(`${alpha.origin}/api/resident/stories`, cookies.ada),
    );
    expect((await list.response!.json()).map((s: { id: string }) => s.id)).toContain(story.id);
  });
});

describe("the words with their times, through the pipeline", () => {
  let fakeMain: string;
  let argsLog: string;

  beforeAll(() => {
    // stands in for whisper.cpp's main: logs its arguments and writes the -oj JSON where -of says
    fakeMain = path.join(tmp, "fake-main.sh");
    argsLog = path.join(tmp, "args.log");
    fs.writeFileSync(
      fakeMain,
      `#!/bin/sh\necho "$@" >> "${argsLog}"\nout=""\nwhile [ $# -gt 0 ]; do if [ "$1" = "-of" ]; then out="$2"; fi; shift; done\ncp "${FIXTURE_JSON}" "$out.json"\necho " We sailed"\n`,
      { mode: 0o755 },
    );
  });

  beforeEach(() => {
    process.env.WHISPER_BIN = fakeMain;
    process.env.WHISPER_MODEL = TEST_MODEL;
    resetEnvForTests();
    fs.rmSync(argsLog, { force: true });
  });

  afterAll(() => {
    delete process.env.WHISPER_BIN;
    resetEnvForTests();
  });

  it("asks main for one word per segment as JSON, in the resident's language when the model knows it", async () => {
    expect(
      whisperArgs("m.bin", "a.wav", 1, { language: "de", outputBase: "/tmp/x/words" }),
    ).toEqual(
      expect.arrayContaining(["-l", "de", "-ml", "1", "-sow", "-oj", "-of", "/tmp/x/words"]),
    );
    // the test model is English-only (vocabulary 51864); a multilingual header says 51865
    expect(modelIsMultilingual(TEST_MODEL)).toBe(false);
    const multi = path.join(tmp, "ggml-multi.bin");
    const header = Buffer.alloc(64);
    header.writeUInt32LE(0x67676d6c, 0);
    header.writeInt32LE(51865, 4);
    fs.writeFileSync(multi, header);
    expect(modelIsMultilingual(multi)).toBe(true);
    expect(languageForModel("de", { installed: true, multilingual: false })).toBe("en");
    expect(languageForModel("de", { installed: true, multilingual: true })).toBe("de");
    expect(languageForModel("xx", { installed: true, multilingual: true })).toBe("en");

    alpha
      .db()
      .update(t.residents)
      .set({ preferredLanguage: "de" })
      .where(eq(t.residents.id, alpha.residents.ada))
      .run();
    const english = await submitRecording(alpha.db(), alpha.community, adaUser, tone, {
      language: "de",
    });
    expect(english.job!.language).toBe("en");
    await waitForJob(alpha.db(), english.job!.id, 60_000);
    process.env.WHISPER_MODEL = multi;
    resetEnvForTests();
    const german = await submitRecording(alpha.db(), alpha.community, adaUser, tone, {
      language: "de",
    });
    expect(german.job!.language).toBe("de");
    await waitForJob(alpha.db(), german.job!.id, 60_000);
    const calls = fs.readFileSync(argsLog, "utf8").trim().split("\n");
    expect(calls[0]).toMatch(/ -l en .*-ml 1 -sow -oj -of /);
    expect(calls[1]).toMatch(/ -l de /);
  });

  it("stores the words beside the transcript; the saved story keeps them under the corrected text; captions and the page follow them", async () => {
    const submitted = await submitRecording(alpha.db(), alpha.community, adaUser, tone);
    const job = (await waitForJob(alpha.db(), submitted.job!.id, 60_000))!;
    expect(job.status).toBe("done");
    expect(job.text).toBe(
      'We sailed to Lisbon in 1962. It was "grand", said Grüße. The ship rolled.',
    );
    expect(JSON.parse(job.words!)[3]).toEqual([900, 1560, "Lisbon"]);

    const story = await saveRecordedStory(alpha.db(), alpha.community, adaUser, {
      residentId: alpha.residents.ada,
      content: "We sailed to Lisboa in 1962.\n\nIt was grand, said Greta. The ship rolled.",
      category: "travel",
      audio: { mediaId: submitted.audio.id },
    });
    expect(story.transcriptWords).toBe(job.words);
    // the administrator approves; the family member reads it
    const approved = await call(
      reviewRoute.action,
      postForm(`${alpha.origin}/admin/stories/${story.id}`, { intent: "approve" }, cookies.admin),
      { storyId: story.id },
    );
    expect(approved.status).toBe(302);

    const vtt = await call(
      captionsRoute.loader,
      get(`${alpha.origin}/stories/${story.id}/captions.vtt`, cookies.daughter),
      { storyId: story.id },
    );
    expect(vtt.status).toBe(200);
    expect(vtt.response!.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    expect(await vtt.response!.text()).toBe(
      "WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.480\nWe sailed to Lisboa in 1962.\n\n2\n00:00:04.700 --> 00:00:06.600\nIt was grand, said Greta.\n\n3\n00:00:06.600 --> 00:00:08.400\nThe ship rolled.\n",
    );
    const page = await call(
      storyPage.loader,
      get(`${alpha.origin}/stories/${story.id}`, cookies.daughter),
      { storyId: story.id },
    );
    expect(page.data.listening).toEqual({
      starts: [0, 320, 780, 900, 1560, 1700, 4700, 4900, 5100, 5600, 6050, 6600, 7200, 7800],
      language: "de",
      captionsUrl: `/stories/${story.id}/captions.vtt`,
    });
  });

  it("captions have the story's own access: another family and other communities get 404; a story without times has none", async () => {
    const submitted = await submitRecording(alpha.db(), alpha.community, adaUser, tone);
    await waitForJob(alpha.db(), submitted.job!.id, 60_000);
    const pending = await saveRecordedStory(alpha.db(), alpha.community, adaUser, {
      residentId: alpha.residents.ada,
      content: "We sailed to Lisbon.",
      category: "travel",
      audio: { mediaId: submitted.audio.id },
    });
    const url = `${alpha.origin}/stories/${pending.id}/captions.vtt`;
    expect(
      (await call(captionsRoute.loader, get(url, cookies.ada), { storyId: pending.id })).status,
    ).toBe(200);
    expect(
      (await call(captionsRoute.loader, get(url, cookies.daughter), { storyId: pending.id }))
        .status,
    ).toBe(404);
    expect((await call(captionsRoute.loader, get(url), { storyId: pending.id })).status).toBe(302);
    const typed = await call(
      captionsRoute.loader,
      get(`${alpha.origin}/stories/${alpha.stories.adaPublished}/captions.vtt`, cookies.daughter),
      { storyId: alpha.stories.adaPublished },
    );
    expect(typed.status).toBe(404);
  });

  it("the review page types the words, or transcribes again and fills a story that has none", async () => {
    const audio = await saveAudio(alpha.db(), alpha.community, tone, {
      uploadedByUserId: adaUser.id,
    });
    const story = await saveRecordedStory(alpha.db(), alpha.community, adaUser, {
      residentId: alpha.residents.ada,
      content: "",
      category: "family",
      audio: { mediaId: audio.id },
      withoutWords: true,
    });
    const page = `${alpha.origin}/admin/stories/${story.id}`;
    const view = await call(reviewRoute.loader, get(page, cookies.admin), { storyId: story.id });
    expect(view.data.words).toMatchObject({ canTranscribe: true, job: null });

    const again = await call(
      reviewRoute.action,
      postForm(page, { intent: "transcribe" }, cookies.admin),
      { storyId: story.id },
    );
    expect(again.status).toBe(302);
    const job = alpha
      .db()
      .select()
      .from(t.transcriptionJobs)
      .where(eq(t.transcriptionJobs.storyId, story.id))
      .get()!;
    expect(job.language).toBe("en");
    await waitForJob(alpha.db(), job.id, 60_000);
    const filled = alpha.db().select().from(t.stories).where(eq(t.stories.id, story.id)).get()!;
    expect(filled.content).toBe(
      'We sailed to Lisbon in 1962. It was "grand", said Grüße. The ship rolled.',
    );
    expect(filled.transcriptWords).toBeTruthy();

    const typed = await call(
      reviewRoute.action,
      postForm(
        page,
        { intent: "words", content: "We sailed to Lisbon, my sister and I." },
        cookies.admin,
      ),
      { storyId: story.id },
    );
    expect(typed.status).toBe(302);
    expect(
      alpha.db().select().from(t.stories).where(eq(t.stories.id, story.id)).get()!.content,
    ).toBe("We sailed to Lisbon, my sister and I.");
    // staff are not reviewers
    const staff = await cookieFor(alpha.origin, alpha.users.staff);
    expect(
      (
        await call(reviewRoute.action, postForm(page, { intent: "words", content: "x" }, staff), {
          storyId: story.id,
        })
      ).status,
    ).toBe(403);
  });
});

describe("the real whisper.cpp binary", () => {
  it("writes the JSON the parser reads, and hears no words with the test model", async () => {
    delete process.env.WHISPER_BIN;
    process.env.WHISPER_MODEL = TEST_MODEL;
    resetEnvForTests();
    const wav = path.join(tmp, "tone.wav");
    execFileSync(ffmpegPath()!, [
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-i",
      path.join(tmp, "tone.webm"),
      "-ar",
      "16000",
      "-ac",
      "1",
      "-c:a",
      "pcm_s16le",
      wav,
    ]);
    const result = await runWhisper(
      { binary: path.resolve("bin/whisper-main"), model: TEST_MODEL },
      wav,
      { timeoutMs: 60_000, threads: 1 },
    );
    expect(result).toEqual({ text: "", words: [] });
    const json = JSON.parse(fs.readFileSync(path.join(tmp, "words.json"), "utf8"));
    expect(json).toMatchObject({
      model: { multilingual: false, vocab: 51864 },
      params: { language: "en" },
      transcription: [],
    });
  });
});
