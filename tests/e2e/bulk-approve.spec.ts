// Approving many waiting stories at once, with JavaScript on and off: tick some, or select all on
// the page, then "Approve selected". Each story reaches only its resident's chosen audience, the
// answer counts them so, and the audit log names who approved which story.
import type { Page } from "@playwright/test";
import { api, uid } from "./support/api";
import { test, expect, signIn } from "./support/fixtures";

const toast = (page: Page) => page.getByTestId("toast");

async function draft(title: string, audience: "private" | "family" | "community") {
  const res = await api("margaret.ellis", "/api/resident/stories", "POST", {
    title,
    content: `A story written for the bulk approval test. It has a few sentences in it.`,
    category: "family",
    audience,
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

test("approves the ticked stories, then all on the page, each to its own audience", async ({
  page,
}) => {
  const id = uid();
  const titles = [`Bulk family ${id}`, `Bulk private ${id}`, `Bulk everyone ${id}`];
  await draft(titles[0]!, "family");
  await draft(titles[1]!, "private");
  await draft(titles[2]!, "community");
  await signIn(page, "linda.admin");
  await page.goto(`/admin/stories?status=pending&q=${id}`);
  const pending = page.getByTestId("pending-story");
  await expect(pending).toHaveCount(3);
  await page.getByRole("checkbox", { name: `Select “${titles[0]}”` }).check();
  await page.getByRole("checkbox", { name: `Select “${titles[1]}”` }).check();
  await expect(
    page.getByText("Each story reaches only the people its resident chose."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(toast(page)).toContainText("2 stories approved");
  await expect(toast(page)).toContainText("Their families: 1.");
  await expect(toast(page)).toContainText("Only the resident and the care team: 1.");
  // the search is kept: only the third is still waiting
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText(titles[2]!);

  await page.getByRole("link", { name: "Select all 1 on this page" }).click();
  await expect(page.getByRole("checkbox", { name: `Select “${titles[2]}”` })).toBeChecked();
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(toast(page)).toContainText("1 story approved");
  await expect(toast(page)).toContainText("Everyone at the community: 1.");
  await expect(pending).toHaveCount(0);

  // nothing ticked: nothing approved, and the page says what to do
  await page.goto(`/admin/stories?status=pending`);
  if ((await pending.count()) > 0) {
    await page.getByRole("button", { name: "Approve selected" }).click();
    await expect(toast(page)).toContainText("Tick the stories to approve first.");
  }

  await page.goto("/admin/audit?kind=stories");
  for (const title of titles) {
    const entry = page.getByRole("row").filter({ hasText: `“${title}”` });
    await expect(entry).toContainText("Approved a story");
    await expect(entry).toContainText("Linda");
  }
});
