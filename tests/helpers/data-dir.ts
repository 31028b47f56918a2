// Each test file gets its own DATA_DIR on real SQLite files in a temporary folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeAllDatabases } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";

export function useTempDataDir(extraEnv: Record<string, string | undefined> = {}): string {
  closeAllDatabases();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-test-"));
  process.env.DATA_DIR = dir;
  process.env.NODE_ENV = "test";
  process.env.APP_DOMAIN = "storyloom.localhost";
  process.env.DEFAULT_TENANT = "sunnybrook";
  for (const [k, v] of Object.entries(extraEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
  return dir;
}

export function cleanupDataDir(dir: string) {
  closeAllDatabases();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A Request as the Remix handler would see it, for host + path. */
export function requestFor(url: string, init: RequestInit = {}): Request {
  return new Request(url, init);
}
