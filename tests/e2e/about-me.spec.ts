// About me. The resident fills in her page, takes a line suggested from her stories (after
// changing its words), and prints it: the PDF is one page. With JavaScript on and off.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, signIn, httpRequest, sessionCookie } from "./support/fixtures";

test("the resident fills in About me, adds a suggested line, and it prints on one page", async ({
  page,
}) => {
  const project = test.info().project.name;
  await signIn(page, "margaret.ellis");
  await page.goto("/resident");
  await page.getByRole("link", { name: "About me" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "About me" })).toBeVisible();
  const calms = `A walk in the garden (${project})`;
  await page.getByLabel("The name I like to be called").fill("Peggy");
  await page.getByLabel("What calms me").fill(calms);
  await page.getByRole("button", { name: "Save About me" }).click();
  await expect(page.getByText("About me saved")).toBeVisible();
  await expect(page.getByLabel("What calms me")).toHaveValue(calms);

  await page.getByRole("link", { name: "Suggest from stories" }).click();
  await expect(page).toHaveURL(/suggest=1/);
  const first = page.getByTestId("about-suggestion").first();
  await expect(first.getByRole("link")).toHaveAttribute("href", /^\/stories\/[\w-]+$/);
  const label = (await first.locator("label").innerText()).replace(/^For “|”$/g, "");
  const edited = `${(await first.getByRole("textbox").inputValue()).replace(/\.$/, "")} (${project}, checked with Margaret).`;
  await first.getByRole("textbox").fill(edited);
  await first.getByRole("button", { name: /^Add to/ }).click();
  await expect(page.getByText(`Added to “${label}”`)).toBeVisible();
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(
    new RegExp(edited.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  );
  if (project === "js") {
    const scan = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(scan.violations.map((v) => v.id)).toEqual([]);
  }

  const cookie = await sessionCookie("margaret.ellis");
  const href = await page.getByRole("link", { name: "Print one page (PDF)" }).getAttribute("href");
  const pdf = await httpRequest({ path: href!, cookie });
  expect(pdf.status).toBe(200);
  expect(pdf.headers["content-type"]).toBe("application/pdf");
  const file = test.info().outputPath("about.pdf");
  fs.writeFileSync(file, pdf.body);
  expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Pages:\s+1\n/);
  const words = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(words).toContain("About me: Peggy");
  expect(words).toContain(calms);
  // her family cannot read it until she allows it
  expect(
    (await httpRequest({ path: href!, cookie: await sessionCookie("sarah.ellis") })).status,
  ).toBe(403);
});
