// A stored recording's length, read by ffprobe. A browser's WebM recording (MediaRecorder) is
// written as it is made, so it carries no duration and no cues: a player shows no length and
// cannot seek in it. Such a file is copied once into the same container by ffmpeg (`-c copy`: the
// sound is not re-encoded), which writes both; then its length is read again.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { ffmpegPath, runTool } from "~/utils/whisper.server";

/** How long ffprobe may take to read a file's header before it is stopped. */
export const PROBE_TIMEOUT_MS = 15_000;
/** How long copying a recording into a container with a duration may take (no re-encoding). */
export const REMUX_TIMEOUT_MS = 60_000;

// the containers a copy can give a duration to, and ffmpeg's muxer for each
const REMUXABLE: Record<string, string> = { webm: "webm", ogg: "ogg" };

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** ffprobe beside the ffmpeg in use, else the first one on PATH; null when there is none. */
export function ffprobePath(): string | null {
  const ffmpeg = ffmpegPath();
  if (ffmpeg) {
    const beside = path.join(path.dirname(ffmpeg), "ffprobe");
    if (isExecutable(beside)) return beside;
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.resolve(dir, "ffprobe");
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** ffprobe's `format=duration` answer as seconds; null for "N/A", nothing or nonsense. */
export function parseProbedSeconds(stdout: string): number | null {
  const line = stdout.trim().split(/\r?\n/)[0]?.trim() ?? "";
  if (!/^\d+(\.\d+)?$/.test(line)) return null;
  const seconds = Number(line);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The length ffprobe reads in a file's header, in seconds; null if it has none or cannot be read. */
export async function probeSeconds(file: string): Promise<number | null> {
  const ffprobe = ffprobePath();
  if (!ffprobe) return null;
  try {
    const { stdout } = await runTool(
      ffprobe,
      ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", file],
      { timeoutMs: PROBE_TIMEOUT_MS },
    );
    return parseProbedSeconds(stdout);
  } catch {
    return null;
  }
}

/** Copies `file` into the same container (`-c copy`) so that it carries its duration and cues. */
async function remux(file: string, muxer: string): Promise<boolean> {
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) return false;
  const tmp = path.join(path.dirname(file), `.tmp-${crypto.randomBytes(8).toString("hex")}.${muxer}`);
  try {
    await runTool(
      ffmpeg,
      ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i", file, "-map", "0:a", "-c", "copy", "-f", muxer, tmp],
      { timeoutMs: REMUX_TIMEOUT_MS, lowPriority: true },
    );
    if (!(await fs.promises.stat(tmp)).size) return false;
    await fs.promises.chmod(tmp, 0o640);
    await fs.promises.rename(tmp, file);
    return true;
  } catch {
    return false;
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}

export type FittedRecording = {
  /** the length in seconds, or null when the tools could not tell it */
  seconds: number | null;
  /** the file's size now (it changes when it was copied to carry its duration) */
  bytes: number;
  /** whether the file was rewritten */
  remuxed: boolean;
};

/**
 * Reads a stored recording's length; a WebM or Ogg file without one is first rewritten in place
 * (same sound, same container) so that it carries its duration and players can seek in it.
 * Never throws: without ffmpeg/ffprobe, or for a file they cannot read, the length is null and the
 * file stays as it was.
 */
export async function fitRecording(file: string, container: string): Promise<FittedRecording> {
  const size = async () => (await fs.promises.stat(file)).size;
  let seconds = await probeSeconds(file);
  let remuxed = false;
  const muxer = REMUXABLE[container];
  if (seconds === null && muxer) {
    remuxed = await remux(file, muxer);
    if (remuxed) seconds = await probeSeconds(file);
  }
  return { seconds, bytes: await size().catch(() => 0), remuxed };
}
