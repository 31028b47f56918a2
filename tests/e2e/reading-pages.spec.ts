// ADR 018, 037: the reading pages families and kiosks mostly open ship no script on a full page
// load (their forms work without it), so a slow phone gets a story in one or two round trips. The
// family page, its gazette, and the community home and notifications as a family member opens
// them are reading pages too; the care team's home still ships the app.
// ADR 019: nor do they fetch a stylesheet: it is inline in their head, with the CSP's nonce.
import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { test, expect, signIn, httpRequest, sessionCookie } from "./support/fixtures";

async function readingPages(): Promise<string[]> {
  const admin = await sessionCookie("linda.admin");
  const story = (await httpRequest({ path: "/api/stories/recent?limit=1", cookie: admin })).json<
    { id: string }[]
  >()[0]!;
  const news = (await httpRequest({ path: "/news", cookie: admin }))
    .text()
    .match(/href="(\/news\/[\w-]+)"/)?.[1];
  const margaret = (
    await httpRequest({ path: "/api/residents?q=margaret%20ellis", cookie: admin })
  ).json<{ id: string }[]>()[0]!;
  if (!news) throw new Error("no news post in sunnybrook");
  return [
    `/stories/${story.id}`,
    "/stories",
    "/news",
    news,
    "/events",
    "/events/past",
    `/residents/${margaret.id}/book`,
    // a family member's daily round
    "/",
    "/family",
    "/family/gazette",
    "/notifications",
  ];
}

/** What only the stylesheet gives a page: the interface face, the canvas colour, the title's size. */
async function expectStyled(page: Page, url: string) {
  await expect(page.locator("body"), `${url}: the body's face`).toHaveCSS(
    "font-family",
    /^"Atkinson Hyperlegible"/,
  );
  await expect(page.locator("body"), `${url}: the canvas colour (#faf7f2)`).toHaveCSS(
    "background-color",
    "rgb(250, 247, 242)",
  );
  // the header's community name, text-brand-800 (#1c432c)
  await expect(
    page.getByRole("banner").locator(".text-brand-800").first(),
    `${url}: the brand colour`,
  ).toHaveCSS("color", "rgb(28, 67, 44)");
}

// with JavaScript on and off: what the server sends does not depend on the browser
test("a reading page carries its stylesheet inline, with the nonce, and is styled; the care team's home links it", async ({
  page,
}) => {
  await signIn(page, "sarah.ellis");
  const stylesheets: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "stylesheet") stylesheets.push(r.url());
  });
  for (const url of await readingPages()) {
    stylesheets.length = 0;
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await page.waitForLoadState("load");
    expect(stylesheets, `${url}: stylesheets fetched`).toEqual([]);
    await expect(page.locator('link[rel="stylesheet"]'), `${url}: stylesheet links`).toHaveCount(0);
    await expect(page.locator("head > style"), `${url}: the inline stylesheet`).toHaveCount(1);
    // the browser hides a nonce attribute once parsed; its IDL property keeps it
    const nonce = /style-src-elem [^;]*'nonce-([^']+)'/.exec(
      res!.headers()["content-security-policy"] ?? "",
    )?.[1];
    expect(nonce, `${url}: the CSP's style nonce`).toBeTruthy();
    expect(
      await page.locator("head > style").evaluate((el) => (el as HTMLStyleElement).nonce),
      `${url}: the <style>'s nonce`,
    ).toBe(nonce);
    await expectStyled(page, url);
  }
  // a story that is not there: the error page of a reading page, styled the same way
  const missing = await page.goto("/stories/no-such-story");
  expect(missing?.status()).toBe(404);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  await expectStyled(page, "/stories/no-such-story");
  // a page that ships the app links the stylesheet (cached a year, shared with every such page)
  await signIn(page, "linda.admin");
  stylesheets.length = 0;
  await page.goto("/");
  await page.waitForLoadState("load");
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
  await expect(page.locator("head > style")).toHaveCount(0);
  expect(stylesheets, "the care team's home fetches the stylesheet").toHaveLength(1);
  await expectStyled(page, "/ as the administrator");
});

// fonts.server.ts: a font file after the HTML costs a slow phone a round trip at least, and holds the
// page's load; so the first reading page a browser opens is drawn in the system's faces and fetches
// the fonts once it has loaded, for every page after it
test("a browser not yet sent the fonts reads in the system's faces, and has the fonts from the next page on", async ({
  page,
}) => {
  await signIn(page, "sarah.ellis");
  const [story, , news] = await readingPages();
  const fontRequests: { url: string; at: number }[] = [];
  page.on("request", (r) => {
    if (/\.woff2$/.test(r.url())) fontRequests.push({ url: r.url(), at: Date.now() });
  });
  const first = await page.goto(story!);
  expect((await first?.headerValue("set-cookie")) ?? "").toMatch(/storyloom_fonts=/);
  await page.waitForLoadState("load");
  const css = await page.locator("head > style").textContent();
  expect(css, "no @font-face on a first visit").not.toMatch(/@font-face/);
  const prefetched = await page
    .locator('link[rel="prefetch"][as="font"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(prefetched.length, "the three font files, prefetched").toBe(3);
  expect(
    await page.evaluate(
      () =>
        document.fonts.check('16px "Atkinson Hyperlegible"') && [...document.fonts].length === 0,
    ),
  ).toBe(true);
  // the prefetches arrive after the page has loaded
  await expect
    .poll(() => new Set(fontRequests.map((r) => r.url)).size, { timeout: 15_000 })
    .toBe(3);
  // the next page has them: its stylesheet names them, the files come from the cache, the text is in them
  fontRequests.length = 0;
  const second = await page.goto(news!);
  expect((await second?.headerValue("set-cookie")) ?? "").not.toMatch(/storyloom_fonts=/);
  await page.waitForLoadState("load");
  expect(await page.locator("head > style").textContent()).toMatch(/@font-face/);
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some((f) => f.family.includes("Atkinson") && f.status === "loaded"),
      ),
    )
    .toBe(true);
  const fromNetwork = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => e.name.endsWith(".woff2") && e.transferSize > 0)
      .map((e) => e.name),
  );
  expect(fromNetwork, "font files fetched again").toEqual([]);
});

test.describe("what a browser with JavaScript is sent", () => {
  test.skip(() => test.info().project.name === "nojs", "JavaScript on");

  test("a family member's pages load no script; the care team's home does", async ({ page }) => {
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
      expect(
        await page.evaluate(() => "__remixContext" in window),
        `${url}: the hydration payload`,
      ).toBe(false);
      // what inline script there is (the story's follow-along, when it has word times) stays small
      const inline = await page.locator("script:not([src])").allTextContents();
      expect(
        zlib.gzipSync(inline.join("\n")).length,
        `${url}: inline script, compressed`,
      ).toBeLessThan(30 * 1024);
      // and nothing on the page behaves as if a script ran: the toast would float over the content
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute("data-js")),
        `${url}: data-js`,
      ).toBe(false);
    }
    // the care team's home ships the app (its screens are worked at all day on one computer)
    await signIn(page, "linda.admin");
    scripts.length = 0;
    await page.goto("/");
    await page.waitForLoadState("load");
    expect(scripts.length, "the care team's home fetches the app's scripts").toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-js"))).toBe(true);
  });

  test("with the app already running, a link to a reading page is a client-side navigation", async ({
    page,
  }) => {
    // a resident's home ships the app, and her header links the news and the events
    await signIn(page, "margaret.ellis");
    await page.goto("/");
    await page.waitForFunction(() =>
      Object.keys(document.documentElement).some((k) => k.startsWith("__reactFiber")),
    );
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
    // and the pages it renders keep the stylesheet the home linked (no inline copy)
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    await expect(page.locator("head > style")).toHaveCount(0);
    await expectStyled(page, "/news after a client-side navigation");
    await expect(
      page.getByRole("heading", { level: 1 }),
      "the page title, .page-title (text-3xl)",
    ).toHaveCSS("font-size", "30px");
    // the app keeps running on them: the marker the toast's placement needs is still there
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-js"))).toBe(true);
  });
});

// ADR 038: a reading page's inline stylesheet holds only the rules its own markup uses. Cut
// wrongly, something on the page would lose its look; so each page, drawn from the same HTML with
// its cut stylesheet and with the whole one, must come out the same pixel for pixel, on a phone,
// a tablet and a desktop.
test("a reading page looks the same with its cut stylesheet as with the whole one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the whole built stylesheet, as a first visit gets it (no @font-face: system faces)
  const admin = await sessionCookie("linda.admin");
  const href = /<link rel="stylesheet" href="([^"]+)"/.exec(
    (await httpRequest({ path: "/", cookie: admin })).text(),
  )?.[1];
  expect(href, "the care team's home links the stylesheet").toBeTruthy();
  const whole = (await httpRequest({ path: href! })).text().replace(/@font-face\{[^}]*\}/g, "");
  const sarah = await sessionCookie("sarah.ellis");
  await signIn(page, "sarah.ellis");
  // every photo in before the picture is taken: a lazy one below the fold would otherwise load
  // while the full-page screenshot grows the viewport, in one drawing and not the other
  const pixels = async () => {
    const photos = page.locator("img");
    await photos.evaluateAll((imgs) =>
      imgs.forEach((img) => ((img as HTMLImageElement).loading = "eager")),
    );
    await expect
      .poll(() =>
        photos.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)),
      )
      .toBe(true);
    return sharp(await page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" }))
      .raw()
      .toBuffer({ resolveWithObject: true });
  };
  for (const url of await readingPages()) {
    // one answer from the server, drawn twice: as sent, then with the whole stylesheet in its place
    const html = (await httpRequest({ path: url, cookie: sarah })).text();
    let withWhole = false;
    await page.route(
      (u) => u.pathname === url,
      (route) =>
        route.request().resourceType() === "document"
          ? route.fulfill({
              contentType: "text/html; charset=utf-8",
              body: withWhole
                ? html.replace(/(<style[^>]*>)[\s\S]*?(<\/style>)/, (_, a, b) => a + whole + b)
                : html,
            })
          : route.fallback(),
    );
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      withWhole = false;
      await page.goto(url, { waitUntil: "load" });
      const cut = await page.locator("head > style").textContent();
      expect(cut!.length, `${url}: the cut stylesheet is smaller`).toBeLessThan(whole.length / 2);
      const asSent = await pixels();
      withWhole = true;
      await page.goto(url, { waitUntil: "load" });
      expect((await page.locator("head > style").textContent())!.length).toBe(whole.length);
      const reference = await pixels();
      expect(
        [asSent.info.width, asSent.info.height],
        `${url} at ${width} px: the page's size`,
      ).toEqual([reference.info.width, reference.info.height]);
      let differing = 0;
      for (let i = 0; i < asSent.data.length; i++)
        if (asSent.data[i] !== reference.data[i]) differing++;
      expect(differing, `${url} at ${width} px: bytes of pixels that differ`).toBe(0);
    }
    await page.unrouteAll();
  }
});
