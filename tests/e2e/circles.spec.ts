// Story circles, with JavaScript and without: the administrator starts a circle of three residents
// on the 1950s with a library photo, the lounge screen (1920x1080) shows one prompt and its
// picture in very large type, the circle is recorded once (the browser's fake microphone, or a
// file sent afterwards with typed times) with three "Now speaking" taps, and finishing it gives
// three drafts in review, each only its speaker's part, and marks all three attended.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, httpRequest, hydrated, sessionCookie, signIn, test } from "./support/fixtures";
import { api, dayIn, uid } from "./support/api";
import { phonePhoto, queryOne } from "./support/media-helpers";
import { TZ, makeResidents } from "./support/program";
import { writeToneWebm } from "../helpers/audio";

const isJs = () => test.info().project.use.javaScriptEnabled !== false;

async function expectAccessible(page: Page) {
  if (!isJs()) return;
  const scan = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

let fixtures: string;
test.beforeAll(() => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-circles-e2e-"));
  writeToneWebm(path.join(fixtures, "circle.webm"), { seconds: 7 });
});
test.afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

test.use({ viewport: { width: 1024, height: 768 } });

test("a circle of three on the 1950s gives three drafts, each her own part, and three attended", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = uid();
  const residents = await makeResidents(tag, 3);
  await signIn(page, "linda.admin");
  const form = new FormData();
  form.set(
    "file",
    new Blob([new Uint8Array(await phonePhoto(1200, 800))], { type: "image/jpeg" }),
    "dance-hall.jpg",
  );
  form.set("title", `Dance hall ${tag}`);
  form.set("decades", "1950s");
  form.set("themes", "friendship");
  const encoded = new Request("http://upload.invalid/", { method: "POST", body: form });
  const photo = await httpRequest({
    path: "/api/library",
    method: "POST",
    cookie: await sessionCookie("linda.admin"),
    headers: { "Content-Type": encoded.headers.get("content-type")! },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(photo.status, photo.text()).toBe(201);

  await page.goto("/admin/circles");
  await hydrated(page);
  await expectAccessible(page);
  await page.getByLabel("A decade").check();
  await page.getByLabel("Decade", { exact: true }).selectOption("1950s");
  for (const r of residents) await page.getByLabel(r.name).check();
  await page.getByRole("button", { name: "Start the circle" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Story circle: The 1950s" }),
  ).toBeVisible();
  const circleUrl = page.url();
  const circleId = circleUrl.split("/").pop()!;
  await expect(page.getByTestId("circle-prompt")).toContainText("1950s");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Prompt 2 of 8" })).toBeVisible();

  // the lounge screen follows the circle's prompt, in very large type with huge targets
  const screen = await page.context().newPage();
  await screen.setViewportSize({ width: 1920, height: 1080 });
  await screen.goto(`/circles/${circleId}/screen`);
  const prompt = screen.getByTestId("screen-prompt");
  await expect(prompt).toContainText("1950s");
  expect(
    await prompt.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
  ).toBeGreaterThanOrEqual(48);
  // each prompt has a picture of the 1950s from the library (other tests' may be there too)
  await expect(screen.getByRole("img")).toBeVisible();
  const next = screen.getByRole("link", { name: "Next" });
  const box = (await next.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(96);
  await expectAccessible(screen);
  await next.click();
  await expect(screen.getByText("Prompt 3 of 8")).toBeVisible();
  await page.goto(circleUrl);
  await expect(page.getByRole("heading", { name: "Prompt 3 of 8" })).toBeVisible();
  await screen.close();

  const [harold, margaret, walter] = residents;
  const first = (r: { name: string }) => r.name.split(" ")[0]!;
  if (isJs()) {
    await hydrated(page);
    await page.getByRole("button", { name: "Start Recording" }).click();
    for (const r of [harold!, margaret!, walter!]) {
      await page.waitForTimeout(1500);
      await page.getByRole("button", { name: `Now speaking: ${first(r)}` }).click();
    }
    await page.waitForTimeout(1500);
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(page.getByTestId("circle-taps").getByRole("listitem")).toHaveCount(3);
    await expect(page.getByTestId("circle-recording-kept")).toBeVisible({ timeout: 30_000 });
  } else {
    await page.getByLabel("Recording file").setInputFiles(path.join(fixtures, "circle.webm"));
    await page.getByRole("button", { name: "Send the file" }).click();
    await expect(page.getByTestId("circle-recording-kept")).toBeVisible();
    await page.getByText("Time into the recording (m:ss)").click();
    // after each time added, the typed times stay open
    for (const [r, at] of [
      [harold!, "0:00"],
      [margaret!, "0:02"],
      [walter!, "0:04.5"],
    ] as const) {
      await page.getByLabel(`Or type when ${first(r)} started to speak`).fill(at);
      await page
        .getByRole("listitem")
        .filter({ has: page.getByLabel(`Or type when ${first(r)} started to speak`) })
        .getByRole("button", { name: "Add" })
        .click();
    }
    await expect(page.getByTestId("circle-taps").getByRole("listitem")).toHaveCount(3);
  }
  // the words come from Whisper (the test model hears none); Finish waits for it
  await expect
    .poll(
      async () => {
        await page.goto(circleUrl);
        const job = page.getByTestId("circle-job");
        // without a Whisper model there is no transcription to wait for
        return (await job.count()) ? ((await job.textContent()) ?? "") : "";
      },
      { timeout: 60_000 },
    )
    .not.toMatch(/Turning the recording into words/);
  await page.getByRole("button", { name: "Finish the circle" }).click();
  await expect(page.getByText("3 draft stories made; 3 marked attended.")).toBeVisible();
  await expect(page.getByTestId("circle-drafts").getByRole("listitem")).toHaveCount(3);

  const circle = (await api("linda.admin", `/api/circles/${circleId}`)).json;
  expect(circle.prompts.every((p: { libraryItemId: string | null }) => p.libraryItemId)).toBe(true);
  expect(circle.status).toBe("finished");
  for (const p of circle.participants) {
    expect(p.storyId).toBeTruthy();
    const story = queryOne<{ content: string; review_status: string; duration_seconds: number }>(
      "select content, review_status, duration_seconds from stories where id = ?",
      p.storyId,
    )!;
    expect(story.review_status).toBe("pending");
    expect(story.content).toBe("");
    // her own part of a recording of six or seven seconds
    expect(story.duration_seconds).toBeLessThanOrEqual(4);
  }
  // the review page says the words are still to add
  await page.goto(`/admin/stories/${circle.participants[0].storyId}`);
  await expect(page.getByText("Words to add").first()).toBeVisible();
  const attendance = await api(
    "linda.admin",
    `/api/calendar-events/${circle.occurrence.eventId}/occurrences/${circle.occurrence.occurrenceDate}/attendance`,
  );
  expect(attendance.json.counts.attended).toBe(3);
  expect(circle.occurrence.occurrenceDate).toBe(dayIn(TZ, 0));
});

test("a family member reaches neither circles nor their screen; bad input loses nothing", async ({
  page,
}) => {
  const tag = uid();
  const [ann] = await makeResidents(tag, 1);
  const made = await api("linda.admin", "/api/circles", "POST", {
    theme: "topic",
    topic: `first jobs ${tag}`,
    residentIds: [ann!.id],
  });
  expect(made.status).toBe(201);
  expect(made.json.prompts.length).toBeGreaterThan(0);
  const refused = await api("linda.admin", "/api/circles", "POST", {
    theme: "decade",
    decade: "1850s",
    residentIds: [ann!.id],
  });
  expect(refused.status).toBe(400);
  expect(refused.json.error).toMatch(/Choose the circle's theme/);
  for (const path of [`/api/circles/${made.json.id}`, "/api/circles"])
    expect((await api("sarah.ellis", path)).status).toBe(403);
  await signIn(page, "sarah.ellis");
  const screen = await page.goto(`/circles/${made.json.id}/screen`);
  expect([403, 404]).toContain(screen!.status());

  // a circle without residents is refused; the theme chosen stays chosen
  await signIn(page, "marcus");
  await page.goto("/staff/circles");
  await page.getByLabel("A topic").check();
  await page.getByLabel("Topic (for example: first jobs)").fill(`gardens ${tag}`);
  await page.getByRole("button", { name: "Start the circle" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose the residents who are here.");
  await expect(page.getByLabel("Topic (for example: first jobs)")).toHaveValue(`gardens ${tag}`);
  await expect(page.getByLabel("A topic")).toBeChecked();
});
