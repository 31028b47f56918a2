import { describe, expect, it } from "vitest";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "~/utils/env.server";

const tmp = os.tmpdir();

describe("configuration", () => {
  it("fills the documented defaults outside production", () => {
    const e = parseEnv({ DATA_DIR: tmp });
    expect(e.PORT).toBe(3000);
    expect(e.APP_NAME).toBe("Storyloom");
    expect(e.APP_DOMAIN).toBe("storyloom.localhost");
    expect(e.DEFAULT_TENANT).toBe("sunnybrook");
    expect(e.DEV_LOGIN).toBe(true);
    expect(e.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("keeps a generated local secret between starts", () => {
    expect(parseEnv({ DATA_DIR: tmp }).SESSION_SECRET).toBe(
      parseEnv({ DATA_DIR: tmp }).SESSION_SECRET,
    );
  });

  it("requires SESSION_SECRET in production and turns development login off there", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATA_DIR: tmp })).toThrow(
      /SESSION_SECRET is required in production/,
    );
    const e = parseEnv({ NODE_ENV: "production", DATA_DIR: tmp, SESSION_SECRET: "x".repeat(40) });
    expect(e.DEV_LOGIN).toBe(false);
    expect(e.DEFAULT_TENANT).toBeNull();
  });

  it("lets DEV_LOGIN override the mode either way", () => {
    expect(
      parseEnv({
        NODE_ENV: "production",
        SESSION_SECRET: "x".repeat(40),
        DEV_LOGIN: "1",
        DATA_DIR: tmp,
      }).DEV_LOGIN,
    ).toBe(true);
    expect(parseEnv({ DEV_LOGIN: "0", DATA_DIR: tmp }).DEV_LOGIN).toBe(false);
  });

  it("names the bad variable in its message", () => {
    expect(() => parseEnv({ PORT: "eighty", DATA_DIR: tmp })).toThrow(/PORT/);
    expect(() => parseEnv({ APP_DOMAIN: "https://x.example", DATA_DIR: tmp })).toThrow(
      /APP_DOMAIN must be a bare host name/,
    );
    expect(() => parseEnv({ SESSION_SECRET: "short", DATA_DIR: tmp })).toThrow(
      /at least 32 characters/,
    );
  });

  it("refuses a number that is a word, negative or a fraction, naming it and what it expects", () => {
    expect(() => parseEnv({ TENANT_DB_CACHE: "banana", DATA_DIR: tmp })).toThrow(
      /TENANT_DB_CACHE: expected a whole number from 1 to 100000/,
    );
    expect(() => parseEnv({ UPLOAD_RATE_LIMIT: "-5", DATA_DIR: tmp })).toThrow(
      /UPLOAD_RATE_LIMIT: expected a whole number from 0 to/,
    );
    expect(() => parseEnv({ API_RATE_LIMIT_PER_MINUTE: "lots", DATA_DIR: tmp })).toThrow(
      /API_RATE_LIMIT_PER_MINUTE: expected a whole number from 0 to/,
    );
    expect(() => parseEnv({ TRANSCRIBE_CONCURRENCY: "two", DATA_DIR: tmp })).toThrow(
      /TRANSCRIBE_CONCURRENCY: expected a whole number from 1 to 64/,
    );
    expect(() => parseEnv({ TRANSCRIBE_CONCURRENCY: "0", DATA_DIR: tmp })).toThrow(
      /TRANSCRIBE_CONCURRENCY/,
    );
    expect(() => parseEnv({ UPLOAD_READ_MB_PER_SECOND: "1.5", DATA_DIR: tmp })).toThrow(
      /UPLOAD_READ_MB_PER_SECOND/,
    );
    expect(() => parseEnv({ PDF_ZIP_CONCURRENCY: "0", DATA_DIR: tmp })).toThrow(
      /PDF_ZIP_CONCURRENCY: expected a whole number from 1 to 16/,
    );
  });

  it("names every bad variable at once", () => {
    let message = "";
    try {
      parseEnv({
        TENANT_DB_CACHE: "banana",
        UPLOAD_RATE_LIMIT: "-5",
        API_RATE_LIMIT_PER_MINUTE: "lots",
        TRANSCRIBE_CONCURRENCY: "two",
        SEED_DEMO: "yes",
        DATA_DIR: tmp,
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of [
      "TENANT_DB_CACHE",
      "UPLOAD_RATE_LIMIT",
      "API_RATE_LIMIT_PER_MINUTE",
      "TRANSCRIBE_CONCURRENCY",
    ])
      expect(message).toMatch(new RegExp(`^  ${name}: expected a whole number`, "m"));
    expect(message).toMatch(/^ {2}SEED_DEMO: expected 1, 0, true or false$/m);
  });

  it("keeps today's defaults for the limits, paths and switches when they are unset or empty", () => {
    for (const source of [
      { DATA_DIR: tmp },
      { DATA_DIR: tmp, TENANT_DB_CACHE: "", SEED_DEMO: "" },
    ]) {
      const e = parseEnv(source);
      expect(e).toMatchObject({
        TENANT_DB_CACHE: 100,
        TRANSCRIBE_CONCURRENCY: null,
        PDF_ZIP_CONCURRENCY: 2,
        API_RATE_LIMIT_PER_MINUTE: 600,
        UPLOAD_RATE_LIMIT: 60,
        TOKEN_RATE_LIMIT: 60,
        UPLOAD_MEMORY_MB: 50,
        UPLOAD_READ_MB_PER_SECOND: 64,
        REMIX_BUILD_DIR: path.resolve("build"),
        WHISPER_BIN: path.resolve("bin/whisper-main"),
        WHISPER_MODEL_URL: null,
        FFMPEG_PATH: null,
        SUPER_ADMIN_EMAIL: "superadmin@localhost",
        SEED_DEMO: false,
        SEED_IN_PRODUCTION: false,
        RESTORE_WHILE_RUNNING: false,
        LITESTREAM_REPLICA_URL: null,
        LITESTREAM_BIN: "litestream",
      });
    }
  });

  it("reads the values it is given", () => {
    const e = parseEnv({
      DATA_DIR: tmp,
      TENANT_DB_CACHE: "7",
      TRANSCRIBE_CONCURRENCY: "2",
      API_RATE_LIMIT_PER_MINUTE: "0",
      UPLOAD_RATE_LIMIT: "0",
      FFMPEG_PATH: "tools/ffmpeg",
      REMIX_BUILD_DIR: "build-env",
      SEED_DEMO: "1",
      RESTORE_WHILE_RUNNING: "true",
    });
    expect(e).toMatchObject({
      TENANT_DB_CACHE: 7,
      TRANSCRIBE_CONCURRENCY: 2,
      API_RATE_LIMIT_PER_MINUTE: 0,
      UPLOAD_RATE_LIMIT: 0,
      FFMPEG_PATH: path.resolve("tools/ffmpeg"),
      REMIX_BUILD_DIR: path.resolve("build-env"),
      SEED_DEMO: true,
      RESTORE_WHILE_RUNNING: true,
    });
  });
});
