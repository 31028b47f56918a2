// Every recording is kept: with the test model no words are heard, so the preview says so once and
// offers "Save the recording without words"; the wizard then shows the saved story, and the
// resident's stories show it as "Words to add". A family question is named, with a way back to the
// category's own prompt. With JavaScript and without.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeToneWebm } from "../helpers/audio";
import { test, expect, signIn, httpRequest, sessionCookie, jsonBody } from "./support/fixtures";
import { queryOne } from "./support/media-helpers";

const js = () => test.info().project.name === "js";
let dir: string;
let recording: string;

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-recordings-"));
  recording = writeToneWebm(path.join(dir, "eleven-seconds.webm"), { hz: 300, seconds: 11 });
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a recording in which no words were heard is saved, shown as saved, and waits as 'Words to add'", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "dorothy.kowalski");
  await page.goto("/resident/record?step=record&category=friendship&prompt=friendship.2");
  if (js()) await page.getByText("Or choose a recording saved on this device").click();
  await page.getByLabel("Your recording").setInputFiles(recording);
  await page.getByRole("button", { name: "Transcribe My Recording" }).click();
  await expect(page).toHaveURL(/step=preview/, { timeout: 120_000 });

  // said once: the preview's notice, and no toast over the form with the same words
  await expect(page.getByTestId("preview-notice")).toContainText("We could not hear any words");
  await expect(page.getByText("We could not hear any words")).toHaveCount(1);
  await expect(page.getByTestId("toast")).toHaveCount(0);
  if (js()) {
    await expect(page.getByRole("button", { name: "Save Story" })).toBeDisabled();
    await expect(page.getByTestId("save-needs-words")).toHaveText(
      "Save Story needs the words of your story: type them in the box above, or save the recording without words.",
    );
  }
  const keep = page.getByRole("button", { name: "Save the recording without words" });
  await expect(keep).toBeVisible();
  await keep.click();

  const saved = page.getByTestId("saved-story");
  await expect(
    saved.getByRole("heading", { name: "Saved. Your story is waiting for review" }),
  ).toBeVisible();
  await expect(saved).toContainText("Words to add");
  const title = (await saved.getByRole("heading", { level: 3 }).textContent())!;
  expect(title).toMatch(/^A recording from [A-Z][a-z]+ \d{1,2}$/);
  await expect(saved.getByTestId("listen-badge")).toContainText(/0:1[01]/);
  const storyId = new URL(page.url()).searchParams.get("story")!;
  const row = queryOne<{ id: string; content: string; audio_id: string; review_status: string }>(
    "SELECT id, content, audio_id, review_status FROM stories WHERE id = ?",
    storyId,
  )!;
  expect(row).toMatchObject({ content: "", review_status: "pending" });
  expect(row.audio_id).toBeTruthy();

  await saved.getByRole("link", { name: "See my stories" }).click();
  await expect(page).toHaveURL(/\/resident$/);
  const card = page.getByRole("article", { name: title }).first();
  await expect(card.getByText("Words to add", { exact: true })).toBeVisible();
  await expect(card.getByText("Under Review")).toBeVisible();
  await expect(card.getByTestId("listen-badge")).toBeVisible();
  await expect(card).toContainText("Your recording is kept. Its words can be added later");

  // the administrator adds the words from the review page
  if (!js()) return;
  await signIn(page, "linda.admin");
  await page.goto(`/admin/stories/${row.id}`);
  const words = page.getByTestId("story-words");
  await expect(words.getByRole("heading", { name: "Words to add" })).toBeVisible();
  await expect(words.getByRole("button", { name: "Transcribe the recording again" })).toBeVisible();
  await words.getByLabel("The words").fill("Dorothy and I met at the bakery in 1948.");
  await words.getByRole("button", { name: "Save the words" }).click();
  await expect(page.getByTestId("toast")).toContainText("The words are saved");
  expect(
    queryOne<{ content: string }>("SELECT content FROM stories WHERE id = ?", row.id)?.content,
  ).toBe("Dorothy and I met at the bakery in 1948.");
});

test("the JSON API keeps a recording with empty content, and lists it", async () => {
  test.skip(!js(), "plain HTTP: once is enough");
  const cookie = await sessionCookie("frank.deluca");
  const boundary = "----storyloom-e2e-boundary";
  const parts = [
    ...Object.entries({
      title: "",
      content: "",
      category: "general",
      residentId: "unknown",
      duration: "11",
    }).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
  ];
  const body = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
    ),
    fs.readFileSync(recording),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await httpRequest({
    path: "/api/stories/recorded",
    method: "POST",
    cookie,
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.status, res.text()).toBe(201);
  const story = res.json<{ id: string; title: string; content: string; audioUrl: string }>();
  expect(story.content).toBe("");
  expect(story.title).toMatch(/^A recording from [A-Z][a-z]+ \d{1,2}$/);
  const list = await httpRequest({ path: "/api/resident/stories", cookie });
  expect(list.json<{ id: string }[]>().map((s) => s.id)).toContain(story.id);
});

test("a family question says who asked it, and the category's own prompt is one click away", async ({
  page,
}) => {
  const question = `What did your father grow in his garden? (${test.info().project.name} ${Date.now().toString(36)})`;
  const asked = await httpRequest({
    path: "/api/family/questions",
    method: "POST",
    cookie: await sessionCookie("sarah.ellis"),
    ...jsonBody({ question }),
  });
  expect(asked.status).toBe(201);
  await signIn(page, "margaret.ellis");
  await page.goto("/resident/record?step=prompt&category=childhood");
  // unanswered family questions come first; whichever is shown is named
  await expect(page.getByTestId("prompt-asked-by")).toHaveText(/^.+ \(Daughter\) asked:$/);
  await expect(page.getByTestId("family-question-note")).toContainText(
    "This is a question from your family, asked in place of a Childhood prompt.",
  );
  const familyPrompt = (await page.getByTestId("story-prompt").textContent())!;
  await page.getByRole("link", { name: "Use the Childhood prompt instead" }).click();
  await expect(page).toHaveURL(/step=prompt&category=childhood&prompt=childhood\.\d+/);
  await expect(page.getByTestId("prompt-asked-by")).toHaveCount(0);
  await expect(page.getByTestId("story-prompt")).not.toHaveText(familyPrompt);
  await expect(page.getByRole("link", { name: "Start Recording" })).toHaveAttribute(
    "href",
    /prompt=childhood\.\d+/,
  );
});
