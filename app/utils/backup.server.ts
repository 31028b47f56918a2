// Online backups: a consistent copy of the control database, every community database and the
// media files, taken while the server runs (SQLite's backup API), and the matching restore.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import Database from "better-sqlite3";

export type BackupManifest = {
  createdAt: string;
  databases: { file: string; bytes: number; sha256: string; integrity: string }[];
  mediaFiles: number;
  mediaBytes: number;
};

const MANIFEST = "manifest.json";

function sha256File(file: string): string {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

function listDatabases(dataDir: string): string[] {
  const files: string[] = [];
  if (fs.existsSync(path.join(dataDir, "control.sqlite"))) files.push("control.sqlite");
  const tenants = path.join(dataDir, "tenants");
  if (fs.existsSync(tenants)) {
    for (const name of fs.readdirSync(tenants).sort()) {
      if (name.endsWith(".sqlite")) files.push(path.join("tenants", name));
    }
  }
  return files;
}

function copyTree(from: string, to: string, counter: { files: number; bytes: number }) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    // half-written uploads are never part of a backup
    if (entry.name.startsWith(".tmp-")) continue;
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(src, dest, counter);
    else if (entry.isFile()) {
      fs.copyFileSync(src, dest);
      counter.files += 1;
      counter.bytes += fs.statSync(dest).size;
    }
  }
}

/** Copies DATA_DIR into `destDir` (which must not exist yet) while the server keeps running. */
export async function backupDataDir(dataDir: string, destDir: string): Promise<BackupManifest> {
  if (fs.existsSync(destDir) && fs.readdirSync(destDir).length > 0)
    throw new Error(`Backup folder ${destDir} is not empty`);
  const work = `${destDir}.partial-${crypto.randomBytes(4).toString("hex")}`;
  fs.mkdirSync(path.join(work, "tenants"), { recursive: true });
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    databases: [],
    mediaFiles: 0,
    mediaBytes: 0,
  };
  try {
    for (const rel of listDatabases(dataDir)) {
      const source = new Database(path.join(dataDir, rel), { fileMustExist: true });
      source.pragma("busy_timeout = 5000");
      const target = path.join(work, rel);
      try {
        // media rows are written before their files are referenced, so copying the databases first
        // and the media second never leaves a backed-up row without its file
        await source.backup(target);
      } finally {
        source.close();
      }
      const check = new Database(target, { readonly: true });
      const integrity = String(check.pragma("integrity_check", { simple: true }));
      check.close();
      manifest.databases.push({
        file: rel,
        bytes: fs.statSync(target).size,
        sha256: sha256File(target),
        integrity,
      });
    }
    const tenants = path.join(dataDir, "tenants");
    if (fs.existsSync(tenants)) {
      for (const entry of fs.readdirSync(tenants, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const counter = { files: 0, bytes: 0 };
        copyTree(path.join(tenants, entry.name), path.join(work, "tenants", entry.name), counter);
        manifest.mediaFiles += counter.files;
        manifest.mediaBytes += counter.bytes;
      }
    }
    fs.writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    fs.rmSync(destDir, { recursive: true, force: true });
    fs.renameSync(work, destDir);
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
  return manifest;
}

/**
 * Restores a backup into `dataDir` (the server must be stopped). Checks every database against
 * the manifest first; the current DATA_DIR contents are moved aside, not deleted.
 */
export function restoreDataDir(
  backupDir: string,
  dataDir: string,
): { movedAsideTo: string | null; manifest: BackupManifest } {
  const manifestFile = path.join(backupDir, MANIFEST);
  if (!fs.existsSync(manifestFile))
    throw new Error(`${backupDir} is not a Storyloom backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
  for (const db of manifest.databases) {
    const file = path.join(backupDir, db.file);
    if (!fs.existsSync(file) || sha256File(file) !== db.sha256)
      throw new Error(`Backup file ${db.file} is missing or damaged`);
  }
  let movedAsideTo: string | null = null;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    movedAsideTo = `${dataDir.replace(/\/$/, "")}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(dataDir, movedAsideTo);
  }
  const staging = `${dataDir.replace(/\/$/, "")}.restoring`;
  fs.rmSync(staging, { recursive: true, force: true });
  copyTree(backupDir, staging, { files: 0, bytes: 0 });
  fs.rmSync(path.join(staging, MANIFEST), { force: true });
  // keep the local session secret so that a restore does not sign everyone out needlessly
  if (movedAsideTo && fs.existsSync(path.join(movedAsideTo, ".session-secret"))) {
    fs.copyFileSync(
      path.join(movedAsideTo, ".session-secret"),
      path.join(staging, ".session-secret"),
    );
  }
  fs.renameSync(staging, dataDir);
  return { movedAsideTo, manifest };
}
