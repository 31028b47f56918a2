// A phone camera's 21 MB photo in every form that takes a photo. Without JavaScript the server
// takes the whole upload (up to 25 MB) and makes it smaller itself; with JavaScript the browser
// makes the photo smaller first, shows it, says so; either way it is saved at most 2,048 px.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { writeToneWebm } from "../helpers/audio";
import { largePhoneJpeg } from "../helpers/images";
import { test, expect, signIn } from "./support/fixtures";
import { queryOne } from "./support/media-helpers";

const SHRUNK = /We made your photo smaller to send it \(21 MB to \d(\.\d)? MB\)/;
let dir: string;
let photo: string;
let recording: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-large-photos-"));
  photo = path.join(dir, "IMG_4032.jpg");
  fs.writeFileSync(photo, await largePhoneJpeg());
  recording = writeToneWebm(path.join(dir, "story.webm"));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const js = () => test.info().project.name === "js";
const unique = (what: string) => `${what} ${test.info().project.name} ${Date.now().toString(36)}`;

/** The stored image of a row: at most 2,048 px (the browser's copy, re-encoded by the server). */
function storedImage(imageId: string) {
  return queryOne<{ width: number; height: number; bytes: number; kind: string }>(
    "SELECT width, height, bytes, kind FROM media WHERE id = ?",
    imageId,
  )!;
}

async function expectShrunk(page: Page, scope: ReturnType<Page["locator"]> | Page) {
  await expect(scope.getByText(SHRUNK)).toBeVisible({ timeout: 30_000 });
}

test("Tell Your Story (the page, and the dialog with JavaScript)", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "margaret.ellis");
  const title = unique("The orchard");
  const content = "We picked apples every October and my mother made butter from the windfalls.";
  await page.goto("/resident/stories/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Your story", { exact: true }).fill(content);
  await page.getByLabel("Choose a picture").setInputFiles(photo);
  if (js()) {
    await expectShrunk(page, page);
    await expect(page.getByRole("img", { name: "Preview of the selected image" })).toBeVisible();
    await expect(page.getByText("Image ready")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Save Story" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "Your story has been saved and sent for review!",
    );
    const row = queryOne<{ image_id: string }>(
      "SELECT image_id FROM stories WHERE title = ?",
      title,
    )!;
    const image = storedImage(row.image_id);
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(2048);

    // the same in the dialog on the dashboard
    const dialogTitle = unique("The dialog orchard");
    await page.goto("/resident");
    await page.getByRole("link", { name: "Tell Your Story" }).click();
    const dialog = page.getByRole("dialog", { name: "Tell Your Story" });
    await dialog.getByLabel("Title", { exact: true }).fill(dialogTitle);
    await dialog.getByLabel("Your story", { exact: true }).fill(content);
    await dialog.getByLabel("Choose a picture").setInputFiles(photo);
    await expectShrunk(page, dialog);
    await expect(dialog.getByText("Image ready")).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Save Story" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "Your story has been saved and sent for review!",
    );
    expect(
      queryOne<{ image_id: string | null }>(
        "SELECT image_id FROM stories WHERE title = ?",
        dialogTitle,
      )?.image_id,
    ).toBeTruthy();
  } else {
    await page.getByRole("button", { name: "Save Story" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "Your story has been saved and sent for review!",
    );
    const row = queryOne<{ image_id: string }>(
      "SELECT image_id FROM stories WHERE title = ?",
      title,
    )!;
    const image = storedImage(row.image_id);
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(2048);
  }
});

test("the family's Share Photo", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "sarah.ellis");
  const description = unique("Dad at the lake, 1971");
  await page.goto("/family");
  await page.getByRole("link", { name: "Share Photo" }).click();
  // the family page ships no app: its form is a page, and the inline script beside the field
  // makes the photo smaller and says so
  const form = page.locator("main");
  await form.getByLabel("Photo", { exact: true }).setInputFiles(photo);
  await form.getByLabel("Description").fill(description);
  if (js()) {
    await expectShrunk(page, form);
    await form.getByRole("button", { name: "Share Photo" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "Your photo has been shared with Margaret",
    );
    const row = queryOne<{ image_id: string }>(
      "SELECT image_id FROM family_photos WHERE description = ?",
      description,
    )!;
    expect(
      Math.max(storedImage(row.image_id).width, storedImage(row.image_id).height),
    ).toBeLessThanOrEqual(2048);
  } else {
    await form.getByRole("button", { name: "Share Photo" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "Your photo has been shared with Margaret",
    );
    const row = queryOne<{ image_id: string }>(
      "SELECT image_id FROM family_photos WHERE description = ?",
      description,
    )!;
    expect(
      Math.max(storedImage(row.image_id).width, storedImage(row.image_id).height),
    ).toBeLessThanOrEqual(2048);
  }
});

test("the care team's resident photo", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "marcus");
  const last = `Photo${Date.now().toString(36)}${js() ? "J" : "N"}`;
  await page.goto("/staff/residents/new");
  await page.getByLabel("First name").fill("Winifred");
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Room").fill("21");
  await page.getByLabel(/Profile photo/).setInputFiles(photo);
  if (js()) await expectShrunk(page, page);
  await page.getByRole("button", { name: "Save resident" }).click();
  {
    await expect(page.getByTestId("toast")).toContainText("Resident added");
    const row = queryOne<{ profile_image_id: string }>(
      "SELECT profile_image_id FROM residents WHERE last_name = ?",
      last,
    )!;
    expect(row.profile_image_id).toBeTruthy();
    expect(
      Math.max(storedImage(row.profile_image_id).width, storedImage(row.profile_image_id).height),
    ).toBeLessThanOrEqual(2048);
  }
});

test("the record wizard's image", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "harold.jensen");
  await page.goto("/resident/record?step=record&category=travel&prompt=travel.1");
  if (js()) await page.getByText("Or choose a recording saved on this device").click();
  await page.getByLabel("Your recording").setInputFiles(recording);
  await page.getByRole("button", { name: "Transcribe My Recording" }).click();
  await expect(page).toHaveURL(/step=preview/, { timeout: 120_000 });
  const content = `We crossed the Rockies by train (${unique("wizard")}).`;
  await page.getByLabel("Your story", { exact: true }).fill(content);
  await page.getByLabel(/Story image/).setInputFiles(photo);
  if (js()) {
    await expectShrunk(page, page);
    await expect(
      page.getByRole("img", { name: "The image you chose for this story" }),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Save Story" }).click();
  {
    await expect(page.getByTestId("saved-story")).toBeVisible();
    const row = queryOne<{ image_id: string }>(
      "SELECT image_id FROM stories WHERE content = ?",
      content,
    )!;
    expect(
      Math.max(storedImage(row.image_id).width, storedImage(row.image_id).height),
    ).toBeLessThanOrEqual(2048);
  }
});
