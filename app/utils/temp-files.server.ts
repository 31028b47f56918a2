// Work files live in DATA_DIR/tmp, one folder per kind of work, never in the system's temporary
// folder: a process stopped mid-way (killed, crashed, the machine restarted) leaves them where the
// next start finds and removes them, before any request or job can make new ones.
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

export type TempKind = "transcription" | "downloads";

/** DATA_DIR/tmp: everything in it is a work file of a running process, or a leftover. */
export function tempRoot(dataDir = env().DATA_DIR): string {
  return path.join(dataDir, "tmp");
}

/** The folder for one kind of work file (made when missing; only this process's user may read it). */
export function tempDir(kind: TempKind, dataDir = env().DATA_DIR): string {
  const dir = path.join(tempRoot(dataDir), kind);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * At start, before the server or any worker runs: removes what a stopped process left in
 * DATA_DIR/tmp (a recording's WAV, a half-made book). Returns how many entries it removed.
 */
export function sweepTempFiles(dataDir = env().DATA_DIR): number {
  const root = tempRoot(dataDir);
  let removed = 0;
  let kinds: fs.Dirent[];
  try {
    kinds = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const kind of kinds) {
    const dir = path.join(root, kind.name);
    if (!kind.isDirectory()) {
      fs.rmSync(dir, { force: true });
      removed++;
      continue;
    }
    for (const entry of fs.readdirSync(dir)) {
      fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
