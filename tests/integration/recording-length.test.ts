// A recording's length and seeking: a stored recording's length is read by ffprobe; a browser's
// WebM (written as it is recorded: no duration, no cues) is rewritten in the same container so it
// carries them. The story page gives the player that length, and labels the story's words by
// where they came from: the recording's transcript, or words typed by a person.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { buildCommunity, call, cookieFor, get, type Fixture } from "../helpers/home-fixture";
import { getMedia, mediaFilePath, saveAudio } from "~/models/media.server";
import { fitRecording, parseProbedSeconds, probeSeconds } from "~/models/audio-duration.server";
import { storyWordsOrigin, wordsOriginOf } from "~/models/story-words-origin.server";
import { tenantSchema } from "~/utils/db.server";
import * as storyRoute from "~/routes/_community+/stories+/$storyId";

const hasFfmpeg = (() => {
  try {
    execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
    execFileSync("ffprobe", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let dir: string;
let work: string;
let alpha: Fixture;

/** 3 s of tone as Opus in WebM, written to a file (with a duration) or to a pipe (without one). */
function webm(streamed: boolean): Buffer {
  const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine=d=3"];
  args.push("-c:a", "libopus");
  if (streamed) return execFileSync("ffmpeg", [...args, "-f", "webm", "pipe:1"]);
  const out = path.join(work, `tone-${Date.now()}.webm`);
  execFileSync("ffmpeg", [...args, out]);
  return fs.readFileSync(out);
}

beforeAll(async () => {
  dir = useTempDataDir();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "recording-length-"));
  alpha = await buildCommunity("alpha");
});

afterAll(() => {
  cleanupDataDir(dir);
  fs.rmSync(work, { recursive: true, force: true });
});

describe("ffprobe's answer", () => {
  it("reads seconds, and nothing from N/A or noise", () => {
    expect(parseProbedSeconds("3.007000\n")).toBeCloseTo(3.007);
    expect(parseProbedSeconds("N/A\n")).toBeNull();
    expect(parseProbedSeconds("")).toBeNull();
    expect(parseProbedSeconds("0.000000")).toBeNull();
    expect(parseProbedSeconds("-1")).toBeNull();
  });
});

describe.runIf(hasFfmpeg)("a stored recording's length", () => {
  it("is read from a WebM that names its length", async () => {
    const row = await saveAudio(alpha.db(), alpha.community, webm(false));
    expect(row.durationSeconds).toBe(3);
  });

  it("a browser's WebM without a length is rewritten to carry it, and its length stored", async () => {
    const bytes = webm(true);
    const raw = path.join(work, "streamed.webm");
    fs.writeFileSync(raw, bytes);
    // as MediaRecorder writes it: no duration for a player to show or seek by
    expect(await probeSeconds(raw)).toBeNull();

    const row = await saveAudio(alpha.db(), alpha.community, bytes);
    expect(row.durationSeconds).toBe(3);
    const stored = mediaFilePath(alpha.community, row);
    const seconds = await probeSeconds(stored);
    expect(seconds).not.toBeNull();
    expect(Math.abs(seconds! - 3)).toBeLessThan(0.1);
    // the same sound, copied: still Opus in WebM, and the row's size is the file's
    const codec = execFileSync("ffprobe", [
      ...["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name"],
      ...["-of", "default=nw=1:nk=1", stored],
    ])
      .toString()
      .trim();
    expect(codec).toBe("opus");
    expect(row.bytes).toBe(fs.statSync(stored).size);
    expect(row.mimeType).toBe("audio/webm");
    // and it now carries cues, so a player can seek in it
    expect(fs.readFileSync(stored).includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]))).toBe(true);
  });

  it("a length given by the caller is kept; a file the tools cannot read keeps no length", async () => {
    const kept = await saveAudio(alpha.db(), alpha.community, webm(false), { durationSeconds: 7 });
    expect(kept.durationSeconds).toBe(7);
    // WebM's magic number and nothing else: stored as it came, no length, no error
    const junk = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 1)]);
    const row = await saveAudio(alpha.db(), alpha.community, junk);
    expect(row.durationSeconds).toBeNull();
    expect(fs.readFileSync(mediaFilePath(alpha.community, row))).toEqual(junk);
    const direct = path.join(work, "junk.webm");
    fs.writeFileSync(direct, junk);
    expect(await fitRecording(direct, "webm")).toMatchObject({ seconds: null, remuxed: false });
  });

  it("the story page gives the player the stored length, and says the typed words are hers", async () => {
    const db = alpha.db();
    const audio = await saveAudio(db, alpha.community, webm(true), { status: "attached" });
    const { stories } = tenantSchema;
    const id = alpha.stories.adaPublished;
    db.update(stories)
      .set({ audioId: audio.id, durationSeconds: null })
      .where(eq(stories.id, id))
      .run();
    expect(getMedia(db, audio.id)!.durationSeconds).toBe(3);

    const ada = await cookieFor(alpha.origin, alpha.users.ada);
    const own = await call(storyRoute.loader, get(`${alpha.origin}/stories/${id}`, ada), {
      storyId: id,
    });
    expect(own.data).toMatchObject({ audioSeconds: 3, wordsOrigin: "typed", ownStory: true });
    const daughter = await cookieFor(alpha.origin, alpha.users.adaDaughter);
    const theirs = await call(storyRoute.loader, get(`${alpha.origin}/stories/${id}`, daughter), {
      storyId: id,
    });
    expect(theirs.data).toMatchObject({ audioSeconds: 3, wordsOrigin: "typed", ownStory: false });

    // words heard in the recording (kept with their times) are its transcript
    db.update(stories)
      .set({ transcriptWords: JSON.stringify([[0, 400, "Hello"]]) })
      .where(eq(stories.id, id))
      .run();
    expect(storyWordsOrigin(db, id)).toBe("transcribed");
  });
});

describe("where a story's words came from", () => {
  it("a transcript only with a recording and words heard in it", () => {
    const timed = JSON.stringify([[0, 300, "Hi"]]);
    expect(wordsOriginOf({ audioId: null, transcriptWords: timed }, "Hi")).toBe("typed");
    expect(wordsOriginOf({ audioId: "a", transcriptWords: null }, null)).toBe("typed");
    expect(wordsOriginOf({ audioId: "a", transcriptWords: null }, "   ")).toBe("typed");
    expect(wordsOriginOf({ audioId: "a", transcriptWords: "[]" }, "Heard words")).toBe(
      "transcribed",
    );
    expect(wordsOriginOf({ audioId: "a", transcriptWords: timed }, null)).toBe("transcribed");
  });
});
