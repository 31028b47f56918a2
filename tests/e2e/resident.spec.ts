// The resident's dashboard and own stories, with JavaScript and without.
import AxeBuilder from "@axe-core/playwright";
import { test, expect, signIn, origin } from "./support/fixtures";
import {
  approveAsAdmin,
  expectServedWithoutMetadata,
  fetchAs,
  hasGps,
  phonePhoto,
  overPhoneLimit,
  storyIdByTitle,
  textAsJpg,
} from "./support/media-helpers";
import type { Page } from "@playwright/test";

const DELETE_QUESTION = "Are you sure you want to delete this story? This action cannot be undone.";
const tag = () => `${test.info().project.name}-${Date.now().toString(36)}`;
const js = () => test.info().project.name === "js";

async function writeStory(
  page: Page,
  fields: { title: string; content: string; category?: string; photo?: Buffer },
) {
  await page.goto("/resident/stories/new");
  await expect(page.getByRole("heading", { level: 1, name: "Tell Your Story" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(fields.title);
  if (fields.category) await page.getByLabel("Category").selectOption({ label: fields.category });
  await page.getByLabel("Your story", { exact: true }).fill(fields.content);
  if (fields.photo) {
    await page
      .getByLabel("Choose a picture")
      .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: fields.photo });
    // with JavaScript the picture is previewed and uploaded through the signed URL at once
    if (js()) {
      await expect(page.getByAltText("Preview of the selected image")).toBeVisible();
      await expect(page.getByText("Image ready")).toBeVisible();
    }
  }
  await page.getByRole("button", { name: "Save Story" }).click();
}

const card = (page: Page, title: string) => page.getByRole("article", { name: title });
const toast = (page: Page) => page.getByTestId("toast");

test.describe("the resident dashboard", () => {
  test("welcomes the resident by name and shows each story's state, image and Read More", async ({
    page,
  }) => {
    await signIn(page, "margaret.ellis");
    await page.goto("/resident");
    await expect(
      page.getByRole("heading", { level: 1, name: "Welcome, Margaret Ellis" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Record New Story" })).toHaveAttribute(
      "href",
      "/resident/record",
    );
    await expect(page.getByRole("link", { name: "Tell Your Story" })).toHaveAttribute(
      "href",
      "/resident/stories/new",
    );

    const pending = card(page, "Sunday Letters Home");
    await expect(pending.getByText("Under Review")).toBeVisible();
    const rejected = card(page, "The Woman Next Door");
    await expect(rejected.getByText("Not approved")).toBeVisible();
    await expect(rejected.getByText("Could you leave out Bernadette's full name")).toBeVisible();
    await expect(rejected.getByText("Under Review")).toHaveCount(0);

    const withImage = card(page, "The Farmhouse Kitchen in Cork");
    await expect(
      withImage.getByRole("img", { name: 'Picture for "The Farmhouse Kitchen in Cork"' }),
    ).toBeVisible();
    await expect(
      card(page, "Night Shift at St. Vincent's").getByTestId("category-art"),
    ).toBeAttached();
    // long stories are cut at 150 characters and lead to the story page
    const readMore = card(page, "Night Shift at St. Vincent's").getByRole("link", {
      name: /Read More/,
    });
    await expect(readMore).toHaveAttribute("href", /^\/stories\/[\w-]+$/);
    // only Margaret's own stories
    await expect(page.getByText("Swan Island")).toHaveCount(0);
  });

  test("a resident writes a story with a phone photo, edits it and deletes another; no served file keeps the GPS", async ({
    page,
  }) => {
    const t = tag();
    const title = `Harbour lights ${t}`;
    const photo = await phonePhoto();
    expect(await hasGps(photo)).toBe(true);
    await signIn(page, "margaret.ellis");

    await writeStory(page, {
      title,
      content: "Every evening the harbour lights came on one by one.",
      category: "Travel",
      photo,
    });
    await expect(page).toHaveURL(/\/resident$/);
    await expect(toast(page)).toContainText("Your story has been saved and sent for review!");
    const mine = card(page, title);
    await expect(mine.getByText("Under Review")).toBeVisible();
    await expect(mine.getByText("Travel")).toBeVisible();
    await expectServedWithoutMetadata(
      page,
      mine.getByRole("img", { name: `Picture for "${title}"` }),
    );

    // edit: title, content and category change
    await mine.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit story" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    const edited = `${title} (revised)`;
    await page.getByLabel("Title", { exact: true }).fill(edited);
    await page.getByLabel("Category").selectOption({ label: "Family" });
    await page
      .getByLabel("Your story", { exact: true })
      .fill("Every evening my father and I counted the harbour lights.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Your story has been updated");
    await expect(card(page, edited).getByText(/^\W*Family$/)).toBeVisible();
    await expect(card(page, edited).getByText("my father and I counted")).toBeVisible();
    // the picture stayed
    await expect(card(page, edited).getByRole("img")).toBeVisible();

    // delete another story, after the confirmation
    const doomed = `To be deleted ${t}`;
    await writeStory(page, { title: doomed, content: "A story written by mistake." });
    await expect(card(page, doomed)).toBeVisible();
    await card(page, doomed)
      .getByRole("link", { name: `Delete ${doomed}` })
      .click();
    await expect(page.getByText(DELETE_QUESTION, { exact: true })).toBeVisible();
    if (!js()) await expect(page).toHaveURL(/\/resident\/stories\/[\w-]+\/delete$/);
    await page.getByRole("button", { name: "Delete story" }).click();
    await expect(toast(page)).toContainText("Your story has been deleted");
    await expect(card(page, doomed)).toHaveCount(0);
    await expect(card(page, edited)).toBeVisible();
  });

  test("editing a published story sends it back for review and says so", async ({ page }) => {
    const title = `Published then edited ${tag()}`;
    await signIn(page, "margaret.ellis");
    await writeStory(page, { title, content: "A story that an administrator approves." });
    await expect(toast(page)).toContainText("sent for review");
    await approveAsAdmin(storyIdByTitle(title));
    await page.goto("/resident");
    await expect(card(page, title).getByText("Published", { exact: true })).toBeVisible();

    await card(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(
      page.getByText("This story is published. When you save changes it goes back for review"),
    ).toBeVisible();
    await page
      .getByLabel("Your story", { exact: true })
      .fill("A story that an administrator approved, and I changed.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Your story has been updated and sent for review");
    await expect(toast(page)).toContainText(
      "Your family will see it again once an administrator approves it.",
    );
    await expect(card(page, title).getByText("Under Review")).toBeVisible();
  });

  test("a story needs a title and content; a 26 MB image and a text file renamed .jpg are refused", async ({
    page,
  }) => {
    const title = `Refused ${tag()}`;
    await signIn(page, "margaret.ellis");
    await page.goto("/resident/stories/new");
    await page.getByRole("button", { name: "Save Story" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Content is required")).toBeVisible();

    // a 26 MB file (over what a phone may send) that no browser can draw: with JavaScript the
    // field says so at once; without, the server reads it to its end and says its size
    for (const [file, title1, description] of [
      [
        { name: "huge.jpg", mimeType: "image/jpeg", buffer: overPhoneLimit() },
        js() ? "File too large" : null,
        "This photo is too large (26 MB): choose one under 25 MB",
      ],
      [
        { name: "notes.jpg", mimeType: "image/jpeg", buffer: textAsJpg() },
        "Invalid file type",
        "Please select an image file",
      ],
    ] as const) {
      await page.goto("/resident/stories/new");
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page.getByLabel("Your story", { exact: true }).fill("This one should not be saved.");
      await page.getByLabel("Choose a picture").setInputFiles(file);
      // with JavaScript the field says it at once; without, the server says it after the post
      if (!js()) await page.getByRole("button", { name: "Save Story" }).click();
      if (title1) await expect(page.getByText(title1, { exact: true })).toBeVisible();
      // without JavaScript the form also asks for the photo again
      await expect(page.getByText(description).first()).toBeVisible();
      if (!js()) await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    }
    await page.goto("/resident");
    await expect(card(page, title)).toHaveCount(0);
  });

  test("another resident's story and its image answer 404", async ({ page }) => {
    const pendingId = storyIdByTitle("Sunday Letters Home");
    const withImage = storyIdByTitle("Eight Days at Sea");
    await signIn(page, "harold.jensen");
    expect((await page.goto(`/resident/stories/${pendingId}/edit`))?.status()).toBe(404);
    expect((await page.goto(`/resident/stories/${pendingId}/delete`))?.status()).toBe(404);
    expect((await fetchAs(page, `/api/stories/${pendingId}`, { method: "DELETE" })).status).toBe(
      404,
    );
    // a pending story's image is only for its resident and staff
    const title = `Private picture ${tag()}`;
    await signIn(page, "margaret.ellis");
    await writeStory(page, {
      title,
      content: "Not for Harold.",
      photo: await phonePhoto(600, 400),
    });
    const src = await card(page, title).getByRole("img").getAttribute("src");
    await signIn(page, "harold.jensen");
    expect((await fetchAs(page, src!)).status).toBe(404);
    // a published story's image is for every member, but only on its own community's site
    const imageUrl = (await fetchAs(page, `/api/stories/${withImage}`)).json<{ imageUrl: string }>()
      .imageUrl;
    expect((await fetchAs(page, imageUrl)).status).toBe(200);
    await signIn(page, "eleanor.voss", "maplewood");
    expect((await fetchAs(page, imageUrl, { sub: "maplewood" })).status).toBe(404);
    expect(
      (await page.goto(`${origin("maplewood")}/resident/stories/${pendingId}/edit`))?.status(),
    ).toBe(404);
  });
});

test.describe("with JavaScript", () => {
  test("Tell Your Story opens as a dialog on the dashboard and saves from there", async ({
    page,
  }) => {
    test.skip(!js(), "without JavaScript the same form is a page (covered above)");
    const title = `From the dialog ${tag()}`;
    await signIn(page, "margaret.ellis");
    await page.goto("/resident");
    await page.getByRole("link", { name: "Tell Your Story" }).click();
    const dialog = page.getByRole("dialog", { name: "Tell Your Story" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/resident$/);
    // the server checks the form; its answer comes back into the dialog, which stays open with what was typed
    await dialog.getByLabel("Your story", { exact: true }).fill("Written in a dialog.");
    await dialog.getByRole("button", { name: "Save Story" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByLabel("Your story", { exact: true })).toHaveValue(
      "Written in a dialog.",
    );
    await expect(page).toHaveURL(/\/resident$/);
    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await dialog.getByLabel("Your story", { exact: true }).fill("Written in a dialog.");
    await dialog.getByRole("button", { name: "Save Story" }).click();
    await expect(toast(page)).toContainText("Your story has been saved and sent for review!");
    await expect(dialog).toHaveCount(0);
    await expect(card(page, title).getByText("Under Review")).toBeVisible();
  });

  test("the dashboard, the story form and its dialog pass an accessibility scan (WCAG 2.2 AA)", async ({
    page,
  }) => {
    test.skip(!js(), "axe needs JavaScript in the page");
    await signIn(page, "margaret.ellis");
    for (const path of [
      "/resident",
      "/resident/stories/new",
      `/resident/stories/${storyIdByTitle("The Woman Next Door")}/edit`,
    ]) {
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
    await page.goto("/resident");
    await page.getByRole("link", { name: "Tell Your Story" }).click();
    await expect(page.getByRole("dialog", { name: "Tell Your Story" })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `dialog ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
});
