// A stored recording tells its length and can be played from its middle: a recording made the
// way a browser makes one (WebM written as it is recorded: no length, no cues) is sent through the
// app's own recording API, approved, and opened on the story page. Its length is shown as text
// (with JavaScript and without); the player knows it and seeks, because the server answers the
// player's Range requests with 206.
import { execFileSync } from "node:child_process";
import { test, expect, signIn, httpRequest, sessionCookie } from "./support/fixtures";
import { approveAsAdmin, queryOne } from "./support/media-helpers";

const js = () => test.info().project.name === "js";
const SECONDS = 12;

/** A tone as a browser's recorder writes it: WebM/Opus streamed out, so without a duration. */
function streamedWebm(seconds: number): Buffer {
  return execFileSync(
    "ffmpeg",
    [
      "-nostdin",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=280:duration=${seconds}`,
      "-c:a",
      "libopus",
      "-f",
      "webm",
      "pipe:1",
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}

/** What ffprobe reads as the file's length: "N/A" for a recording that names none. */
function probedLength(bytes: Buffer): string {
  return execFileSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", "-i", "pipe:0"],
    { input: bytes },
  )
    .toString()
    .trim();
}

/** The resident sends a recording through the recording API; the administrator approves it. */
async function recordedStory(title: string): Promise<string> {
  const recording = streamedWebm(SECONDS);
  // as a browser's recorder leaves it: no length of its own
  expect(probedLength(recording)).toBe("N/A");
  const cookie = await sessionCookie("frank.deluca");
  const boundary = "----storyloom-seek-boundary";
  const fields = {
    title,
    content: "The whistle at the mill blew at six, and we all walked home along the river.",
    category: "career",
    residentId: "unknown",
  };
  const body = Buffer.concat([
    Buffer.from(
      Object.entries(fields)
        .map(
          ([k, v]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
        )
        .join(""),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
    ),
    recording,
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
  const { id } = res.json<{ id: string }>();
  await approveAsAdmin(id);
  return id;
}

test("a stored recording shows its length, and the player knows it and seeks", async ({ page }) => {
  test.setTimeout(120_000);
  const title = `The mill whistle ${test.info().project.name} ${Date.now().toString(36)}`;
  const storyId = await recordedStory(title);
  const stored = queryOne<{ duration_seconds: number | null }>(
    "SELECT m.duration_seconds FROM stories s JOIN media m ON m.id = s.audio_id WHERE s.id = ?",
    storyId,
  );
  expect(stored?.duration_seconds).toBeGreaterThan(SECONDS - 1);

  await signIn(page, "frank.deluca");
  const ranged: { status: number; range: string | undefined }[] = [];
  page.on("response", async (response) => {
    if (!/\/media\//.test(response.url())) return;
    const headers = await response.request().allHeaders();
    ranged.push({ status: response.status(), range: headers.range });
  });
  await page.goto(`/stories/${storyId}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  // the length, as text, from the first byte of the page (with JavaScript or without)
  await expect(page.getByTestId("story-audio-length")).toHaveText(`Length: 0:${SECONDS}`);
  // the recording's middle, asked for directly: a part of it, and its total size
  const src = (await page.getByTestId("story-audio").getAttribute("src"))!;
  const part = await httpRequest({
    path: src,
    cookie: await sessionCookie("frank.deluca"),
    headers: { Range: "bytes=100-199" },
  });
  expect(part.status).toBe(206);
  expect(part.headers["accept-ranges"]).toBe("bytes");
  expect(part.headers["content-range"]).toMatch(/^bytes 100-199\/\d+$/);
  expect(part.body.length).toBe(100);
  if (!js()) return;

  const audio = page.getByTestId("story-audio");
  // the player loads what it needs to know the recording (its own preload is "none")
  const duration = await audio.evaluate(
    (el: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        const done = () => resolve(el.duration);
        if (el.readyState >= 1) return done();
        el.addEventListener("loadedmetadata", done, { once: true });
        el.addEventListener("error", () => reject(new Error("the recording did not load")), {
          once: true,
        });
        el.preload = "metadata";
        el.load();
      }),
  );
  expect(Number.isFinite(duration)).toBe(true);
  expect(duration).toBeGreaterThan(SECONDS - 1);
  expect(duration).toBeLessThan(SECONDS + 1);

  // half-way: the player goes there and stays
  const half = duration / 2;
  const landed = await audio.evaluate(
    (el: HTMLAudioElement, to: number) =>
      new Promise<number>((resolve) => {
        el.addEventListener("seeked", () => resolve(el.currentTime), { once: true });
        el.currentTime = to;
      }),
    half,
  );
  expect(Math.abs(landed - half)).toBeLessThan(0.5);
  await page.waitForTimeout(500);
  const still = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
  expect(Math.abs(still - half)).toBeLessThan(0.5);

  // the player asked for parts of the file and got them
  await expect.poll(() => ranged.some((r) => r.status === 206 && !!r.range)).toBe(true);
  expect(ranged.every((r) => r.status === 200 || r.status === 206)).toBe(true);
});
