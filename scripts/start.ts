// `npm start`: builds what is missing, migrates every database, loads the demo data into an empty
// DATA_DIR outside production (or creates the first super admin in production), then serves.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { env } from "~/utils/env.server";
import { getControlDb, controlSchema } from "~/utils/db.server";
import { migrateAllCommunities } from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { generateTemporaryPassword } from "~/utils/password.server";
import { eq } from "drizzle-orm";

let config;
try {
  config = env();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const buildFile = path.resolve(process.env.REMIX_BUILD_DIR || "build", "index.js");
// in production the image ships a finished build (and no build tools): only build when it is missing
const sourcesChanged =
  !fs.existsSync(buildFile) ||
  (!config.isProduction &&
  Math.max(newestMtime("app"), ...["remix.config.js", "tailwind.config.ts", "package.json"].map((f) => fs.statSync(f).mtimeMs)) >
    fs.statSync(buildFile).mtimeMs);
if (sourcesChanged) {
  console.log("Building the app...");
  const result = spawnSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed; see above.");
    process.exit(1);
  }
}

const control = getControlDb();
const communityCount = migrateAllCommunities();
console.log(`Databases migrated (control + ${communityCount} communities) in ${config.DATA_DIR}`);

if (!config.isProduction && communityCount === 0) {
  const { seedDemoData, DEMO_PASSWORD } = await import("../db/seed/seed");
  const { SEED_COMMUNITIES } = await import("../db/seed/data");
  const report = await seedDemoData(SEED_COMMUNITIES);
  console.log(`Loaded demo data: ${report.created.join(", ")}. Demo password for every account: ${DEMO_PASSWORD}`);
}

if (config.isProduction) {
  const existing = control.select().from(controlSchema.users).where(eq(controlSchema.users.role, "super_admin")).get();
  if (!existing) {
    const password = config.SUPER_ADMIN_PASSWORD ?? generateTemporaryPassword();
    await createUser({
      tenantId: null,
      username: "superadmin",
      email: process.env.SUPER_ADMIN_EMAIL || "superadmin@localhost",
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

const { startServer } = await import("./server");
await startServer();
