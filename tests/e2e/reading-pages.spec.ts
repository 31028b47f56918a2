// ADR 018: the reading pages families and kiosks mostly open ship no script on a full page load
// (their forms work without it), so a slow phone gets a story in one or two round trips; a page
// whose JavaScript earns its weight (the family page prepares photos on the phone) still ships it.
import zlib from "node:zlib";
import { test, expect, signIn, httpRequest, sessionCookie } from "./support/fixtures";

test.skip(() => test.info().project.name === "nojs", "what a browser with JavaScript is sent");

async function readingPages(): Promise<string[]> {
  const admin = await sessionCookie("linda.admin");
  const story = (await httpRequest({ path: "/api/stories/recent?limit=1", cookie: admin })).json<{ id: string }[]>()[0]!;
  const news = (await httpRequest({ path: "/news", cookie: admin })).text().match(/href="(\/news\/[\w-]+)"/)?.[1];
  const margaret = (await httpRequest({ path: "/api/residents?q=margaret%20ellis", cookie: admin })).json<{ id: string }[]>()[0]!;
  if (!news) throw new Error("no news post in sunnybrook");
  return [`/stories/${story.id}`, "/stories", "/news", news, "/events", "/events/past", `/residents/${margaret.id}/book`];
}

test("a story, the stories, the news, the calendar and the book load no script; the family page does", async ({ page }) => {
  await signIn(page, "sarah.ellis");
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  for (const url of await readingPages()) {
    scripts.length = 0;
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await page.waitForLoadState("load");
    expect(scripts, `${url}: scripts fetched`).toEqual([]);
    expect(await page.evaluate(() => "__remixContext" in window), `${url}: the hydration payload`).toBe(false);
    // what inline script there is (the story's follow-along, when it has word times) stays small
    const inline = await page.locator("script:not([src])").allTextContents();
    expect(zlib.gzipSync(inline.join("\n")).length, `${url}: inline script, compressed`).toBeLessThan(30 * 1024);
    // and nothing on the page behaves as if a script ran: the toast would float over the content
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-js")), `${url}: data-js`).toBe(false);
  }
  // the family page ships the app (it prepares photos on the phone before they are sent)
  scripts.length = 0;
  await page.goto("/family");
  await page.waitForLoadState("load");
  expect(scripts.length, "/family fetches the app's scripts").toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-js"))).toBe(true);
});

test("with the app already running, a link to a reading page is a client-side navigation", async ({ page }) => {
  await signIn(page, "sarah.ellis");
  await page.goto("/family");
  await page.waitForFunction(() => Object.keys(document.documentElement).some((k) => k.startsWith("__reactFiber")));
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
  });
  await page.getByRole("link", { name: "Events", exact: true }).first().click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "News", exact: true }).first().click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents, "no new document was loaded").toEqual([]);
  // the app keeps running on them: the marker the toast's placement needs is still there
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-js"))).toBe(true);
});
