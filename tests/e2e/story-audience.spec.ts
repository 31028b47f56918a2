// The resident leads. A story is saved for an audience the resident chooses, which they
// change later, and withdraw; family see exactly what the audience allows; staff choosing for a
// resident tick that the resident agreed. With JavaScript on and off.
import AxeBuilder from "@axe-core/playwright";
import { test, expect, signIn, httpRequest, sessionCookie } from "./support/fixtures";
import { approveAsAdmin, storyIdByTitle } from "./support/media-helpers";

test("the resident chooses who sees a story, changes it and withdraws it; family follow the choice", async ({
  page,
}) => {
  const project = test.info().project.name;
  const title = `Our first dance (${project} ${Date.now().toString(36)})`;
  await signIn(page, "margaret.ellis");
  await page.goto("/resident/stories/new");
  await page.getByLabel("Title").fill(title);
  await page
    .getByRole("textbox", { name: "Your story" })
    .fill("We danced to Glenn Miller at the church hall in 1957.");
  // the default is "My family"; she keeps this one to herself and the care team
  await expect(page.getByLabel(/My family/)).toBeChecked();
  await page.getByLabel(/Only me and the care team/).check();
  await page.getByRole("button", { name: "Save Story" }).click();
  await expect(page).toHaveURL(/\/resident$/);
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.getByTestId("story-audience")).toContainText(
    "Who can see it: Only me and the care team",
  );

  const id = storyIdByTitle(title);
  await approveAsAdmin(id);
  const daughter = await sessionCookie("sarah.ellis");
  const neighbour = await sessionCookie("karen.moore");
  expect((await httpRequest({ path: `/stories/${id}`, cookie: daughter })).status).toBe(404);

  // she changes it: her family may read it now, another resident's family still not
  await card.getByRole("link", { name: /Change/ }).click();
  await expect(page).toHaveURL(new RegExp(`/stories/${id}/audience$`));
  await expect(page.getByTestId("audience-now")).toContainText("Only me and the care team");
  if (project === "js") {
    const scan = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(scan.violations.map((v) => v.id)).toEqual([]);
  }
  await page.getByLabel(/My family/).check();
  await page.getByRole("button", { name: "Save who may see it" }).click();
  await expect(page).toHaveURL(/\/resident$/);
  await expect(page.getByText("Your story is now for: My family")).toBeVisible();
  await expect(
    page.getByRole("article").filter({ hasText: title }).getByTestId("story-audience"),
  ).toContainText("Who can see it: My family");
  expect((await httpRequest({ path: `/stories/${id}`, cookie: daughter })).status).toBe(200);
  expect((await httpRequest({ path: `/stories/${id}`, cookie: neighbour })).status).toBe(404);
  expect((await httpRequest({ path: "/family", cookie: daughter })).text()).toContain(
    title.replace(/&/g, "&amp;"),
  );

  // she withdraws it: it leaves every audience at once; the care team sees "Withdrawn"
  await page
    .getByRole("article")
    .filter({ hasText: title })
    .getByRole("link", { name: /Change/ })
    .click();
  await page.getByRole("button", { name: "Withdraw this story" }).click();
  await expect(page).toHaveURL(/\/resident$/);
  await expect(page.getByText("Your story was withdrawn")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: title })).toContainText("Withdrawn");
  expect((await httpRequest({ path: `/stories/${id}`, cookie: daughter })).status).toBe(404);
  expect((await httpRequest({ path: "/family", cookie: daughter })).text()).not.toContain(title);

  await signIn(page, "marcus");
  await page.goto(`/stories/${id}`);
  await expect(page.getByTestId("story-audience")).toContainText("Withdrawn");
  // staff bring it back only with the resident's agreement
  await page.getByRole("link", { name: "Change who can see it" }).click();
  await page.getByLabel(/Everyone at Sunnybrook/).check();
  await page.getByRole("button", { name: "Save who may see it" }).click();
  await expect(
    page.getByText("Please confirm that the resident agreed to who may see this story"),
  ).toBeVisible();
  // the choice is kept
  await expect(page.getByLabel(/Everyone at Sunnybrook/)).toBeChecked();
  expect((await httpRequest({ path: `/stories/${id}`, cookie: neighbour })).status).toBe(404);
  await page.getByLabel("Margaret agreed to who may see this story").check();
  await page.getByRole("button", { name: "Save who may see it" }).click();
  await expect(page).toHaveURL(new RegExp(`/stories/${id}$`));
  await expect(page.getByTestId("story-audience")).toContainText(
    "Everyone at Sunnybrook Senior Living",
  );
  expect((await httpRequest({ path: `/stories/${id}`, cookie: neighbour })).status).toBe(200);
});
