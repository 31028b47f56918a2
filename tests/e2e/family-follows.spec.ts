// One family, several residents, with JavaScript on and off: the demo daughter (sarah.ellis),
// invited for a second resident after her mother, is added to her own account (the administrator
// is told so, and the families list says it waits for her); she signs in with her email in
// capitals, says yes, and switches between her mother and the new resident on one sign-in; her
// digest names both. Removing that record afterwards keeps her sign-in for her mother.
import type { Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { test, expect, signIn, DEMO_PASSWORD, PORT } from "./support/fixtures";
import { api, uid } from "./support/api";

const dataDir = path.resolve(`test-data/e2e-${PORT}`);
const SUB = "sunnybrook";
const js = () => test.info().project.name !== "nojs";
const toast = (page: Page) => page.getByTestId("toast");

async function approvedStory(residentId: string, title: string) {
  const made = await api("linda.admin", "/api/resident/stories", "POST", {
    title,
    content: `${title}: written for the family test.`,
    category: "family",
    residentId,
  });
  expect(made.status, made.text).toBe(201);
  const ok = await api("linda.admin", `/api/admin/stories/${made.json.id}/approve`, "PATCH", {
    isPublished: true,
  });
  expect(ok.status, ok.text).toBe(200);
}

/** The newest digest emailed to `address` whose text holds `marker`. */
async function digestTo(address: string, marker: string) {
  const dir = path.join(dataDir, "outbox", SUB);
  const t0 = Date.now();
  while (Date.now() - t0 < 20_000) {
    for (const f of fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((n) => n.endsWith(".eml"))
      : []) {
      const raw = fs.readFileSync(path.join(dir, f));
      if (!raw.includes(address)) continue;
      const mail = await simpleParser(raw);
      if (mail.subject?.startsWith("This week at") && mail.text?.includes(marker)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no digest to ${address} with ${marker}`);
}

test("the demo daughter, invited for a second resident, follows both on one sign-in", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = uid();
  const father = `George Ellis${id}`;
  const made = await api("linda.admin", "/api/residents", "POST", {
    firstName: "George",
    lastName: `Ellis${id}`,
  });
  expect(made.status, made.text).toBe(201);
  const fatherId: string = made.json.id;

  // the administrator adds her email for him, as she would for anyone
  await signIn(page, "linda.admin");
  await page.goto("/admin/families");
  await page.getByRole("link", { name: "Add Family Member" }).click();
  await page.getByRole("combobox", { name: "Resident" }).selectOption({ label: father });
  await page.getByLabel("Name", { exact: true }).fill("Sarah Ellis");
  await page.getByLabel("Email").fill("Sarah.Ellis@family.example");
  await page.getByLabel("Relationship").fill("Daughter");
  await page.getByRole("button", { name: "Add family member" }).click();
  await expect(toast(page)).toContainText(
    `Sarah Ellis's email already signs in here as sarah.ellis. ${father} was added to that account`,
  );
  await page.goto(`/admin/families?resident=${fatherId}`);
  await expect(page.getByTestId("family-invitation")).toContainText(
    "Added to sarah.ellis: waiting for confirmation",
  );
  // one account: no sarah.ellis2 appears anywhere
  await page.goto("/admin/families?q=sarah.ellis");
  await expect(page.getByText("sarah.ellis2")).toHaveCount(0);

  // she signs in with her email in capitals, on her own phone
  const phone = await browser.newContext({
    baseURL: `http://${SUB}.storyloom.localhost:${PORT}`,
    javaScriptEnabled: js(),
    viewport: { width: 390, height: 844 },
  });
  const her = await phone.newPage();
  await her.goto("/login");
  await her.getByLabel("Username or email").fill("SARAH.ELLIS@family.example");
  await her.getByLabel("Password").fill(DEMO_PASSWORD);
  await her.getByRole("button", { name: "Sign in" }).click();
  await expect(her).toHaveURL(/\/family/);
  const waiting = her.getByTestId("waiting-follow").filter({ hasText: father });
  await expect(waiting).toContainText(`Follow ${father} too?`);
  await waiting.getByRole("button", { name: `Yes, follow ${father}` }).click();
  await expect(toast(her)).toContainText(`You now follow ${father}`);
  await expect(her.getByRole("heading", { level: 1 })).toHaveText(father);

  // the switcher: her mother and her father on one sign-in, the choice kept as she moves on
  const switcher = her.getByRole("navigation", { name: "Residents you follow" });
  await expect(switcher.getByRole("link", { name: father })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await switcher.getByRole("link", { name: "Margaret Ellis" }).click();
  await expect(her.getByRole("heading", { level: 1 })).toHaveText("Margaret Ellis");
  await her.goto("/family/gazette");
  await expect(her.getByRole("link", { name: /Back to Margaret/ })).toBeVisible();
  await her.goto("/family");
  await expect(her.getByRole("heading", { level: 1 })).toHaveText("Margaret Ellis");
  await her
    .getByRole("navigation", { name: "Residents you follow" })
    .getByRole("link", { name: father })
    .click();
  await expect(her.getByRole("heading", { level: 1 })).toHaveText(father);

  // a story of his reaches her page; her digest names both of them
  await approvedStory(fatherId, `The allotment ${id}`);
  await her.reload();
  await expect(her.getByRole("link", { name: `The allotment ${id}`, exact: true })).toBeVisible();
  if (js()) {
    // one project sends the community's digest (the other would find the week already sent)
    await approvedStory(
      (await api("linda.admin", "/api/residents")).json.find(
        (r: { firstName: string; lastName: string }) =>
          r.firstName === "Margaret" && r.lastName === "Ellis",
      ).id,
      `The Palais ${id}`,
    );
    execFileSync(process.execPath, ["--import", "tsx", "scripts/digest.ts", "--community", SUB], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        PORT: String(PORT),
        APP_DOMAIN: "storyloom.localhost",
      },
      encoding: "utf8",
    });
    const mail = await digestTo("sarah.ellis@family.example", `The allotment ${id}`);
    expect(mail.text).toContain(`The Palais ${id}`);
    expect(mail.text).toContain("New stories from Margaret");
    expect(mail.text).toContain("New stories from George");
    expect(mail.subject).toMatch(/from Margaret and George/);
  }

  // the record for him removed: her sign-in stays for her mother
  await page.goto(`/admin/families?resident=${fatherId}`);
  await page
    .getByRole("link", { name: /Edit Sarah Ellis/ })
    .first()
    .waitFor();
  const memberHref = await page
    .getByRole("link", { name: /Edit Sarah Ellis/ })
    .first()
    .getAttribute("href");
  await page.goto(`${memberHref!.split("?")[0]}/delete`);
  await expect(
    page.getByText(/Their sign-in stays, because they also follow Margaret Ellis/),
  ).toBeVisible();
  await page.getByRole("button", { name: "Remove family member" }).click();
  await expect(toast(page)).toContainText("Their sign-in stays for Margaret Ellis");
  await her.goto("/family");
  await expect(her.getByRole("heading", { level: 1 })).toHaveText("Margaret Ellis");
  await phone.close();
});
