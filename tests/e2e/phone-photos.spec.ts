// Any phone photo, from the first tap, with or without JavaScript: a large photo shared by family
// is saved (made smaller in the browser, or by the server); a refused file gives back the
// description and says to choose the photo again; the kiosk's Write a story saves a photo too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { largePhoneJpeg } from "../helpers/images";
import { test, expect, signIn } from "./support/fixtures";
import { openKiosk, registerKiosk } from "./support/kiosk";
import { queryOne } from "./support/media-helpers";

let dir: string;
let photo: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "phone-photos-"));
  photo = path.join(dir, "IMG_5120.jpg");
  fs.writeFileSync(photo, await largePhoneJpeg(12 * 1024 * 1024));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const js = () => test.info().project.name === "js";
const unique = (what: string) => `${what} ${test.info().project.name} ${Date.now().toString(36)}`;

function storedImage(imageId: string) {
  return queryOne<{ width: number; height: number }>(
    "SELECT width, height FROM media WHERE id = ?",
    imageId,
  )!;
}

test("a family member shares a phone's large photo with a description; it is saved", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "sarah.ellis");
  const description = unique("The pier at dusk");
  await page.goto("/family");
  await page.getByRole("link", { name: "Share Photo" }).click();
  const form = js() ? page.getByRole("dialog", { name: "Share Photo" }) : page.locator("main");
  await expect(form.getByText("Large photos are made smaller before sending.")).toBeVisible();
  await form.getByLabel("Photo", { exact: true }).setInputFiles(photo);
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Share Photo" }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "Your photo has been shared with Margaret",
    {
      timeout: 30_000,
    },
  );
  const row = queryOne<{ image_id: string }>(
    "SELECT image_id FROM family_photos WHERE description = ?",
    description,
  )!;
  const image = storedImage(row.image_id);
  expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(2048);
});

test("before the app's scripts arrive, the photo is already made smaller before it is sent", async ({
  page,
}) => {
  test.skip(!js(), "JavaScript on");
  test.setTimeout(120_000);
  await signIn(page, "sarah.ellis");
  // a slow link: the app's scripts are held back until the form was sent; the form and its inline
  // script are all there is
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  const description = unique("The first tap");
  // the page is shown, its scripts still on their way
  await page.goto("/family?dialog=photo", { waitUntil: "commit" });
  const form = page.locator("main");
  await form.getByLabel("Photo", { exact: true }).setInputFiles(photo);
  await form.getByLabel("Description").fill(description);
  // the app is not running: the form is sent by the browser itself
  expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/family"));
  await form.getByRole("button", { name: "Share Photo" }).click();
  const body = (await sent).postDataBuffer();
  expect(body?.length ?? 0).toBeLessThan(5 * 1024 * 1024);
  release();
  await expect(page.getByTestId("toast")).toContainText("Your photo has been shared with Margaret");
  expect(queryOne("SELECT id FROM family_photos WHERE description = ?", description)).toBeTruthy();
});

test("a refused file keeps the description and says to choose the photo again", async ({
  page,
}) => {
  await signIn(page, "sarah.ellis");
  const description = unique("Grandpa's workshop");
  await page.goto("/family");
  await page.getByRole("link", { name: "Share Photo" }).click();
  const form = js() ? page.getByRole("dialog", { name: "Share Photo" }) : page.locator("main");
  // a text file named like a photo: only its bytes tell
  await form.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "IMG_0007.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("these are notes, not a photo"),
  });
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Share Photo" }).click();
  await expect(page.getByText(/Please choose the photo again\./)).toBeVisible();
  await expect(page.getByLabel("Description")).toHaveValue(description);
  expect(
    queryOne("SELECT id FROM family_photos WHERE description = ?", description),
  ).toBeUndefined();
});

test("the kiosk's Write a story saves a photo with the story", async ({ browser }) => {
  test.setTimeout(120_000);
  const kiosk = await openKiosk(browser, await registerKiosk(unique("Photo tablet")));
  await kiosk.getByTestId("kiosk-grid").getByRole("link", { name: "Harold Jensen" }).click();
  await kiosk.getByLabel("Your 4-digit PIN").fill("1357");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/me$/);
  await kiosk.getByRole("link", { name: "Write a story" }).click();
  const title = unique("The county fair");
  await kiosk.getByLabel("Title").fill(title);
  await kiosk
    .getByRole("textbox", { name: "Your story" })
    .fill("We showed our best heifer at the county fair and came home with a blue ribbon.");
  await kiosk.getByLabel(/^Photo/).setInputFiles(photo);
  await kiosk.getByRole("button", { name: "Save Story" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/, { timeout: 30_000 });
  const row = queryOne<{ image_id: string | null }>(
    "SELECT image_id FROM stories WHERE title = ?",
    title,
  )!;
  expect(row.image_id).toBeTruthy();
  const image = storedImage(row.image_id!);
  expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(2048);
  await kiosk.context().close();
});
