// Erasure. An administrator erases a resident after typing their name; a family member
// erases their own account the same way. Afterwards no row of theirs remains in any table and no
// file of theirs in the media folder; the audit log says who erased and when, not what.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  type Fixture,
} from "../helpers/home-fixture";
import { auditDetails } from "~/models/audit.server";
import { translator } from "~/utils/i18n.server";
import { mediaDir, saveImage } from "~/models/media.server";
import { createStory } from "~/models/story.server";
import { controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";
import * as eraseResidentRoute from "~/routes/_community+/admin+/residents_.$residentId_.erase";
import * as eraseOwnRoute from "~/routes/_community+/family+/erase";

let dir: string;
let alpha: Fixture;
const t = tenantSchema;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
});
afterAll(() => cleanupDataDir(dir));

/** Every row of every table of the community's database, as text, to search for ids and names. */
function everyRow(): string[] {
  const sqlite = alpha.db().$client;
  const tables = (
    sqlite
      .prepare(
        "select name from sqlite_master where type='table' and name not like 'sqlite_%' and name not like '__drizzle%'",
      )
      .all() as { name: string }[]
  ).map((x) => x.name);
  return tables.flatMap((name) =>
    (sqlite.prepare(`select * from "${name}"`).all() as object[]).map(
      (r) => `${name}: ${JSON.stringify(r)}`,
    ),
  );
}

async function picture(color: string) {
  return sharp({ create: { width: 30, height: 20, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

describe("erasing a resident", () => {
  it("needs the typed name; then no row or file of theirs remains, and the audit says who and when", async () => {
    const db = alpha.db();
    const ada = alpha.residents.ada;
    // give Ada everything: a portrait, a story with a picture, a family photo, a comment, a reaction, a question, About me
    const portrait = await saveImage(db, alpha.community, await picture("#111"), {
      status: "attached",
    });
    db.update(t.residents)
      .set({ profileImageId: portrait.id })
      .where(eq(t.residents.id, ada))
      .run();
    const pic = await saveImage(db, alpha.community, await picture("#222"), { status: "attached" });
    const story = createStory(db, {
      residentId: ada,
      author: { id: "ada-user", username: "ada", displayName: "Ada" },
      title: "Analytical engines",
      content: "Bernoulli numbers.",
      category: "career",
      imageId: pic.id,
    });
    const shared = await saveImage(db, alpha.community, await picture("#333"), {
      status: "attached",
    });
    db.insert(t.familyPhotos)
      .values({
        id: "photo-1",
        familyMemberId: alpha.family.adaDaughter,
        residentId: ada,
        imageId: shared.id,
        description: "At the seaside",
      })
      .run();
    db.insert(t.comments)
      .values({
        id: "comment-1",
        storyId: story.id,
        familyMemberId: alpha.family.adaDaughter,
        authorName: "Dora Lovelace",
        content: "Marvellous",
      })
      .run();
    db.insert(t.reactions)
      .values({ id: "reaction-1", storyId: story.id, userId: "dora-user", emoji: "❤️" })
      .run();
    db.insert(t.familyQuestions)
      .values({
        id: "question-1",
        familyMemberId: alpha.family.adaDaughter,
        residentId: ada,
        question: "What about Babbage?",
      })
      .run();
    db.insert(t.aboutMe).values({ residentId: ada, preferredName: "Ada", calms: "Poetry" }).run();
    db.insert(t.recordingLinks).values({ id: "link-1", storyId: story.id }).run();
    const files = () => fs.readdirSync(mediaDir(alpha.community));
    const adaFiles = [portrait, pic, shared].map((m) => m.fileName);
    for (const f of adaFiles) expect(files()).toContain(f);
    const benStory = alpha.stories.benPublished;

    const admin = await cookieFor(alpha.origin, alpha.users.admin);
    const url = `${alpha.origin}/admin/residents/${ada}/erase`;
    expect(
      (await call(eraseResidentRoute.loader, get(url, admin), { residentId: ada })).status,
    ).toBe(200);
    // staff may not; a wrong name erases nothing and keeps what was typed
    const staff = await cookieFor(alpha.origin, alpha.users.staff);
    expect(
      (
        await call(eraseResidentRoute.action, postForm(url, { confirm: "Ada Lovelace" }, staff), {
          residentId: ada,
        })
      ).status,
    ).toBe(403);
    const wrong = await call(eraseResidentRoute.action, postForm(url, { confirm: "Ada" }, admin), {
      residentId: ada,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      typed: "Ada",
      error: expect.stringContaining("Ada Lovelace"),
    });
    expect(everyRow().some((r) => r.includes(ada))).toBe(true);

    const done = await call(
      eraseResidentRoute.action,
      postForm(url, { confirm: "  ada   lovelace " }, admin),
      { residentId: ada },
    );
    expect(done.status).toBe(302);
    expect(done.response!.headers.get("Location")).toBe("/admin/residents");

    // every table: nothing names Ada, her story, her family, her question, her photo or her files
    const rows = everyRow();
    for (const needle of [
      ada,
      story.id,
      alpha.stories.adaPublished,
      alpha.stories.adaPending,
      alpha.family.adaDaughter,
      "question-1",
      "photo-1",
      portrait.id,
      pic.id,
      shared.id,
      "Dora Lovelace",
      "Analytical engines",
      "Engines",
    ]) {
      expect(
        rows.filter((r) => r.includes(needle)),
        needle,
      ).toEqual([]);
    }
    // the media folder: none of her files (any size)
    for (const f of adaFiles)
      expect(files().some((x) => x.startsWith(f.replace(/\.\w+$/, "")))).toBe(false);
    // her sign-in and her daughter's are gone; Ben's family and story stay
    const control = getControlDb();
    const usernames = control
      .select({ u: controlSchema.users.username })
      .from(controlSchema.users)
      .where(eq(controlSchema.users.tenantId, alpha.community.id))
      .all()
      .map((r) => r.u);
    expect(usernames).not.toContain(alpha.users.ada);
    expect(usernames).not.toContain(alpha.users.adaDaughter);
    expect(usernames).toContain(alpha.users.benSon);
    expect(rows.some((r) => r.includes(benStory))).toBe(true);
    // the audit: who and when, not what
    const audit = control
      .select()
      .from(controlSchema.auditLog)
      .where(eq(controlSchema.auditLog.action, "erasure.resident"))
      .all();
    expect(audit).toHaveLength(1);
    // whose record it was and the day it was made, nothing of its content
    expect(audit[0]).toMatchObject({ tenantId: alpha.community.id, targetUserId: null });
    expect(audit[0]!.details).toMatch(/^resident, added \d{4}-\d{2}-\d{2}$/);
    expect(
      auditDetails("erasure.resident", audit[0]!.details, translator("en", "audit"), "en"),
    ).toMatch(/^a resident's record added on \w+ \d{1,2}, \d{4}$/);
    expect(audit[0]!.actorUserId).toBeTruthy();
    expect(JSON.stringify(audit[0])).not.toContain("Ada");
  });
});

describe("a family member erases their own account", () => {
  it("takes their comments, reactions, photos, questions and sign-in; the resident's stories stay", async () => {
    const db = alpha.db();
    const ben = alpha.residents.ben;
    const sam = alpha.family.benSon;
    const control = getControlDb();
    const samUser = control
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, alpha.users.benSon))
      .get()!;
    const shared = await saveImage(db, alpha.community, await picture("#444"), {
      status: "attached",
    });
    db.insert(t.familyPhotos)
      .values({
        id: "photo-sam",
        familyMemberId: sam,
        residentId: ben,
        imageId: shared.id,
        description: "Kite day",
      })
      .run();
    db.insert(t.comments)
      .values({
        id: "comment-sam",
        storyId: alpha.stories.benPublished,
        familyMemberId: sam,
        authorUserId: samUser.id,
        authorName: "Sam Franklin",
        content: "Go Dad",
      })
      .run();
    db.insert(t.reactions)
      .values({
        id: "reaction-sam",
        storyId: alpha.stories.benPublished,
        userId: samUser.id,
        emoji: "👏",
      })
      .run();
    db.update(t.stories)
      .set({ likeCount: 1 })
      .where(eq(t.stories.id, alpha.stories.benPublished))
      .run();
    db.insert(t.familyQuestions)
      .values({ id: "question-sam", familyMemberId: sam, residentId: ben, question: "Lightning?" })
      .run();

    const cookie = await cookieFor(alpha.origin, alpha.users.benSon);
    const url = `${alpha.origin}/family/erase`;
    expect((await call(eraseOwnRoute.loader, get(url, cookie))).data).toMatchObject({
      name: "Sam Franklin",
    });
    expect(
      (await call(eraseOwnRoute.action, postForm(url, { confirm: "Sam" }, cookie))).status,
    ).toBe(400);
    const done = await call(
      eraseOwnRoute.action,
      postForm(url, { confirm: "Sam Franklin" }, cookie),
    );
    expect(done.status).toBe(302);
    const rows = everyRow();
    for (const needle of [
      sam,
      samUser.id,
      "photo-sam",
      "question-sam",
      "comment-sam",
      "Sam Franklin",
      "Go Dad",
      shared.id,
    ]) {
      expect(
        rows.filter((r) => r.includes(needle)),
        needle,
      ).toEqual([]);
    }
    expect(
      fs
        .readdirSync(mediaDir(alpha.community))
        .some((x) => x.startsWith(shared.fileName.replace(/\.\w+$/, ""))),
    ).toBe(false);
    expect(
      control
        .select()
        .from(controlSchema.users)
        .where(eq(controlSchema.users.id, samUser.id))
        .get(),
    ).toBeUndefined();
    // Ben's story stays, its like count follows
    expect(
      db.select().from(t.stories).where(eq(t.stories.id, alpha.stories.benPublished)).get(),
    ).toMatchObject({ likeCount: 0 });
    // signed out now: the old cookie no longer opens anything
    expect((await call(eraseOwnRoute.loader, get(url, cookie))).status).toBe(302);
    expect(
      control
        .select()
        .from(controlSchema.auditLog)
        .where(eq(controlSchema.auditLog.action, "erasure.own_account"))
        .all(),
    ).toHaveLength(1);
  });
});
