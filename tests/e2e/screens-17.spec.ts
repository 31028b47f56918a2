// Screenshots of the list screens of a 200-bed facility, at a phone's, a small laptop's and a 1366 px
// screen's width, with JavaScript on and off, for a person to look at (not compared by the test).
// Runs only with SCREENS=1: `SCREENS=1 npx playwright test tests/e2e/screens-17.spec.ts`.
// Pictures go to test-output/screens-17/.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { BIG } from "../helpers/big-community";
import { ensureBigCommunity } from "./support/big-community";
import { test, expect, origin, signIn } from "./support/fixtures";

test.skip(!process.env.SCREENS, "screenshots only when SCREENS=1");
test.setTimeout(240_000);

const WIDTHS = [390, 1024, 1366];
const OUT = "test-output/screens-17";

async function shoot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(OUT, { recursive: true });
  // let the page hydrate first: a screenshot taken during hydration marks the inputs (caret styles)
  await page.waitForLoadState("networkidle");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.screenshot({
      path: `${OUT}/${name}-${width}-${test.info().project.name}.png`,
      fullPage,
    });
  }
}

test.beforeAll(async () => ensureBigCommunity());

test("the administrator's lists and pages", async ({ page }) => {
  await signIn(page, BIG.admin, BIG.subdomain);
  const site = (p: string) => `${origin(BIG.subdomain)}${p}`;
  for (const [name, path] of [
    ["residents", "/admin/residents"],
    ["residents-search", "/admin/residents?q=bronte"],
    ["families", "/admin/families?sort=resident"],
    ["stories", "/admin/stories?status=rejected"],
    ["staff", "/admin/staff"],
    ["audit", "/admin/audit"],
    ["month", "/admin/calendar?view=month&month=2026-12"],
    ["deactivate-resident", `/admin/residents`],
  ] as const) {
    await page.goto(site(path));
    if (name === "deactivate-resident") {
      const first = page.getByTestId("resident-row").first();
      await first.getByLabel(/More actions for/).click();
      await shoot(page, "row-menu-open");
      await first.getByRole("link", { name: /^Deactivate/ }).click();
      await expect(page.getByRole("heading", { name: /^Deactivate .*\?$/ })).toBeVisible();
    }
    await shoot(page, name);
  }
  // a printable sheet of sign-in links for three ticked residents
  await page.goto(site("/admin/residents?q=abbott"));
  for (const box of (await page.getByRole("checkbox", { name: /^Choose/ }).all()).slice(0, 3))
    await box.check();
  await page.getByRole("button", { name: "Apply to ticked residents" }).click();
  await expect(page.getByTestId("sign-in-sheet")).toBeVisible();
  await shoot(page, "sign-in-sheet");
  // the staff member added with a temporary password, shown once
  await page.goto(site("/admin/staff/new"));
  await page.getByLabel("Name", { exact: true }).fill("Pat Example");
  await page
    .getByLabel("Username")
    .fill(`pat.${test.info().project.name}${Date.now().toString(36)}`);
  await page.getByLabel("Email").fill("pat@bigcare.example");
  await page.getByLabel(/A temporary password/).check();
  await page.getByRole("button", { name: "Add staff member" }).click();
  await expect(page.getByTestId("temporary-password")).toBeVisible();
  await shoot(page, "staff-added");
});

test("the checklist, the staff area, refusals and the paused site", async ({ page }) => {
  const sub = `newcare-${test.info().project.name}`;
  await signIn(page, "new.admin", sub);
  await page.goto(`${origin(sub)}/admin`);
  await shoot(page, "checklist");
  await signIn(page, BIG.staff, BIG.subdomain);
  await page.goto(`${origin(BIG.subdomain)}/staff`);
  await shoot(page, "staff-area");
  await page.goto(`${origin(BIG.subdomain)}/admin`);
  await shoot(page, "access-denied");
  await page.goto(`${origin("pausedcare")}/`);
  await shoot(page, "paused");
  await signIn(page, "superadmin", null);
  await page.goto(`${origin(null)}/super-admin/users`);
  await shoot(page, "super-users");
  await page.goto(`${origin(null)}/super-admin/communities`);
  await shoot(page, "super-communities");
});
