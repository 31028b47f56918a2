// The activity reports, JavaScript on and off: the administrator opens /admin/reports, goes to the
// previous month and picks another one with the month form, downloads the CSV and the PDF binder;
// staff are refused; a malformed month gets a clear message.
import AxeBuilder from "@axe-core/playwright";
import { expect, hydrated, httpRequest, sessionCookie, signIn, test } from "./support/fixtures";
import { dayIn } from "./support/api";

const TZ = "America/Los_Angeles";

function shift(ym: string, by: number): string {
  const [y, m] = ym.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}

test("the administrator reads, switches month and downloads the reports", async ({ page }) => {
  await signIn(page, "linda.admin");
  const thisMonth = dayIn(TZ, 0).slice(0, 7);
  const previous = shift(thisMonth, -1);
  const res = await page.goto("/admin/reports");
  expect(res?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Activity reports" })).toBeVisible();
  for (const name of [
    "Participation by resident",
    "By program",
    "Not joining",
    "Activity assessments due",
    "Family reach",
  ])
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  // the demo residents are in the table
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  // axe runs in the page's JavaScript: with it on
  if (test.info().project.use.javaScriptEnabled !== false) {
    const scan = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  }

  // previous month by its link, then a month typed into the form
  await page.getByRole("link", { name: /Previous month/ }).click();
  await expect(page).toHaveURL(new RegExp(`month=${previous}`));
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(previous);
  const earlier = shift(thisMonth, -3);
  await page.getByLabel("Month", { exact: true }).fill(earlier);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${earlier}`));
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(earlier);

  // a month to come: nothing recorded yet
  await page.goto(`/admin/reports?month=${shift(thisMonth, 2)}`);
  await expect(page.getByText("Nothing is recorded for this month yet.")).toBeVisible();

  // the downloads the page links to
  await page.goto(`/admin/reports?month=${previous}`);
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    `/admin/reports/participation.csv?month=${previous}`,
  );
  await expect(page.getByRole("link", { name: "PDF binder" })).toHaveAttribute(
    "href",
    `/admin/reports/participation.pdf?month=${previous}`,
  );
  const cookie = await sessionCookie("linda.admin");
  const csv = await httpRequest({
    path: `/admin/reports/participation.csv?month=${previous}`,
    cookie,
  });
  expect(csv.status).toBe(200);
  expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.body.subarray(3).toString("utf8").split("\r\n")[0]).toBe(
    "Month,Resident,Room,Attended,Declined,One-to-one,Asleep or unwell,Absent,Active,Passive,Did not engage,Minutes,Last took part,Days since last,Family members,Read,Reacted,Commented,Her family reached",
  );
  const pdf = await httpRequest({
    path: `/admin/reports/participation.pdf?month=${previous}`,
    cookie,
  });
  expect(pdf.status).toBe(200);
  expect(pdf.headers["content-type"]).toBe("application/pdf");
  expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
});

test("staff are refused the reports and their downloads", async ({ page }) => {
  await signIn(page, "marcus");
  const res = await page.goto("/admin/reports");
  expect(res?.status()).toBe(403);
  const cookie = await sessionCookie("marcus");
  for (const path of ["/admin/reports/participation.csv", "/admin/reports/participation.pdf"]) {
    const r = await httpRequest({ path, cookie });
    expect(r.status).toBe(403);
  }
});

test("a malformed month gets a clear message", async ({ page }) => {
  await signIn(page, "linda.admin");
  const res = await page.goto("/admin/reports?month=2026-13");
  expect(res?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(
    "That is not a month. Write the year and the month, like 2026-11.",
  );
  // the form is there to put it right, with what was typed
  await expect(page.getByLabel("Month", { exact: true })).toBeVisible();
  const csv = await httpRequest({
    path: "/admin/reports/participation.csv?month=nope",
    cookie: await sessionCookie("linda.admin"),
  });
  expect(csv.status).toBe(400);
  expect(csv.text()).toContain("That is not a month");
});
