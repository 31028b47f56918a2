// Story circles on a real community database, with real ffmpeg and whisper.cpp (the test model,
// which hears no words): a circle checks its residents and theme, places speaker taps, and when
// finished gives each speaker a draft story holding only her part of the recording, and marks
// everyone present attended ("Active" for speakers, "Passive" for listeners).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_MODEL, writeToneWebm } from "../helpers/audio";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import {
  CIRCLE_PROMPT_COUNT,
  CircleError,
  attachRecording,
  createCircle,
  finishCircle,
  getCircle,
  setStep,
  tapSpeaker,
  checkTheme,
} from "~/models/circle.server";
import { occurrenceAttendance } from "~/models/attendance.server";
import { resetTranscriptionQueueForTests, waitForJob } from "~/models/transcription.server";
import { getMedia } from "~/models/media.server";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { ffmpegPath } from "~/utils/whisper.server";
import { translateMessage } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { ensureWhisperBinary } from "../../scripts/setup-whisper";

const TZ = "America/New_York";
const linda = { id: "admin-1", username: "linda", displayName: "Linda Admin" };
let dir: string;
let tmp: string;
let community: Community;
let db: TenantDb;
const ids: string[] = [];
let tone: Buffer;

beforeAll(async () => {
  const built = await ensureWhisperBinary({ quiet: true });
  expect(built.ok, built.message).toBe(true);
  dir = useTempDataDir({
    WHISPER_MODEL: TEST_MODEL,
    TRANSCRIBE_CONCURRENCY: "1",
    WHISPER_BIN: undefined,
  });
  resetTranscriptionQueueForTests();
  community = createCommunity({ name: "Maple Court", subdomain: "maple", timeZone: TZ });
  db = getTenantDb(community);
  for (const [first, last] of [
    ["Harold", "Jensen"],
    ["Margaret", "Ellis"],
    ["Walter", "Brooks"],
    ["Edna", "Moss"],
  ] as const)
    ids.push(createResident(db, { firstName: first, lastName: last }).id);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-circles-"));
  tone = fs.readFileSync(
    writeToneWebm(path.join(tmp, "circle.webm"), { seconds: 9, ffmpeg: ffmpegPath()! }),
  );
});
afterAll(() => {
  cleanupDataDir(dir);
  fs.rmSync(tmp, { recursive: true, force: true });
});

const english = translator("en", "circles");
const refusal = async (fn: () => unknown): Promise<string> => {
  try {
    await fn();
  } catch (e) {
    if (e instanceof CircleError) return translateMessage(english, e.message);
    throw e;
  }
  throw new Error("not refused");
};

describe("a story circle", () => {
  it("refuses a circle without residents, with too many, with a stranger, or without a theme", async () => {
    const theme = checkTheme("decade", "1950s");
    const start = (residentIds: unknown) =>
      createCircle(db, community, { theme, residentIds, lang: "en" }, linda);
    expect(await refusal(() => start([]))).toMatch(/Choose the residents/);
    expect(await refusal(() => start(Array.from({ length: 13 }, (_, i) => `r${i}`)))).toMatch(
      /at most 12/,
    );
    expect(await refusal(() => start([ids[0], "someone-elsewhere"]))).toMatch(/does not live here/);
    expect(await refusal(() => checkTheme("decade", "1850s"))).toMatch(/Choose the circle's theme/);
    expect(await refusal(() => checkTheme("topic", "   "))).toMatch(/Type the topic/);
    expect(db.select().from(tenantSchema.circles).all()).toHaveLength(0);
  });

  it("gives each speaker her own draft of her part of the recording, and marks everyone attended", async () => {
    const circle = createCircle(
      db,
      community,
      { theme: checkTheme("decade", "1950s"), residentIds: ids, lang: "en" },
      linda,
    );
    const view = getCircle(db, circle.id)!;
    expect(view.promptList).toHaveLength(CIRCLE_PROMPT_COUNT);
    expect(view.promptList.every((p) => /1950s/.test(p.text))).toBe(true);
    expect(view.participants.map((p) => p.firstName)).toEqual([
      "Edna",
      "Harold",
      "Margaret",
      "Walter",
    ]);
    // started on its own: today's calendar holds it, so its attendance has an occurrence
    expect(circle.eventId).toBeTruthy();
    expect(setStep(db, circle.id, 99)).toBe(CIRCLE_PROMPT_COUNT - 1);
    expect(setStep(db, circle.id, 1)).toBe(1);

    expect(await refusal(() => tapSpeaker(db, circle.id, { residentId: ids[0] }))).toMatch(
      /Start the recording first/,
    );
    expect(
      await refusal(() => tapSpeaker(db, circle.id, { residentId: "stranger", atMs: 0 })),
    ).toMatch(/not in this circle/);
    expect(
      await refusal(() => tapSpeaker(db, circle.id, { residentId: ids[0], atMs: -5 })),
    ).toMatch(/minutes and seconds/);
    // Harold 0-3 s, Margaret 3-6 s, Walter 6-9 s; Edna only listens
    tapSpeaker(db, circle.id, { residentId: ids[0], atMs: 0 });
    tapSpeaker(db, circle.id, { residentId: ids[1], atMs: 3000 });
    tapSpeaker(db, circle.id, { residentId: ids[2], atMs: 6000 });

    const withRecording = await attachRecording(db, community, circle.id, tone, linda);
    expect(withRecording.recordingId).toBeTruthy();
    if (withRecording.transcriptionJobId) {
      expect(await refusal(() => finishCircle(db, community, circle.id, linda))).toMatch(
        /still being turned into words/,
      );
      await waitForJob(db, withRecording.transcriptionJobId, 60_000);
    }
    const done = await finishCircle(db, community, circle.id, linda);
    expect(done).toEqual({ stories: 3, attended: 4 });

    const after = getCircle(db, circle.id)!;
    expect(after.status).toBe("finished");
    const byName = new Map(after.participants.map((p) => [p.firstName, p]));
    expect(byName.get("Edna")!.storyId).toBeNull();
    for (const name of ["Harold", "Margaret", "Walter"]) {
      const story = db
        .select()
        .from(tenantSchema.stories)
        .where(eq(tenantSchema.stories.id, byName.get(name)!.storyId!))
        .get()!;
      expect(story.residentId).toBe(byName.get(name)!.id);
      expect(story.reviewStatus).toBe("pending");
      expect(story.isPublished).toBe(false);
      expect(story.circleId).toBe(circle.id);
      expect(story.eventId).toBe(circle.eventId);
      // the test model hears no words: the draft waits for its words
      expect(story.content).toBe("");
      expect(story.title).toBe("At the story circle: The 1950s");
      // her own part only: about three of the nine seconds
      const audio = getMedia(db, story.audioId!)!;
      expect(audio.id).not.toBe(after.recordingId);
      expect(story.durationSeconds).toBeGreaterThanOrEqual(2);
      expect(story.durationSeconds).toBeLessThanOrEqual(4);
    }
    const marks = occurrenceAttendance(db, circle.eventId!, circle.occurrenceDate!);
    // by last name: Brooks, Ellis, Jensen, Moss
    expect(marks.map((m) => [m.firstName, m.status, m.engagement])).toEqual([
      ["Walter", "attended", "active"],
      ["Margaret", "attended", "active"],
      ["Harold", "attended", "active"],
      ["Edna", "attended", "passive"],
    ]);
    expect(await refusal(() => finishCircle(db, community, circle.id, linda))).toMatch(
      /is finished/,
    );
    expect(await refusal(() => tapSpeaker(db, circle.id, { residentId: ids[0], atMs: 1 }))).toMatch(
      /is finished/,
    );
  });
});
