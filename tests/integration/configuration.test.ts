// The configuration as the real server sees it: `npm start` with a bad value stops before it
// touches anything, with a message that names the variable and what it expects; APP_NAME is the
// product's name in every page title, and no page says "Storyloom" when it is something else.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send, signIn, startRealServer, testPort, type RealServer } from "../helpers/real-server";

describe("a bad value", () => {
  it.each([
    ["TENANT_DB_CACHE", "banana", "a whole number from 1 to 100000"],
    ["UPLOAD_RATE_LIMIT", "-5", "a whole number from 0 to 1000000"],
    ["API_RATE_LIMIT_PER_MINUTE", "lots", "a whole number from 0 to 1000000"],
    ["TRANSCRIBE_CONCURRENCY", "two", "a whole number from 1 to 64"],
  ])("%s=%s stops the server at start, naming it", (name, value, expected) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-config-"));
    try {
      const started = spawnSync(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          SESSION_SECRET: "s".repeat(48),
          DATA_DIR: dataDir,
          PORT: String(testPort(1)),
          [name]: value,
        },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toContain("invalid configuration");
      expect(started.stderr).toContain(`${name}: expected ${expected}`);
      // stopped before migrating, seeding or listening
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("APP_NAME", () => {
  let server: RealServer;
  let port: number;
  beforeAll(async () => {
    port = testPort(1);
    server = await startRealServer(port, { APP_NAME: "Lifebook" });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it("names the product in the sign-in page's title", async () => {
    const res = await send({ port, path: "/login" });
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe("Sign in · Lifebook");
    expect(res.text).not.toContain("Storyloom");
  });

  it("names the product in the titles of signed-in pages and of the marketing site", async () => {
    const cookie = await signIn(port, "sarah.ellis");
    const stories = await send({ port, path: "/stories", cookie });
    expect(stories.status).toBe(200);
    expect(titleOf(stories.text)).toBe("All Stories · Lifebook");
    expect(stories.text).not.toContain("Storyloom");

    const landing = await send({ port, path: "/", host: "storyloom.localhost" });
    expect(landing.status).toBe(200);
    expect(titleOf(landing.text)).toBe("Lifebook · Life stories for care communities");
    expect(landing.text).not.toContain("Storyloom");
  });
});
