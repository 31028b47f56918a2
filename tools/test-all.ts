// `npm test`: lints (architecture rules included) and type-checks, builds the app, runs the unit
// and integration tests (vitest), then every e2e flow with JavaScript on and off (Playwright), and
// ends with one line: "total: N passed, N failed". Lint or type errors stop it before the build.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
// Playwright empties test-results/ when it starts, so the summaries live elsewhere
fs.mkdirSync("test-output", { recursive: true });

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n$ ${[path.basename(cmd), ...args].join(" ")}`);
  return spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
}

// the guardrails first: both run, so one run shows every problem, and either failing stops here
const guardFailures = [
  run(bin("eslint"), ["."]) !== 0 ? "lint (npx eslint .)" : null,
  run(bin("prettier"), ["--check", "."]) !== 0 ? "formatting (npm run format)" : null,
  run(bin("tsc"), ["--noEmit"]) !== 0 ? "the type check (npx tsc --noEmit)" : null,
].filter((step) => step !== null);
if (guardFailures.length > 0) {
  console.error(`Failed: ${guardFailures.join(" and ")}. The build and the tests were not run.`);
  console.log("total: 0 passed, 1 failed");
  process.exit(1);
}

let failedSteps = 0;
if (run(bin("remix"), ["build"]) !== 0) {
  console.error("The build failed.");
  console.log("total: 0 passed, 1 failed");
  process.exit(1);
}

// the transcription tests run the real whisper.cpp binary (with WHISPER_MODEL's test model in CI)
const { ensureWhisperBinary } = await import("../scripts/setup-whisper");
console.log((await ensureWhisperBinary()).message);

const only = process.argv[2];
const vitestJson = "test-output/vitest.json";
const playwrightJson = "test-output/playwright.json";
fs.rmSync(vitestJson, { force: true });
fs.rmSync(playwrightJson, { force: true });

if (
  only !== "e2e" &&
  run(bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${vitestJson}`,
  ]) !== 0
)
  failedSteps++;
if (
  only !== "unit" &&
  run(bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }) !== 0
)
  failedSteps++;

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(vitestJson)) {
  const v = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  console.log(`vitest: ${v.numPassedTests} passed, ${v.numFailedTests} failed`);
}
if (fs.existsSync(playwrightJson)) {
  const p = JSON.parse(fs.readFileSync(playwrightJson, "utf8"));
  passed += p.stats?.expected ?? 0;
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  skipped += p.stats?.skipped ?? 0;
  console.log(
    `playwright: ${p.stats?.expected} passed, ${(p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0)} failed, ${p.stats?.skipped} skipped`,
  );
}
if (failedSteps > 0 && failed === 0) failed = failedSteps;
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failedSteps > 0 ? 1 : 0);
