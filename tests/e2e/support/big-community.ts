// The list specs' communities (tests/e2e/support/seed-big.ts), made once per e2e server: the
// first worker to get here seeds them in a child process while the others wait.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PORT } from "./http";

const dataDir = `test-data/e2e-${PORT}`;
const lock = path.join(dataDir, ".bigcare-seeding");
const done = path.join(dataDir, ".bigcare-seeded");

export async function ensureBigCommunity() {
  if (fs.existsSync(done)) return;
  let mine = false;
  try {
    fs.mkdirSync(lock);
    mine = true;
  } catch {
    // another worker seeds
  }
  if (mine) {
    const result = spawnSync(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/e2e/support/seed-big.ts"],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          NODE_ENV: "test",
          APP_DOMAIN: "storyloom.localhost",
          DEFAULT_TENANT: "sunnybrook",
        },
        encoding: "utf8",
      },
    );
    if (result.status !== 0)
      throw new Error(`seeding the list communities failed: ${result.stderr}`);
    fs.writeFileSync(done, new Date().toISOString());
    return;
  }
  const started = Date.now();
  while (!fs.existsSync(done)) {
    if (Date.now() - started > 180_000)
      throw new Error("waited 3 minutes for the list communities");
    await new Promise((r) => setTimeout(r, 250));
  }
}
