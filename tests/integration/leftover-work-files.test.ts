// A process stopped mid-way leaves its work files in DATA_DIR/tmp: a transcription's WAV (18 MB
// for ten minutes), a half-made PDF. `npm start` removes them before it serves, and keeps the data.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRealServer, testPort, type RealServer } from "../helpers/real-server";

let server: RealServer;
const leftovers = ["tmp/transcription/job-Ab12Cd/audio.wav", "tmp/downloads/5f3a9c.part"];

beforeAll(async () => {
  server = await startRealServer(
    testPort(7),
    {},
    {
      prepare: async (dataDir) => {
        for (const file of leftovers) {
          fs.mkdirSync(path.dirname(path.join(dataDir, file)), { recursive: true });
          fs.writeFileSync(path.join(dataDir, file), Buffer.alloc(1024 * 1024, 1));
        }
      },
    },
  );
}, 300_000);
afterAll(() => server?.stop());

describe("npm start", () => {
  it("removes a killed transcription's WAV and a half-made download before it serves", () => {
    for (const file of leftovers)
      expect(fs.existsSync(path.join(server.dataDir, file))).toBe(false);
    // the folders stay for the work to come, and the data is untouched
    expect(fs.existsSync(path.join(server.dataDir, "tmp/transcription"))).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, "control.sqlite"))).toBe(true);
  });
});
