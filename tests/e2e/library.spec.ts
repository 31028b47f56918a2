// The picture and music library, with JavaScript and without: staff upload a photo tagged with the
// 1950s and a theme, see it listed with its thumbnail, filter by decade, edit it and delete it
// after confirming; a family member is refused the screen, the API and the photo's media URL.
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, httpRequest, hydrated, sessionCookie, signIn, test } from "./support/fixtures";
import { api, uid } from "./support/api";
import { phonePhoto } from "./support/media-helpers";
import { writeToneWebm } from "../helpers/audio";

const isJs = () => test.info().project.use.javaScriptEnabled !== false;

async function expectAccessible(page: Page) {
  if (!isJs()) return;
  const scan = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

/** The status of GET `path` for `username` (over HTTP: the *.localhost host is the browser's). */
async function statusAs(username: string, path: string) {
  return (await httpRequest({ path, cookie: await sessionCookie(username) })).status;
}

const PERMISSION =
  "Upload only photographs and music the community may use (its own pictures, ones it has permission for, or out-of-copyright material).";

async function uploadPhoto(page: Page, title: string) {
  const form = page.locator("#library-upload-form");
  await form.getByLabel("Photograph or song").setInputFiles({
    name: "parade.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(1200, 800),
  });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("1950s").check();
  await form.getByLabel("Family", { exact: true }).check();
  await form.getByLabel("Other themes").fill("Parades, dancing");
  await form.getByLabel(/^Source/).fill("The community's own album, 1956");
  await form.getByRole("button", { name: "Add to the library" }).click();
}

test.use({ viewport: { width: 1024, height: 900 } });

test("staff upload a 1950s photo with a theme, see it listed and filtered; a family member is refused", async ({
  page,
  browser,
}) => {
  const tag = uid();
  const title = `Main Street parade ${tag}`;
  await signIn(page, "marcus");
  await page.goto("/staff/library");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Picture and music library" })).toBeVisible();
  await expect(page.getByText(PERMISSION).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Library" })).toBeVisible();
  await expectAccessible(page);

  await uploadPhoto(page, title);
  await expect(page).toHaveURL(/\/staff\/library$/);
  const item = page.getByTestId("library-item").filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText("Decades: 1950s")).toBeVisible();
  await expect(item.getByText("Themes: Family, parades, dancing")).toBeVisible();
  const img = item.getByRole("img", { name: title });
  await expect(img).toBeVisible();
  // the thumbnail really loaded (the media route served it to staff)
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  const src = (await img.getAttribute("src"))!;
  const mediaPath = src.split("?")[0]!;
  expect(mediaPath).toMatch(/^\/media\/[\w-]+$/);
  expect(await statusAs("marcus", mediaPath)).toBe(200);
  // residents may see it too (story circles and prompts show it to them)
  expect(await statusAs("margaret.ellis", mediaPath)).toBe(200);
  await expectAccessible(page);

  // filters by kind and decade, as links and a GET form
  await page.getByLabel("Decade", { exact: true }).selectOption("1960s");
  await page.getByRole("button", { name: "Show these" }).click();
  await expect(page).toHaveURL(/decade=1960s/);
  await expect(page.getByTestId("library-item").filter({ hasText: title })).toHaveCount(0);
  await page.goto("/staff/library?kind=photo&decade=1950s");
  await expect(page.getByTestId("library-item").filter({ hasText: title })).toBeVisible();
  await page.goto("/staff/library?kind=audio");
  await expect(page.getByTestId("library-item").filter({ hasText: title })).toHaveCount(0);

  // the JSON API finds it by decade and theme
  const listed = await api("marcus", "/api/library?decade=1950s&theme=parades");
  expect(listed.status).toBe(200);
  expect((listed.json as { items: { title: string }[] }).items.map((i) => i.title)).toContain(
    title,
  );

  // a family member: not the screen, not the API, not the file
  const family = await browser.newContext();
  const other = await family.newPage();
  await signIn(other, "sarah.ellis");
  const screen = await other.goto("/staff/library");
  expect([403, 404]).toContain(screen!.status());
  await expect(other.getByText(title)).toHaveCount(0);
  expect([403, 404]).toContain((await other.goto("/admin/library"))!.status());
  expect((await other.goto(mediaPath))!.status()).toBe(404);
  expect(await statusAs("sarah.ellis", mediaPath)).toBe(404);
  expect((await api("sarah.ellis", "/api/library")).status).toBe(403);
  await family.close();
});

test("an administrator edits a library item and deletes it after confirming", async ({ page }) => {
  const tag = uid();
  const title = `School picnic ${tag}`;
  await signIn(page, "linda.admin");
  await page.goto("/admin/library");
  await hydrated(page);
  // a file that is not a picture: refused, with what was typed kept and nothing added
  const form = page.locator("#library-upload-form");
  await form.getByLabel("Photograph or song").setInputFiles({
    name: "notes.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("These are my holiday notes, not a picture.\n".repeat(20)),
  });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("1950s").check();
  await form.getByRole("button", { name: "Add to the library" }).click();
  await expect(form.getByRole("alert")).toContainText("neither a photograph nor a song");
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await expect(form.getByLabel("1950s")).toBeChecked();
  await expect(page.getByTestId("library-item").filter({ hasText: title })).toHaveCount(0);

  await uploadPhoto(page, title);
  const item = page.getByTestId("library-item").filter({ hasText: title });
  await expect(item).toBeVisible();
  const src = (await item.getByRole("img", { name: title }).getAttribute("src"))!.split("?")[0]!;

  await item.getByRole("link", { name: `Edit “${title}”` }).click();
  const dialog = page.locator("#edit-library-item");
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect(dialog.getByLabel("1950s")).toBeChecked();
  await dialog.getByLabel("Title").fill(`${title} (1957)`);
  await dialog.getByLabel("1960s").check();
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/admin\/library$/);
  const edited = page.getByTestId("library-item").filter({ hasText: `${title} (1957)` });
  await expect(edited.getByText("Decades: 1950s, 1960s")).toBeVisible();

  await edited.getByRole("link", { name: `Delete “${title} (1957)”` }).click();
  await expect(page.getByText(`Delete “${title} (1957)” from the library?`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Delete it" }).click();
  await expect(page).toHaveURL(/\/admin\/library$/);
  await expect(page.getByTestId("library-item").filter({ hasText: title })).toHaveCount(0);
  expect(await statusAs("linda.admin", src)).toBe(404);
});

// the clip is made and converted by the real ffmpeg: without it on the PATH this case is skipped
const hasFfmpeg = (() => {
  try {
    execFileSync("which", ["ffmpeg"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
})();

test("a song posted to the API is converted, listed with its length and played from the screen", async ({
  page,
}) => {
  test.skip(!hasFfmpeg, "ffmpeg is not on the PATH");
  const tag = uid();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-library-e2e-"));
  try {
    const clip = fs.readFileSync(writeToneWebm(path.join(dir, "tone.webm"), { seconds: 3 }));
    const title = `Band concert ${tag}`;
    const form = new FormData();
    form.set("file", new File([clip], "tone.webm", { type: "audio/webm" }));
    form.set("title", title);
    form.set("decades", "1940s,1950s");
    form.set("themes", "hobby, brass band");
    // the multipart body as a browser would send it
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    const res = await httpRequest({
      path: "/api/library",
      method: "POST",
      cookie: await sessionCookie("marcus"),
      headers: { "Content-Type": encoded.headers.get("content-type")! },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.status, res.text()).toBe(201);
    const song = res.json<{ id: string }>();
    expect(song).toMatchObject({
      kind: "audio",
      mimeType: "audio/webm",
      durationSeconds: 3,
      decades: ["1940s", "1950s"],
      themes: ["hobby", "brass-band"],
    });
    expect((await api("sarah.ellis", `/api/library/${song.id}`)).status).toBe(403);

    await signIn(page, "marcus");
    await page.goto("/staff/library?kind=audio");
    await hydrated(page);
    const item = page.getByTestId("library-item").filter({ hasText: title });
    await expect(item.getByText("Length: 0:03")).toBeVisible();
    await expect(item.locator("audio")).toHaveAttribute("aria-label", `Play “${title}”`);
    const one = await api<{ mediaId: string }>("marcus", `/api/library/${song.id}`);
    expect(await statusAs("marcus", `/media/${one.json.mediaId}`)).toBe(200);
    expect((await api("marcus", `/api/library/${song.id}`, "DELETE")).status).toBe(204);
    expect((await api("marcus", `/api/library/${song.id}`)).status).toBe(404);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
