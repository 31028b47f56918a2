// `npm run restore -- BACKUP_DIR`: puts a backup back into DATA_DIR. Stop the server first.
import { env } from "~/utils/env.server";
import { restoreDataDir } from "~/utils/backup.server";

const from = process.argv[2];
if (!from) {
  console.error("Usage: npm run restore -- <backup folder>");
  process.exit(1);
}
try {
  const res = await fetch(`http://127.0.0.1:${env().PORT}/healthz`).catch(() => null);
  if (res?.ok && !env().RESTORE_WHILE_RUNNING) {
    console.error(
      `A server answers on port ${env().PORT}. Stop it before restoring (or set RESTORE_WHILE_RUNNING=1 if that is another app).`,
    );
    process.exit(1);
  }
  const { movedAsideTo, manifest } = restoreDataDir(from, env().DATA_DIR);
  console.log(
    `Restored ${manifest.databases.length} databases and ${manifest.mediaFiles} media files from ${from} (taken ${manifest.createdAt}).`,
  );
  if (movedAsideTo) console.log(`The previous data is kept at ${movedAsideTo}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
