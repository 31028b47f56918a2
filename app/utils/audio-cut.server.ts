// Cuts passages out of a recording and joins them into one file: a circle's recording becomes each
// speaker's own. One ffmpeg run, through execFile with an argument array, at the lowest CPU
// priority like the transcription's tools.
import fs from "node:fs";
import path from "node:path";
import { ffmpegPath, runTool } from "./whisper.server";

/** A span of the recording, in milliseconds from its start. */
export type AudioSpan = { startMs: number; endMs: number };

export type CutAudio = { bytes: number; durationSeconds: number };

/** The format of the cut file: what browsers record and play (audio/webm;codecs=opus). */
export const CUT_MIME_TYPE = "audio/webm;codecs=opus";

/** Speech in mono Opus: clear voices at about 14 MB an hour. */
export const CUT_BITRATE = "32k";

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The filter graph: the input's timeline made to start at 0 (a browser's WebM may start a few
 * milliseconds early), split once per span, each copy trimmed to its span and made to start at 0
 * again, and the pieces joined in the order given. The spans are joined back to back, without a
 * pause between them: the passages of one speaker then play as she told them, and a word at
 * `t` ms into a passage is at (the lengths of the passages before it) + `t` in the cut file.
 */
export function cutFilter(spans: readonly AudioSpan[]): string {
  const n = spans.length;
  const parts = [
    `[0:a:0]asetpts=PTS-STARTPTS,asplit=${n}${spans.map((_, i) => `[s${i}]`).join("")}`,
    ...spans.map(
      (s, i) =>
        `[s${i}]atrim=start=${seconds(s.startMs)}:end=${seconds(s.endMs)},asetpts=PTS-STARTPTS[p${i}]`,
    ),
    `${spans.map((_, i) => `[p${i}]`).join("")}concat=n=${n}:v=0:a=1[out]`,
  ];
  return parts.join(";");
}

/** The length ffmpeg reports having written, from its `-progress` lines (null: none found). */
export function progressSeconds(stdout: string): number | null {
  let us: number | null = null;
  for (const m of stdout.matchAll(/^out_time_us=(\d+)\s*$/gm)) us = Number(m[1]);
  return us === null ? null : us / 1_000_000;
}

/**
 * Writes the `passages` of `inputFile`, joined in the order given, to `outFile` as mono Opus in
 * WebM, and returns its size and length. A span reaching past the end of the input stops at its
 * end (one wholly past it adds nothing). Refuses no passages, and a span that is not a forward
 * stretch of time from 0 on.
 */
export async function cutPassages(
  inputFile: string,
  passages: readonly AudioSpan[],
  outFile: string,
  opts: { timeoutMs?: number } = {},
): Promise<CutAudio> {
  if (!passages.length) throw new Error("There are no passages to cut");
  for (const p of passages) {
    if (!Number.isFinite(p.startMs) || !Number.isFinite(p.endMs) || p.startMs < 0)
      throw new Error(
        `A passage needs a start and an end in the recording (${p.startMs}-${p.endMs})`,
      );
    if (p.endMs <= p.startMs)
      throw new Error(`A passage must end after it starts (${p.startMs}-${p.endMs})`);
  }
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) throw new Error("ffmpeg is not installed on this server");
  const spans = passages.map((p) => ({ startMs: p.startMs, endMs: p.endMs }));
  const { stdout } = await runTool(
    ffmpeg,
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      "-nostats",
      "-progress",
      "pipe:1",
      "-y",
      "-i",
      path.resolve(inputFile),
      "-filter_complex",
      cutFilter(spans),
      "-map",
      "[out]",
      "-map_metadata",
      "-1",
      "-ac",
      "1",
      "-ar",
      "48000",
      "-c:a",
      "libopus",
      "-b:a",
      CUT_BITRATE,
      "-application",
      "voip",
      "-f",
      "webm",
      path.resolve(outFile),
    ],
    // decoding and encoding run at well over 50 times real time: ten minutes covers the longest
    // circle on a slow server
    { timeoutMs: opts.timeoutMs ?? 10 * 60_000, lowPriority: true },
  );
  const bytes = fs.statSync(outFile).size;
  // without progress lines (an unusual ffmpeg), the spans' lengths: right unless one ran past the end
  const written = progressSeconds(stdout);
  const durationSeconds =
    written ?? spans.reduce((sum, s) => sum + (s.endMs - s.startMs), 0) / 1000;
  return { bytes, durationSeconds: Math.round(durationSeconds * 1000) / 1000 };
}
