import { test, expect, signIn } from "./support/fixtures";

test("larger text and high contrast switch on, are remembered, and switch off", async ({ page }) => {
  await signIn(page, "margaret.ellis");
  await page.goto("/resident");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/reading-large/);
  const before = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

  await page.getByRole("button", { name: /Larger text/ }).click();
  await expect(html).toHaveClass(/reading-large/);
  await expect(page).toHaveURL(/\/resident$/);
  await expect(page.getByRole("button", { name: /Larger text/ })).toHaveAttribute("aria-pressed", "true");
  const after = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(after).toBeCloseTo(before * 1.25, 0);

  await page.getByRole("button", { name: /High contrast/ }).click();
  await expect(page.getByRole("button", { name: /High contrast/ })).toHaveAttribute("aria-pressed", "true");
  await expect(html).toHaveClass(/reading-large/);
  await expect(html).toHaveClass(/reading-contrast/);

  await page.reload();
  await expect(html).toHaveClass(/reading-contrast/);

  await page.getByRole("button", { name: /Larger text/ }).click();
  await expect(page.getByRole("button", { name: /Larger text/ })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: /High contrast/ }).click();
  await expect(page.getByRole("button", { name: /High contrast/ })).toHaveAttribute("aria-pressed", "false");
  await expect(html).not.toHaveClass(/reading-/);
});
