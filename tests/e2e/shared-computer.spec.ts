// On the shared staff computer a sign-in ends when the browser closes: staff get a cookie without
// an expiry unless they tick "Keep me signed in on this device"; families keep theirs. The box is
// a plain checkbox, so it works without JavaScript too (both projects run this file).
import type { Page } from "@playwright/test";
import { test, expect, origin, DEMO_PASSWORD } from "./support/fixtures";

async function signInWithForm(page: Page, username: string, keep: boolean) {
  await page.goto(`${origin("sunnybrook")}/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  const box = page.getByRole("checkbox", { name: "Keep me signed in on this device" });
  await expect(box).not.toBeChecked();
  if (keep) await box.check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const cookie = (await page.context().cookies()).find((c) => c.name === "storyloom_session");
  expect(cookie).toBeTruthy();
  // -1: a browser-session cookie; otherwise seconds since the epoch
  return cookie!.expires === -1 ? null : cookie!.expires * 1000 - Date.now();
}

const HOUR = 3600_000;

test("a staff member's sign-in lasts until the browser closes, unless kept on this device", async ({
  browser,
}) => {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const shared = await browser.newContext({ javaScriptEnabled });
  const page = await shared.newPage();
  expect(await signInWithForm(page, "marcus", false)).toBeNull();
  await expect(page).toHaveURL(/\/staff$/);
  await shared.close();

  const own = await browser.newContext({ javaScriptEnabled });
  const kept = await signInWithForm(await own.newPage(), "marcus", true);
  expect(kept).toBeGreaterThan(11.9 * HOUR);
  expect(kept).toBeLessThanOrEqual(12 * HOUR + 5_000);
  await own.close();
});

test("a family member's sign-in keeps its long life without the box", async ({ page }) => {
  expect(await signInWithForm(page, "sarah.ellis", false)).toBeGreaterThan(29.9 * 24 * HOUR);
  await expect(page).toHaveURL(/\/family$/);
});
