// A transcription must leave the web server a core and its CPU priority: how many
// threads whisper.cpp gets for a core count, and the niceness its child processes really run at.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { runTool, TOOL_NICENESS, whisperArgs, whisperThreads } from "~/utils/whisper.server";

// a child that reads its own niceness a moment after it started (the parent sets it just after spawn)
const reportNiceness = [
  "-e",
  "setTimeout(() => process.stdout.write(String(require('node:os').getPriority())), 200)",
];

describe("whisper.cpp's threads", () => {
  it("leave one core for the web server", () => {
    expect(whisperThreads(1, 1)).toBe(1);
    expect(whisperThreads(1, 2)).toBe(1);
    expect(whisperThreads(1, 3)).toBe(2);
    expect(whisperThreads(1, 4)).toBe(3);
  });

  it("share what is left between the transcriptions that run at once", () => {
    // TRANSCRIBE_CONCURRENCY's default on 4 cores is 2: 3 threads each would take the pages' core
    expect(whisperThreads(2, 4)).toBe(1);
    expect(whisperThreads(2, 8)).toBe(3);
    expect(whisperThreads(3, 16)).toBe(4);
    // more jobs than spare cores: still one thread each
    expect(whisperThreads(4, 2)).toBe(1);
  });

  it("are at most 4, where whisper.cpp stops getting faster", () => {
    expect(whisperThreads(1, 64)).toBe(4);
  });

  it("go to main as -t", () => {
    const args = whisperArgs("model.bin", "audio.wav", 3);
    expect(args[args.indexOf("-t") + 1]).toBe("3");
  });
});

describe("the tools' CPU priority", () => {
  it("is the lowest (niceness 19) for a low-priority tool, while it runs", async () => {
    const { stdout } = await runTool(process.execPath, reportNiceness, {
      timeoutMs: 30_000,
      lowPriority: true,
    });
    expect(Number(stdout)).toBe(19);
    expect(TOOL_NICENESS).toBe(19);
  });

  it("is left as it is for other tools", async () => {
    const { stdout } = await runTool(process.execPath, reportNiceness, { timeoutMs: 30_000 });
    expect(Number(stdout)).toBe(os.getPriority());
  });
});
