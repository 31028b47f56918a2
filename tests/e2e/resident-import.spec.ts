// Importing residents from a spreadsheet, JavaScript on and off: the administrator follows the
// residents page's link, uploads a small CSV with one bad row and sees the error with nothing
// added; uploads the fixed file, checks the preview, imports, and finds the people in the list.
// The templates download; staff are refused.
import { expect, hydrated, httpRequest, sessionCookie, signIn, test } from "./support/fixtures";

function csvOf(rows: string[][]): Buffer {
  return Buffer.from(
    [
      [
        "First name",
        "Last name",
        "Room",
        "Date of birth",
        "Family name",
        "Family email",
        "Relationship",
      ],
      ...rows,
    ]
      .map((r) => r.join(","))
      .join("\n"),
  );
}

test("an administrator fixes the bad row, previews and imports a spreadsheet", async ({ page }) => {
  test.setTimeout(90_000);
  // a surname of this run's own: both projects run against the same community
  const tag = `Imp${test.info().project.name}${Date.now().toString(36)}`.replace(
    /[^A-Za-z0-9]/g,
    "",
  );
  const rows = [
    [
      "Hazel",
      tag,
      "21A",
      "02/05/1936",
      "Tom " + tag,
      `tom.${tag.toLowerCase()}@family.example`,
      "Son",
    ],
    ["Ivor", tag, "22", "1938-11-30", "", "", ""],
  ];
  await signIn(page, "linda.admin");
  await page.goto("/admin/residents");
  await hydrated(page);
  await page.getByRole("link", { name: "Import from a spreadsheet" }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(
    page.getByRole("heading", { name: /Import residents and family members/ }),
  ).toBeVisible();

  // one bad row: 31 February
  const bad = rows.map((r) => [...r]);
  bad[1]![3] = "31/02/1938";
  await page.getByLabel("Spreadsheet file").setInputFiles({
    name: "residents.csv",
    mimeType: "text/csv",
    buffer: csvOf(bad),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page).toHaveURL(/\/admin\/import\/preview\?token=[a-f0-9]{32}$/);
  const errors = page.getByTestId("import-errors");
  await expect(errors).toContainText("1 row to fix");
  await expect(page.getByTestId("import-row-error")).toHaveCount(1);
  await expect(page.getByTestId("import-row-error")).toContainText("Row 3");
  await expect(page.getByTestId("import-row-error")).toContainText(
    "“31/02/1938” in “Date of birth” is not a real day",
  );
  await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
  await page.goto(`/admin/residents?q=${tag}`);
  await expect(page.getByTestId("empty-state")).toBeVisible();

  // the fixed file: the preview counts, then the import
  await page.goto("/admin/import");
  await hydrated(page);
  await page.getByLabel("Spreadsheet file").setInputFiles({
    name: "residents.csv",
    mimeType: "text/csv",
    buffer: csvOf(rows),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page).toHaveURL(/\/admin\/import\/preview\?token=/);
  await expect(page.getByTestId("import-errors")).toHaveCount(0);
  const counts = page.getByTestId("import-counts");
  await expect(counts).toContainText("2 residents to add");
  await expect(counts).toContainText("1 family member to add");
  await expect(page.getByRole("cell", { name: new RegExp(`Hazel ${tag}`) })).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/residents$/);
  await expect(page.getByText("Import finished")).toBeVisible();
  await page.goto(`/admin/residents?q=${tag}`);
  await expect(page.getByText(`Hazel ${tag}`)).toBeVisible();
  await expect(page.getByText(`Ivor ${tag}`)).toBeVisible();
  // the audit log says who imported, when, and how much
  await page.goto("/admin/audit?kind=people");
  const entry = page
    .getByTestId("audit-row")
    .filter({ hasText: "Imported residents and family members from a spreadsheet" })
    .first();
  await expect(entry).toContainText("Linda");
  await expect(entry).toContainText("2 residents added");
  await expect(entry.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

  // the same file again adds nobody
  await page.goto("/admin/import");
  await hydrated(page);
  await page.getByLabel("Spreadsheet file").setInputFiles({
    name: "residents.csv",
    mimeType: "text/csv",
    buffer: csvOf(rows),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByTestId("import-counts")).toContainText("0 residents to add");
  await expect(page.getByTestId("import-counts")).toContainText("3 people unchanged");
});

test("a file that is not a spreadsheet is refused on the upload page", async ({ page }) => {
  await signIn(page, "linda.admin");
  await page.goto("/admin/import");
  await hydrated(page);
  await page.getByLabel("Spreadsheet file").setInputFiles({
    name: "residents.xls",
    mimeType: "application/vnd.ms-excel",
    buffer: Buffer.from("not really"),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "old Excel file (.xls)" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/import$/);
});

test("the templates download as CSV and Excel", async ({ page }) => {
  await signIn(page, "linda.admin");
  await page.goto("/admin/import");
  await hydrated(page);
  for (const [name, file] of [
    ["Download the CSV template", /residents-import-template\.csv$/],
    ["Download the Excel template", /residents-import-template\.xlsx$/],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(file);
  }
});

test("staff cannot import", async () => {
  const cookie = await sessionCookie("marcus");
  for (const path of ["/admin/import", "/admin/import/template.csv"])
    expect((await httpRequest({ path, cookie })).status).toBe(403);
});
