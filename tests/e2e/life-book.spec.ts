// The life-story book. Margaret chooses stories for her book; the PDF's text has them in
// the chosen order (pdftotext), and the QR beside her recorded story decodes (zbarimg) to a link
// that plays the recording in a browser that is signed out. With JavaScript on and off.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { writeToneWebm } from "../helpers/audio";
import { test, expect, signIn, httpRequest, sessionCookie, hydrated } from "./support/fixtures";
import { approveAsAdmin } from "./support/media-helpers";

test("the book PDF holds the chosen stories in order, and its QR code plays the recording signed out", async ({
  page,
  browser,
}) => {
  const project = test.info().project.name;
  const stamp = `${project} ${Date.now().toString(36)}`;
  const cookie = await sessionCookie("margaret.ellis");
  const json = { "Content-Type": "application/json" };
  // two written stories and one told out loud, all for her family
  const written = async (title: string, category: string) => {
    const res = await httpRequest({
      path: "/api/resident/stories",
      method: "POST",
      cookie,
      headers: json,
      body: JSON.stringify({ title, content: `${title}. A memory.`, category, audience: "family" }),
    });
    expect(res.status).toBe(201);
    await approveAsAdmin(res.json().id);
    return res.json().id as string;
  };
  const work = await written(`The telephone exchange ${stamp}`, "career");
  const school = await written(`The village school ${stamp}`, "childhood");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-book-"));
  const webm = path.join(dir, "song.webm");
  writeToneWebm(webm, { seconds: 3 });
  const boundary = "----storyloom-book";
  const field = (k: string, v: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const songTitle = `Singing in the choir ${stamp}`;
  const body = Buffer.concat([
    Buffer.from(
      field("title", songTitle) +
        field("content", `${songTitle}. A memory.`) +
        field("category", "hobby") +
        field("residentId", "unknown") +
        field("duration", "3") +
        field("audience", "family"),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="song.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
    ),
    fs.readFileSync(webm),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const rec = await httpRequest({
    path: "/api/stories/recorded",
    method: "POST",
    cookie,
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
  });
  expect(rec.status, rec.text()).toBe(201);
  const song = rec.json().id as string;
  const residentId = rec.json().residentId as string;
  await approveAsAdmin(song);

  // she chooses three stories, by life period, in large type
  await signIn(page, "margaret.ellis");
  await page.goto("/resident");
  await page.getByRole("link", { name: "My book" }).click();
  await expect(page).toHaveURL(new RegExp(`/residents/${residentId}/book$`));
  // with JavaScript the address changes before the page shows (the router may still be fetching
  // the page's words), so choose once the book's own boxes are there, and React runs them
  // (hydration can put back the boxes' checked state chosen before it)
  await expect(page.getByRole("heading", { level: 1, name: /The stories of/ })).toBeVisible();
  await expect(page.locator(`#story-${song}`)).toBeVisible();
  await hydrated(page);
  for (const box of await page.getByRole("checkbox", { name: /./ }).all())
    if ((await box.getAttribute("name")) === "story") await box.uncheck();
  for (const id of [song, work, school]) await page.locator(`#story-${id}`).check();
  await page.getByLabel("By life period").check();
  await page.getByLabel(/Large type/).check();
  await page.getByRole("button", { name: "Show the book" }).click();
  const book = page.getByTestId("book");
  await expect(book.getByRole("heading", { level: 2 })).toHaveText([
    `The village school ${stamp}`,
    `The telephone exchange ${stamp}`,
    songTitle,
  ]);

  const href = await page.getByRole("link", { name: "Download the PDF" }).getAttribute("href");
  const pdf = await httpRequest({ path: href!, cookie });
  expect(pdf.status).toBe(200);
  const file = path.join(dir, "book.pdf");
  fs.writeFileSync(file, pdf.body);
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  const at = (t: string) => text.lastIndexOf(`${t}. A memory.`);
  expect(at(`The village school ${stamp}`)).toBeGreaterThan(0);
  expect(at(`The village school ${stamp}`)).toBeLessThan(at(`The telephone exchange ${stamp}`));
  expect(at(`The telephone exchange ${stamp}`)).toBeLessThan(at(songTitle));
  // cover, contents, three stories: the recorded one is on the last page with its QR code
  expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Pages:\s+5\n/);
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "150",
    "-f",
    "5",
    "-l",
    "5",
    file,
    path.join(dir, "page"),
  ]);
  const png = fs.readdirSync(dir).find((f) => f.startsWith("page") && f.endsWith(".png"))!;
  const url = execFileSync("zbarimg", ["-q", "--raw", path.join(dir, png)], {
    encoding: "utf8",
  }).trim();
  expect(url).toMatch(/\/listen\/[\w-]+\.[\w-]+$/);
  fs.rmSync(dir, { recursive: true, force: true });

  // a browser that has never signed in plays it
  const stranger = await browser.newContext({ javaScriptEnabled: project === "js" });
  const listen = await stranger.newPage();
  await listen.goto(url);
  await expect(listen.getByRole("heading", { name: songTitle })).toBeVisible();
  const src = await listen.getByTestId("listen-audio").getAttribute("src");
  // the audio itself, with no cookie at all
  const audio = await httpRequest({ path: new URL(src!, url).pathname });
  expect(audio.status).toBe(200);
  expect(audio.headers["content-type"]).toMatch(/^audio\//);
  expect(audio.body.length).toBeGreaterThan(1000);
  await stranger.close();
});
