// The lounge kiosk's "Write a story", with JavaScript and without: her turn ends while she has
// typed a story and chosen a photo; her words and her photo come back ("tap your photo to save
// this"), and after her PIN the story she saves has that photo.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { test, expect, httpRequest, sessionCookie, PORT } from "./support/fixtures";
import { openKiosk, registerKiosk } from "./support/kiosk";

test.use({ viewport: { width: 1024, height: 768 } });

const DB_FILE = path.resolve(`test-data/e2e-${PORT}/tenants/sunnybrook.sqlite`);
let fixtures: string;
let photoFile: string;

test.beforeAll(async () => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-kiosk-photo-e2e-"));
  photoFile = path.join(fixtures, "pier.jpg");
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#6a8fb3" } })
    .jpeg()
    .toFile(photoFile);
});
test.afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

function query<T>(sql: string, ...args: unknown[]): T | undefined {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T | undefined;
  } finally {
    db.close();
  }
}

const unique = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;

/** Her last tap was `seconds` ago: the server ends the turn as 2 minutes without a tap do. */
function ageTurn(kioskId: string, seconds: number) {
  const db = new Database(DB_FILE, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare("update kiosk_sessions set last_input_at = ? where kiosk_id = ?").run(
      new Date(Date.now() - seconds * 1000).toISOString(),
      kioskId,
    );
  } finally {
    db.close();
  }
}

/** The kept photo is on the page, and the kiosk may open it. */
async function expectKeptPhoto(kiosk: Page) {
  const img = kiosk.getByRole("img", { name: "The photo you chose for your story" });
  await expect(img).toBeVisible();
  const src = await img.getAttribute("src");
  expect(src).toMatch(/^\/media\/[\w-]+\?w=400$/);
  const cookie = (await kiosk.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await httpRequest({ path: src!, cookie });
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("image/webp");
  // a family member, signed in, does not see it
  const family = await httpRequest({ path: src!, cookie: await sessionCookie("sarah.ellis") });
  expect(family.status).toBe(404);
  await expect(kiosk.getByRole("button", { name: "Remove this photo" })).toBeVisible();
  return src!.slice("/media/".length, src!.indexOf("?"));
}

test("her turn ends while she has typed a story and chosen a photo: both come back, and after her PIN the saved story has the photo", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = unique("Sun room tablet");
  const kiosk = await openKiosk(browser, await registerKiosk(name));
  const id = query<{ id: string }>("select id from kiosks where name = ?", name)!.id;
  await kiosk.getByRole("link", { name: "Harold Jensen" }).click();
  await kiosk.getByLabel("Your 4-digit PIN").fill("1357");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/me$/);
  await kiosk.getByRole("link", { name: "Write a story" }).click();
  await expect(kiosk.getByRole("heading", { name: "Write a story" })).toBeVisible();

  const title = unique("The pier at dusk");
  const words = "We fished off the end of the pier until the lamps came on.";
  await kiosk.getByLabel("Title").fill(title);
  await kiosk.getByRole("textbox", { name: "Your story" }).fill(words);
  await kiosk.getByLabel("Photo (optional)").setInputFiles(photoFile);
  // past the 30 minutes in which the turn could be taken up again
  ageTurn(id, 33 * 60);
  await kiosk.getByRole("button", { name: "Save Story" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/write\?draft=[\w-]+$/);
  await expect(
    kiosk.getByRole("heading", { name: "Your turn ended; tap your photo to save this" }),
  ).toBeVisible();
  await expect(kiosk.getByLabel("Title")).toHaveValue(title);
  await expect(kiosk.getByRole("textbox", { name: "Your story" })).toHaveValue(words);
  const imageId = await expectKeptPhoto(kiosk);
  expect(query("select id from stories where title = ?", title)).toBeUndefined();
  await kiosk.screenshot({
    path: test.info().outputPath(`kiosk-draft-photo-${test.info().project.name}.png`),
  });

  // her photo, her PIN: the new turn opens on her words and her photo
  await kiosk.getByTestId("kiosk-turn-ended-photo").click();
  await expect(kiosk.getByRole("heading", { name: "Hello, Harold Jensen" })).toBeVisible();
  await kiosk.getByLabel("Your 4-digit PIN").fill("1357");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/write\?draft=[\w-]+$/);
  await expect(kiosk.getByTestId("kiosk-draft-back")).toBeVisible();
  await expect(kiosk.getByRole("textbox", { name: "Your story" })).toHaveValue(words);
  expect(await expectKeptPhoto(kiosk)).toBe(imageId);
  await kiosk.getByRole("button", { name: "Save Story" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText("Thank you, Harold. Your story is saved.");
  expect(
    query<{ image_id: string; status: string }>(
      "select s.image_id, m.status from stories s join media m on m.id = s.image_id where s.title = ?",
      title,
    ),
  ).toEqual({ image_id: imageId, status: "attached" });
  await kiosk.context().close();
});
