// `npm start`: builds what is missing, migrates every database, loads the demo data into an empty
// DATA_DIR outside production (or creates the first super admin in production), then serves.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { envOrExit } from "~/utils/env.server";
import { getControlDb, controlSchema } from "~/utils/db.server";
import { migrateAllCommunities } from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { generateTemporaryPassword } from "~/utils/password.server";
import { eq } from "drizzle-orm";

const config = envOrExit();

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const buildFile = path.join(config.REMIX_BUILD_DIR, "index.js");
// in production the image ships a finished build (and no build tools): only build when it is missing
const sourcesChanged =
  !fs.existsSync(buildFile) ||
  (!config.isProduction &&
    Math.max(
      newestMtime("app"),
      ...["remix.config.js", "tailwind.config.ts", "package.json"].map(
        (f) => fs.statSync(f).mtimeMs,
      ),
    ) > fs.statSync(buildFile).mtimeMs);
if (sourcesChanged) {
  console.log("Building the app...");
  const result = spawnSync(
    process.execPath,
    [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"],
    { stdio: "inherit" },
  );
  if (result.status !== 0) {
    console.error("The build failed; see above.");
    process.exit(1);
  }
}

const control = getControlDb();
const communityCount = migrateAllCommunities();
console.log(`Databases migrated (control + ${communityCount} communities) in ${config.DATA_DIR}`);

// a crash can leave half-written media files or files whose rows never committed: remove them
{
  const { recoverMediaFolder } = await import("~/models/media-recovery.server");
  const { listCommunities } = await import("~/models/community.server");
  const { getTenantDb } = await import("~/utils/db.server");
  let removed = 0;
  for (const c of listCommunities()) {
    const r = recoverMediaFolder(getTenantDb(c), c);
    removed += r.tempFiles + r.orphanFiles + r.stalePending;
    if (r.missingFiles.length)
      console.warn(`${c.subdomain}: ${r.missingFiles.length} media files are missing from disk`);
  }
  if (removed) console.log(`Removed ${removed} unfinished or unreferenced media files`);
}

// work files a stopped process left in DATA_DIR/tmp (a recording's WAV, a half-made PDF or zip)
{
  const { sweepTempFiles } = await import("~/utils/temp-files.server");
  const swept = sweepTempFiles();
  if (swept) console.log(`Removed ${swept} leftover work file(s) from ${config.DATA_DIR}/tmp`);
}

// benchmarks run a production-mode server on demo data (SEED_DEMO=1)
if ((!config.isProduction || config.SEED_DEMO) && communityCount === 0) {
  const { seedDemoData, DEMO_PASSWORD } = await import("../db/seed/seed");
  const { SEED_COMMUNITIES } = await import("../db/seed/data");
  const report = await seedDemoData(SEED_COMMUNITIES);
  console.log(
    `Loaded demo data: ${report.created.join(", ")}. Demo password for every account: ${DEMO_PASSWORD}`,
  );
}

if (config.isProduction) {
  const existing = control
    .select()
    .from(controlSchema.users)
    .where(eq(controlSchema.users.role, "super_admin"))
    .get();
  if (!existing) {
    const password = config.SUPER_ADMIN_PASSWORD ?? generateTemporaryPassword();
    await createUser({
      tenantId: null,
      username: "superadmin",
      email: config.SUPER_ADMIN_EMAIL,
      displayName: "System Administrator",
      role: "super_admin",
      password,
      mustChangePassword: !config.SUPER_ADMIN_PASSWORD,
    });
    console.log(
      config.SUPER_ADMIN_PASSWORD
        ? "Created the super admin 'superadmin' with the password from SUPER_ADMIN_PASSWORD."
        : `Created the super admin 'superadmin' with the one-time password: ${password}\n(it is shown only now; it must be changed at first sign-in)`,
    );
  }
}

// local transcription: build whisper.cpp's `main` when it is missing, in the background; a failed
// build never stops the start (transcription then says it is unavailable and residents type)
const whisperSetup = await import("./setup-whisper");
void whisperSetup
  .ensureWhisperBinary({ quiet: true })
  .then(async (result) => {
    console.log(result.message);
    if (config.NODE_ENV !== "test" && result.ok)
      console.log((await whisperSetup.ensureWhisperModel()).message);
  })
  .catch((error) => console.error("Whisper setup failed", error));
// recordings a stopped server was transcribing are queued again
const { recoverTranscriptionJobs } = await import("~/models/transcription.server");
const requeued = recoverTranscriptionJobs();
if (requeued) console.log(`Transcription: ${requeued} unfinished recording(s) queued again`);
// email: what a stopped server left in the queue is sent, then the worker and the digest clock run
const { startMailWorker } = await import("~/models/mail-worker.server");
const mail = startMailWorker();
if (mail.requeued || mail.waiting)
  console.log(
    `Email: ${mail.requeued} interrupted message(s) queued again; mail waiting in ${mail.waiting} community(ies)`,
  );

const { startServer } = await import("../server");
await startServer();
