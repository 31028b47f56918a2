// Invitations by email, with JavaScript on and off: an administrator adds a family member; the
// invitation is emailed (read back from the .eml the server writes without SMTP_URL) and still shown
// to copy; the family member opens the emailed link, chooses a password and is signed in. A link
// made before a newer one is refused as revoked, and Revoke stops a pending link. Each project
// makes its own people.
import type { Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { test, expect, signIn, PORT } from "./support/fixtures";
import { api, uid } from "./support/api";

const dataDir = path.resolve(`test-data/e2e-${PORT}`);
const SUB = "sunnybrook";
const toast = (page: Page) => page.getByTestId("toast");
const js = () => test.info().project.name !== "nojs";

/** The invitation links emailed to `address` so far, oldest first. */
async function invitationLinksTo(address: string): Promise<string[]> {
  const dir = path.join(dataDir, "outbox", SUB);
  if (!fs.existsSync(dir)) return [];
  const found: { at: number; link: string }[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
    const raw = fs.readFileSync(path.join(dir, f));
    if (!raw.includes(address)) continue;
    const mail = await simpleParser(raw);
    if (!(mail.to as { text: string } | undefined)?.text.includes(address)) continue;
    const m = /(http:\/\/\S+\/invite\?token=[\w-]+)/.exec(mail.text ?? "");
    if (m) found.push({ at: mail.date?.getTime() ?? 0, link: m[1]! });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.link);
}

/** Waits until `count` invitation emails have reached `address`; returns their links. */
async function waitForInvitations(address: string, count: number): Promise<string[]> {
  const t0 = Date.now();
  while (Date.now() - t0 < 20_000) {
    const links = await invitationLinksTo(address);
    if (links.length >= count) return links;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`fewer than ${count} invitations were emailed to ${address}`);
}

/** Adds a family member through the screen; returns her name, email and the link shown. */
async function addFamilyMember(page: Page) {
  const id = uid();
  await api("linda.admin", "/api/residents", "POST", { firstName: "Ivy", lastName: `Mail${id}` });
  const name = `Nell Mail${id}`;
  const email = `nell.${id}@family.example`;
  await page.goto("/admin/families");
  await page.getByRole("link", { name: "Add Family Member" }).click();
  await page.getByRole("combobox", { name: "Resident" }).selectOption({ label: `Ivy Mail${id}` });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Add family member" }).click();
  await expect(page).toHaveURL(/\/admin\/families\/[^/]+\/invitation$/);
  await expect(page.getByTestId("invitation-email")).toContainText(`We emailed it to ${email}`);
  const shown = await page.getByLabel("Invitation link", { exact: true }).inputValue();
  return { id, name, email, shown, invitationPage: new URL(page.url()).pathname };
}

async function expectRevoked(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Invitation link not valid" })).toBeVisible();
  await expect(page.getByText(/replaced by a newer one or revoked/)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "linda.admin");
});

test("the invitation is emailed; its link lets her choose a password and signs her in", async ({
  page,
  browser,
}) => {
  const { name, email, shown } = await addFamilyMember(page);
  const [emailed] = await waitForInvitations(email, 1);
  expect(emailed).toBe(shown);

  // the list says it was sent, with her address under her name
  await page.goto(`/admin/families?q=${encodeURIComponent(name)}`);
  const row = page.getByTestId("family-row").filter({ hasText: name });
  await expect(row.getByTestId("family-invitation")).toContainText(/Sent \w{3} \d+/);
  await expect(row.getByTestId("family-contact")).toContainText(email);

  const context = await browser.newContext({ javaScriptEnabled: js() });
  const guest = await context.newPage();
  await guest.goto(emailed!);
  await expect(guest.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
  // opening it is recorded
  await page.reload();
  await expect(row.getByTestId("family-invitation")).toContainText(/Opened \w{3} \d+/);

  await guest.getByLabel("Password", { exact: true }).fill("a-long-emailed-password");
  await guest.getByLabel("Password again").fill("a-long-emailed-password");
  await guest.getByRole("button", { name: "Choose password and sign in" }).click();
  await expect(guest).toHaveURL(/\/family$/);
  await context.close();
  await page.reload();
  await expect(row.getByTestId("family-invitation")).toContainText("Accepted");
  // the audit log says who made and emailed her invitation, and when
  await page.goto("/admin/audit?kind=people");
  for (const what of ["Made an invitation or sign-in link for", "Emailed an invitation to"]) {
    const entry = page.getByTestId("audit-row").filter({ hasText: what }).filter({ hasText: name });
    await expect(entry.first()).toContainText("Linda");
    await expect(entry.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  }
});

test("a new link replaces the earlier ones, which are refused as revoked", async ({
  page,
  browser,
}) => {
  const { email, shown, invitationPage } = await addFamilyMember(page);
  await page.goto(invitationPage);
  await page.getByRole("button", { name: "Make a new invitation link" }).click();
  await expect(toast(page)).toContainText("New invitation link made");
  await expect(page.getByTestId("invitation-email")).toContainText(`We emailed it to ${email}`);
  const second = await page.getByLabel("Invitation link", { exact: true }).inputValue();
  await page.goto(invitationPage);
  await page.getByRole("button", { name: "Make a new invitation link" }).click();
  await expect(toast(page)).toContainText("New invitation link made");
  const third = await page.getByLabel("Invitation link", { exact: true }).inputValue();
  expect(new Set([shown, second, third]).size).toBe(3);
  const links = await waitForInvitations(email, 3);
  expect(links).toEqual(expect.arrayContaining([shown, second, third]));

  const context = await browser.newContext({ javaScriptEnabled: js() });
  const guest = await context.newPage();
  for (const old of [shown, second]) await expectRevoked(guest, old);
  await guest.goto(third);
  await expect(guest.getByRole("button", { name: "Choose password and sign in" })).toBeVisible();
  await context.close();
});

test("Revoke makes a pending link stop working", async ({ page, browser }) => {
  const { name, shown, invitationPage } = await addFamilyMember(page);
  await page.goto(invitationPage);
  await expect(page.getByTestId("invitation-pending")).toBeVisible();
  await page.getByRole("button", { name: "Revoke invitation" }).click();
  await expect(toast(page)).toContainText("Invitation revoked");
  await expect(page.getByRole("button", { name: "Revoke invitation" })).toHaveCount(0);

  const context = await browser.newContext({ javaScriptEnabled: js() });
  await expectRevoked(await context.newPage(), shown);
  await context.close();

  await page.goto(`/admin/families?q=${encodeURIComponent(name)}`);
  const row = page.getByTestId("family-row").filter({ hasText: name });
  await expect(row.getByTestId("family-invitation")).toContainText("Revoked");
});
