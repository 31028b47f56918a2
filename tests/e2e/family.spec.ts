// The family area, and the whole journey of a story from the resident to the family and back.
import AxeBuilder from "@axe-core/playwright";
import { test, expect, signIn } from "./support/fixtures";
import {
  approveAsAdmin,
  expectServedWithoutMetadata,
  fetchAs,
  phonePhoto,
  overPhoneLimit,
  storyIdByTitle,
} from "./support/media-helpers";
import type { Page } from "@playwright/test";

const tag = () => `${test.info().project.name}-${Date.now().toString(36)}`;
const js = () => test.info().project.name === "js";
const toast = (page: Page) => page.getByTestId("toast");

/**
 * Opens Share Photo / Ask Question: the form's own page, with JavaScript on or off (the family
 * page is a reading page: no app script, so no modal; its photo field shrinks photos inline).
 */
async function open(page: Page, name: "Share Photo" | "Ask Question") {
  await page.goto("/family");
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(
    name === "Share Photo"
      ? /\/family\?(resident=[\w-]+&)?dialog=photo$/
      : /\/family\?(resident=[\w-]+&)?dialog=question$/,
  );
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return page.locator("main");
}

test.describe("the family dashboard", () => {
  test("shows their resident and only that resident's published stories, with 200-character excerpts", async ({
    page,
  }) => {
    await signIn(page, "sarah.ellis");
    await page.goto("/family");
    await expect(page.getByRole("heading", { level: 1, name: "Margaret Ellis" })).toBeVisible();
    await expect(page.getByText("Room 12", { exact: true })).toBeVisible();
    // no profile photo: two initials
    await expect(
      page.getByRole("region", { name: "Margaret Ellis" }).getByText("ME", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText("You are signed in as Sarah Ellis (Daughter)")).toBeVisible();

    const grid = page.getByRole("region", { name: "Margaret's stories" });
    const sea = grid.getByRole("article", { name: "Eight Days at Sea" });
    await expect(sea).toBeVisible();
    const excerpt = (await sea.getByText(/^In May of 1957/).textContent())!;
    expect(excerpt.length).toBeGreaterThan(150);
    expect(excerpt.length).toBeLessThanOrEqual(201);
    await expect(
      sea.getByRole("link", { name: "Read More and comment on Eight Days at Sea" }),
    ).toHaveAttribute("href", `/stories/${storyIdByTitle("Eight Days at Sea")}`);
    // not the pending or rejected ones, and nobody else's
    await expect(grid.getByText("Sunday Letters Home")).toHaveCount(0);
    await expect(grid.getByText("The Woman Next Door")).toHaveCount(0);
    await expect(page.getByText("Swan Island")).toHaveCount(0);
    // the family API says the same
    const api = (await fetchAs(page, "/api/family/stories")).json();
    const titles = api.map((s: { title: string }) => s.title);
    for (const published of [
      "A Red Dress at the Crystal Ballroom",
      "Eight Days at Sea",
      "Night Shift at St. Vincent's",
      "The Farmhouse Kitchen in Cork",
    ])
      expect(titles).toContain(published);
    for (const hidden of ["Sunday Letters Home", "The Woman Next Door", "Swan Island"])
      expect(titles).not.toContain(hidden);
    expect(
      (api as { id: string; excerpt: string }[]).find(
        (s) => s.id === storyIdByTitle("Eight Days at Sea"),
      )!.excerpt,
    ).toBe(excerpt);
    expect(
      api.every(
        (s: { resident: { firstName: string }; isPublished: boolean }) =>
          s.resident.firstName === "Margaret" && s.isPublished,
      ),
    ).toBe(true);
  });

  test("Share Photo needs a photo, refuses one over 25 MB, and shares one without its GPS", async ({
    page,
  }) => {
    const description = `Mum at the seaside ${tag()}`;
    await signIn(page, "tom.ellis");
    let form = await open(page, "Share Photo");
    await form.getByRole("button", { name: "Share Photo" }).click();
    await expect(page.getByText("Please select a photo to upload")).toBeVisible();

    if (!js()) {
      await page
        .getByLabel("Photo", { exact: true })
        .setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: overPhoneLimit() });
      await page.getByRole("button", { name: "Share Photo" }).click();
      // read to its end, so the server says the photo's real size
      await expect(
        page.getByText("This photo is too large (26 MB): choose one under 25 MB", { exact: true }),
      ).toBeVisible();
    }

    form = await open(page, "Share Photo");
    await form.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "IMG_0420.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto(900, 600),
    });
    await form.getByLabel("Description").fill(description);
    await form.getByRole("button", { name: "Share Photo" }).click();
    await expect(toast(page)).toContainText("Your photo has been shared with Margaret");
    const photos = page.getByRole("region", { name: "Photos shared with Margaret" });
    const img = photos.getByRole("img", { name: `Photo: ${description}` });
    await expect(img).toBeVisible();
    await expect(photos.getByText("Shared by Tom Ellis (Son)").first()).toBeVisible();
    await expectServedWithoutMetadata(page, img);
  });

  test("a family member of another resident cannot see Margaret's family photos or pending stories", async ({
    page,
  }) => {
    await signIn(page, "karen.moore");
    await page.goto("/family");
    await expect(page.getByRole("heading", { level: 1, name: "Harold Jensen" })).toBeVisible();
    await expect(page.getByText("Eight Days at Sea")).toHaveCount(0);
    expect((await page.goto(`/stories/${storyIdByTitle("Sunday Letters Home")}`))?.status()).toBe(
      404,
    );
    const photos = (await fetchAs(page, "/api/family/photos")).json<{ imageUrl: string }[]>();
    await signIn(page, "sarah.ellis");
    const margaretPhotos = (await fetchAs(page, "/api/family/photos")).json<
      { imageUrl: string }[]
    >();
    await signIn(page, "karen.moore");
    for (const p of margaretPhotos) {
      expect(photos.some((x) => x.imageUrl === p.imageUrl)).toBe(false);
      expect((await fetchAs(page, p.imageUrl)).status).toBe(404);
    }
  });
});

test("the family dashboard and its forms pass an accessibility scan (WCAG 2.2 AA)", async ({
  page,
}) => {
  test.skip(!js(), "axe needs JavaScript in the page");
  await signIn(page, "sarah.ellis");
  for (const path of ["/family", "/family?dialog=photo", "/family?dialog=question"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  }
});

test.describe("the whole journey", () => {
  test("a resident's story, once approved, is read, reacted to and commented on by family; family photos and questions reach the resident", async ({
    page,
  }) => {
    const t = tag();
    const title = `The blue bicycle ${t}`;
    const question = `Where did you learn to swim? ${t}`;
    const description = `Grandad's boat ${t}`;

    // the resident writes it, with a phone photo
    await signIn(page, "margaret.ellis");
    await page.goto("/resident/stories/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Category").selectOption({ label: "Childhood" });
    await page
      .getByLabel("Your story", { exact: true })
      .fill("My brother and I shared one blue bicycle. ".repeat(8).trim());
    await page
      .getByLabel("Choose a picture")
      .setInputFiles({ name: "IMG_1111.jpg", mimeType: "image/jpeg", buffer: await phonePhoto() });
    if (js()) await expect(page.getByText("Image ready")).toBeVisible();
    await page.getByRole("button", { name: "Save Story" }).click();
    await expect(toast(page)).toContainText("Your story has been saved and sent for review!");

    // families do not see it until an administrator approves it
    await signIn(page, "sarah.ellis");
    await page.goto("/family");
    await expect(page.getByRole("article", { name: title })).toHaveCount(0);
    await approveAsAdmin(storyIdByTitle(title));

    // the family member reads it on the story page, reacts and comments as herself
    await page.goto("/family");
    const story = page.getByRole("article", { name: title });
    await expect(story.getByText("Childhood")).toBeVisible();
    await expectServedWithoutMetadata(
      page,
      story.getByRole("img", { name: `Picture for "${title}"` }),
    );
    await story.getByRole("link", { name: `Read More and comment on ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByLabel("Your comment").fill(`We still have that bicycle! ${t}`);
    const commentForm = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Post Comment" }) });
    await commentForm.getByRole("img", { name: "Thumbs up" }).click();
    await expect(commentForm.getByRole("radio", { name: "Thumbs up" })).toBeChecked();
    await page.getByRole("button", { name: "Post Comment" }).click();
    const comments = page.getByRole("list", { name: "Comments" });
    await expect(comments.getByText(`We still have that bicycle! ${t}`)).toBeVisible();
    await expect(comments.getByText("Sarah Ellis").first()).toBeVisible();
    await expect(comments.getByRole("img", { name: "Reaction: Thumbs up" })).toBeVisible();

    // she shares a photo and asks a question
    let form = await open(page, "Share Photo");
    await form.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "boat.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto(800, 600),
    });
    await form.getByLabel("Description").fill(description);
    await form.getByRole("button", { name: "Share Photo" }).click();
    await expect(toast(page)).toContainText("Your photo has been shared with Margaret");
    form = await open(page, "Ask Question");
    await form.getByRole("button", { name: "Send Question" }).click();
    await expect(page.getByText("Please write your question")).toBeVisible();
    await form.getByLabel("Your question").fill(question);
    await form.getByRole("button", { name: "Send Question" }).click();
    await expect(toast(page)).toContainText("Your question has been sent to Margaret");
    await expect(page.getByText(`“${question}”`)).toBeVisible();

    // the resident sees both, and answers the question with a story
    await signIn(page, "margaret.ellis");
    await page.goto("/resident");
    await expect(page.getByRole("img", { name: `Photo: ${description}` })).toBeVisible();
    const asked = page
      .getByRole("region", { name: "Questions from your family" })
      .getByRole("listitem")
      .filter({ hasText: question });
    await expect(asked.getByText("Asked by Sarah Ellis (Daughter)")).toBeVisible();
    await asked.getByRole("link", { name: "Answer with a story" }).click();
    await expect(page.getByText(`“${question}”`)).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(`Swimming ${t}`);
    await page
      .getByLabel("Your story", { exact: true })
      .fill("In the cold sea at Youghal, with my father holding my chin.");
    await page.getByRole("button", { name: "Save Story" }).click();
    await expect(toast(page)).toContainText("Your story has been saved and sent for review!");
    await expect(page.getByRole("link", { name: `Swimming ${t}`, exact: true })).toBeVisible();
  });
});
