// The staff area (/staff): residents, families, news and calendar through the same screens as
// the administrator's, and no story review. Plus the role checks and rules of the JSON API.
import type { Page } from "@playwright/test";
import { api, dayIn, uid } from "./support/api";
import { test, expect, httpRequest, sessionCookie, signIn } from "./support/fixtures";

const toast = (page: Page) => page.getByTestId("toast");

const todayInSunnybrook = () => dayIn("America/Los_Angeles");

async function totals() {
  const [residents, families, news, events] = await Promise.all([
    api("marcus", "/api/residents"),
    api("marcus", "/api/family-members"),
    api("marcus", "/api/community-news"),
    api("marcus", "/api/calendar-events"),
  ]);
  const today = todayInSunnybrook();
  return {
    residents: (residents.json as any[]).filter((r) => r.isActive).length,
    families: (families.json as any[]).length,
    news: (news.json as any[]).filter((p) => p.isPublished).length,
    events: (events.json as any[]).filter((e) => e.isActive && e.eventDate >= today).length,
  };
}

test.describe("staff screens", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "marcus");
  });

  test("the dashboard shows the community's totals and its tabs, and no story review", async ({
    page,
  }) => {
    const before = await totals();
    await page.goto("/staff");
    const after = await totals();
    const figure = async (label: string) =>
      Number(
        (await page.getByRole("listitem").filter({ hasText: label }).innerText()).match(/\d+/)![0],
      );
    for (const [label, key] of [
      ["Active residents", "residents"],
      ["Family members", "families"],
      ["News posts", "news"],
      ["Upcoming events", "events"],
    ] as const) {
      const shown = await figure(label);
      // other tests add data in parallel: the figure lies between the two API readings
      expect(shown, label).toBeGreaterThanOrEqual(Math.min(before[key], after[key]));
      expect(shown, label).toBeLessThanOrEqual(Math.max(before[key], after[key]));
    }
    const tabs = page.getByRole("navigation", { name: "Staff sections" }).getByRole("link");
    await expect(tabs).toHaveText([
      "Residents",
      "Families",
      "News",
      "Calendar",
      "Today",
      "Circles",
      "Library",
    ]);
    await expect(page.getByRole("button", { name: /Approve|Reject|Feature/ })).toHaveCount(0);
    for (const path of [
      "/staff/families",
      "/staff/news",
      "/staff/calendar",
      "/staff/today",
      "/staff/circles",
      "/staff/library",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: /Approve|Reject|Feature/ })).toHaveCount(0);
    }
  });

  test("adds a resident, then a family member from the resident's shortcut with that resident chosen", async ({
    page,
  }) => {
    const id = uid();
    const name = `Olive Staff${id}`;
    await page.goto("/staff");
    await page.getByRole("link", { name: "Add Resident" }).click();
    await page.getByLabel("First name").fill("Olive");
    await page.getByRole("button", { name: "Save resident" }).click();
    await expect(page.getByText("Failed to add resident")).toBeVisible();
    await expect(page.getByText("Last name is required")).toBeVisible();
    await page.getByLabel("Last name").fill(`Staff${id}`);
    await page.getByLabel("Room").fill("3C");
    await page.getByRole("button", { name: "Save resident" }).click();
    await expect(page).toHaveURL(/\/staff\/residents(\?page=\d+)?$/);
    await expect(toast(page)).toContainText("Resident added");
    const row = page.getByTestId("resident-row").filter({ hasText: name });
    await expect(row).toContainText("Room 3C");
    const resident = ((await api("marcus", "/api/residents")).json as any[]).find(
      (r) => r.lastName === `Staff${id}`,
    );

    await row.getByLabel(`More actions for ${name}`).click();
    await row.getByRole("link", { name: `Add family member for ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/staff/families/new\\?residentId=${resident.id}$`));
    await expect(page.getByRole("heading", { name: "Add Family Member" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Resident" })).toHaveValue(resident.id);
    await page.getByLabel("Name", { exact: true }).fill(`Ben Staff${id}`);
    await page.getByLabel("Email").fill(`ben.${id}@family.example`);
    await page.getByRole("button", { name: "Add family member" }).click();
    await expect(page).toHaveURL(/\/staff\/families\/[^/]+\/invitation$/);
    await expect(page.getByLabel("Invitation link", { exact: true })).toHaveValue(
      /\/invite\?token=/,
    );
    await page.getByRole("link", { name: "Done" }).click();
    // back to the family of the resident they follow
    await expect(page.getByRole("heading", { name: `Family of ${name}` })).toBeVisible();
    const familyRow = page.getByTestId("family-row").filter({ hasText: `Ben Staff${id}` });
    await expect(familyRow).toContainText(name);
    await expect(familyRow.getByTestId("family-invitation")).toContainText(/Sent \w{3} \d+/);
  });

  test("a resident added by staff gets a sign-in link, chooses a password and lands on their own page", async ({
    page,
    browser,
  }) => {
    const id = uid();
    const resident = (
      await api("marcus", "/api/residents", "POST", { firstName: "Nell", lastName: `Link${id}` })
    ).json;
    const name = `Nell Link${id}`;
    await page.goto(`/staff/residents?q=${id}`);
    const row = page.getByTestId("resident-row").filter({ hasText: name });
    await expect(row.getByTestId("resident-sign-in")).toHaveText("No sign-in");
    await row.getByLabel(`More actions for ${name}`).click();
    await row.getByRole("link", { name: `Sign-in link for ${name}` }).click();
    await expect(page.getByRole("heading", { name: `Sign-in link for ${name}` })).toBeVisible();
    await expect(page.getByText(`${name} has no sign-in yet.`)).toBeVisible();
    await page.getByRole("button", { name: "Make a sign-in link" }).click();
    await expect(toast(page)).toContainText("Sign-in link made");
    await expect(page).toHaveURL(new RegExp(`/staff/residents/${resident.id}/invitation$`));
    const link = await page.getByLabel("Invitation link", { exact: true }).inputValue();
    expect(link).toMatch(
      /^http:\/\/sunnybrook\.storyloom\.localhost:\d+\/invite\?token=[\w-]{30,}$/,
    );
    const username = `nell.link${id}`.toLowerCase();
    await expect(page.getByTestId("invitation")).toContainText(username);
    await page.getByRole("link", { name: "Done" }).click();
    await expect(
      page.getByTestId("resident-row").filter({ hasText: name }).getByTestId("resident-sign-in"),
    ).toHaveText("Sign-in link made");

    // the resident, on the kiosk or their own tablet
    const context = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
    });
    const kiosk = await context.newPage();
    await kiosk.goto(link);
    await expect(kiosk.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
    await expect(kiosk.getByText("You have been invited to tell your stories")).toBeVisible();
    await kiosk.getByLabel("Password", { exact: true }).fill("nell-chosen-password");
    await kiosk.getByLabel("Password again").fill("nell-chosen-password");
    await kiosk.getByRole("button", { name: "Choose password and sign in" }).click();
    await expect(kiosk).toHaveURL(/\/resident$/);
    await expect(kiosk.getByRole("heading", { level: 1 })).toContainText("Nell");
    await context.close();

    await page.goto(`/staff/residents?q=${id}`);
    const done = page.getByTestId("resident-row").filter({ hasText: name });
    await expect(done.getByTestId("resident-sign-in")).toHaveText("Signs in");
    await expect(done.getByRole("link", { name: `Sign-in link for ${name}` })).toHaveCount(0);
  });

  test("news posts by staff are published at once, and the old bulletin address still answers", async ({
    page,
  }) => {
    const title = `Movie night ${uid()}`;
    await page.goto("/staff/news");
    await page.getByRole("link", { name: "Create News Post" }).click();
    await expect(page.getByLabel(/^Published/)).toHaveCount(0);
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Publish post" }).click();
    await expect(page.getByText("Failed to create news post")).toBeVisible();
    await expect(page.getByText("Content is required")).toBeVisible();
    expect(
      ((await api("marcus", "/api/community-news")).json as any[]).some((p) => p.title === title),
    ).toBe(false);
    await page.getByLabel("Content").fill("Popcorn in the lounge at seven.");
    await page.getByRole("button", { name: "Publish post" }).click();
    await expect(toast(page)).toContainText("News post published");
    await expect(page.getByTestId("news-post").filter({ hasText: title })).toContainText(
      "Published",
    );
    expect(
      ((await api("marcus", "/api/community-news")).json as any[]).find((p) => p.title === title),
    ).toMatchObject({ isPublished: true, isPinned: false });
    // the old address moves on to the new one
    await page.goto("/staff/bulletin");
    await expect(page).toHaveURL(/\/staff\/news$/);
    await expect(page.getByRole("heading", { name: "Community News" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Staff sections" }).getByRole("link", { name: "News" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("news-post").filter({ hasText: title })).toHaveCount(1);
  });

  test("creates an event for today and edits it", async ({ page }) => {
    const title = `Chair yoga ${uid()}`;
    await page.goto("/staff/calendar");
    await page.getByRole("link", { name: "Create Event" }).click();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Date").fill(todayInSunnybrook());
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(toast(page)).toContainText("Event created");
    const event = page.getByTestId("calendar-event").filter({ hasText: title });
    await expect(event).toContainText("Today");
    await expect(event).toContainText("All day");
    await event.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByLabel("Location").fill("Sun room");
    await page.getByRole("button", { name: "Save event" }).click();
    await expect(toast(page)).toContainText("Event updated");
    await expect(event).toContainText("Sun room");
  });

  test("staff are refused story review, on the screens and in the API", async ({ page }) => {
    const id = uid();
    const story = await api("margaret.ellis", "/api/resident/stories", "POST", {
      title: `Not for staff ${id}`,
      content: "A story that staff may read but not approve.",
      category: "general",
    });
    expect(story.status).toBe(201);
    for (const path of ["/admin/stories", `/admin/stories/${story.json.id}`, "/admin"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    }
    expect((await api("marcus", "/api/admin/stories/pending")).status).toBe(403);
    expect((await api("marcus", "/api/admin/stories/published")).status).toBe(403);
    expect(
      (
        await api("marcus", `/api/admin/stories/${story.json.id}/approve`, "PATCH", {
          isPublished: true,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api("marcus", `/api/admin/stories/${story.json.id}/feature`, "PATCH", {
          isFeatured: true,
        })
      ).status,
    ).toBe(403);
    const cookie = await sessionCookie("marcus");
    const post = await httpRequest({
      path: `/admin/stories/${story.json.id}`,
      method: "POST",
      cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=approve",
    });
    expect(post.status).toBe(403);
    const mine = (await api("margaret.ellis", "/api/resident/stories")).json as any[];
    expect(mine.find((s) => s.id === story.json.id)).toMatchObject({
      isPublished: false,
      reviewStatus: "pending",
    });
  });
});

test.describe("JSON API of residents, families, news, events and story review", () => {
  test("residents and family members get 403, signed-out callers 401", async () => {
    const paths = [
      "/api/residents",
      "/api/family-members",
      "/api/admin/stories/pending",
      "/api/admin/stories/published",
    ];
    // news and events they may read, published and active ones only
    const readable = ["/api/community-news", "/api/calendar-events"];
    for (const who of ["margaret.ellis", "sarah.ellis"]) {
      for (const path of paths)
        expect((await api(who, path)).status, `${who} GET ${path}`).toBe(403);
      for (const path of readable) {
        const res = await api(who, path);
        expect(res.status, `${who} GET ${path}`).toBe(200);
        expect(
          (res.json as { isPublished?: boolean; isActive?: boolean }[]).every(
            (x) => x.isPublished !== false && x.isActive !== false,
          ),
        ).toBe(true);
      }
      expect(
        (await api(who, "/api/residents", "POST", { firstName: "A", lastName: "B" })).status,
      ).toBe(403);
      expect(
        (await api(who, "/api/community-news", "POST", { title: "A", content: "B" })).status,
      ).toBe(403);
    }
    for (const path of [...paths, ...readable])
      expect((await api(null, path)).status, `anonymous GET ${path}`).toBe(401);
  });

  test("residents: rules, nulls for empty optional fields, PATCH", async () => {
    const id = uid();
    const bad = await api("marcus", "/api/residents", "POST", {
      firstName: "  ",
      lastName: `Api${id}`,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.firstName).toEqual(["First name is required"]);
    const created = await api("marcus", "/api/residents", "POST", {
      firstName: "Iris",
      lastName: `Api${id}`,
      roomNumber: "",
      dateOfBirth: null,
      admissionDate: "2025-01-31",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      firstName: "Iris",
      roomNumber: null,
      dateOfBirth: null,
      admissionDate: "2025-01-31",
      isActive: true,
    });
    const badDate = await api("marcus", `/api/residents/${created.json.id}`, "PATCH", {
      admissionDate: "2025-02-30",
    });
    expect(badDate.status).toBe(400);
    const patched = await api("marcus", `/api/residents/${created.json.id}`, "PATCH", {
      roomNumber: "8",
      isActive: false,
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      roomNumber: "8",
      isActive: false,
      admissionDate: "2025-01-31",
    });
    expect(
      (await api("marcus", "/api/residents/no-such-id", "PATCH", { roomNumber: "1" })).status,
    ).toBe(404);
  });

  test("family members, news and events: rules and results", async () => {
    const id = uid();
    const resident = (
      await api("linda.admin", "/api/residents", "POST", { firstName: "Gus", lastName: `Api${id}` })
    ).json;
    const badFamily = await api("marcus", "/api/family-members", "POST", {
      residentId: resident.id,
      name: "Pat",
      email: "pat-at-home",
    });
    expect(badFamily.status).toBe(400);
    expect(badFamily.json.fieldErrors.email).toEqual(["Enter a valid email address"]);
    const unknownResident = await api("marcus", "/api/family-members", "POST", {
      residentId: "nobody",
      name: "Pat",
      email: `pat.${id}@family.example`,
    });
    expect(unknownResident.status).toBe(400);
    const family = await api("marcus", "/api/family-members", "POST", {
      residentId: resident.id,
      name: `Pat Api${id}`,
      email: `pat.${id}@family.example`,
      relationship: "",
      phoneNumber: null,
    });
    expect(family.status).toBe(201);
    expect(family.json).toMatchObject({
      relationship: null,
      phoneNumber: null,
      resident: { id: resident.id },
      signIn: { status: "invited" },
    });
    expect(family.json.invitation.url).toMatch(/\/invite\?token=/);

    const staffPost = await api("marcus", "/api/community-news", "POST", {
      title: `Staff ${id}`,
      content: "Hello",
      isPublished: false,
      isPinned: true,
    });
    expect(staffPost.status).toBe(201);
    expect(staffPost.json).toMatchObject({ isPublished: true, isPinned: true });
    const draft = await api("linda.admin", "/api/community-news", "POST", {
      title: `Draft ${id}`,
      content: "Later",
      isPublished: false,
    });
    expect(draft.json).toMatchObject({ isPublished: false, isPinned: false });
    expect(
      (await api("linda.admin", "/api/community-news", "POST", { title: "", content: "x" })).json
        .fieldErrors.title,
    ).toEqual(["Title is required"]);

    const zero = await api("marcus", "/api/calendar-events", "POST", {
      title: `Bingo ${id}`,
      eventDate: todayInSunnybrook(),
      maxParticipants: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.json.fieldErrors.maxParticipants).toEqual([
      "Maximum participants must be at least 1",
    ]);
    const event = await api("marcus", "/api/calendar-events", "POST", {
      title: `Bingo ${id}`,
      eventDate: todayInSunnybrook(),
      startTime: "10:00",
      description: "",
      maxParticipants: 12,
    });
    expect(event.status).toBe(201);
    expect(event.json).toMatchObject({
      description: null,
      maxParticipants: 12,
      isActive: true,
      badge: { label: "Today" },
    });
    const list = (await api("marcus", "/api/calendar-events")).json as { eventDate: string }[];
    expect(list.map((e) => e.eventDate)).toEqual([...list.map((e) => e.eventDate)].sort());
  });

  test("story review: approve, feature only when published, unpublish, reject with a note", async () => {
    const id = uid();
    // shared with everyone at the community: only such stories can be featured
    const story = (
      await api("margaret.ellis", "/api/resident/stories", "POST", {
        title: `Api review ${id}`,
        content: "Reviewed through the API.",
        category: "travel",
        audience: "community",
      })
    ).json;
    expect(
      (await api("linda.admin", "/api/admin/stories/pending")).json.some(
        (s: any) => s.id === story.id,
      ),
    ).toBe(true);
    const early = await api("linda.admin", `/api/admin/stories/${story.id}/feature`, "PATCH", {
      isFeatured: true,
    });
    expect(early.status).toBe(409);
    expect(early.text).toBe("Only published stories can be featured");
    const approved = await api("linda.admin", `/api/admin/stories/${story.id}/approve`, "PATCH", {
      isPublished: true,
    });
    expect(approved.json).toMatchObject({ isPublished: true, reviewStatus: "published" });
    expect(approved.json.publishedAt).toBeTruthy();
    expect(
      (await api("linda.admin", "/api/admin/stories/published?limit=100")).json.some(
        (s: any) => s.id === story.id,
      ),
    ).toBe(true);
    // a story for the resident's family is not featured on everyone's home
    const forFamily = (
      await api("margaret.ellis", "/api/resident/stories", "POST", {
        title: `Api family ${id}`,
        content: "Only for the family.",
        category: "travel",
      })
    ).json;
    await api("linda.admin", `/api/admin/stories/${forFamily.id}/approve`, "PATCH", {
      isPublished: true,
    });
    const familyFeature = await api(
      "linda.admin",
      `/api/admin/stories/${forFamily.id}/feature`,
      "PATCH",
      { isFeatured: true },
    );
    expect(familyFeature.status).toBe(409);
    expect(familyFeature.text).toContain("everyone");
    expect(
      (
        await api("linda.admin", `/api/admin/stories/${story.id}/feature`, "PATCH", {
          isFeatured: true,
        })
      ).json,
    ).toMatchObject({ isFeatured: true });
    const down = await api("linda.admin", `/api/admin/stories/${story.id}/approve`, "PATCH", {
      isPublished: false,
    });
    expect(down.json).toMatchObject({
      isPublished: false,
      isFeatured: false,
      reviewStatus: "pending",
    });
    const rejected = await api("linda.admin", `/api/admin/stories/${story.id}/approve`, "PATCH", {
      isPublished: false,
      reviewNote: "Too short",
    });
    expect(rejected.json).toMatchObject({
      isPublished: false,
      reviewStatus: "rejected",
      reviewNote: "Too short",
    });
    expect(
      (await api("linda.admin", "/api/admin/stories/pending")).json.some(
        (s: any) => s.id === story.id,
      ),
    ).toBe(false);
    expect(
      (await api("linda.admin", "/api/admin/stories/nope/approve", "PATCH", { isPublished: true }))
        .status,
    ).toBe(404);
    expect(
      (
        await api("linda.admin", `/api/admin/stories/${story.id}/approve`, "PATCH", {
          isPublished: "yes",
        })
      ).status,
    ).toBe(400);
  });
});
