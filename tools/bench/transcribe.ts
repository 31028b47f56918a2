// `npm run bench:transcribe [-- recording.webm] [--runs N]`: for one recording, the transcription
// pipeline's wall time (store, queue, ffmpeg to 16 kHz WAV, whisper.cpp, save) beside the bare
// `main` binary's on the same WAV, the overhead ratio, and the real-time factors.
// Without a recording it makes one: spoken words with espeak-ng when installed, else a tone
// (ffmpeg's lavfi), encoded as webm/opus the way a browser records.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isTestModel, makeRecording, TEST_MODEL_NOTE } from "./lib";

const args = process.argv.slice(2);
const runs = Math.max(
  1,
  Number(args.includes("--runs") ? args[args.indexOf("--runs") + 1] : 1) || 1,
);
const given = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--runs");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-bench-"));
// an empty DATA_DIR of its own, so the pipeline runs exactly as the server runs it
process.env.DATA_DIR = path.join(work, "data");
process.env.NODE_ENV = "test";
process.env.DEFAULT_TENANT = "bench";

const { whisperTools, convertToWav, readWavInfo, runTool, whisperArgs } =
  await import("~/utils/whisper.server");
const { createCommunity } = await import("~/models/community.server");
const { getTenantDb, closeAllDatabases } = await import("~/utils/db.server");
const { submitRecording, waitForJob, jobProgress, MAX_AUDIO_SECONDS } =
  await import("~/models/transcription.server");

const tools = whisperTools();
if (!tools.ok) {
  console.error(
    `Transcription is unavailable: ${tools.reason}. Run \`npm run setup:whisper\` and set WHISPER_MODEL.`,
  );
  process.exit(1);
}

let recording = given ? path.resolve(given) : "";
if (!recording) {
  const made = makeRecording(tools.ffmpeg, work);
  console.log(`fixture: ${made.description}`);
  recording = made.file;
}

const bytes = fs.readFileSync(recording);
const community = createCommunity({ name: "Bench", subdomain: "bench" });
const db = getTenantDb(community);

// the same WAV the pipeline makes, for the bare binary
const wav = path.join(work, "same.wav");
await convertToWav(tools.ffmpeg, recording, wav, { maxSeconds: MAX_AUDIO_SECONDS });
const audioSeconds = readWavInfo(wav).seconds;

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pipelineMs: number[] = [];
const bareMs: number[] = [];
let text = "";
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const submitted = await submitRecording(db, community, { id: "bench" }, bytes);
  const job = await waitForJob(db, submitted.job!.id, 60 * 60_000);
  pipelineMs.push(performance.now() - t);
  const progress = jobProgress(db, community, job!);
  if (progress.outcome === "failed") {
    console.error(`The pipeline failed: ${progress.message?.description}`);
    process.exit(1);
  }
  text = progress.transcription ?? "";

  t = performance.now();
  await runTool(tools.binary, whisperArgs(tools.model, wav), { timeoutMs: 60 * 60_000 });
  bareMs.push(performance.now() - t);
}

const p = median(pipelineMs);
const b = median(bareMs);
console.log(
  `recording:        ${recording} (${(bytes.length / 1024).toFixed(0)} KiB, ${audioSeconds.toFixed(2)} s of audio)`,
);
console.log(
  `model:            ${tools.model}${isTestModel(tools.model) ? ` (${TEST_MODEL_NOTE})` : ""}`,
);
console.log(`runs:             ${runs} (medians below)`);
console.log(`pipeline:         ${fmt(p)}  (store + queue + ffmpeg + whisper + save)`);
console.log(`bare main:        ${fmt(b)}  (the same WAV, the same arguments)`);
console.log(`overhead ratio:   ${(p / b).toFixed(3)}  (+${fmt(p - b)})`);
console.log(
  `real-time factor: ${(p / 1000 / audioSeconds).toFixed(3)} pipeline, ${(b / 1000 / audioSeconds).toFixed(3)} bare (below 1 is faster than real time)`,
);
console.log(`transcription:    ${text ? JSON.stringify(text) : "(no words heard)"}`);

closeAllDatabases();
fs.rmSync(work, { recursive: true, force: true });
process.exit(0);
