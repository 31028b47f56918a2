import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  hydrated,
  origin,
  signIn,
  httpRequest,
  sessionCookie,
  PORT,
} from "./support/fixtures";

type Stats = {
  totalResidents: number;
  totalStories: number;
  totalFamilyViews: number;
  storiesThisMonth: number;
};
const LABELS: [keyof Stats, string][] = [
  ["totalResidents", "Total Residents"],
  ["totalStories", "Stories Shared"],
  ["totalFamilyViews", "Family Views"],
  ["storiesThisMonth", "This Month"],
];

async function statsOnPage(page: Page): Promise<Stats> {
  const out = {} as Stats;
  for (const [key, label] of LABELS) {
    const card = page.locator("dl > div", { has: page.locator("dt", { hasText: label }) });
    out[key] = Number((await card.locator("dd").innerText()).replace(/,/g, ""));
  }
  return out;
}

async function apiJson<T>(username: string, sub: string, path: string): Promise<T> {
  const cookie = await sessionCookie(username, sub);
  const res = await httpRequest({ sub, path, cookie });
  expect(res.status).toBe(200);
  return res.json<T>();
}

function tenantFile(sub: string) {
  return `test-data/e2e-${PORT}/tenants/${sub}.sqlite`;
}

async function expectNoAxeViolations(page: Page) {
  if (test.info().project.name === "nojs") return;
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("the community home", () => {
  test("a family member sees the welcome, real statistics, recent stories and the sidebar", async ({
    page,
  }) => {
    await signIn(page, "sarah.ellis");
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Welcome to Storyloom" }),
    ).toBeVisible();
    const photo = page.getByRole("img", { name: /granddaughter look through a photo album/ });
    await expect(photo).toHaveAttribute("src", "/images/welcome.webp");
    expect((await httpRequest({ path: "/images/welcome.webp" })).status).toBe(200);

    // other tests change this community's numbers while this one runs: page and API must agree
    // on one quiet moment (Family Views may only grow between the two reads)
    await expect(async () => {
      await page.reload();
      const api = await apiJson<Stats>("sarah.ellis", "sunnybrook", "/api/stats");
      const shown = await statsOnPage(page);
      expect({ ...shown, totalFamilyViews: 0 }).toEqual({ ...api, totalFamilyViews: 0 });
      expect(shown.totalFamilyViews).toBeGreaterThanOrEqual(api.totalFamilyViews - 5);
      expect(shown.totalResidents).toBeGreaterThanOrEqual(1);
    }).toPass({ timeout: 30_000 });

    const recent = page.getByRole("region", { name: "Recent Stories" });
    const recentApi = await apiJson<{ title: string; resident: { roomNumber: string | null } }[]>(
      "sarah.ellis",
      "sunnybrook",
      "/api/stories/recent?limit=3",
    );
    await expect(recent.getByRole("heading", { level: 3 })).toHaveText(
      recentApi.map((s) => s.title),
    );
    // a story approved by another test within the minute reads "now"
    await expect(recent.getByText(/(ago|now)$/).first()).toBeVisible();

    const quick = page.getByRole("region", { name: "Quick Actions" });
    await expect(quick.getByRole("link")).toHaveText(["Upload Photos", "Read All Stories"]);
    await expect(quick.getByRole("link", { name: "Upload Photos" })).toHaveAttribute(
      "href",
      "/family?dialog=photo",
    );

    const info = page.getByRole("region", { name: "Facility Info" });
    await expect(info.getByText("4820 SE Woodstock Blvd, Portland, OR")).toBeVisible();
    await expect(info.getByRole("link", { name: "(503) 555-0142" })).toHaveAttribute(
      "href",
      "tel:5035550142",
    );
    await expect(info.getByRole("link", { name: "hello@sunnybrook.example" })).toBeVisible();

    const activity = page.getByRole("region", { name: "Recent Activity" });
    await expect(activity.getByRole("listitem").first()).toBeVisible();
    await expect(activity.getByRole("link").first()).toHaveAttribute("href", /^\/stories\/[\w-]+$/);

    const footer = page.getByRole("contentinfo").or(page.locator("footer"));
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Sunnybrook Senior Living`);
    await expect(footer).toContainText("sunnybrook.storyloom.localhost");
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  });

  test("an administrator sees the same figures and staff quick actions", async ({ page }) => {
    await signIn(page, "linda.admin");
    await page.goto("/");
    const api = await apiJson<Stats>("linda.admin", "sunnybrook", "/api/stats");
    const shown = await statsOnPage(page);
    expect({ ...shown, totalFamilyViews: 0 }).toEqual({ ...api, totalFamilyViews: 0 });
    const quick = page.getByRole("region", { name: "Quick Actions" });
    await expect(quick.getByRole("link", { name: "Create New Story" })).toHaveAttribute(
      "href",
      "/resident/record",
    );
    await expect(quick.getByRole("link", { name: "Invite Family" })).toHaveAttribute(
      "href",
      "/admin/families/new",
    );
    await quick.getByRole("link", { name: "Invite Family" }).click();
    await expect(page).toHaveURL(/\/admin\/families\/new$/);
    await expect(page.getByText("Add Family Member").first()).toBeVisible();
  });

  test("the numbers move when a story is added and when it is approved", async ({ page }) => {
    // each project uses its own community so that the two runs do not move each other's numbers
    const [sub, admin, family] =
      test.info().project.name === "nojs"
        ? ["harborview", "carol.admin", "maureen.hale"]
        : ["maplewood", "janet.admin", "julie.brandt"];
    await signIn(page, admin, sub);
    await page.goto(`${origin(sub)}/`);
    const before = await statsOnPage(page);
    const db = new Database(tenantFile(sub));
    db.pragma("busy_timeout = 5000");
    try {
      const resident = db.prepare("SELECT id FROM residents WHERE is_active = 1 LIMIT 1").get() as {
        id: string;
      };
      const id = `e2e-${Date.now()}`;
      // a story the resident shares with everyone: the home's figures count only those
      db.prepare(
        "INSERT INTO stories (id, resident_id, title, content, category, audience, created_at) VALUES (?, ?, ?, ?, 'travel', 'community', ?)",
      ).run(
        id,
        resident.id,
        "A brand new story",
        "Written for the statistics test.",
        new Date().toISOString(),
      );
      await page.reload();
      const added = await statsOnPage(page);
      expect(added.storiesThisMonth).toBe(before.storiesThisMonth + 1);
      expect(added.totalStories).toBe(before.totalStories);
      db.prepare(
        "UPDATE stories SET is_published = 1, review_status = 'published', published_at = ? WHERE id = ?",
      ).run(new Date().toISOString(), id);
      await page.reload();
      const approved = await statsOnPage(page);
      expect(approved.totalStories).toBe(before.totalStories + 1);
      await expect(
        page
          .getByRole("region", { name: "Recent Stories" })
          .getByRole("heading", { name: "A brand new story" }),
      ).toBeVisible();
      // a family member of that community sees the same figures
      await signIn(page, family, sub);
      await page.goto(`${origin(sub)}/`);
      const familyView = await statsOnPage(page);
      expect(familyView.totalStories).toBe(approved.totalStories);
      expect(familyView.storiesThisMonth).toBe(approved.storiesThisMonth);
    } finally {
      db.close();
    }
  });

  test("the featured category filter narrows the list, with or without JavaScript", async ({
    page,
  }) => {
    await signIn(page, "sarah.ellis");
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured Stories" });
    const all = await featured.getByRole("article").count();
    expect(all).toBeGreaterThan(1);
    const select = featured.getByLabel("Filter by category");
    await expect(select.locator("option")).toHaveText([
      "All Categories",
      "Childhood",
      "Family",
      "Career",
      "Travel",
      "Love & Romance",
      "Friendship",
      "Achievement",
      "Hobbies",
      "General Memory",
    ]);
    await select.selectOption({ label: "Love & Romance" });
    await featured.getByRole("button", { name: "Show stories" }).click();
    await expect(page).toHaveURL(/[?&]category=love/);
    const love = await apiJson<{ title: string }[]>(
      "sarah.ellis",
      "sunnybrook",
      "/api/stories/featured?category=love",
    );
    expect(love.length).toBeGreaterThan(0);
    expect(love.length).toBeLessThan(all);
    await expect(featured.getByRole("article").getByRole("heading")).toHaveText(
      love.map((s) => s.title),
    );
    await expect(featured.getByText("Love & Romance", { exact: true })).toHaveCount(love.length);
    await expect(featured.getByLabel("Filter by category")).toHaveValue("love");

    // a category with no featured story says so
    let empty: string | null = null;
    for (const c of [
      "friendship",
      "achievement",
      "general",
      "hobby",
      "travel",
      "career",
      "family",
      "childhood",
    ]) {
      if (
        (
          await apiJson<unknown[]>(
            "sarah.ellis",
            "sunnybrook",
            `/api/stories/featured?category=${c}`,
          )
        ).length === 0
      ) {
        empty = c;
        break;
      }
    }
    if (empty) {
      await page.goto(`/?category=${empty}`);
      await expect(
        page
          .getByRole("region", { name: "Featured Stories" })
          .getByText("No featured stories available."),
      ).toBeVisible();
    }

    await featured.getByLabel("Filter by category").selectOption({ label: "All Categories" });
    await featured.getByRole("button", { name: "Show stories" }).click();
    await expect(featured.getByRole("article")).toHaveCount(all);
  });

  test("View All leads to every published story, page by page", async ({ page }) => {
    await signIn(page, "sarah.ellis");
    await page.goto("/");
    await page.getByRole("link", { name: "View All stories", exact: true }).click();
    await expect(page).toHaveURL(/\/stories$/);
    await expect(page.getByRole("heading", { level: 1, name: "All Stories" })).toBeVisible();
    const total = Number(
      (await page.getByText(/published stories, newest first/).innerText()).match(/(\d+)/)![1],
    );
    expect(total).toBeGreaterThan(12);
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(page.getByText(`Page 1 of ${Math.ceil(total / 12)}`)).toBeVisible();
    const firstPage = await page.getByRole("article").getByRole("heading").allInnerTexts();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / 12)}`)).toBeVisible();
    const secondPage = await page.getByRole("article").getByRole("heading").allInnerTexts();
    expect(secondPage.some((t) => firstPage.includes(t))).toBe(false);
    await expectNoAxeViolations(page);
    await page.getByRole("article").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/stories\/[\w-]+$/);
  });

  test("a story card's link opens the story: in the app without reloading, or as a page without JavaScript; Back returns", async ({
    page,
  }) => {
    const js = test.info().project.name !== "nojs";
    // a resident's home runs the app (a family member's is a reading page, with no script)
    await signIn(page, "margaret.ellis");
    await page.goto("/");
    if (js) {
      await hydrated(page);
      // a mark on this document: a client-side navigation keeps it, a new document does not
      await page.evaluate(
        () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
      );
    }
    const recent = page.getByRole("region", { name: "Recent Stories" });
    const title = await recent.getByRole("article").first().getByRole("heading").innerText();
    const link = recent.getByRole("link", { name: title, exact: true });
    await expect(link).toHaveAttribute("data-discover", "true");
    await link.click();
    await expect(page).toHaveURL(/\/stories\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(
      await page.evaluate(
        () => (window as unknown as { sameDocument?: boolean }).sameDocument === true,
      ),
    ).toBe(js);
    await page.goBack();
    await expect(
      page.getByRole("heading", { level: 1, name: "Welcome to Storyloom" }),
    ).toBeVisible();
    // a link the app does not handle stays the browser's: the footer's mail link
    await expect(page.getByRole("link", { name: "Support" })).toHaveAttribute("href", /^mailto:/);
  });

  test("the demo panel lists the other real communities while development login is on", async ({
    page,
  }) => {
    await signIn(page, "marcus");
    await page.goto("/");
    const demo = page.getByRole("region", { name: "Multi-tenant demo" });
    await expect(demo.getByRole("link", { name: "Maplewood Gardens" })).toHaveAttribute(
      "href",
      `${origin("maplewood")}/`,
    );
    await expect(demo.getByRole("link", { name: "Harborview Care Residence" })).toHaveAttribute(
      "href",
      `${origin("harborview")}/`,
    );
    await expect(demo.getByRole("link", { name: /Sunnybrook/ })).toHaveCount(0);
  });

  test("the home has no WCAG 2.2 AA violations", async ({ page }) => {
    test.skip(test.info().project.name === "nojs", "axe needs JavaScript");
    await signIn(page, "sarah.ellis");
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
});
