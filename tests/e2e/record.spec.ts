// The record-a-story wizard, with JavaScript (Chromium's fake microphone) and without it (a file
// from the device). The server runs the real whisper.cpp binary; with the test model it hears no
// words, so the resident types the story on the preview step.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import sharp from "sharp";
import { writeToneWebm } from "../helpers/audio";
import { test, expect, signIn, httpRequest, sessionCookie, PORT } from "./support/fixtures";

const DB_FILE = path.resolve(`test-data/e2e-${PORT}/tenants/sunnybrook.sqlite`);
let fixtures: string;

test.beforeAll(async () => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-record-e2e-"));
  writeToneWebm(path.join(fixtures, "story.webm"));
  fs.writeFileSync(
    path.join(fixtures, "broken.webm"),
    Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 7)]),
  );
  await sharp({ create: { width: 320, height: 240, channels: 3, background: "#c08040" } })
    .png()
    .toFile(path.join(fixtures, "photo.png"));
});
test.afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

function storyByContent(content: string) {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select s.*, r.first_name as resident_first, a.kind as audio_kind, a.status as audio_status, i.kind as image_kind
         from stories s join residents r on r.id = s.resident_id
         left join media a on a.id = s.audio_id left join media i on i.id = s.image_id where s.content = ?`,
      )
      .get(content) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

const toast = (page: import("@playwright/test").Page) => page.getByTestId("toast");

async function expectAccessible(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test("a resident tells a story: category, prompt, record, preview, save; it waits for review with its audio and image", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const js = test.info().project.name === "js";
  await signIn(page, "margaret.ellis");
  await page.goto("/resident/record");
  await expect(page.getByRole("heading", { name: "Record a Story" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Dashboard/ })).toHaveAttribute(
    "href",
    "/resident",
  );
  const steps = page.getByTestId("wizard-steps");
  await expect(steps.getByRole("listitem")).toHaveText([
    /1\s*Step 1: Category/,
    /Prompt/,
    /Record/,
    /Preview/,
  ]);
  await expect(steps.locator('[aria-current="step"]')).toContainText("Category");

  // 1 Category: Continue is disabled until one is chosen (where JavaScript can enable it again)
  const cont = page.getByRole("button", { name: "Continue to Prompt" });
  if (js) await expect(cont).toBeDisabled();
  await page.getByLabel("Travel").check();
  await expect(cont).toBeEnabled();
  await cont.click();

  // 2 Prompt: one from the bank, a different one on request
  await expect(page).toHaveURL(/step=prompt&category=travel&prompt=/);
  await expect(steps.locator('[aria-current="step"]')).toContainText("Prompt");
  const prompt = page.getByTestId("story-prompt");
  const first = (await prompt.textContent())!.trim();
  expect(first.length).toBeGreaterThan(20);
  await page.getByRole("button", { name: "New Prompt" }).click();
  await expect(prompt).not.toHaveText(first);
  const chosen = (await prompt.textContent())!.trim();
  await expect(page.getByRole("link", { name: "Change Category" })).toHaveAttribute(
    "href",
    /category=travel/,
  );
  await page.getByRole("link", { name: "Start Recording" }).click();

  // 3 Record
  await expect(page).toHaveURL(/step=record/);
  await expect(page.getByTestId("story-prompt")).toHaveText(chosen);
  await expect(page.getByRole("link", { name: "Back to Prompt" })).toBeVisible();
  if (js) {
    const status = page.getByTestId("recorder-status");
    await expect(status).toHaveText("Ready to Record");
    await page.getByRole("button", { name: "Start Recording" }).click();
    await expect(status).toHaveText("Recording...");
    await expect(toast(page)).toContainText("Recording started");
    await expect(page.getByTestId("recorder-elapsed")).toHaveText("0:02", { timeout: 10_000 });
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(status).toHaveText("Paused");
    await expect(toast(page)).toContainText("Recording paused");
    const paused = await page.getByTestId("recorder-elapsed").textContent();
    await page.waitForTimeout(1500);
    await expect(page.getByTestId("recorder-elapsed")).toHaveText(paused!);
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(toast(page)).toContainText("Recording resumed");
    await expect(status).toHaveText("Recording...");
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(status).toHaveText("Recording Ready");
    // handed over at once: the next recording waits for this transcription
    await expect(page.getByRole("button", { name: "Start Recording" })).toHaveCount(0);
  } else {
    await page.getByLabel("Your recording").setInputFiles(path.join(fixtures, "story.webm"));
    await page.getByRole("button", { name: "Transcribe My Recording" }).click();
  }

  // 4 Preview (the test model hears no words: the resident types the story)
  await expect(page).toHaveURL(/step=preview/, { timeout: 120_000 });
  await expect(steps.locator('[aria-current="step"]')).toContainText("Preview");
  // the page says so for as long as it is shown (the toast leaves after 5 s, which a busy test
  // machine may take before this line runs)
  await expect(page.getByTestId("preview-notice")).toContainText("We could not hear any words");
  await expect(page.getByTestId("preview-duration")).toHaveText(/^\d+:\d\d$/);
  const audioSrc = await page.getByTestId("preview-audio").getAttribute("src");
  expect(audioSrc).toMatch(/^\/media\/[\w-]+$/);
  const category = page.getByLabel("Category");
  await expect(category).toBeDisabled();
  await expect(category).toHaveValue("Travel");
  await expect(page.getByText("Selected during recording setup")).toBeVisible();
  await expect(
    page.getByText("The title is generated automatically from your story."),
  ).toBeVisible();
  const story = page.getByLabel("Your story", { exact: true });
  await expect(story).toHaveAttribute("rows", "12");
  if (js) await expectAccessible(page);
  const save = page.getByRole("button", { name: "Save Story" });
  if (js) await expect(save).toBeDisabled();
  const content = `We sailed to Lisbon in 1962 on a ship called the Santa Maria (${test.info().project.name} ${Date.now()}).`;
  await story.fill(content);
  await expect(save).toBeEnabled();
  await page.getByLabel(/Story image/).setInputFiles(path.join(fixtures, "photo.png"));
  if (js) {
    await expect(
      page.getByRole("img", { name: "The image you chose for this story" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove Image" })).toBeVisible();
  }
  await save.click();

  // saved: the wizard shows the saved story, waiting for review, and where to go next
  const saved = page.getByTestId("saved-story");
  await expect(
    saved.getByRole("heading", { name: "Saved. Your story is waiting for review" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/resident\/record\?step=saved&story=[\w-]+$/);
  await expect(saved).toContainText("We sailed to Lisbon in 1962");
  await expect(saved.getByTestId("listen-badge")).toContainText(/Listen\s*·?\s*,?\s*\d+:\d\d/);
  await expect(steps.locator('[aria-current="step"]')).toHaveCount(0);
  await expect(saved.getByRole("link", { name: "See my stories" })).toHaveAttribute(
    "href",
    "/resident",
  );
  await saved.getByRole("link", { name: /Record another/ }).click();
  await expect(page).toHaveURL(/\/resident\/record$/);
  await expect(steps.locator('[aria-current="step"]')).toContainText("Category");

  const row = storyByContent(content)!;
  expect(row).toBeTruthy();
  expect(row).toMatchObject({
    resident_first: "Margaret",
    is_published: 0,
    review_status: "pending",
    category: "travel",
    ai_prompt: chosen,
    audio_kind: "audio",
    audio_status: "attached",
    image_kind: "image",
  });
  expect(row.title).toMatch(/^We sailed to Lisbon in 1962/);
  // the clock showed 0:02 before the pause; how long after that depends on the machine's load
  expect(Number(row.duration_seconds)).toBeGreaterThanOrEqual(2);
  // the recording plays from the media route, in parts too (audio players ask for ranges)
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const media = await httpRequest({
    path: `/media/${row.audio_id}`,
    cookie,
    headers: { Range: "bytes=0-99" },
  });
  expect(media.status).toBe(206);
  expect(media.headers["content-type"]).toBe("audio/webm");
  expect(media.body.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
  expect(
    (await httpRequest({ path: `/media/${row.image_id}`, cookie })).headers["content-type"],
  ).toBe("image/webp");
});

test("a file that cannot be read says 'Transcription failed' and keeps the wizard where it was", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "harold.jensen");
  await page.goto("/resident/record?step=record&category=hobby&prompt=hobby.2");
  await expect(page.getByTestId("story-prompt")).toContainText("musical instrument");
  if (test.info().project.name === "js")
    await page.getByText("Or choose a recording saved on this device").click();
  await page.getByLabel("Your recording").setInputFiles(path.join(fixtures, "broken.webm"));
  await page.getByRole("button", { name: "Transcribe My Recording" }).click();
  const failed = page.getByTestId("transcription-failed");
  await expect(failed).toContainText("Transcription failed", { timeout: 60_000 });
  await expect(failed).toContainText("We could not read this recording");
  await expect(failed).toContainText("Please try recording again.");
  await expect(page).toHaveURL(/step=record&category=hobby&prompt=hobby\.2&job=/);
  await expect(page.getByTestId("story-prompt")).toContainText("musical instrument");
});

test("a file that is not audio is refused by its bytes, with the reason", async ({ page }) => {
  await signIn(page, "harold.jensen");
  await page.goto("/resident/record?step=record&category=family&prompt=family.1");
  if (test.info().project.name === "js")
    await page.getByText("Or choose a recording saved on this device").click();
  await page.getByLabel("Your recording").setInputFiles(path.join(fixtures, "photo.png"));
  await page.getByRole("button", { name: "Transcribe My Recording" }).click();
  await expect(page.getByTestId("record-problem")).toContainText(
    "Invalid file type: Please choose an audio recording",
  );
  await expect(page.getByTestId("story-prompt")).toContainText("What was your father like?");
});

test("a refused microphone says so plainly", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "the recorder needs JavaScript");
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await signIn(page, "margaret.ellis");
  await page.goto("/resident/record?step=record&category=love&prompt=love.0");
  await page.getByRole("button", { name: "Start Recording" }).click();
  await expect(toast(page)).toContainText("Recording failed");
  await expect(toast(page)).toContainText("Please allow microphone access to record your story.");
  await expect(page.getByTestId("recorder-status")).toHaveText("Ready to Record");
});

test("the recorder stops by itself at 10:00 and hands the recording over", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "the recorder needs JavaScript");
  // the browser's clock is ours: ten minutes of recording pass in a moment
  await page.clock.install();
  await signIn(page, "frank.deluca");
  await page.goto("/resident/record?step=record&category=travel&prompt=travel.0");
  const status = page.getByTestId("recorder-status");
  await page.getByRole("button", { name: "Start Recording" }).click();
  await expect(status).toHaveText("Recording...");
  await expect(page.getByText("/ 10:00")).toBeVisible();
  await page.clock.runFor("09:59");
  await expect(page.getByTestId("recorder-elapsed")).toHaveText("9:59");
  await expect(status).toHaveText("Recording...");
  await page.clock.runFor(1000);
  await expect(toast(page)).toContainText("Recording stopped");
  await expect(page.getByTestId("recorder-elapsed")).toHaveText("10:00");
  // handed over at once, as after Stop: no way to start another recording meanwhile
  await expect(page.getByRole("button", { name: "Start Recording" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);
});

test("staff record on behalf of a resident they choose", async ({ page }) => {
  await signIn(page, "marcus");
  await page.goto("/resident/record");
  await expect(page.getByRole("heading", { name: "Whose story are we recording?" })).toBeVisible();
  // only active residents are offered
  await expect(
    page.getByLabel("Resident").locator("option", { hasText: "Ruth Abernathy" }),
  ).toHaveCount(0);
  await page.getByLabel("Resident").selectOption({ label: "Dorothy Kowalski (Room 7)" });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("recording-for")).toContainText("Recording for Dorothy Kowalski");
  await expect(page.getByRole("link", { name: /Back to Dashboard/ })).toHaveAttribute(
    "href",
    "/staff",
  );
  await page.getByLabel("Friendship").check();
  await page.getByRole("button", { name: "Continue to Prompt" }).click();
  await expect(page).toHaveURL(
    /resident=[\w-]+&step=prompt&category=friendship&prompt=friendship\.\d+/,
  );
  await expect(page.getByTestId("recording-for")).toContainText("Dorothy Kowalski");
});

test("the prompt and transcription calls", async () => {
  test.skip(test.info().project.name === "nojs", "plain HTTP: once is enough");
  const cookie = await sessionCookie("margaret.ellis");
  const ok = await httpRequest({ path: "/api/story-prompt/childhood", cookie });
  expect(ok.status).toBe(200);
  const body = ok.json<{ prompt: string; key: string }>();
  expect(body.prompt.length).toBeGreaterThan(20);
  expect(body.key).toMatch(/^(childhood\.\d+|q\..+|default)$/);
  expect((await httpRequest({ path: "/api/story-prompt/gardening", cookie })).status).toBe(404);
  expect((await httpRequest({ path: "/api/story-prompt/childhood" })).status).toBe(401);
  // family members do not record stories
  expect(
    (
      await httpRequest({
        path: "/api/story-prompt/childhood",
        cookie: await sessionCookie("sarah.ellis"),
      })
    ).status,
  ).toBe(403);
});

test("every step passes an accessibility scan", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "axe needs JavaScript");
  await signIn(page, "margaret.ellis");
  for (const url of [
    "/resident/record",
    "/resident/record?step=prompt&category=career&prompt=career.0",
    "/resident/record?step=record&category=career&prompt=career.0",
  ]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Record a Story" })).toBeVisible();
    await expectAccessible(page);
  }
  await signIn(page, "priya");
  await page.goto("/resident/record");
  await expect(page.getByLabel("Resident")).toBeVisible();
  await expectAccessible(page);
});
