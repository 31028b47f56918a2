// Sound for tests: a tone made at test time in the browser's recording format (WebM/Opus), a tiny
// silent WAV, and the whisper model the transcription tests hear them with.
import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Writes `seconds` of a sine tone at `hz` to `file` as WebM/Opus, with `ffmpeg` (the one on the
 * PATH unless another is given), and returns `file`.
 */
export function writeToneWebm(
  file: string,
  {
    hz = 330,
    seconds = 2,
    ffmpeg = "ffmpeg",
  }: { hz?: number; seconds?: number; ffmpeg?: string } = {},
): string {
  execFileSync(ffmpeg, [
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${hz}:duration=${seconds}`,
    "-c:a",
    "libopus",
    file,
  ]);
  return file;
}

/** A WAV file of 0.1 s of silence (8 kHz, 16-bit mono): a RIFF header and 1,600 zero bytes. */
export function silentWav(): Buffer {
  const b = Buffer.alloc(44 + 1600);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + 1600, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(1600, 40);
  return b;
}

/** The small English whisper model the transcription tests run (WHISPER_MODEL names another). */
export const TEST_MODEL = path.resolve(
  process.env.WHISPER_MODEL || "../shared/models/whisper-for-tests-ggml-tiny.en.bin",
);
