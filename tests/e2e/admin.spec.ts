// The administrator's area: residents, families (with the invitation link), story review, news and
// the calendar, with JavaScript on and off. Every test makes its own data (the js and nojs projects
// run in parallel against one server), and reads the outcome back through the JSON API.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { api, dayIn, uid } from "./support/api";
import { test, expect, httpRequest, sessionCookie, signIn } from "./support/fixtures";

const toast = (page: Page) => page.getByTestId("toast");

/** Opens a list row's "More" menu (a native disclosure: works without JavaScript too). */
async function openRowMenu(row: Locator, name: string) {
  await row.getByLabel(`More actions for ${name}`).click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "linda.admin");
});

test.describe("administrator: residents", () => {
  test("adds a resident with empty optional fields stored as null, edits, deactivates and reactivates them", async ({
    page,
  }) => {
    const last = `Tester${uid()}`;
    const name = `Ada ${last}`;
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Residents" })
      .click();
    await expect(page).toHaveURL(/\/admin\/residents$/);
    await page.getByRole("link", { name: "Add Resident" }).click();
    await expect(page).toHaveURL(/\/admin\/residents\/new$/);
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill(last);
    await page.getByLabel("Admission date").fill("2024-03-01");
    await page.getByRole("button", { name: "Save resident" }).click();
    // the list's page that shows the new resident (sorted by name, 25 a page)
    await expect(page).toHaveURL(/\/admin\/residents(\?page=\d+)?$/);
    await expect(toast(page)).toContainText("Resident added");
    const row = page.getByTestId("resident-row").filter({ hasText: name });
    await expect(row).toContainText("Mar 1, 2024");
    await expect(row).toContainText("Active");
    // the cells after the checkbox: Room first
    await expect(row.getByRole("cell").nth(1)).toHaveText("—");

    const created = (await api("linda.admin", "/api/residents")).json.find(
      (r: any) => r.lastName === last,
    );
    expect(created).toMatchObject({
      firstName: "Ada",
      roomNumber: null,
      dateOfBirth: null,
      admissionDate: "2024-03-01",
      isActive: true,
    });

    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/residents/${created.id}$`));
    await page.getByLabel("Room").fill("12B");
    await page.getByLabel("Admission date").fill("");
    await page.getByRole("button", { name: "Save resident" }).click();
    await expect(toast(page)).toContainText("Resident updated");
    await expect(row).toContainText("Room 12B");
    const edited = (await api("linda.admin", "/api/residents")).json.find(
      (r: any) => r.id === created.id,
    );
    expect(edited).toMatchObject({ roomNumber: "12B", admissionDate: null });

    // a profile photo: a file that is not an image is refused with the fixed words, a real one shows in the table
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Profile photo").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("not really a picture"),
    });
    await page.getByRole("button", { name: "Save resident" }).click();
    await expect(page.getByText("Invalid file type: Please select an image file")).toBeVisible();
    const png = await sharp({
      create: { width: 60, height: 60, channels: 3, background: "#2f6b45" },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel("Profile photo")
      .setInputFiles({ name: "ada.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Save resident" }).click();
    await expect(toast(page)).toContainText("Resident updated");
    await expect(row.locator("img")).toHaveAttribute("src", /^\/media\/[\w-]+\?w=400$/);
    expect(
      (await api("linda.admin", "/api/residents")).json.find((r: any) => r.id === created.id)
        .profileImageUrl,
    ).toMatch(/^\/media\//);

    // deactivating asks first, and the message afterwards offers Undo
    await openRowMenu(row, name);
    await row.getByRole("link", { name: `Deactivate ${name}` }).click();
    await expect(page.getByRole("heading", { name: `Deactivate ${name}?` })).toBeVisible();
    expect(
      (await api("linda.admin", "/api/residents")).json.find((r: any) => r.id === created.id)
        .isActive,
    ).toBe(true);
    await page.getByRole("button", { name: "Deactivate resident" }).click();
    await expect(toast(page)).toContainText("Resident deactivated");
    expect(
      (await api("linda.admin", "/api/residents")).json.find((r: any) => r.id === created.id)
        .isActive,
    ).toBe(false);
    await toast(page).getByRole("button", { name: "Undo" }).click();
    await expect(toast(page)).toContainText("Resident reactivated");
    expect(
      (await api("linda.admin", "/api/residents")).json.find((r: any) => r.id === created.id)
        .isActive,
    ).toBe(true);
    // and from the Inactive filter, Reactivate in the row's menu
    await api("linda.admin", `/api/residents/${created.id}`, "PATCH", { isActive: false });
    await page.goto(`/admin/residents?status=inactive&q=${last}`);
    await expect(row).toContainText("Inactive");
    await openRowMenu(row, name);
    await row.getByRole("button", { name: `Reactivate ${name}` }).click();
    await expect(toast(page)).toContainText("Resident reactivated");
    expect(
      (await api("linda.admin", "/api/residents")).json.find((r: any) => r.id === created.id)
        .isActive,
    ).toBe(true);
  });

  test("invalid resident input shows the rules and saves nothing", async ({ page }) => {
    const room = `X${uid()}`;
    await page.goto("/admin/residents/new");
    await page.getByLabel("Room").fill(room);
    await page.getByLabel("Date of birth").fill("2030-01-01");
    await page.getByRole("button", { name: "Save resident" }).click();
    await expect(page.getByText("Failed to create resident")).toBeVisible();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByLabel("Room")).toHaveValue(room);
    const all = (await api("linda.admin", "/api/residents")).json as {
      roomNumber: string | null;
    }[];
    expect(all.some((r) => r.roomNumber === room)).toBe(false);
  });

  test("an unknown admin page is a 404 behind the guard", async ({ page }) => {
    const res = await page.goto("/admin/no-such-tab");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});

test.describe("administrator: families and invitations", () => {
  test("adds a family member whose one-time link lets them choose a password and land on /family", async ({
    page,
    browser,
  }) => {
    const id = uid();
    await api("linda.admin", "/api/residents", "POST", { firstName: "Rosa", lastName: `Fam${id}` });
    const name = `Jo Fam${id}`;
    const email = `jo.${id}@family.example`;

    await page.goto("/admin/families");
    await page.getByRole("link", { name: "Add Family Member" }).click();
    await expect(page).toHaveURL(/\/admin\/families\/new$/);
    await page.getByRole("combobox", { name: "Resident" }).selectOption({ label: `Rosa Fam${id}` });
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Relationship").fill("Granddaughter");
    await page.getByRole("button", { name: "Add family member" }).click();

    await expect(page).toHaveURL(/\/admin\/families\/[^/]+\/invitation$/);
    await expect(toast(page)).toContainText("Family member added");
    const link = await page.getByLabel("Invitation link", { exact: true }).inputValue();
    expect(link).toMatch(
      /^http:\/\/sunnybrook\.storyloom\.localhost:\d+\/invite\?token=[\w-]{30,}$/,
    );
    await expect(page.getByTestId("invitation")).toContainText(`jo.${id}`);

    // the link is shown once: a reload shows only the way to make a new one
    await page.reload();
    await expect(page.getByLabel("Invitation link", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Make a new invitation link" }).click();
    await expect(toast(page)).toContainText("New invitation link made");
    const second = await page.getByLabel("Invitation link", { exact: true }).inputValue();
    expect(second).not.toBe(link);

    await page.goto(`/admin/families?q=${id}`);
    const row = page.getByTestId("family-row").filter({ hasText: name });
    // both links were emailed; the list says when the newest one was sent
    await expect(row.getByTestId("family-invitation")).toContainText(/Sent \w{3} \d+/);
    await expect(row.getByRole("link", { name: `Make a new link for ${name}` })).toBeVisible();
    await expect(row).toContainText(`Rosa Fam${id}`);
    await expect(row).toContainText("Granddaughter");
    await expect(row).toContainText(email);

    // the family member, in their own browser, uses the newest link
    const js = test.info().project.use.javaScriptEnabled !== false;
    const context = await browser.newContext({ javaScriptEnabled: js });
    const guest = await context.newPage();
    await guest.goto(second);
    await expect(guest.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
    await expect(guest.getByText(`jo.${id}`)).toBeVisible();
    await guest.getByLabel("Password", { exact: true }).fill("short");
    await guest.getByLabel("Password again").fill("short");
    await guest.getByRole("button", { name: "Choose password and sign in" }).click();
    await expect(guest.getByText("Use at least 10 characters")).toBeVisible();
    await guest.getByLabel("Password", { exact: true }).fill("a-long-family-password");
    await guest.getByLabel("Password again").fill("a-long-family-password");
    await guest.getByRole("button", { name: "Choose password and sign in" }).click();
    await expect(guest).toHaveURL(/\/family$/);

    // both links are closed now that she chose a password: each takes her, signed in, home
    for (const used of [second, link]) {
      await guest.goto(used);
      await expect(guest).toHaveURL(/\/family$/);
      await expect(guest.getByText("You have already accepted this invitation")).toBeVisible();
    }
    await context.close();

    // and the new password works on the sign-in form
    expect(
      (await sessionCookie(`jo.${id}`, "sunnybrook", "a-long-family-password")).length,
    ).toBeGreaterThan(10);
    await page.reload();
    await expect(row.getByTestId("family-invitation")).toContainText("Accepted");
    await expect(row.getByTestId("family-invitation")).toContainText("last active today");
  });

  test("edits and removes a family member (removal asks first and ends their sign-in)", async ({
    page,
  }) => {
    const id = uid();
    const resident = (
      await api("linda.admin", "/api/residents", "POST", { firstName: "Max", lastName: `Fm${id}` })
    ).json;
    const created = await api("linda.admin", "/api/family-members", "POST", {
      residentId: resident.id,
      name: `Kim Fm${id}`,
      email: `kim.${id}@family.example`,
      relationship: null,
      phoneNumber: null,
    });
    expect(created.status).toBe(201);
    expect(created.json.invitation.url).toContain("/invite?token=");

    await page.goto(`/admin/families?q=${id}`);
    const row = page.getByTestId("family-row").filter({ hasText: `Kim Fm${id}` });
    await row.getByRole("link", { name: `Edit Kim Fm${id}` }).click();
    await page.getByLabel("Phone number").fill("(503) 555-0199");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Save family member" }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await page.getByLabel("Email").fill(`kim2.${id}@family.example`);
    await page.getByRole("button", { name: "Save family member" }).click();
    await expect(toast(page)).toContainText("Family member updated");
    await page.goto(`/admin/families?q=${id}`);
    // the address and the phone number are under the name, and links in the row's menu
    await expect(row.getByTestId("family-contact")).toHaveText(`kim2.${id}@family.example`);
    await expect(row.getByTestId("family-phone")).toHaveText("(503) 555-0199");
    await openRowMenu(row, `Kim Fm${id}`);
    await expect(row.getByRole("link", { name: `kim2.${id}@family.example` })).toHaveAttribute(
      "href",
      `mailto:kim2.${id}@family.example`,
    );
    await expect(row.getByRole("link", { name: "(503) 555-0199" })).toHaveAttribute(
      "href",
      "tel:5035550199",
    );
    await row.getByRole("link", { name: `Remove Kim Fm${id}` }).click();
    await expect(page).toHaveURL(/\/delete$/);
    await expect(page.getByText(`Remove Kim Fm${id}, family of Max Fm${id}?`)).toBeVisible();
    await page.getByRole("button", { name: "Remove family member" }).click();
    await expect(toast(page)).toContainText("Family member removed");
    await expect(page.getByTestId("family-row").filter({ hasText: `Kim Fm${id}` })).toHaveCount(0);
    const list = (await api("linda.admin", "/api/family-members")).json as { name: string }[];
    expect(list.some((m) => m.name === `Kim Fm${id}`)).toBe(false);
    // the invitation died with the account
    const res = await httpRequest({
      path:
        new URL(created.json.invitation.url).pathname + new URL(created.json.invitation.url).search,
    });
    expect(res.text()).toContain("Invitation link not valid");
  });

  test("invalid family input shows the rules and saves nothing", async ({ page }) => {
    const id = uid();
    await page.goto("/admin/families/new");
    await page.getByLabel("Email").fill(`bad-${id}`);
    await page.getByRole("button", { name: "Add family member" }).click();
    await expect(page.getByText("Failed to add family member")).toBeVisible();
    await expect(page.getByText("Choose the resident", { exact: true })).toBeVisible();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    const list = (await api("linda.admin", "/api/family-members")).json as { email: string }[];
    expect(list.some((m) => m.email === `bad-${id}`)).toBe(false);
  });
});

test.describe("administrator: story review", () => {
  test("approves one story, rejects another with a note, features and unpublishes; the resident sees each outcome", async ({
    page,
  }) => {
    const id = uid();
    // shared with everyone at the community: only such stories can be featured
    const make = async (title: string) => {
      const res = await api("margaret.ellis", "/api/resident/stories", "POST", {
        title,
        content: `A story written for the review test ${id}. It has a few sentences in it.`,
        category: "family",
        audience: "community",
      });
      expect(res.status, res.text).toBe(201);
      return res.json.id as string;
    };
    const goodTitle = `Approve me ${id}`;
    const badTitle = `Reject me ${id}`;
    const goodId = await make(goodTitle);
    const badId = await make(badTitle);

    await page.goto("/admin/stories");
    const pending = page.getByTestId("pending-story");
    await expect(pending.filter({ hasText: goodTitle })).toHaveCount(1);
    await pending
      .filter({ hasText: goodTitle })
      .getByRole("link", { name: `Review ${goodTitle}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/stories/${goodId}$`));
    await expect(page.getByText("Pending approval", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Feature this story" })).toHaveCount(0);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(toast(page)).toContainText("Story approved");
    await expect(pending.filter({ hasText: goodTitle })).toHaveCount(0);

    await pending
      .filter({ hasText: badTitle })
      .getByRole("link", { name: `Review ${badTitle}` })
      .click();
    await page.getByLabel("Note to the resident").fill("Please leave out the street address.");
    await page.getByRole("button", { name: "Reject" }).click();
    await expect(toast(page)).toContainText("Story not approved");
    await expect(pending.filter({ hasText: badTitle })).toHaveCount(0);
    // Not approved stories stay in view, with their note and a way to reopen them
    await page
      .getByRole("navigation", { name: "Stories by status" })
      .getByRole("link", { name: /Not approved/ })
      .click();
    const rejected = page.getByTestId("rejected-story").filter({ hasText: badTitle });
    await expect(rejected).toContainText("Please leave out the street address.");
    await rejected.getByRole("button", { name: `Reopen ${badTitle} for review` }).click();
    await expect(toast(page)).toContainText("Story reopened");
    await expect(pending.filter({ hasText: badTitle })).toHaveCount(1);
    expect(
      (await api("margaret.ellis", "/api/resident/stories")).json.find((s: any) => s.id === badId),
    ).toMatchObject({ reviewStatus: "pending" });
    await pending
      .filter({ hasText: badTitle })
      .getByRole("link", { name: `Review ${badTitle}` })
      .click();
    await page.getByRole("button", { name: "Reject" }).click();
    await expect(toast(page)).toContainText("Story not approved");

    await page.goto(`/admin/stories?status=published&q=${id}`);
    await expect(page.getByTestId("published-story").filter({ hasText: goodTitle })).toHaveCount(1);
    await page
      .getByTestId("published-story")
      .filter({ hasText: goodTitle })
      .getByRole("link", { name: `Review ${goodTitle}` })
      .click();
    await expect(page.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Feature this story" }).click();
    await expect(toast(page)).toContainText("Story featured");
    await page.goto(`/admin/stories?status=published&q=${id}`);
    await expect(page.getByTestId("published-story").filter({ hasText: goodTitle })).toContainText(
      "Featured",
    );

    // the resident sees both outcomes, with the note
    const mine = (await api("margaret.ellis", "/api/resident/stories")).json as any[];
    expect(mine.find((s) => s.id === goodId)).toMatchObject({
      isPublished: true,
      isFeatured: true,
      reviewStatus: "published",
    });
    expect(mine.find((s) => s.id === badId)).toMatchObject({
      isPublished: false,
      reviewStatus: "rejected",
      reviewNote: "Please leave out the street address.",
    });
    // the featured story is among the community's featured stories
    const featured = (await api("sarah.ellis", "/api/stories/featured")).json as { id: string }[];
    expect(featured.map((s) => s.id)).toContain(goodId);

    await page.goto(`/admin/stories/${goodId}`);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(toast(page)).toContainText("Story unpublished");
    await expect(pending.filter({ hasText: goodTitle })).toHaveCount(1);
    expect(
      (await api("margaret.ellis", "/api/resident/stories")).json.find((s: any) => s.id === goodId),
    ).toMatchObject({ isPublished: false, isFeatured: false });
  });
});

test.describe("administrator: news and calendar", () => {
  test("posts pinned news (listed before unpinned posts), edits and deletes it", async ({
    page,
  }) => {
    const title = `Garden party ${uid()}`;
    await page.goto("/admin/news");
    await page.getByRole("link", { name: "Create News Post" }).click();
    await page.getByRole("button", { name: "Save post" }).click();
    await expect(page.getByText("Failed to create news post")).toBeVisible();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Content is required")).toBeVisible();

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Content").fill("Lemonade and music on the lawn.");
    await expect(page.getByLabel(/^Published/)).toBeChecked();
    await page.getByLabel(/^Pinned/).check();
    await page.getByRole("button", { name: "Save post" }).click();
    await expect(toast(page)).toContainText("News post published");
    const post = page.getByTestId("news-post").filter({ hasText: title });
    await expect(post).toContainText("Pinned");
    await expect(post).toContainText("Published");
    const texts = await page.getByTestId("news-post").allInnerTexts();
    const mineAt = texts.findIndex((t) => t.includes(title));
    const firstUnpinned = texts.findIndex((t) => !t.includes("Pinned"));
    expect(firstUnpinned === -1 || mineAt < firstUnpinned).toBe(true);

    await post.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByLabel(/^Published/).uncheck();
    await page.getByLabel("Title").fill(`${title} (moved)`);
    await page.getByRole("button", { name: "Save post" }).click();
    await expect(toast(page)).toContainText("Post updated");
    const moved = page.getByTestId("news-post").filter({ hasText: `${title} (moved)` });
    await expect(moved).toContainText("Draft");

    await moved.getByRole("link", { name: `Delete ${title} (moved)` }).click();
    await expect(page).toHaveURL(/\/delete$/);
    await page.getByRole("button", { name: "Delete post" }).click();
    await expect(toast(page)).toContainText("Post deleted");
    await expect(page.getByTestId("news-post").filter({ hasText: title })).toHaveCount(0);
  });

  test("creates an event that shows Tomorrow, cancels, reinstates and deletes it", async ({
    page,
  }) => {
    const title = `Piano recital ${uid()}`;
    await page.goto("/admin/calendar");
    await page.getByRole("link", { name: "Create Event" }).click();
    await page.getByLabel("Maximum participants").fill("0");
    await page.getByLabel("Start time").fill("15:00");
    await page.getByLabel("End time").fill("14:00");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByText("Failed to create event")).toBeVisible();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Date is required")).toBeVisible();
    await expect(page.getByText("Maximum participants must be at least 1")).toBeVisible();

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Date").fill(dayIn("America/Los_Angeles", 1));
    await page.getByLabel("Maximum participants").fill("20");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByText("The end time must be after the start time")).toBeVisible();
    expect(
      ((await api("linda.admin", "/api/calendar-events")).json as { title: string }[]).some(
        (e) => e.title === title,
      ),
    ).toBe(false);

    await page.getByLabel("Start time").fill("14:00");
    await page.getByLabel("End time").fill("15:30");
    await page.getByLabel("Location").fill("Main lounge");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(toast(page)).toContainText("Event created");
    const event = page.getByTestId("calendar-event").filter({ hasText: title });
    await expect(event).toContainText("Tomorrow");
    await expect(event).toContainText("2:00 PM – 3:30 PM");
    await expect(event).toContainText("Up to 20 participants");
    await expect(event).toContainText("Active");

    await event.getByRole("button", { name: `Cancel ${title}` }).press("Enter");
    await expect(toast(page)).toContainText("Event cancelled");
    await expect(event).toContainText("Cancelled");
    await event.getByRole("button", { name: `Reinstate ${title}` }).press("Enter");
    await expect(toast(page)).toContainText("Event reinstated");
    await expect(event).toContainText("Active");

    await event.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("button", { name: "Delete event" }).click();
    await expect(toast(page)).toContainText("Event deleted");
    await expect(page.getByTestId("calendar-event").filter({ hasText: title })).toHaveCount(0);
  });

  test("the overview shows this community's real figures and what needs attention", async ({
    page,
  }) => {
    const residents = (await api("linda.admin", "/api/residents")).json as { isActive: boolean }[];
    const pending = (await api("linda.admin", "/api/admin/stories/pending")).json as {
      title: string;
    }[];
    await page.goto("/admin");
    const card = (label: string) => page.getByRole("listitem").filter({ hasText: label });
    // other tests add residents in parallel: the figure is at least what the API said a moment ago
    const active = Number((await card("Active residents").innerText()).match(/\d+/)![0]);
    expect(active).toBeGreaterThanOrEqual(residents.filter((r) => r.isActive).length);
    expect(active).not.toBe(8);
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
    if (pending.length)
      await expect(page.getByRole("link", { name: pending[0]!.title }).first()).toBeVisible();
  });
});

test.describe("accessibility", () => {
  test("the admin screens and an open dialog pass an axe WCAG 2.2 AA scan", async ({ page }) => {
    test.skip(test.info().project.name === "nojs", "axe needs JavaScript in the page");
    test.setTimeout(180_000);
    const scan = async (what: string) => {
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        results.violations.map(
          (v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    };
    for (const path of [
      "/admin",
      "/admin/residents",
      "/admin/residents/new",
      "/admin/families",
      "/admin/stories",
      "/admin/news",
      "/admin/calendar/new",
      "/staff",
      "/staff/news/new",
      "/admin/staff",
      "/admin/staff/new",
      "/admin/audit",
      "/admin/calendar?view=month",
      "/admin/residents/print",
    ]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await scan(path);
    }
    // a form opened from its list is a modal dialog
    await page.goto("/admin/calendar");
    await page.getByRole("link", { name: "Create Event" }).click();
    await expect(
      page.getByRole("dialog").getByRole("heading", { name: "Create Event" }),
    ).toBeVisible();
    await scan("create event dialog");
    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/admin\/calendar$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
