import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { saveImage } from "~/models/media.server";
import { createStory } from "~/models/story.server";
import { backupDataDir, restoreDataDir } from "~/utils/backup.server";
import { getTenantDb, tenantSchema } from "~/utils/db.server";
import { drawSeedImage } from "../../db/seed/seed";

let dir: string;
beforeAll(() => {
  dir = useTempDataDir();
});
afterAll(() => cleanupDataDir(dir));

describe("backup and restore", () => {
  it("copies every database and media file consistently while writes go on, and restores them", async () => {
    const community = createCommunity({ name: "Backup Manor", subdomain: "backup-manor" });
    const db = getTenantDb(community);
    db.insert(tenantSchema.residents)
      .values({ id: "r1", firstName: "Ada", lastName: "Byrne" })
      .run();
    const author = { id: "u1", username: "ada", displayName: "Ada Byrne" };
    const image = await saveImage(
      db,
      community,
      await drawSeedImage({ scene: "lake", from: "#aaccee", to: "#336699" }),
    );
    createStory(db, {
      residentId: "r1",
      author,
      content: "The first story before the backup.",
      category: "general",
      imageId: image.id,
    });

    // keep writing while the backup runs
    let written = 1;
    const writer = setInterval(() => {
      createStory(db, {
        residentId: "r1",
        author,
        content: `Story number ${++written}`,
        category: "family",
      });
    }, 2);
    const dest = path.join(dir, "..", `${path.basename(dir)}-backup`);
    const manifest = await backupDataDir(dir, dest);
    clearInterval(writer);

    expect(manifest.databases.map((d) => d.file).sort()).toEqual([
      "control.sqlite",
      "tenants/backup-manor.sqlite",
    ]);
    expect(manifest.databases.every((d) => d.integrity === "ok")).toBe(true);
    expect(manifest.mediaFiles).toBeGreaterThanOrEqual(1);
    const copy = new Database(path.join(dest, "tenants/backup-manor.sqlite"), { readonly: true });
    const storiesInBackup = (
      copy.prepare("select count(*) as n from stories").get() as { n: number }
    ).n;
    copy.close();
    expect(storiesInBackup).toBeGreaterThanOrEqual(1);
    expect(storiesInBackup).toBeLessThanOrEqual(written);

    // restore into a fresh folder and read it back
    const restored = path.join(dir, "..", `${path.basename(dir)}-restored`);
    const { movedAsideTo } = restoreDataDir(dest, restored);
    expect(movedAsideTo).toBeNull();
    const back = new Database(path.join(restored, "tenants/backup-manor.sqlite"), {
      readonly: true,
    });
    expect(back.pragma("integrity_check", { simple: true })).toBe("ok");
    expect((back.prepare("select count(*) as n from stories").get() as { n: number }).n).toBe(
      storiesInBackup,
    );
    const fileName = (back.prepare("select file_name from media").get() as { file_name: string })
      .file_name;
    back.close();
    expect(fs.existsSync(path.join(restored, "tenants/backup-manor/media", fileName))).toBe(true);
    for (const d of [dest, restored]) fs.rmSync(d, { recursive: true, force: true });
  });

  it("refuses a damaged backup and leaves the data folder alone", async () => {
    const dest = path.join(dir, "..", `${path.basename(dir)}-backup2`);
    await backupDataDir(dir, dest);
    fs.appendFileSync(path.join(dest, "control.sqlite"), "garbage");
    const target = path.join(dir, "..", `${path.basename(dir)}-target`);
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "keep.txt"), "still here");
    expect(() => restoreDataDir(dest, target)).toThrow(/missing or damaged/);
    expect(fs.readFileSync(path.join(target, "keep.txt"), "utf8")).toBe("still here");
    for (const d of [dest, target]) fs.rmSync(d, { recursive: true, force: true });
  });
});
