// Listening with the words: a recorded story whose words have their times (whisper.cpp's -oj
// output; the test model hears none, so the times are stored from the fixture in its format) plays
// with captions from a WebVTT track, and with JavaScript the word being said is highlighted as it
// plays, a word clicked playing from there. Without JavaScript the text is plain and the track is there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { writeToneWebm } from "../helpers/audio";
import { test, expect, signIn, httpRequest, sessionCookie } from "./support/fixtures";
import { approveAsAdmin, fetchAs, TENANT_DB } from "./support/media-helpers";
import { parseWhisperWords } from "../../app/utils/whisper-words";
import { serializeWords } from "../../app/models/transcript-timing";

const WORDS = parseWhisperWords(fs.readFileSync(path.resolve("tests/fixtures/whisper-words.json")));
const TEXT = "We sailed to Lisboa in 1962.\n\nIt was grand, said Greta. The ship rolled.";
let storyId: string;

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-listening-"));
  const webm = path.join(dir, "voyage.webm");
  writeToneWebm(webm, { hz: 260, seconds: 9 });
  const boundary = "----storyloom-listening";
  const field = (k: string, v: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const title = `The voyage ${Date.now().toString(36)}`;
  const body = Buffer.concat([
    Buffer.from(
      field("title", title) +
        field("content", TEXT) +
        field("category", "travel") +
        field("residentId", "unknown") +
        field("duration", "9"),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="voyage.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
    ),
    fs.readFileSync(webm),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await httpRequest({
    path: "/api/stories/recorded",
    method: "POST",
    cookie: await sessionCookie("margaret.ellis"),
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.status, res.text()).toBe(201);
  storyId = res.json<{ id: string }>().id;
  fs.rmSync(dir, { recursive: true, force: true });
  // the words whisper.cpp would have heard, stored beside the transcript
  const db = new Database(TENANT_DB);
  db.pragma("busy_timeout = 5000");
  db.prepare("UPDATE stories SET transcript_words = ? WHERE id = ?").run(
    serializeWords(WORDS),
    storyId,
  );
  db.close();
  await approveAsAdmin(storyId);
});

test("the story page plays the recording with captions and its words", async ({ page }) => {
  await signIn(page, "sarah.ellis");
  await page.goto(`/stories/${storyId}`);
  const audio = page.getByTestId("story-audio");
  const track = audio.locator('track[kind="captions"]');
  await expect(track).toHaveAttribute("src", `/stories/${storyId}/captions.vtt`);
  await expect(track).toHaveAttribute("srclang", "en");
  await expect(track).toHaveAttribute("label", "English captions");
  const vtt = await fetchAs(page, `/stories/${storyId}/captions.vtt`);
  expect(vtt.status).toBe(200);
  expect(vtt.headers["content-type"]).toBe("text/vtt; charset=utf-8");
  expect(vtt.text()).toBe(
    "WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.480\nWe sailed to Lisboa in 1962.\n\n2\n00:00:04.700 --> 00:00:06.600\nIt was grand, said Greta.\n\n3\n00:00:06.600 --> 00:00:08.400\nThe ship rolled.\n",
  );
  // the text reads as written, with or without JavaScript
  const text = page.getByTestId("story-text");
  await expect(text.locator("p")).toHaveText([
    "We sailed to Lisboa in 1962.",
    "It was grand, said Greta. The ship rolled.",
  ]);

  // each word is its own span; they follow the recording only where a script runs (the page's
  // one inline script on a full load, ADR 018)
  await expect(text.locator("[data-word]")).toHaveCount(14);
  if (test.info().project.name === "nojs") {
    await expect(text).not.toHaveAttribute("data-follow-along", "on");
    return;
  }
  await expect(text).toHaveAttribute("data-follow-along", "on");
  await followsTheRecording(page);
  // and the same when the app already runs in the browser: from the resident's own page, a
  // client-side navigation to the story (React renders the page and starts the follow-along)
  await signIn(page, "margaret.ellis");
  await page.goto("/resident");
  await page.waitForFunction(() =>
    Object.keys(document.documentElement).some((k) => k.startsWith("__reactFiber")),
  );
  // the app's own router (a link would do the same; her page need not list this story)
  await page.evaluate(
    (id) =>
      (
        window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }
      ).__remixRouter.navigate(`/stories/${id}`),
    storyId,
  );
  await expect(page).toHaveURL(new RegExp(`/stories/${storyId}$`));
  await expect(page.getByTestId("story-text")).toHaveAttribute("data-follow-along", "on");
  await expect(page.getByTestId("story-text").locator("[data-word]")).toHaveCount(14);
  await followsTheRecording(page);
});

async function followsTheRecording(page: Page) {
  const audio = page.getByTestId("story-audio");
  const text = page.getByTestId("story-text");
  // the browser's captions follow the track
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.textTracks[0]?.cues?.length ?? 0))
    .toBe(3);
  // a word clicked plays from there, and is highlighted
  await text.getByText("Greta.", { exact: true }).click();
  await expect(text.locator("[data-now]")).toHaveText("Greta.");
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(6.0);
  // and the highlight moves on as it plays
  await expect(text.locator("[data-now]")).toHaveText(/^(The|ship|rolled\.)$/, { timeout: 10_000 });
  const highlighted = await text
    .locator("[data-now]")
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(highlighted).toBe("rgb(253, 230, 138)");
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
}

test("cards show that the story has her voice, and how long it is", async ({ page }) => {
  await signIn(page, "sarah.ellis");
  await page.goto("/family");
  const card = page
    .getByRole("article")
    .filter({ has: page.locator(`a[href="/stories/${storyId}"]`) })
    .first();
  await expect(card.getByTestId("listen-badge")).toHaveText(/Listen\s*·?\s*,?\s*0:09/);
  await page.goto("/stories");
  const listed = page
    .getByRole("article")
    .filter({ has: page.locator(`a[href="/stories/${storyId}"]`) })
    .first();
  await expect(listed.getByTestId("listen-badge")).toContainText("Listen");
});

test("captions have the story's own access", async () => {
  test.skip(test.info().project.name === "nojs", "plain HTTP: once is enough");
  expect(
    (
      await httpRequest({
        path: `/stories/${storyId}/captions.vtt`,
        cookie: await sessionCookie("sarah.ellis"),
      })
    ).status,
  ).toBe(200);
  // signed out: to the sign-in page; another community's host: not found
  const anonymous = await httpRequest({ path: `/stories/${storyId}/captions.vtt` });
  expect(anonymous.status).toBe(302);
  expect(
    (
      await httpRequest({
        sub: "maplewood",
        path: `/stories/${storyId}/captions.vtt`,
        cookie: await sessionCookie("linda.admin"),
      })
    ).status,
  ).not.toBe(200);
  // a typed story has no captions
  expect(
    (
      await httpRequest({
        path: `/stories/does-not-exist/captions.vtt`,
        cookie: await sessionCookie("sarah.ellis"),
      })
    ).status,
  ).toBe(404);
});
