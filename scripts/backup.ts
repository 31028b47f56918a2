// `npm run backup [-- DEST]`: a consistent online copy of DATA_DIR (safe while the server runs).
import path from "node:path";
import { env } from "~/utils/env.server";
import { backupDataDir } from "~/utils/backup.server";

const dataDir = env().DATA_DIR;
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const dest = path.resolve(
  process.argv[2] ?? path.join(path.dirname(dataDir), "backups", `storyloom-${stamp}`),
);
const started = Date.now();
const manifest = await backupDataDir(dataDir, dest);
const bad = manifest.databases.filter((d) => d.integrity !== "ok");
console.log(
  `Backed up ${manifest.databases.length} databases and ${manifest.mediaFiles} media files (${(manifest.mediaBytes / 1e6).toFixed(1)} MB) to ${dest} in ${Date.now() - started} ms`,
);
if (bad.length) {
  console.error(`Integrity check failed for: ${bad.map((d) => d.file).join(", ")}`);
  process.exit(1);
}
