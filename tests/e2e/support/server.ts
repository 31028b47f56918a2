// Starts the app for the e2e suite on a fresh DATA_DIR (seeded with the demo data by start.ts).
import fs from "node:fs";

const dir = process.env.DATA_DIR;
if (!dir || !dir.startsWith("test-data/"))
  throw new Error("The e2e server needs DATA_DIR under test-data/");
fs.rmSync(dir, { recursive: true, force: true });
await import("../../../scripts/start");
