// Crash recovery for media folders, run at start before any request: a write cut short leaves
// either a `.tmp-*` file (never renamed into place) or a file whose database row was never
// committed. Both are removed; files that rows point at are kept.
import fs from "node:fs";
import path from "node:path";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { mediaDir, mediaVariants } from "./media.server";
import { sweepPendingMedia } from "./media-access.server";

export type MediaRecovery = { tempFiles: number; orphanFiles: number; stalePending: number; missingFiles: string[] };

export function recoverMediaFolder(db: TenantDb, community: Pick<Community, "subdomain">): MediaRecovery {
  const result: MediaRecovery = { tempFiles: 0, orphanFiles: 0, stalePending: 0, missingFiles: [] };
  const dir = mediaDir(community);
  const referenced = new Set<string>();
  for (const row of db.select().from(tenantSchema.media).all()) {
    for (const f of new Set([row.fileName, ...mediaVariants(row).map((v) => v.fileName)])) {
      referenced.add(f);
      if (!fs.existsSync(path.join(dir, f))) result.missingFiles.push(f);
    }
  }
  if (fs.existsSync(dir)) {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (!fs.statSync(file).isFile()) continue;
      if (name.startsWith(".tmp-")) {
        fs.rmSync(file, { force: true });
        result.tempFiles++;
      } else if (!referenced.has(name)) {
        fs.rmSync(file, { force: true });
        result.orphanFiles++;
      }
    }
  }
  result.stalePending = sweepPendingMedia(db, community);
  return result;
}
