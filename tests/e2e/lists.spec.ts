// Running a 200-bed facility, with JavaScript on and off, on a community of 500
// residents and 1,000 family members (tests/helpers/big-community.ts, not the demo data): search,
// sort and pages, CSV, bulk deactivation asked once, staff added by the administrator, login-as
// in the open, the paused-community page, access denied in the site's frame, the calendar's month
// on one printed page, and the getting-started checklist.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { BIG } from "../helpers/big-community";
import { ensureBigCommunity } from "./support/big-community";
import {
  test,
  expect,
  httpRequest,
  jsonBody,
  origin,
  sessionCookie,
  signIn,
} from "./support/fixtures";
import { fetchAs } from "./support/media-helpers";
import { uid } from "./support/api";

const SUB = BIG.subdomain;
const site = (path: string) => `${origin(SUB)}${path}`;
const toast = (page: Page) => page.getByTestId("toast");
const rowNames = (page: Page) => page.getByTestId("resident-name").allInnerTexts();
const nojs = () => test.info().project.name === "nojs";

async function api<T = any>(
  path: string,
  method = "GET",
  body?: unknown,
): Promise<{ status: number; json: T; headers: Record<string, unknown> }> {
  const cookie = await sessionCookie(BIG.admin, SUB);
  const res = await httpRequest({
    sub: SUB,
    path,
    method,
    cookie,
    ...(body === undefined ? {} : jsonBody(body)),
  });
  return {
    status: res.status,
    json: res.text() ? JSON.parse(res.text()) : null,
    headers: res.headers,
  };
}

test.beforeAll(async () => {
  await ensureBigCommunity();
});

test.describe("the residents list at 500", () => {
  test.beforeEach(async ({ page }) => signIn(page, BIG.admin, SUB));

  test("finds a resident by part of a name typed without its accent", async ({ page }) => {
    await page.goto(site("/admin/residents"));
    await expect(page.getByTestId("list-range")).toHaveText(/Showing 1–25 of \d{3} residents/);
    await expect(page.getByTestId("resident-row")).toHaveCount(25);
    await page.getByRole("search", { name: "Find residents" }).getByLabel("Search").fill("bronte");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=bronte/);
    await expect(page.getByTestId("resident-row")).toHaveCount(1);
    await expect(page.getByTestId("resident-row")).toContainText("Amélie Brontë-Quixley");
    await expect(page.getByTestId("resident-row")).toContainText("Room 10B");
    // the search is in the URL: it can be bookmarked and reloaded
    await page.reload();
    await expect(page.getByTestId("resident-row")).toHaveCount(1);
  });

  test("sorts by room in natural order and its pages are stable", async ({ page }) => {
    await page.goto(site("/admin/residents"));
    await page.getByRole("link", { name: /^Room/ }).click();
    await expect(page).toHaveURL(/sort=room/);
    const roomCells = page.getByTestId("resident-row").locator("td:nth-child(3)");
    await expect(roomCells.first()).toHaveText("Room 1");
    const firstPage = await rowNames(page);
    const rooms = await roomCells.allInnerTexts();
    expect(rooms.slice(0, 3)).toEqual(["Room 1", "Room 1", "Room 1A"]);
    await page.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("list-range")).toHaveText(/Showing 26–50 of/);
    await expect(page.getByTestId("resident-name").first()).not.toHaveText(firstPage[0]!);
    const secondPage = await rowNames(page);
    expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);
    await page.reload();
    expect(await rowNames(page)).toEqual(secondPage);
    // the same order through the JSON API (active residents, by room, second page)
    const fromApi = (
      await api<{ firstName: string; lastName: string }[]>(
        "/api/residents?status=active&sort=room&page=2",
      )
    ).json.map((r) => `${r.firstName} ${r.lastName}`);
    expect(secondPage.map((n) => n.trim())).toEqual(fromApi);
    // pressing the header again reverses the order; residents without a room stay last
    await page.getByRole("link", { name: /^Room/ }).click();
    await expect(page).toHaveURL(/sort=-room/);
    await expect(page.getByTestId("resident-row").first().locator("td:nth-child(3)")).toHaveText(
      /^Room \d/,
    );
  });

  test("the CSV opens with the right rows and quoting", async ({ page }) => {
    const id = uid();
    const created = await api("/api/residents", "POST", {
      firstName: "=SUM(A1)",
      lastName: `Quote "Q", ${id}`,
      roomNumber: "Room 7",
    });
    expect(created.status).toBe(201);
    expect(created.json.roomNumber).toBe("7");
    await page.goto(site(`/admin/residents?q=${id}`));
    await expect(page.getByTestId("resident-row")).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("bigcare-residents.csv");
    const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    expect(text.split("\r\n")).toEqual([
      "First name,Last name,Room,Date of birth,Admission date,Status,Stories,Published stories,Sign-in",
      `'=SUM(A1),"Quote ""Q"", ${id}",7,,,Active,0,0,No sign-in`,
      "",
    ]);
    // the whole list: every active resident, one line each
    const all = await fetchAs(page, "/admin/residents.csv", { sub: SUB });
    const lines = all
      .text()
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const active = (await api<unknown[]>("/api/residents?status=active")).json.length;
    expect(lines).toHaveLength(active + 1);
  });

  test("bulk deactivation of ten asks once, acts once, and Undo brings them back", async ({
    page,
  }) => {
    const id = uid();
    for (let i = 0; i < 10; i++)
      expect(
        (await api("/api/residents", "POST", { firstName: `Bulk${i}`, lastName: `Group ${id}` }))
          .status,
      ).toBe(201);
    await page.goto(site(`/admin/residents?q=${id}`));
    await expect(page.getByTestId("resident-row")).toHaveCount(10);
    for (const box of await page.getByRole("checkbox", { name: /^Choose Bulk/ }).all())
      await box.check();
    await page
      .getByRole("form", { name: "With the residents ticked below" })
      .getByLabel("Ticked rows")
      .selectOption("deactivate");
    await page.getByRole("button", { name: "Apply to ticked residents" }).click();
    await expect(page.getByRole("heading", { name: "Deactivate 10 residents?" })).toBeVisible();
    await expect(page.getByTestId("bulk-people").getByRole("listitem")).toHaveCount(10);
    // asking changed nothing
    expect(
      (await api<{ isActive: boolean }[]>(`/api/residents?q=${id}`)).json.every((r) => r.isActive),
    ).toBe(true);
    await page.getByRole("button", { name: "Deactivate 10 residents" }).click();
    await expect(toast(page)).toContainText("10 residents deactivated");
    expect(
      (await api<{ isActive: boolean }[]>(`/api/residents?q=${id}`)).json.filter(
        (r) => !r.isActive,
      ),
    ).toHaveLength(10);
    await toast(page).getByRole("button", { name: "Undo" }).click();
    await expect(toast(page)).toContainText("10 residents reactivated");
    expect(
      (await api<{ isActive: boolean }[]>(`/api/residents?q=${id}`)).json.every((r) => r.isActive),
    ).toBe(true);
  });

  test("family invitations show where they stand, with a new link beside a pending one", async ({
    page,
  }) => {
    await page.goto(site("/admin/families?invitation=pending&q=bronte"));
    const row = page.getByTestId("family-row").first();
    await expect(row.getByTestId("family-invitation")).toContainText(
      /Invited on \w{3} \d+(, \d{4})?, not accepted/,
    );
    await expect(row.getByRole("link", { name: /Make a new link for/ })).toBeVisible();
    await page.goto(site("/admin/families?invitation=accepted&q=bronte"));
    await expect(
      page.getByTestId("family-row").first().getByTestId("family-invitation"),
    ).toContainText("Accepted");
  });
});

test.describe("staff and sign-ins", () => {
  test("an administrator adds a staff member who signs in by the link", async ({
    page,
    browser,
  }) => {
    await signIn(page, BIG.admin, SUB);
    const id = uid();
    await page.goto(site("/admin/staff"));
    await page.getByRole("link", { name: "Add Staff Member" }).click();
    await page.getByLabel("Name", { exact: true }).fill(`Cara Carer ${id}`);
    await page.getByLabel("Username").fill(`cara.${id}`);
    await page.getByLabel("Email").fill(`cara.${id}@bigcare.example`);
    await page.getByLabel("A one-time sign-in link (they choose their password)").check();
    await page.getByRole("button", { name: "Add staff member" }).click();
    const link = await page.getByTestId("staff-link").inputValue();
    expect(link).toMatch(new RegExp(`^${origin(SUB)}/invite\\?token=`));
    const guestContext = await browser.newContext({ javaScriptEnabled: !nojs() });
    const guest = await guestContext.newPage();
    await guest.goto(link);
    await expect(guest.getByRole("heading", { name: `Welcome, Cara Carer ${id}` })).toBeVisible();
    await guest.getByLabel("Password", { exact: true }).fill("cara-own-password-1");
    await guest.getByLabel("Password again").fill("cara-own-password-1");
    await guest.getByRole("button", { name: "Choose password and sign in" }).click();
    await expect(guest).toHaveURL(/\/staff$/);
    await expect(guest.getByRole("heading", { name: "Staff Dashboard" })).toBeVisible();
    await guestContext.close();
    await page.goto(site(`/admin/staff?q=${id}`));
    await expect(page.getByTestId("staff-row")).toContainText("Signs in");
  });

  test("login-as shows the banner on every page and Return goes back to the super admin", async ({
    page,
  }) => {
    await signIn(page, "superadmin", null);
    await page.goto(`${origin(null)}/super-admin/users?q=${BIG.staff}`);
    const row = page.getByTestId("user-row").filter({ hasText: BIG.staff });
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      row.getByRole("button", { name: /Login as User/ }).click(),
    ]);
    await tab.waitForLoadState();
    if (nojs()) await tab.getByRole("button", { name: /Continue as/ }).click();
    await expect(tab).toHaveURL(/\/staff$/);
    const banner = tab.getByTestId("impersonation-banner");
    await expect(banner).toContainText("You are signed in as Sol Staff by the super admin");
    await tab.goto(site("/staff/families"));
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Return to super admin" }).click();
    await expect(tab).toHaveURL(`${origin(null)}/super-admin/users`);
    await expect(tab.getByRole("heading", { name: "Users" })).toBeVisible();
    await expect(tab.getByTestId("impersonation-banner")).toHaveCount(0);
    // the community's administrator sees it on the audit page
    await signIn(page, BIG.admin, SUB);
    await page.goto(site("/admin/audit?kind=sign-ins"));
    await expect(
      page.getByTestId("audit-row").filter({ hasText: "Stopped signing in as" }).first(),
    ).toContainText("Sol Staff");
  });
});

test.describe("pages in the site's own frame", () => {
  test("a paused community shows its name and contact email", async ({ page }) => {
    const res = await page.goto(`${origin("pausedcare")}/`);
    expect(res?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "This community's site is not available right now" }),
    ).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("Paused Pines");
    await expect(page.getByRole("link", { name: "hello@pausedcare.example" })).toHaveAttribute(
      "href",
      "mailto:hello@pausedcare.example",
    );
    await expect(page.getByText("(555) 010-0300")).toBeVisible();
  });

  test("staff refused the admin area see the site's header and the way to their own page", async ({
    page,
  }) => {
    await signIn(page, BIG.staff, SUB);
    const res = await page.goto(site("/admin/residents"));
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(BIG.name);
    await page.getByRole("link", { name: "Go to your Staff page" }).click();
    await expect(page.getByRole("heading", { name: "Staff Dashboard" })).toBeVisible();
  });
});

test.describe("print and the calendar's month", () => {
  test("December 2026 prints on one page", async ({ page }) => {
    await signIn(page, BIG.admin, SUB);
    const id = uid();
    for (const day of ["01", "08", "15", "24", "24", "31"]) {
      expect(
        (
          await api("/api/calendar-events", "POST", {
            title: `Carols and mince pies in the big lounge ${id}`,
            eventDate: `2026-12-${day}`,
            startTime: "14:00",
            location: "Lounge",
          })
        ).status,
      ).toBe(201);
    }
    await page.goto(site("/admin/calendar?view=month&month=2026-12"));
    await expect(page.getByRole("heading", { name: "December 2026" })).toBeVisible();
    await expect(
      page.locator('[data-date="2026-12-24"]').getByRole("link", { name: new RegExp(id) }),
    ).toHaveCount(2);
    await expect(page.getByRole("link", { name: /Next month/ })).toHaveAttribute(
      "href",
      /month=2027-01/,
    );
    if (!nojs()) {
      // page.pdf() prints with the page's own @page rules (a landscape page for the month)
      const pdf = await page.pdf({ preferCSSPageSize: true });
      expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    }
  });

  test("the resident directory prints without the site's navigation", async ({ page }) => {
    await signIn(page, BIG.admin, SUB);
    await page.goto(site("/admin/residents/print?sort=room"));
    await expect(
      page.getByRole("heading", { name: `Resident directory: ${BIG.name}` }),
    ).toBeVisible();
    expect(await page.getByTestId("directory-row").count()).toBeGreaterThanOrEqual(
      BIG.residents - 5,
    );
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
  });
});

test.describe("getting started", () => {
  test("an empty community's overview lists the first steps, each ticked by real data", async ({
    page,
  }) => {
    const sub = `newcare-${test.info().project.name}`;
    await signIn(page, "new.admin", sub);
    await page.goto(`${origin(sub)}/admin`);
    const list = page.getByTestId("getting-started");
    await expect(list).toContainText(/\d of 5 done/);
    const residentsStep = list.locator('[data-step="residents"]');
    if ((await residentsStep.getAttribute("data-done")) === "no") {
      await residentsStep.getByRole("link", { name: "Add a resident" }).click();
      await page.getByLabel("First name").fill("First");
      await page.getByLabel("Last name").fill("Resident");
      await page.getByRole("button", { name: "Save resident" }).click();
      await expect(toast(page)).toContainText("Resident added");
      await page.goto(`${origin(sub)}/admin`);
    }
    await expect(list.locator('[data-step="residents"]')).toHaveAttribute("data-done", "yes");
    await expect(list.locator('[data-step="news"]')).toHaveAttribute("data-done", "no");
  });
});

test.describe("on a 1366 px screen", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("each list's rows are a line high with every action in view, no sideways scrolling", async ({
    page,
  }) => {
    await signIn(page, BIG.admin, SUB);
    // an export, so that the audit log has a row to show
    expect(
      (
        await httpRequest({
          sub: SUB,
          path: "/admin/staff.csv",
          cookie: await sessionCookie(BIG.admin, SUB),
        })
      ).status,
    ).toBe(200);
    for (const path of ["/admin/residents", "/admin/families", "/admin/staff", "/admin/audit"]) {
      await page.goto(site(path));
      const table = page.locator("main table").first();
      await expect(table, path).toBeVisible();
      const fit = await table.evaluate((el) => {
        const box = el.parentElement!;
        const rows = Array.from(el.querySelectorAll("tbody tr")).map(
          (r) => r.getBoundingClientRect().height,
        );
        return {
          scroll: box.scrollWidth,
          client: box.clientWidth,
          tallest: Math.max(...rows),
          rows: rows.length,
        };
      });
      expect(fit.rows, `${path}: rows`).toBeGreaterThan(0);
      expect
        .soft(fit.scroll, `${path}: the table fits its card (no sideways scrolling)`)
        .toBeLessThanOrEqual(fit.client + 1);
      // a line of text and a 44 px button with its padding (the audit log's rows are read, not acted on: they may wrap)
      if (path !== "/admin/audit")
        expect.soft(fit.tallest, `${path}: the tallest row`).toBeLessThanOrEqual(64);
    }
  });
});

test.describe("on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the long lists never scroll the page sideways (the table scrolls inside its card)", async ({
    page,
  }) => {
    await signIn(page, BIG.admin, SUB);
    for (const path of [
      "/admin/residents",
      "/admin/families",
      "/admin/staff",
      "/admin/stories",
      "/admin/audit",
    ]) {
      await page.goto(site(path));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(width, `${path}: the page's width at 320 px`).toBeLessThanOrEqual(320);
    }
  });
});
