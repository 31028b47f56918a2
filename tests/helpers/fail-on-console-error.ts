import { afterEach, beforeEach, vi } from "vitest";

// console.error during a test is a bug unless the test says it expects one (expectConsoleError).
let expected = 0;
let seen: unknown[][] = [];
export function expectConsoleError(times = 1) {
  expected += times;
}
beforeEach(() => {
  expected = 0;
  seen = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    seen.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (seen.length > expected) {
    throw new Error(
      `console.error was called unexpectedly:\n${seen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
