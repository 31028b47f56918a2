// Another connection holding a community's write lock for a moment (a script, a restore, a
// test writing beside the server) makes the server's writes wait, not fail. A transaction that
// read first and wrote second used to get SQLITE_BUSY at once: SQLite does not wait for a lock a
// reader would have to upgrade to. Found as a 500 on a family member's story page in CI.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  approve,
  buildCommunity,
  call,
  cookieFor,
  get,
  type Fixture,
} from "../helpers/home-fixture";
import { recordStoryView } from "~/models/comment.server";
import { tenantDbFile, tenantSchema } from "~/utils/db.server";
import * as storyPage from "~/routes/_community+/stories+/$storyId";

let dir: string;
let alpha: Fixture;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  approve(alpha.db(), alpha.stories.adaPublished);
});
afterAll(() => cleanupDataDir(dir));

/** Another process takes the community's write lock, says so, and keeps it `ms` before committing. */
async function holdWriteLock(ms: number) {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.pragma("busy_timeout = 5000");
    db.exec("BEGIN IMMEDIATE");
    db.prepare("UPDATE residents SET room_number = room_number WHERE 0").run();
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("COMMIT"); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(
    process.execPath,
    ["-e", script, tenantDbFile(alpha.community.subdomain), String(ms)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  expect(chunk.toString()).toContain("locked");
  return { done: once(child, "exit") };
}

describe("a write lock held by another connection", () => {
  it("a view is counted once the lock is let go, not refused", async () => {
    const db = alpha.db();
    const lock = await holdWriteLock(400);
    const t0 = performance.now();
    // reads the story, then writes the view: the write waits for the other process's commit
    expect(
      recordStoryView(db, alpha.community, alpha.family.adaDaughter, alpha.stories.adaPublished),
    ).toBe(true);
    expect(performance.now() - t0).toBeGreaterThan(200);
    await lock.done;
    const story = db
      .select()
      .from(tenantSchema.stories)
      .where(eq(tenantSchema.stories.id, alpha.stories.adaPublished))
      .get()!;
    expect(story.viewCount).toBe(1);
  });

  it("the story page opens for a family member while the lock is held", async () => {
    const cookie = await cookieFor(alpha.origin, alpha.users.benSon);
    approve(alpha.db(), alpha.stories.benPublished);
    const lock = await holdWriteLock(400);
    const page = await call(
      storyPage.loader,
      get(`${alpha.origin}/stories/${alpha.stories.benPublished}`, cookie),
      { storyId: alpha.stories.benPublished },
    );
    expect(page.status).toBe(200);
    expect(page.data.story.viewCount).toBe(1);
    await lock.done;
  });
});
