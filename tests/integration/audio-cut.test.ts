// Cutting passages out of a recording with the real ffmpeg: the spans asked for, in the order
// asked, joined back to back into one mono Opus-in-WebM file, at the lowest CPU priority. The
// recordings are made here with ffmpeg's lavfi sources. Without ffmpeg the tests are skipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeToneWebm } from "../helpers/audio";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { resetEnvForTests } from "~/utils/env.server";
import { ffmpegPath } from "~/utils/whisper.server";
import { cutFilter, cutPassages } from "~/utils/audio-cut.server";

const dir = useTempDataDir();
const ffmpeg = ffmpegPath();
const ffprobe = ffmpeg ? path.join(path.dirname(ffmpeg), "ffprobe") : null;
const hasFfprobe = !!ffprobe && fs.existsSync(ffprobe);
let tmp: string;
/** 10 s of a tone */
let tone: string;
/** 5 s of a tone, then 5 s of silence */
let toneThenSilence: string;

beforeAll(() => {
  if (!ffmpeg) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-audio-cut-"));
  tone = writeToneWebm(path.join(tmp, "tone.webm"), { seconds: 10, ffmpeg });
  toneThenSilence = path.join(tmp, "tone-then-silence.webm");
  execFileSync(ffmpeg, [
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=5:sample_rate=48000",
    "-f",
    "lavfi",
    "-i",
    "anullsrc=channel_layout=mono:sample_rate=48000:duration=5",
    "-filter_complex",
    "[0:a][1:a]concat=n=2:v=0:a=1",
    "-c:a",
    "libopus",
    toneThenSilence,
  ]);
});
afterAll(() => {
  cleanupDataDir(dir);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function probe(file: string) {
  const out = execFileSync(ffprobe!, [
    "-v",
    "error",
    "-show_entries",
    "format=duration,format_name:stream=codec_type,codec_name,channels,sample_rate",
    "-of",
    "json",
    file,
  ]);
  const json = JSON.parse(String(out)) as {
    format: { duration: string; format_name: string };
    streams: { codec_type: string; codec_name: string; channels: number }[];
  };
  return { ...json, seconds: Number(json.format.duration) };
}

/** The loudest sample (0..1) of a file between `from` and `to` seconds, decoded by ffmpeg. */
function peakBetween(file: string, from: number, to: number): number {
  const rate = 8000;
  const pcm = execFileSync(ffmpeg!, [
    "-nostdin",
    "-loglevel",
    "error",
    "-i",
    file,
    "-ac",
    "1",
    "-ar",
    String(rate),
    "-f",
    "s16le",
    "-",
  ]);
  let peak = 0;
  const end = Math.min(pcm.length - 1, Math.round(to * rate) * 2);
  for (let i = Math.round(from * rate) * 2; i < end; i += 2)
    peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)) / 32768);
  return peak;
}

const skipReason = ffmpeg
  ? ""
  : " (SKIPPED: no ffmpeg here: none on the PATH, or FFMPEG_PATH names no program)";

describe.skipIf(!ffmpeg)(`cutting passages out of a recording${skipReason}`, () => {
  it("joins two spans back to back into a mono Opus-in-WebM file as long as both together", async () => {
    const out = path.join(tmp, "two.webm");
    const cut = await cutPassages(
      tone,
      [
        { startMs: 1000, endMs: 3500 },
        { startMs: 6000, endMs: 8000 },
      ],
      out,
    );
    expect(cut.bytes).toBe(fs.statSync(out).size);
    expect(cut.bytes).toBeGreaterThan(1000);
    expect(Math.abs(cut.durationSeconds - 4.5)).toBeLessThanOrEqual(0.3);
    // a WebM file: the EBML header, then the "webm" document type, and the Opus codec in it
    const bytes = fs.readFileSync(out);
    expect(bytes.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    expect(bytes.subarray(0, 64).includes("webm")).toBe(true);
    expect(bytes.includes("A_OPUS")).toBe(true);
    if (hasFfprobe) {
      const info = probe(out);
      expect(info.format.format_name).toMatch(/webm/);
      expect(info.streams).toEqual([
        expect.objectContaining({ codec_type: "audio", codec_name: "opus", channels: 1 }),
      ]);
      expect(Math.abs(info.seconds - 4.5)).toBeLessThanOrEqual(0.3);
      expect(Math.abs(info.seconds - cut.durationSeconds)).toBeLessThanOrEqual(0.05);
    }
  });

  it("takes the spans asked for, in the order asked", async () => {
    const out = path.join(tmp, "order.webm");
    // 2 s of the silence first, then 2 s of the tone
    const cut = await cutPassages(
      toneThenSilence,
      [
        { startMs: 6000, endMs: 8000 },
        { startMs: 1000, endMs: 3000 },
      ],
      out,
    );
    expect(Math.abs(cut.durationSeconds - 4)).toBeLessThanOrEqual(0.3);
    // away from the join, where the encoder smears the tone's onset over a few milliseconds
    expect(peakBetween(out, 0, 1.8)).toBeLessThan(0.005);
    expect(peakBetween(out, 2.2, 3.9)).toBeGreaterThan(0.05);
  });

  it("cuts one span", async () => {
    const out = path.join(tmp, "one.webm");
    const cut = await cutPassages(tone, [{ startMs: 2500, endMs: 4000 }], out);
    expect(Math.abs(cut.durationSeconds - 1.5)).toBeLessThanOrEqual(0.3);
    if (hasFfprobe) expect(Math.abs(probe(out).seconds - 1.5)).toBeLessThanOrEqual(0.3);
  });

  it("stops a span at the end of the recording, and a span wholly past it adds nothing", async () => {
    const out = path.join(tmp, "past-the-end.webm");
    const cut = await cutPassages(
      tone,
      [
        { startMs: 8000, endMs: 14_000 },
        { startMs: 20_000, endMs: 25_000 },
        { startMs: 0, endMs: 1000 },
      ],
      out,
    );
    // 2 s (8-10 s) + nothing + 1 s
    expect(Math.abs(cut.durationSeconds - 3)).toBeLessThanOrEqual(0.3);
    if (hasFfprobe) expect(Math.abs(probe(out).seconds - 3)).toBeLessThanOrEqual(0.3);
  });

  it("refuses no passages and a span that does not run forward", async () => {
    const out = path.join(tmp, "refused.webm");
    await expect(cutPassages(tone, [], out)).rejects.toThrow(/no passages/);
    await expect(cutPassages(tone, [{ startMs: 3000, endMs: 2000 }], out)).rejects.toThrow(
      /end after it starts/,
    );
    await expect(cutPassages(tone, [{ startMs: -1, endMs: 2000 }], out)).rejects.toThrow(
      /start and an end/,
    );
    await expect(
      cutPassages(tone, [{ startMs: 0, endMs: Number.POSITIVE_INFINITY }], out),
    ).rejects.toThrow(/start and an end/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it("runs ffmpeg at the lowest CPU priority", async () => {
    // a stand-in that writes down its niceness a moment after starting, then runs the real ffmpeg
    const log = path.join(tmp, "nice.log");
    const wrapper = path.join(tmp, "ffmpeg-wrapper.sh");
    fs.writeFileSync(
      wrapper,
      `#!/bin/sh\nsleep 0.2\necho "$(nice)" >> '${log}'\nexec '${ffmpeg}' "$@"\n`,
      { mode: 0o755 },
    );
    process.env.FFMPEG_PATH = wrapper;
    resetEnvForTests();
    try {
      const cut = await cutPassages(tone, [{ startMs: 0, endMs: 1000 }], path.join(tmp, "n.webm"));
      expect(Math.abs(cut.durationSeconds - 1)).toBeLessThanOrEqual(0.3);
    } finally {
      delete process.env.FFMPEG_PATH;
      resetEnvForTests();
    }
    expect(fs.readFileSync(log, "utf8").trim()).toBe("19");
  });
});

describe("the filter that cuts", () => {
  it("trims each span from a timeline starting at 0 and joins them in order", () => {
    expect(
      cutFilter([
        { startMs: 1000, endMs: 3500 },
        { startMs: 6000, endMs: 8000 },
      ]),
    ).toBe(
      "[0:a:0]asetpts=PTS-STARTPTS,asplit=2[s0][s1];" +
        "[s0]atrim=start=1.000:end=3.500,asetpts=PTS-STARTPTS[p0];" +
        "[s1]atrim=start=6.000:end=8.000,asetpts=PTS-STARTPTS[p1];" +
        "[p0][p1]concat=n=2:v=0:a=1[out]",
    );
  });
});
