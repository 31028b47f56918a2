// Forgotten passwords, with JavaScript on and off: a family member signed in on another device asks
// for a link from the sign-in page, reads it in her email (the .eml the server writes without
// SMTP_URL), chooses a new password and is signed in, while the other device is signed out; an
// unknown name gets the same answer and no email; an administrator emails a link from a family
// member's page. Each project makes its own people.
import type { Browser, Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { test, expect, hydrated, signIn, origin, PORT } from "./support/fixtures";
import { acceptInvitation, api, uid } from "./support/api";
import { queryOne } from "./support/media-helpers";

const dataDir = path.resolve(`test-data/e2e-${PORT}`);
const SUB = "sunnybrook";

/** Every email written for `address` so far, as plain text. */
async function emailsTo(address: string): Promise<string[]> {
  const dir = path.join(dataDir, "outbox", SUB);
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
    const raw = fs.readFileSync(path.join(dir, f));
    if (!raw.includes(address)) continue;
    const mail = await simpleParser(raw);
    if ((mail.to as { text: string } | undefined)?.text.includes(address))
      out.push(mail.text ?? "");
  }
  return out;
}

/** Waits for the password link emailed to `address` (the newest of `after` + 1 emails). */
async function resetLinkFor(address: string, after = 0): Promise<string> {
  const t0 = Date.now();
  while (Date.now() - t0 < 20_000) {
    const mails = (await emailsTo(address)).filter((m) => m.includes("/reset-password?token="));
    if (mails.length > after) {
      const links = mails.map((m) => /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(m)![1]!);
      // the link this test has not seen yet
      return links[links.length - 1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no password link was emailed to ${address}`);
}

/** A new family member of Margaret Ellis who has chosen her password, signed in in `page`. */
async function newFamilyMember(page: Page) {
  const id = uid();
  const margaret = queryOne<{ id: string }>(
    "select id from residents where first_name = 'Margaret' and last_name = 'Ellis'",
  )!.id;
  const email = `reset.${id}@family.example`;
  const created = await api("linda.admin", "/api/family-members", "POST", {
    residentId: margaret,
    name: `Rita Reset ${id}`,
    email,
    relationship: "Daughter",
  });
  expect(created.status).toBe(201);
  const username = created.json.signIn.username as string;
  const password = `first-password-${id}-${id}`;
  await acceptInvitation(page, created.json.invitation.url as string, username, password);
  return { id, memberId: created.json.id as string, username, email, password };
}

async function otherDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: test.info().project.name !== "nojs",
  });
  return context.newPage();
}

async function chooseNewPassword(page: Page, link: string, username: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByTestId("reset-username")).toContainText(username);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Type the new password again").fill(password);
  await page.getByRole("button", { name: "Save the new password and sign in" }).click();
  await expect(page).toHaveURL(/\/family$/);
  await expect(page.getByText("Your new password is saved")).toBeVisible();
}

test("a family member who forgot her password gets a link, chooses a new one, and her other device is signed out", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const phone = await otherDevice(browser);
  const person = await newFamilyMember(phone);
  await phone.goto(`${origin(SUB)}/family`);
  await expect(phone).toHaveURL(/\/family$/);

  // signed out on this device: the sign-in page offers the way
  await page.goto("/login");
  await page.getByTestId("forgot-password").click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // the new page in place (and, with JavaScript, running) before typing into it: the sign-in
  // page had a field of the same name
  await expect(
    page.getByRole("heading", { level: 1, name: "Forgot your password?" }),
  ).toBeVisible();
  if (test.info().project.name !== "nojs") await hydrated(page);
  await page.getByLabel("Username or email").fill(person.email.toUpperCase());
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByTestId("reset-sent")).toHaveText(
    "If an account matches, we have sent an email to its address with a link. It works for 1 hour.",
  );
  const answer = await page.locator("main").innerText();

  const link = await resetLinkFor(person.email);
  expect(link.startsWith(`${origin(SUB)}/reset-password?token=`)).toBe(true);
  const mail = (await emailsTo(person.email)).find((m) => m.includes(link))!;
  expect(mail).toContain(person.username);
  expect(mail).not.toMatch(/unsubscribe/i);

  await chooseNewPassword(page, link, person.username, `second-password-${person.id}`);

  // the phone's session ended: its next page asks it to sign in
  await phone.goto(`${origin(SUB)}/family`);
  await expect(phone).toHaveURL(/\/login/);
  await phone.context().close();

  // the link worked once
  await page.goto(link);
  await expect(page.getByTestId("reset-problem")).toContainText("already been used");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

  // an unknown name: the same answer, and nothing written
  await page.context().clearCookies();
  const ghost = `ghost.${person.id}@family.example`;
  await page.goto("/forgot-password");
  await page.getByLabel("Username or email").fill(ghost);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByTestId("reset-sent")).toBeVisible();
  expect(await page.locator("main").innerText()).toBe(answer);
  await page.waitForTimeout(1500);
  expect(await emailsTo(ghost)).toEqual([]);
  expect(
    queryOne<{ n: number }>("select count(*) as n from email_outbox where to_address = ?", ghost)!
      .n,
  ).toBe(0);

  // and the new password signs in
  await page.goto("/login");
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("Password", { exact: true }).fill(`second-password-${person.id}`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/family$/);
});

test("an administrator emails a family member a link from her page", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const device = await otherDevice(browser);
  const person = await newFamilyMember(device);
  await device.context().close();

  await signIn(page, "linda.admin");
  await page.goto(`/admin/families/${person.memberId}`);
  await page.getByTestId("password-link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/families/${person.memberId}/password-link$`));
  await expect(page.getByText(`An email goes to ${person.email}`)).toBeVisible();
  await page.getByRole("button", { name: "Email a link to choose a new password" }).click();
  await expect(page).toHaveURL(/\/admin\/families$/);
  await expect(page.getByText("Link sent")).toBeVisible();

  const link = await resetLinkFor(person.email);
  const mail = (await emailsTo(person.email)).find((m) => m.includes(link))!;
  expect(mail).toMatch(/staff member/);

  const hers = await otherDevice(browser);
  await chooseNewPassword(hers, link, person.username, `chosen-by-her-${person.id}`);
  await hers.context().close();
});
