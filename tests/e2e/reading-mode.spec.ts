// Reading mode from the header's Display menu (a details disclosure and a plain form: it works
// without JavaScript), remembered for the browser; larger text scales every text to 125% (measured
// on the family page and the story page), high contrast reaches WCAG AAA (7:1) for text.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, signIn } from "./support/fixtures";

/** Opens the Display menu (a details element) unless it is open; without JS a switch reloads the page closed. */
async function openMenu(page: Page) {
  const menu = page.getByTestId("display-menu");
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open)))
    await menu.locator("summary").click();
  return menu;
}

async function switchDisplay(page: Page, name: "Larger text" | "High contrast", to: "On" | "Off") {
  await (await openMenu(page)).getByRole("button", { name: new RegExp(name) }).click();
  await expect(
    (await openMenu(page)).getByRole("button", { name: new RegExp(name) }),
  ).toHaveAttribute("aria-pressed", to === "On" ? "true" : "false");
  await expect(
    page.getByTestId("display-menu").getByRole("button", { name: new RegExp(`${name} ${to}`) }),
  ).toBeVisible();
}

/** Computed sizes (px) of the page's body text, headings and small print. */
function textSizes(page: Page, selectors: string[]) {
  return page.evaluate(
    (sels) => sels.map((s) => parseFloat(getComputedStyle(document.querySelector(s)!).fontSize)),
    selectors,
  );
}

const FAMILY_TEXTS = [
  "h1",
  "main h2",
  "main article h3",
  "main article p.text-base",
  "[data-testid=story-date]",
];
const STORY_TEXTS = ["h1", "[data-testid=story-text] p", "[data-testid=story-date]", "main h2"];

test("the Display menu is in the header, says On and Off plainly, and is remembered", async ({
  page,
}) => {
  await signIn(page, "margaret.ellis");
  await page.goto("/resident");
  const header = page.getByRole("banner");
  await expect(header.getByTestId("display-menu")).toBeVisible();
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/reading-/);
  await header.getByTestId("display-menu").locator("summary").click();
  await expect(header.getByRole("button", { name: "Larger text Off" })).toBeVisible();
  await expect(header.getByRole("button", { name: "High contrast Off" })).toBeVisible();

  await switchDisplay(page, "Larger text", "On");
  await expect(html).toHaveClass(/reading-large/);
  await expect(page).toHaveURL(/\/resident$/);
  await switchDisplay(page, "High contrast", "On");
  await expect(html).toHaveClass(/reading-large/);
  await expect(html).toHaveClass(/reading-contrast/);
  // the closed menu says how many are on
  await page.reload();
  await expect(html).toHaveClass(/reading-contrast/);
  await expect(page.getByTestId("display-menu").locator("summary")).toContainText("2 on");

  await switchDisplay(page, "Larger text", "Off");
  await switchDisplay(page, "High contrast", "Off");
  await expect(html).not.toHaveClass(/reading-/);
});

test("larger text makes every text at least 125% on the family page and the story page", async ({
  page,
}) => {
  await signIn(page, "sarah.ellis");
  await page.goto("/family");
  const familyBefore = await textSizes(page, FAMILY_TEXTS);
  const storyHref = await page.locator("main article h3 a").first().getAttribute("href");
  await page.goto(storyHref!);
  const storyBefore = await textSizes(page, STORY_TEXTS);

  await page.goto("/family");
  await switchDisplay(page, "Larger text", "On");
  const familyAfter = await textSizes(page, FAMILY_TEXTS);
  await page.goto(storyHref!);
  const storyAfter = await textSizes(page, STORY_TEXTS);
  for (const [before, after] of [
    [familyBefore, familyAfter],
    [storyBefore, storyAfter],
  ] as const) {
    before.forEach((px, i) =>
      expect(after[i]! / px, `text ${i}: ${px}px -> ${after[i]}px`).toBeGreaterThanOrEqual(
        1.25 - 1e-6,
      ),
    );
  }
  // body text of the story: 18 px -> 22.5 px
  expect(storyAfter[1]).toBeGreaterThanOrEqual(22.5);
  await switchDisplay(page, "Larger text", "Off");
});

test("high contrast reaches WCAG AAA (7:1) for text on the family page, the story page and the resident's pages", async ({
  page,
}) => {
  test.skip(test.info().project.name === "nojs", "axe needs JavaScript");
  await signIn(page, "sarah.ellis");
  await page.goto("/family");
  await switchDisplay(page, "High contrast", "On");
  const storyHref = await page.locator("main article h3 a").first().getAttribute("href");
  for (const url of ["/family", storyHref!, "/family?dialog=photo"]) {
    await page.goto(url);
    const result = await new AxeBuilder({ page }).withRules(["color-contrast-enhanced"]).analyze();
    expect(
      result.violations.flatMap((v) =>
        v.nodes.map((n) => `${url}: ${n.target.join(" ")} ${n.any[0]?.message ?? ""}`),
      ),
    ).toEqual([]);
  }
  await switchDisplay(page, "High contrast", "Off");
  await signIn(page, "margaret.ellis");
  await page.goto("/resident");
  await switchDisplay(page, "High contrast", "On");
  for (const url of ["/resident", "/resident/record?step=prompt&category=career&prompt=career.0"]) {
    await page.goto(url);
    const result = await new AxeBuilder({ page }).withRules(["color-contrast-enhanced"]).analyze();
    expect(
      result.violations.flatMap((v) => v.nodes.map((n) => `${url}: ${n.target.join(" ")}`)),
    ).toEqual([]);
  }
  await switchDisplay(page, "High contrast", "Off");
});
