// Any phone photo, from the first tap, with or without JavaScript: a large photo shared by family
// is saved (made smaller in the browser, or by the server); a refused file gives back the
// description and says to choose the photo again; the kiosk's Write a story saves a photo too.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Page, Request } from "@playwright/test";
import { largePhoneJpeg } from "../helpers/images";
import { test, expect, signIn } from "./support/fixtures";
import { openKiosk, registerKiosk } from "./support/kiosk";
import { fetchAs, queryOne } from "./support/media-helpers";

let dir: string;
let photo: string;
// a 4,000 x 3,000 camera photo of pure noise: it does not compress, so it weighs 11-12 MB
let noisy: string;
let heic: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "phone-photos-"));
  photo = path.join(dir, "IMG_5120.jpg");
  fs.writeFileSync(photo, await largePhoneJpeg(12 * 1024 * 1024));
  noisy = path.join(dir, "IMG_6001.jpg");
  const width = 4000;
  const height = 3000;
  await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toFile(noisy);
  const small = path.join(dir, "garden.jpg");
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#5a8f3c" } })
    .jpeg()
    .toFile(small);
  heic = path.join(dir, "IMG_7002.HEIC");
  execFileSync("heif-enc", ["-q", "60", "-o", heic, small]);
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const js = () => test.info().project.name === "js";
const unique = (what: string) => `${what} ${test.info().project.name} ${Date.now().toString(36)}`;

/** Whether this machine can decode an iPhone's HEIC photo (the server uses heif-convert from PATH). */
function heifConvertOnPath(): boolean {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((d) => d && fs.existsSync(path.join(d, "heif-convert")));
}

/** The size of a sent form's body: what the browser says it sends, else the bytes Playwright saw. */
async function bodyBytes(request: Request): Promise<number> {
  const declared = Number((await request.allHeaders())["content-length"]);
  const seen = request.postDataBuffer()?.length ?? 0;
  return Number.isFinite(declared) ? Math.max(declared, seen) : seen;
}

/** The shared photo's description on the family page, and the longer side of the image shown with it. */
async function shownPhotoEdge(page: Page, description: string) {
  await page.goto("/family");
  const img = page.getByRole("img", { name: description }).first();
  await expect(img).toBeVisible();
  const src = (await img.getAttribute("src"))!;
  const res = await fetchAs(page, src.replace(/[?&]w=\d+/, ""));
  expect(res.status).toBe(200);
  const meta = await sharp(res.body).metadata();
  return Math.max(meta.width!, meta.height!);
}

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
  // the family page ships no app script: the form is its own page with JavaScript on or off, and
  // its photo field shrinks photos with the inline script beside it
  const form = page.locator("main");
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

test("on a slow link, a 12 MB photo picked half a second after the form appears is sent at most 2 MB", async ({
  page,
}) => {
  test.skip(!js(), "JavaScript on");
  test.setTimeout(300_000);
  expect(fs.statSync(noisy).size).toBeGreaterThanOrEqual(11 * 1024 * 1024);
  await signIn(page, "sarah.ellis");
  // a slow phone link: 400 kbit/s each way, 400 ms round trips
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/family") posts.push(r);
  });
  const description = unique("The harbour from the ferry");
  await page.goto("/family?dialog=photo", { waitUntil: "commit" });
  const form = page.locator("main");
  const field = form.getByLabel("Photo", { exact: true });
  await field.waitFor({ state: "attached", timeout: 60_000 });
  // the form is shown; half a second later the photo is picked, the app's scripts still on their way
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
  await field.setInputFiles(noisy);
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Share Photo" }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "Your photo has been shared with Margaret",
    { timeout: 240_000 },
  );
  const carrying = posts.filter((r) =>
    (r.headers()["content-type"] ?? "").startsWith("multipart/form-data"),
  );
  expect(carrying.length).toBeGreaterThan(0);
  for (const r of carrying) expect(await bodyBytes(r)).toBeLessThanOrEqual(2 * 1024 * 1024);
  const row = queryOne<{ image_id: string }>(
    "SELECT image_id FROM family_photos WHERE description = ?",
    description,
  )!;
  expect(row).toBeTruthy();
  const image = storedImage(row.image_id);
  expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(2048);
});

test("without JavaScript, the 12 MB photo is made smaller by the server and saved with its description", async ({
  page,
}) => {
  test.skip(js(), "JavaScript off");
  test.setTimeout(120_000);
  expect(fs.statSync(noisy).size).toBeGreaterThanOrEqual(11 * 1024 * 1024);
  await signIn(page, "sarah.ellis");
  const description = unique("The harbour at noon");
  await page.goto("/family?dialog=photo");
  const form = page.locator("main");
  await form.getByLabel("Photo", { exact: true }).setInputFiles(noisy);
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Share Photo" }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "Your photo has been shared with Margaret",
    { timeout: 60_000 },
  );
  expect(queryOne("SELECT id FROM family_photos WHERE description = ?", description)).toBeTruthy();
  expect(await shownPhotoEdge(page, description)).toBeLessThanOrEqual(2048);
});

test("an iPhone's HEIC photo is saved with its description, or refused with how to send a JPEG", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "sarah.ellis");
  const description = unique("The garden in May");
  await page.goto("/family");
  await page.getByRole("link", { name: "Share Photo" }).click();
  const form = page.locator("main");
  await form.getByLabel("Photo", { exact: true }).setInputFiles(heic);
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Share Photo" }).click();
  if (heifConvertOnPath()) {
    await expect(page.getByTestId("toast")).toContainText(
      "Your photo has been shared with Margaret",
      { timeout: 60_000 },
    );
    const row = queryOne<{ image_id: string }>(
      "SELECT image_id FROM family_photos WHERE description = ?",
      description,
    )!;
    expect(row).toBeTruthy();
    expect(storedImage(row.image_id).width).toBe(1200);
  } else {
    await expect(page.getByText(/Settings → Camera → Formats → Most Compatible/)).toBeVisible();
    await expect(page.getByText(/Please choose the photo again\./)).toBeVisible();
    await expect(page.getByLabel("Description")).toHaveValue(description);
    expect(
      queryOne("SELECT id FROM family_photos WHERE description = ?", description),
    ).toBeUndefined();
  }
});

test("a refused file keeps the description and says to choose the photo again", async ({
  page,
}) => {
  await signIn(page, "sarah.ellis");
  const description = unique("Grandpa's workshop");
  await page.goto("/family");
  await page.getByRole("link", { name: "Share Photo" }).click();
  const form = page.locator("main");
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
