// The care team's lists on a laptop's first screen, with JavaScript on and off, in the community
// of 500 residents: eight resident rows in view at 1366x768 and 1024x768, the area's tabs on one
// line with the less used ones under "More", every row of a page ticked at once, Undo that keeps
// the search, another page opening at the list's top, and the printed sign-in sheet and month.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { BIG } from "../helpers/big-community";
import { ensureBigCommunity } from "./support/big-community";
import { uid } from "./support/api";
import {
  test,
  expect,
  httpRequest,
  hydrated,
  jsonBody,
  origin,
  sessionCookie,
  signIn,
} from "./support/fixtures";

const SUB = BIG.subdomain;
const site = (p: string) => `${origin(SUB)}${p}`;
const toast = (page: Page) => page.getByTestId("toast");
const nojs = () => test.info().project.name === "nojs";

async function apiPost(p: string, body: unknown) {
  const res = await httpRequest({
    sub: SUB,
    path: p,
    method: "POST",
    cookie: await sessionCookie(BIG.admin, SUB),
    ...jsonBody(body),
  });
  expect(res.status, `POST ${p}`).toBe(201);
}

/** The resident rows drawn wholly inside the window, without scrolling. */
async function rowsInView(page: Page): Promise<number> {
  return page.getByTestId("resident-row").evaluateAll((rows) => {
    const height = window.innerHeight;
    return rows.filter((r) => {
      const box = r.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= height;
    }).length;
  });
}

/** What a PDF says, as text (poppler's pdftotext), and its number of pages. */
function readPdf(pdf: Buffer): { text: string; pages: number } {
  const file = path.join(os.tmpdir(), `first-screen-${uid()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    return { text, pages: Number(info.match(/^Pages:\s+(\d+)/m)![1]) };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

test.beforeAll(async () => {
  await ensureBigCommunity();
});

for (const [width, height] of [
  [1366, 768],
  [1024, 768],
] as const) {
  test.describe(`on a ${width}x${height} screen`, () => {
    test.use({ viewport: { width, height } });

    for (const [user, area] of [
      [BIG.admin, "admin"],
      [BIG.staff, "staff"],
    ] as const) {
      test(`/${area}/residents shows at least eight residents without scrolling`, async ({
        page,
      }) => {
        await signIn(page, user, SUB);
        await page.goto(site(`/${area}/residents`));
        await hydrated(page);
        await expect(page.getByTestId("resident-row")).toHaveCount(25);
        expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
        // the list's own controls are in view too
        await expect(page.getByRole("search", { name: "Find residents" })).toBeInViewport();
        await expect(
          page.getByRole("button", { name: "Apply to ticked residents" }),
        ).toBeInViewport();
      });
    }

    test("the administrator's tabs sit on one line, the less used ones under More", async ({
      page,
    }) => {
      await signIn(page, BIG.admin, SUB);
      await page.goto(site("/admin/residents"));
      await hydrated(page);
      const nav = page.getByRole("navigation", { name: "Admin sections" });
      const more = nav.getByTestId("tabs-more");
      const tops = [...(await nav.locator(":scope > ul > li > a").all()), more].map(async (tab) =>
        Math.round((await tab.boundingBox())!.y),
      );
      expect(new Set(await Promise.all(tops)).size, "tabs on one line").toBe(1);
      await expect(nav.getByRole("link", { name: "Residents" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // every tab is at least 44 px high
      for (const tab of await nav.locator(":scope > ul > li > a").all())
        expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      // a less used tab, by keyboard: More opens, its tab is followed, and More names the page
      await more.focus();
      await page.keyboard.press("Enter");
      const kiosks = nav.getByRole("link", { name: "Kiosks" });
      await expect(kiosks).toBeVisible();
      await kiosks.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/admin\/kiosks$/);
      await expect(nav.getByTestId("tabs-more")).toContainText("Kiosks");
      await expect(nav.getByRole("link", { name: "Kiosks" })).toBeHidden();
      await nav.getByTestId("tabs-more").click();
      await expect(nav.getByRole("link", { name: "Kiosks" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  });
}

test.describe("the residents list", () => {
  test.beforeEach(async ({ page }) => signIn(page, BIG.admin, SUB));

  test("ticks every row of the page at once; Undo brings the list back with its search", async ({
    page,
  }) => {
    const id = uid();
    for (const first of ["Tick", "Tock", "Tack"])
      await apiPost("/api/residents", { firstName: first, lastName: `All ${id}` });
    await page.goto(site(`/admin/residents?q=${id}`));
    await hydrated(page);
    const rows = page.getByRole("checkbox", { name: /^Choose / });
    await expect(rows).toHaveCount(3);
    if (nojs()) {
      await page.getByRole("link", { name: "Tick all 3 on this page" }).click();
      await expect(page).toHaveURL(/tick=all/);
    } else {
      await page.getByRole("checkbox", { name: "Tick all 3 on this page" }).check();
    }
    for (const box of await rows.all()) await expect(box).toBeChecked();
    if (!nojs()) {
      // one unticked: the header box is no longer ticked; ticking it again ticks them all
      await rows.first().uncheck();
      await expect(page.getByTestId("tick-all")).not.toBeChecked();
      await page.getByTestId("tick-all").check();
      await expect(rows.first()).toBeChecked();
    }
    await page
      .getByRole("form", { name: "With the residents ticked below" })
      .getByLabel("Ticked rows")
      .selectOption("deactivate");
    await page.getByRole("button", { name: "Apply to ticked residents" }).click();
    await expect(page.getByRole("heading", { name: "Deactivate 3 residents?" })).toBeVisible();
    await page.getByRole("button", { name: "Deactivate 3 residents" }).click();
    await expect(toast(page)).toContainText("3 residents deactivated");
    // the same search, now among the inactive
    expect(new URL(page.url()).searchParams.get("q")).toBe(id);
    expect(new URL(page.url()).searchParams.get("status")).toBe("inactive");
    await expect(page.getByTestId("resident-row")).toHaveCount(3);
    await toast(page).getByRole("button", { name: "Undo" }).click();
    await expect(toast(page)).toContainText("3 residents reactivated");
    expect(new URL(page.url()).searchParams.get("q")).toBe(id);
    await expect(
      page.getByRole("search", { name: "Find residents" }).getByLabel("Search"),
    ).toHaveValue(id);
    await expect(page.getByTestId("resident-row")).toHaveCount(3);
    await expect(page.getByTestId("list-range")).toHaveText("Showing 1–3 of 3 residents");
  });

  test("Undo after switching one resident off keeps the search", async ({ page }) => {
    const id = uid();
    await apiPost("/api/residents", { firstName: "Solo", lastName: `One ${id}` });
    await apiPost("/api/residents", { firstName: "Duo", lastName: `One ${id}` });
    await page.goto(site(`/admin/residents?q=${id}`));
    await hydrated(page);
    await expect(page.getByTestId("resident-row")).toHaveCount(2);
    const row = page.getByTestId("resident-row").filter({ hasText: "Solo" });
    await row.getByText("More").click();
    await row.getByRole("link", { name: `Deactivate Solo One ${id}` }).click();
    await page.getByRole("button", { name: "Deactivate resident" }).click();
    await expect(toast(page)).toContainText("deactivated");
    expect(new URL(page.url()).searchParams.get("q")).toBe(id);
    await expect(page.getByTestId("resident-row")).toHaveCount(1);
    await toast(page).getByRole("button", { name: "Undo" }).click();
    await expect(toast(page)).toContainText("reactivated");
    expect(new URL(page.url()).searchParams.get("q")).toBe(id);
    await expect(page.getByTestId("resident-row")).toHaveCount(2);
  });

  test("the next page opens at the list's top, not where the last one was scrolled to", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(site("/admin/residents"));
    await hydrated(page);
    const first = await page.getByTestId("resident-name").first().innerText();
    const pages = page.getByRole("navigation", { name: "Residents pages" });
    await pages.getByRole("link", { name: "Next page" }).scrollIntoViewIfNeeded();
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByTestId("list-range")).toHaveText(/Showing 26–50 of/);
    await expect(page.getByTestId("resident-name").first()).not.toHaveText(first);
    // the table's heading row and its first rows are in view
    await expect(page.locator("#residents-table thead")).toBeInViewport();
    await expect(page.getByTestId("resident-row").first()).toBeInViewport();
    await pages.getByRole("link", { name: "Previous page" }).scrollIntoViewIfNeeded();
    await pages.getByRole("link", { name: "Previous page" }).click();
    await expect(page.getByTestId("list-range")).toHaveText(/Showing 1–25 of/);
    await expect(page.locator("#residents-table thead")).toBeInViewport();
  });
});

test.describe("on paper", () => {
  test.beforeEach(async ({ page }) => signIn(page, BIG.admin, SUB));

  test("two sign-in cards print on one page", async ({ page }) => {
    const id = uid();
    for (const first of ["Card", "Sheet"])
      await apiPost("/api/residents", { firstName: first, lastName: `Print ${id}` });
    await page.goto(site(`/admin/residents?q=${id}`));
    for (const box of await page.getByRole("checkbox", { name: /^Choose / }).all())
      await box.check();
    await page
      .getByRole("form", { name: "With the residents ticked below" })
      .getByLabel("Ticked rows")
      .selectOption("links");
    await page.getByRole("button", { name: "Apply to ticked residents" }).click();
    await expect(page.getByTestId("sheet-entry")).toHaveCount(2);
    const { text, pages } = readPdf(await page.pdf({ preferCSSPageSize: true }));
    expect(pages).toBe(1);
    expect(text).toContain(`Card Print ${id}`);
    expect(text).toContain(`Sheet Print ${id}`);
  });

  test("the printed month shows every event its grid draws, the days around the month too", async ({
    page,
  }) => {
    const id = uid();
    // June 2027: its first row starts on Monday 31 May, its last ends on Sunday 4 July
    const events = [
      ["2027-05-31", `Quiz ${id}`],
      ["2027-06-01", `Choir ${id}`],
      ["2027-06-06", `Sunday tea ${id}`],
      ["2027-06-24", `Garden party ${id}`],
      ["2027-07-04", `Picnic ${id}`],
    ] as const;
    for (const [eventDate, title] of events)
      await apiPost("/api/calendar-events", {
        title,
        eventDate,
        startTime: "10:00",
        location: "Lounge",
      });
    await page.goto(site("/admin/calendar?view=month&month=2027-06"));
    for (const [eventDate, title] of events)
      await expect(
        page.locator(`[data-date="${eventDate}"]`).getByRole("link", { name: new RegExp(title) }),
      ).toBeVisible();
    const { text, pages } = readPdf(await page.pdf({ preferCSSPageSize: true }));
    expect(pages).toBe(1);
    // each event once (another run may print its own events of the same month beside them)
    expect(text.split(id).length - 1).toBe(events.length);
    // the grid stays inside the printed page: Sunday's right-hand border is on the paper
    await page.emulateMedia({ media: "print" });
    const fit = await page.getByTestId("month-grid").evaluate((table) => ({
      right: table.getBoundingClientRect().right,
      room: table.parentElement!.getBoundingClientRect().right,
    }));
    expect(fit.right).toBeLessThan(fit.room);
  });
});
