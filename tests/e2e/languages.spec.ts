// Each person in their own language, with JavaScript and without: a daughter who reads Spanish
// sees her pages in Spanish while her mother's English stories stay marked English; a signed-out
// visitor whose browser asks for Spanish gets the sign-in page in Spanish.
import type { Page } from "@playwright/test";
import { test, expect, httpRequest, sessionCookie } from "./support/fixtures";
import { acceptInvitation, api, uid } from "./support/api";
import { queryOne } from "./support/media-helpers";
import { englishOn, englishOnlyMessages } from "./support/i18n";

const english = englishOnlyMessages();

/** A new family member of Margaret Ellis, through the invitation, signed in in `page`. */
async function newDaughterOfMargaret(page: Page): Promise<{ username: string }> {
  const id = uid();
  const margaret = queryOne<{ id: string }>(
    "select id from residents where first_name = 'Margaret' and last_name = 'Ellis'",
  )!.id;
  const created = await api("linda.admin", "/api/family-members", "POST", {
    residentId: margaret,
    name: `Lucía Ellis ${id}`,
    email: `lucia.${id}@family.example`,
    relationship: "Daughter",
  });
  expect(created.status).toBe(201);
  const username = created.json.signIn.username as string;
  await acceptInvitation(
    page,
    created.json.invitation.url as string,
    username,
    `una-clave-larga-${id}-${id}`,
  );
  return { username };
}

test("a daughter who chooses Español reads her pages in Spanish; her mother's stories stay English", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newDaughterOfMargaret(page);
  await page.goto("/family");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByTestId("display-menu").locator("summary").click();
  await page.getByTestId("display-menu").getByTestId("language-es").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByTestId("display-menu").getByTestId("language-es")).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  const story = queryOne<{ id: string; title: string }>(
    `select s.id, s.title from stories s join residents r on r.id = s.resident_id
     where r.first_name = 'Margaret' and s.is_published = 1 and s.audience != 'private'
       and s.withdrawn_at is null order by s.published_at desc limit 1`,
  )!;
  for (const path of ["/family", `/stories/${story.id}`, "/notifications", "/family/gazette"]) {
    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "es");
    expect(await englishOn(page, english), `English interface text on ${path}`).toEqual([]);
  }
  // the story's own words are in English, and say so to screen readers and hyphenation
  await page.goto(`/stories/${story.id}`);
  await expect(page.locator('[lang="en"]').filter({ hasText: story.title }).first()).toBeVisible();
});

test.describe("a signed-out visitor whose browser asks for Spanish", () => {
  test.use({ locale: "es-ES", extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" } });

  test("gets the sign-in page in Spanish, and can switch it to English", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await englishOn(page, english), "English interface text on /login").toEqual([]);
    await page.getByTestId("display-menu").locator("summary").click();
    await page.getByTestId("display-menu").getByTestId("language-en").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("a page's catalogs arrive before the app's scripts, which may run before a long page is parsed", async () => {
  test.skip(test.info().project.name !== "js", "one HTTP check is enough");
  const cookie = await sessionCookie("linda.admin");
  for (const path of ["/admin/families", "/admin/audit", "/staff/residents/new"]) {
    const html = (await httpRequest({ path, cookie })).text();
    const catalogs = html.indexOf("window.__i18n=");
    const app = html.search(/<script[^>]*type="module"/);
    expect(catalogs, path).toBeGreaterThan(0);
    expect(app, path).toBeGreaterThan(0);
    // the app's module script is async: the catalogs must already be defined when it is reached
    expect(catalogs, path).toBeLessThan(app);
    const payload = JSON.parse(/window\.__i18n=(\{.*?\})<\/script>/s.exec(html)![1]!) as {
      catalogs: Record<string, unknown>;
    };
    expect(Object.keys(payload.catalogs), path).toContain(
      path.startsWith("/admin") ? "admin" : "care-content",
    );
  }
});
