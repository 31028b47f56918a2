import { defineConfig } from "@playwright/test";

// Every flow runs twice: with JavaScript and without (kiosks, old phones).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HOSTILE = /(isolation-matrix|bad-input)\.spec\.ts/;
// switches the demo accounts to the pseudo-locale: runs once everything else has
const PSEUDO = /pseudo-locale\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://sunnybrook.storyloom.localhost:${PORT}`,
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // the record wizard's tests: a fake microphone the page may use without asking
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
    trace: "off",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: [HOSTILE, PSEUDO] },
    { name: "nojs", use: { javaScriptEnabled: false }, testIgnore: [HOSTILE, PSEUDO] },
    // the isolation matrix and the bad-input sweep compare table counts, so they run alone, last
    {
      name: "hostile",
      use: { javaScriptEnabled: true },
      testMatch: HOSTILE,
      dependencies: ["js", "nojs"],
    },
    {
      name: "pseudo-js",
      use: { javaScriptEnabled: true },
      testMatch: PSEUDO,
      dependencies: ["hostile"],
    },
    {
      name: "pseudo-nojs",
      use: { javaScriptEnabled: false },
      testMatch: PSEUDO,
      dependencies: ["hostile"],
    },
  ],
  webServer: {
    command: `tsx tests/e2e/support/server.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: `test-data/e2e-${PORT}`,
      NODE_ENV: "test",
      APP_DOMAIN: "storyloom.localhost",
      DEFAULT_TENANT: "sunnybrook",
      DEV_LOGIN: "1",
      PSEUDO_LOCALE: "1",
      WHISPER_MODEL: process.env.WHISPER_MODEL ?? "",
    },
  },
});
