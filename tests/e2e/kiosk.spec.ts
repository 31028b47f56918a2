// The lounge kiosk, with JavaScript and without, on a tablet (1024x768): an
// administrator registers a kiosk and its setup link is opened in a fresh browser; residents sign
// in by PIN (wrong PINs pause it on that kiosk), staff help with their own password, sessions end
// by "I'm done", by saving, after 2 minutes without input, and at once when the kiosk is switched off.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Browser, Page } from "@playwright/test";
import {
  test,
  expect,
  signIn,
  httpRequest,
  sessionCookie,
  hostFor,
  origin,
  PORT,
} from "./support/fixtures";
import { writeToneWebm } from "../helpers/audio";

test.use({ viewport: { width: 1024, height: 768 } });

const DB_FILE = path.resolve(`test-data/e2e-${PORT}/tenants/sunnybrook.sqlite`);
let fixtures: string;

test.beforeAll(() => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-kiosk-e2e-"));
  writeToneWebm(path.join(fixtures, "story.webm"));
});
test.afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

function query<T>(sql: string, ...args: unknown[]): T | undefined {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T | undefined;
  } finally {
    db.close();
  }
}

const isJs = () => test.info().project.name === "js";
const unique = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;

async function expectAccessible(page: Page) {
  if (!isJs()) return;
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Registers a kiosk over HTTP as the administrator; its setup link's path and its id. */
async function registerKiosk(name: string): Promise<{ setupPath: string; id: string }> {
  const cookie = await sessionCookie("linda.admin");
  const res = await httpRequest({
    path: "/admin/kiosks",
    method: "POST",
    cookie,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://${hostFor("sunnybrook")}`,
    },
    body: new URLSearchParams({ intent: "register", name }).toString(),
  });
  // the link is shown once, on the page the action sends to (a flash cookie)
  const flash = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const page = await httpRequest({ path: "/admin/kiosks", cookie: `${cookie}; ${flash}` });
  const m = /\/kiosk\/setup\/([\w-]+)/.exec(page.text());
  if (!m) throw new Error(`no setup link in ${res.status}`);
  const id = query<{ id: string }>("select id from kiosks where name = ?", name)!.id;
  return { setupPath: m[0], id };
}

/** A fresh browser (no cookies) that opens the setup link and becomes the kiosk. */
async function openKiosk(
  browser: Browser,
  setupPath: string,
  opts: { clock?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: isJs(),
    viewport: { width: 1024, height: 768 },
    baseURL: origin("sunnybrook"),
  });
  const page = await context.newPage();
  if (opts.clock) await page.clock.install();
  await page.goto(setupPath);
  // with JavaScript the page presses its button itself
  if (!isJs()) {
    await expect(
      page.getByRole("heading", { name: "Set up this tablet as a kiosk" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Make this tablet the kiosk" }).click();
  }
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByRole("heading", { name: "Who is telling a story?" })).toBeVisible();
  return page;
}

async function signInByPin(kiosk: Page, name: string, pin: string) {
  await kiosk.getByRole("link", { name }).click();
  await expect(kiosk.getByRole("heading", { name: `Hello, ${name}` })).toBeVisible();
  await kiosk.getByLabel("Your 4-digit PIN").fill(pin);
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/me$/);
  await expect(
    kiosk.getByRole("heading", { name: `What would you like to do, ${name.split(" ")[0]}?` }),
  ).toBeVisible();
}

test("an administrator registers a kiosk; on the tablet a resident signs in by PIN, tells a story, and finds it among her stories", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "linda.admin");
  await page.goto("/admin/kiosks");
  await expect(page.getByRole("heading", { name: "Kiosks", exact: true })).toBeVisible();
  await expectAccessible(page);
  // a name is required; what was typed stays
  await page.getByLabel("Name").fill("   ");
  await page.getByRole("button", { name: "Register kiosk" }).click();
  if (!isJs()) await expect(page.getByRole("alert")).toContainText("Please give the kiosk a name");
  const name = unique("Garden lounge tablet");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Register kiosk" }).click();
  const link = page.getByTestId("kiosk-setup-link");
  await expect(link).toContainText(`Setup link for ${name}`);
  const url = await page.getByRole("textbox", { name: "Setup link" }).inputValue();
  expect(url).toMatch(
    new RegExp(`^http://sunnybrook\\.storyloom\\.localhost:${PORT}/kiosk/setup/[\\w-]+$`),
  );
  await expect(page.getByTestId("kiosk-row").filter({ hasText: name })).toContainText(
    "Waiting for setup",
  );

  const kiosk = await openKiosk(browser, new URL(url).pathname);
  await expectAccessible(kiosk);
  // the grid: residents who agreed, nothing else (Dorothy did not agree; Ruth is inactive)
  const grid = kiosk.getByTestId("kiosk-grid");
  await expect(grid.getByRole("link", { name: "Margaret Ellis" })).toBeVisible();
  await expect(grid.getByRole("link", { name: "Harold Jensen" })).toBeVisible();
  await expect(grid.getByRole("link", { name: /Dorothy|Ruth/ })).toHaveCount(0);
  await expect(kiosk.getByRole("link", { name: /sign in|log in|account/i })).toHaveCount(0);
  // search by first letter
  await kiosk.getByRole("link", { name: "H", exact: true }).click();
  await expect(grid.getByRole("link")).toHaveCount(1);
  await expect(grid.getByRole("link", { name: "Harold Jensen" })).toBeVisible();
  await kiosk.getByRole("link", { name: "All", exact: true }).click();
  // the setup link worked once
  const again = await httpRequest({ path: new URL(url).pathname });
  expect(again.status).toBe(404);
  // shown once: a refresh shows neither the link nor another kiosk
  await page.reload();
  await expect(page.getByTestId("kiosk-setup-link")).toHaveCount(0);
  await expect(page.getByTestId("kiosk-row").filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByTestId("kiosk-row").filter({ hasText: name })).toContainText("On");

  await kiosk.getByRole("link", { name: "Margaret Ellis" }).click();
  await expectAccessible(kiosk);
  await kiosk.getByLabel("Your 4-digit PIN").fill("2468");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(
    kiosk.getByRole("heading", { name: "What would you like to do, Margaret?" }),
  ).toBeVisible();
  await expect(kiosk.getByTestId("kiosk-countdown")).toContainText(/Time left: [12]:\d\d/);
  await expectAccessible(kiosk);
  // no account pages, no admin, no other resident: the kiosk is not a signed-in user
  for (const p of ["/resident", "/account/sessions", "/admin", "/family"]) {
    await kiosk.goto(p);
    await expect(kiosk).toHaveURL(/\/login/);
  }
  await kiosk.goto("/kiosk/me");

  // Tell a story: the record wizard
  await kiosk.getByRole("link", { name: "Tell a story" }).click();
  await expect(kiosk.getByRole("heading", { name: "Tell a story" })).toBeVisible();
  await expectAccessible(kiosk);
  await kiosk.getByLabel("Travel").check();
  await kiosk.getByRole("button", { name: "Continue to Prompt" }).click();
  // under a running countdown the page says how it waits, not "take your time"
  await expect(kiosk.getByTestId("prompt-take-time")).toHaveText(
    /^The time left, at the top, starts again each time you tap the screen\./,
  );
  await kiosk.getByRole("link", { name: "Start Recording" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/record\?.*step=record/);
  if (isJs()) {
    const status = kiosk.getByTestId("recorder-status");
    await kiosk.getByRole("button", { name: "Start Recording" }).click();
    await expect(status).toHaveText("Recording...");
    await expect(kiosk.getByTestId("recorder-elapsed")).toHaveText("0:02", { timeout: 10_000 });
    await kiosk.getByRole("button", { name: "Stop" }).click();
  } else {
    await kiosk.getByLabel("Your recording").setInputFiles(path.join(fixtures, "story.webm"));
    await kiosk.getByRole("button", { name: "Transcribe My Recording" }).click();
  }
  await expect(kiosk).toHaveURL(/\/kiosk\/record\?.*step=preview/, { timeout: 120_000 });
  const content = `At the kiosk I remembered the ferry to Dún Laoghaire (${unique("kiosk")}).`;
  await kiosk.getByLabel("Your story", { exact: true }).fill(content);
  await kiosk.getByRole("button", { name: "Save Story" }).click();
  // saving ends her session: back to the grid
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText(
    "Thank you, Margaret. Your story is saved.",
  );
  const row = query<{
    id: string;
    author_user_id: string;
    helper_name: string | null;
    audio_id: string | null;
    title: string;
  }>(
    "select s.id, s.author_user_id, s.helper_name, s.audio_id, s.title from stories s join residents r on r.id = s.resident_id where s.content = ? and r.first_name = 'Margaret'",
    content,
  );
  expect(row).toBeTruthy();
  expect(row!.author_user_id).toMatch(/^kiosk:/);
  expect(row!.helper_name).toBeNull();
  expect(row!.audio_id).toBeTruthy();

  // she finds it among her stories, with her recording
  await signInByPin(kiosk, "Margaret Ellis", "2468");
  await kiosk.getByRole("link", { name: "Listen to my stories" }).click();
  await expectAccessible(kiosk);
  await kiosk
    .getByTestId("kiosk-story-list")
    .locator(`a[href="/kiosk/stories/${row!.id}"]`)
    .click();
  await expect(kiosk.getByRole("heading", { name: row!.title })).toBeVisible();
  await expect(kiosk.getByText(content)).toBeVisible();
  const audioSrc = await kiosk.locator("audio").getAttribute("src");
  const cookies = await kiosk.context().cookies();
  const audio = await httpRequest({
    path: audioSrc!,
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
  });
  expect(audio.status).toBe(200);
  await expectAccessible(kiosk);
  // she decides who may see it, and withdraws it (the story-audience rule, at the kiosk)
  await expect(kiosk.getByTestId("kiosk-story-audience")).toHaveText("Now: My family.");
  await kiosk.getByLabel(/^Only me and the care team/).check();
  await kiosk.getByRole("button", { name: "Save who can see it" }).click();
  await expect(kiosk.getByTestId("kiosk-story-audience")).toHaveText(
    "Now: Only me and the care team.",
  );
  expect(
    query<{ audience: string }>("select audience from stories where id = ?", row!.id)!.audience,
  ).toBe("private");
  await kiosk.getByRole("button", { name: "Withdraw this story" }).click();
  await expect(kiosk.getByTestId("kiosk-story-audience")).toHaveText(
    "Withdrawn: only you and the care team can see it.",
  );
  expect(
    query<{ withdrawn_at: string | null }>(
      "select withdrawn_at from stories where id = ?",
      row!.id,
    )!.withdrawn_at,
  ).toBeTruthy();
  // another resident's story is not hers to open
  const other = query<{ id: string }>(
    "select s.id from stories s join residents r on r.id = s.resident_id where r.first_name = 'Harold' limit 1",
  )!.id;
  const refused = await kiosk.goto(`/kiosk/stories/${other}`);
  expect(refused!.status()).toBe(404);
  await kiosk.goto("/kiosk/me");
  for (const screen of [
    "Questions from my family",
    "Photos from my family",
    "Write a story",
    "Change my PIN",
  ]) {
    await kiosk.getByRole("link", { name: new RegExp(screen) }).click();
    await expect(kiosk.getByRole("heading", { name: screen })).toBeVisible();
    await expectAccessible(kiosk);
    await kiosk.goto("/kiosk/me");
  }
  await kiosk.getByRole("button", { name: "I'm done" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText("Thank you! See you next time.");
  await kiosk.goto("/kiosk/me");
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await kiosk.context().close();
});

test("a member of staff helps with their own password; the story says it was told with help from Marcus", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { setupPath } = await registerKiosk(unique("Library tablet"));
  const kiosk = await openKiosk(browser, setupPath);
  await kiosk.getByRole("link", { name: "Harold Jensen" }).click();
  await kiosk.getByRole("link", { name: "I'm helping" }).click();
  await expect(kiosk.getByRole("heading", { name: "Helping Harold Jensen" })).toBeVisible();
  await expectAccessible(kiosk);
  // a wrong password, or a family member's, does not start it; the username stays typed
  await kiosk.getByLabel("Your username").fill("sarah.ellis");
  await kiosk.getByLabel("Your password").fill("storyloom-demo");
  await kiosk.getByRole("button", { name: "Start helping" }).click();
  await expect(kiosk.getByTestId("help-error")).toContainText("do not match a member of staff");
  await expect(kiosk.getByLabel("Your username")).toHaveValue("sarah.ellis");
  await kiosk.getByLabel("Your username").fill("marcus");
  await kiosk.getByLabel("Your password").fill("storyloom-demo");
  await kiosk.getByRole("button", { name: "Start helping" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/me$/);
  await expect(kiosk.getByTestId("kiosk-who")).toContainText("Harold Jensen");
  await expect(kiosk.getByTestId("kiosk-who")).toContainText("with help from Marcus");

  await kiosk.getByRole("link", { name: "Write a story" }).click();
  const title = unique("The harvest of 1951");
  await kiosk.getByLabel("Title").fill(title);
  await kiosk
    .getByRole("textbox", { name: "Your story" })
    .fill(
      "We brought in the wheat by hand the year the tractor broke, and Marcus wrote it down for me.",
    );
  await kiosk.getByRole("button", { name: "Save Story" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText("Thank you, Harold");
  const row = query<{ helper_name: string; helper_user_id: string }>(
    "select helper_name, helper_user_id from stories where title = ?",
    title,
  );
  expect(row?.helper_name).toBe("Marcus");
  expect(row?.helper_user_id).toBeTruthy();

  // Harold himself, by PIN, reads who helped
  await signInByPin(kiosk, "Harold Jensen", "1357");
  await expect(kiosk.getByTestId("kiosk-who")).not.toContainText("with help");
  await kiosk.getByRole("link", { name: "Listen to my stories" }).click();
  const item = kiosk.getByTestId("kiosk-story-list").getByRole("link", { name: new RegExp(title) });
  await expect(item).toContainText("Told with help from Marcus");
  await item.click();
  await expect(kiosk.getByTestId("told-with-help")).toHaveText("Told with help from Marcus");
  await kiosk.context().close();

  // the administrator reviewing it reads who helped too
  const storyId = query<{ id: string }>("select id from stories where title = ?", title)!.id;
  const review = await httpRequest({
    path: `/admin/stories/${storyId}`,
    cookie: await sessionCookie("linda.admin"),
  });
  expect(review.text()).toContain("told at the kiosk with help from Marcus");
});

test("six wrong PINs pause that resident's PIN on that kiosk only; a PIN never signs in at /login", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const hall = unique("Hall tablet");
  const first = await registerKiosk(hall);
  const kiosk = await openKiosk(browser, first.setupPath);
  await kiosk.getByRole("link", { name: "Walter Brooks" }).click();
  for (let i = 1; i <= 5; i++) {
    await kiosk.getByLabel("Your 4-digit PIN").fill("1111");
    await kiosk.getByRole("button", { name: "Start" }).click();
    if (i < 5)
      await expect(kiosk.getByTestId("pin-error")).toContainText(
        `That PIN is not right. Please try again. ${5 - i} ${5 - i === 1 ? "try" : "tries"} left.`,
      );
    else await expect(kiosk.getByTestId("pin-error")).toContainText("paused on this kiosk");
  }
  // the sixth, even the right one, is paused
  await kiosk.getByLabel("Your 4-digit PIN").fill("8642");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(kiosk.getByTestId("pin-error")).toContainText(
    "Too many wrong PINs. Your PIN is paused on this kiosk for 15 minutes",
  );
  await expect(kiosk).not.toHaveURL(/\/kiosk\/me/);
  await kiosk.goto("/kiosk/me");
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  // opening her page again still says so
  await kiosk.getByRole("link", { name: "Walter Brooks" }).click();
  await expect(kiosk.getByTestId("pin-error")).toContainText("paused");
  await expectAccessible(kiosk);

  // another kiosk is not paused
  const second = await registerKiosk(unique("Porch tablet"));
  const other = await openKiosk(browser, second.setupPath);
  await signInByPin(other, "Walter Brooks", "8642");

  // a PIN is not a password
  const login = await httpRequest({
    path: "/login",
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://${hostFor("sunnybrook")}`,
    },
    body: new URLSearchParams({ username: "walter.brooks", password: "8642" }).toString(),
  });
  expect(login.status).not.toBe(302);
  expect(login.headers["set-cookie"]?.join(";") ?? "").not.toMatch(/storyloom_session=[^;]+/);
  // the administrator reads each wrong PIN in the audit log, written by the kiosk
  await signIn(page, "linda.admin");
  await page.goto("/admin/audit?kind=kiosks");
  const rows = page.getByTestId("audit-row").filter({ hasText: `${hall}: Walter Brooks` });
  await expect(rows.filter({ hasText: "A wrong PIN at the kiosk" }).first()).toContainText(
    "A lounge kiosk",
  );
  await expect(
    rows.filter({ hasText: "her PIN is paused on this kiosk for 15 minutes" }),
  ).toHaveCount(1);
  await kiosk.context().close();
  await other.context().close();
});

test("two minutes without input end the session and return to the grid (a meta refresh without JavaScript)", async ({
  browser,
}) => {
  test.setTimeout(isJs() ? 90_000 : 240_000);
  const { setupPath } = await registerKiosk(unique("Sun room tablet"));
  const kiosk = await openKiosk(browser, setupPath, { clock: isJs() });
  await signInByPin(kiosk, "Margaret Ellis", "2468");
  await expect(kiosk.getByTestId("kiosk-countdown")).toContainText("Time left: 2:00");
  if (isJs()) {
    // the countdown ticks, then ends the session itself
    await kiosk.clock.fastForward("01:40");
    await expect(kiosk.getByTestId("kiosk-countdown")).toContainText(
      "Still there? Tap anywhere to keep going.",
    );
    await kiosk.clock.fastForward("00:25");
  } else {
    const refresh = kiosk.locator(
      'noscript meta[http-equiv="refresh"], meta[http-equiv="refresh"]',
    );
    await expect(refresh.first()).toHaveAttribute("content", "121;url=/kiosk?ended=idle");
  }
  // without JavaScript this is the browser following the meta refresh after 2 minutes
  await expect(kiosk).toHaveURL(/\/kiosk\?ended=idle$/, { timeout: 180_000 });
  await expect(kiosk.getByTestId("kiosk-timed-out")).toContainText(
    "went back to the start after 2 minutes",
  );
  await expect(kiosk.getByRole("heading", { name: "Who is telling a story?" })).toBeVisible();
  await kiosk.goto("/kiosk/me");
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await kiosk.context().close();
});

test("switching a kiosk off ends it at once: the tablet says 'This kiosk was switched off'", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = unique("Dining room tablet");
  const { setupPath, id } = await registerKiosk(name);
  const kiosk = await openKiosk(browser, setupPath);
  await signInByPin(kiosk, "Margaret Ellis", "2468");

  await signIn(page, "linda.admin");
  await page.goto("/admin/kiosks");
  await page.getByRole("link", { name: `Switch off ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/kiosks/${id}/revoke$`));
  await expect(page.getByRole("heading", { name: "Switch off this kiosk?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: `Switch off ${name}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Kiosk switched off");
  await expect(page.getByTestId("kiosk-row").filter({ hasText: name })).toContainText(
    "Switched off",
  );

  // her next tap finds the kiosk off
  await kiosk.getByRole("link", { name: "Listen to my stories" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByRole("heading", { name: "This kiosk was switched off" })).toBeVisible();
  await expectAccessible(kiosk);
  const me = await kiosk.goto("/kiosk/me");
  expect(me!.status()).toBe(403);
  await expect(kiosk.getByRole("heading", { name: "This kiosk was switched off" })).toBeVisible();
  await kiosk.context().close();
});

test("staff set a resident's kiosk consent and PIN, and print her sign-in card; a new card retires the old one", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // a resident of this test's own (the others use the seeded ones)
  const lastName = `Kiosktest${test.info().project.name}${Date.now()}`;
  const created = await httpRequest({
    path: "/api/residents",
    method: "POST",
    cookie: await sessionCookie("marcus"),
    headers: { "Content-Type": "application/json", Origin: `http://${hostFor("sunnybrook")}` },
    body: JSON.stringify({ firstName: "Edith", lastName }),
  });
  expect(created.status).toBe(201);
  const id = created.json<{ id: string }>().id;
  const name = `Edith ${lastName}`;
  await signIn(page, "marcus");
  await page.goto(`/staff/residents/${id}/kiosk`);
  await expect(page.getByRole("heading", { name: `Kiosk for ${name}` })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/agreed to appear on the lounge kiosks/).check();
  await page.getByRole("textbox", { name: /^Kiosk PIN/ }).fill("1234");
  await page.getByRole("button", { name: "Save kiosk settings" }).click();
  await expect(page.getByRole("alert")).toContainText("too easy to guess");
  await expect(page.getByLabel(/agreed to appear on the lounge kiosks/)).toBeChecked();
  await page.getByRole("textbox", { name: /^Kiosk PIN/ }).fill("3579");
  await page.getByRole("button", { name: "Save kiosk settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("Kiosk settings saved");
  expect(
    query<{ kiosk_pin_hash: string }>("select kiosk_pin_hash from residents where id = ?", id)!
      .kiosk_pin_hash,
  ).toMatch(/^scrypt\$/);

  await page.getByRole("button", { name: "Make a sign-in card" }).click();
  const card = page.getByTestId("kiosk-card");
  await expect(card).toContainText(name);
  await expect(card.getByRole("img", { name: /QR code/ })).toBeVisible();
  const cardUrl = (await card.locator("p.font-mono").textContent())!.trim();
  expect(cardUrl).toMatch(/\/kiosk\/card\/[\w-]+$/);

  const { setupPath } = await registerKiosk(unique("Chapel tablet"));
  const kiosk = await openKiosk(browser, setupPath);
  await expect(kiosk.getByTestId("kiosk-grid").getByRole("link", { name })).toBeVisible();
  await kiosk.goto(new URL(cardUrl).pathname);
  await expect(kiosk.getByRole("heading", { name: `Hello, ${name}` })).toBeVisible();
  await kiosk.getByLabel("Your 4-digit PIN").fill("3579");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(
    kiosk.getByRole("heading", { name: "What would you like to do, Edith?" }),
  ).toBeVisible();
  // she changes her PIN herself
  await kiosk.getByRole("link", { name: "Change my PIN" }).click();
  await kiosk.getByLabel("Your PIN now").fill("3579");
  await kiosk.getByLabel("Your new PIN (4 digits)").fill("9517");
  await kiosk.getByLabel("Your new PIN again").fill("9157");
  await kiosk.getByRole("button", { name: "Save my new PIN" }).click();
  await expect(kiosk.getByRole("alert")).toContainText("The two PINs are not the same");
  await kiosk.getByLabel("Your PIN now").fill("3579");
  await kiosk.getByLabel("Your new PIN (4 digits)").fill("9517");
  await kiosk.getByLabel("Your new PIN again").fill("9517");
  await kiosk.getByRole("button", { name: "Save my new PIN" }).click();
  await expect(kiosk.getByTestId("toast")).toContainText("Your new PIN is set.");
  await kiosk.getByRole("button", { name: "I'm done" }).click();
  // back at the grid, its thank-you shown, before the next page is opened: with JavaScript, "I'm
  // done" ends in a client-side navigation whose data request reads and clears its own notice;
  // still on its way when the old card's redirect set another, it cleared that one too
  await expect(kiosk.getByTestId("toast")).toContainText("Thank you! See you next time.");
  await expect(kiosk.getByRole("heading", { name: "Who is telling a story?" })).toBeVisible();

  // a new card: the old one stops working
  await page.getByRole("button", { name: "Make a new card" }).click();
  // the old card stays on the screen until the new one is made: wait for the new one's link
  await expect(page.getByTestId("kiosk-card").locator("p.font-mono")).not.toHaveText(cardUrl);
  await kiosk.goto(new URL(cardUrl).pathname);
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText("This card does not work any more");
  await signInByPin(kiosk, name, "9517");
  await kiosk.getByRole("button", { name: "I'm done" }).click();

  // without consent she is not on the kiosk
  await page.goto(`/staff/residents/${id}/kiosk`);
  await page.getByLabel(/agreed to appear on the lounge kiosks/).uncheck();
  await page.getByRole("button", { name: "Save kiosk settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("does not appear on the lounge kiosks");
  await kiosk.goto("/kiosk");
  await expect(kiosk.getByTestId("kiosk-grid").getByRole("link", { name })).toHaveCount(0);
  const gone = await kiosk.goto(`/kiosk/residents/${id}`);
  expect(gone!.status()).toBe(404);
  await kiosk.context().close();
});

test("a browser that is not a kiosk is told so, and a kiosk's screens need the kiosk", async ({
  page,
}) => {
  const res = await page.goto("/kiosk");
  expect(res!.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "This browser is not a kiosk" })).toBeVisible();
  await expectAccessible(page);
  for (const p of ["/kiosk/me", "/kiosk/record", "/kiosk/stories", "/kiosk/pin"]) {
    await page.goto(p);
    await expect(page).toHaveURL(/\/kiosk$/);
  }
  const bad = await page.goto("/kiosk/setup/not-a-real-token");
  expect(bad!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Setup link not valid" })).toBeVisible();
  await expectAccessible(page);
});

/**
 * Moves the kiosk's turn back in time, as if her last tap was `seconds` ago: the server ends it as
 * 2 minutes without a tap do, without a test waiting for them. `endedSecondsAgo` also dates the
 * end of a turn that has already ended.
 */
function ageTurn(kioskId: string, seconds: number, endedSecondsAgo?: number) {
  const db = new Database(DB_FILE, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    const at = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    db.prepare("update kiosk_sessions set last_input_at = ? where kiosk_id = ?").run(
      at(seconds),
      kioskId,
    );
    if (endedSecondsAgo !== undefined)
      db.prepare(
        "update kiosk_sessions set ended_at = ? where kiosk_id = ? and ended_at is not null",
      ).run(at(endedSecondsAgo), kioskId);
  } finally {
    db.close();
  }
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: test.info().outputPath(`${name}-${test.info().project.name}.png`),
    fullPage: false,
  });
}

test("a story sent after 2 minutes without a tap is saved for review; sent much later, her words are shown back and saved in her next turn", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { setupPath, id } = await registerKiosk(unique("Quiet corner tablet"));
  const kiosk = await openKiosk(browser, setupPath, { clock: isJs() });
  // a member of staff helps Harold, as at the testers' kiosk
  await kiosk.getByRole("link", { name: "Harold Jensen" }).click();
  await kiosk.getByRole("link", { name: "I'm helping" }).click();
  await kiosk.getByLabel("Your username").fill("marcus");
  await kiosk.getByLabel("Your password").fill("storyloom-demo");
  await kiosk.getByRole("button", { name: "Start helping" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/me$/);
  await kiosk.getByRole("link", { name: "Write a story" }).click();
  await expect(kiosk.getByRole("heading", { name: "Write a story" })).toBeVisible();
  // no refresh that would leave the page while she writes
  await expect(kiosk.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  const title = unique("The dance at the Grange");
  await kiosk.getByLabel("Title").fill(title);
  await kiosk
    .getByRole("textbox", { name: "Your story" })
    .fill("We danced until the band packed up, and walked home along the canal.");
  if (isJs()) {
    // a long pause to think: the countdown runs out, and the page with her words stays
    await kiosk.clock.fastForward("02:05");
    await expect(kiosk.getByTestId("kiosk-writing-kept")).toContainText(
      "Take your time: your words stay here.",
    );
    await expect(kiosk).toHaveURL(/\/kiosk\/write$/);
  }
  // 130 seconds after her last tap the server has ended the turn; Save Story takes it up again
  ageTurn(id, 130);
  await kiosk.getByRole("button", { name: "Save Story" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText("Thank you, Harold. Your story is saved.");
  const row = query<{ review_status: string; helper_name: string; is_published: number }>(
    "select review_status, helper_name, is_published from stories where title = ?",
    title,
  );
  expect(row).toEqual({ review_status: "pending", helper_name: "Marcus", is_published: 0 });

  // much later (past the 30 minutes): her words come back with "tap your photo to save this"
  await signInByPin(kiosk, "Harold Jensen", "1357");
  await kiosk.getByRole("link", { name: "Write a story" }).click();
  const later = unique("The harvest supper");
  const words = "Long tables in the barn, and my mother's apple pie went first.";
  await kiosk.getByLabel("Title").fill(later);
  await kiosk.getByRole("textbox", { name: "Your story" }).fill(words);
  ageTurn(id, 33 * 60);
  await kiosk.getByRole("button", { name: "Save Story" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/write\?draft=[\w-]+$/);
  await expect(
    kiosk.getByRole("heading", { name: "Your turn ended; tap your photo to save this" }),
  ).toBeVisible();
  await expect(kiosk.getByRole("textbox", { name: "Your story" })).toHaveValue(words);
  await expect(kiosk.getByLabel("Title")).toHaveValue(later);
  expect(query("select id from stories where title = ?", later)).toBeUndefined();
  await expectAccessible(kiosk);
  await screenshot(kiosk, "kiosk-turn-ended");
  // her photo, her PIN: the new turn opens on her words
  await kiosk.getByTestId("kiosk-turn-ended-photo").click();
  await expect(kiosk.getByRole("heading", { name: "Hello, Harold Jensen" })).toBeVisible();
  await expect(kiosk.getByTestId("kiosk-draft-waiting")).toBeVisible();
  await kiosk.getByLabel("Your 4-digit PIN").fill("1357");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/write\?draft=[\w-]+$/);
  await expect(kiosk.getByTestId("kiosk-draft-back")).toContainText(
    "Here is the story you were writing.",
  );
  await expect(kiosk.getByRole("textbox", { name: "Your story" })).toHaveValue(words);
  await kiosk.getByRole("button", { name: "Save Story" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText("Thank you, Harold. Your story is saved.");
  expect(
    query<{ review_status: string }>("select review_status from stories where title = ?", later),
  ).toEqual({ review_status: "pending" });
  await kiosk.context().close();
});

test("'I'm done' at the recording preview asks 'Keep this recording?': kept as Words to add unless she throws it away", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const { setupPath, id } = await registerKiosk(unique("Sunroom tablet"));
  const kiosk = await openKiosk(browser, setupPath);
  await signInByPin(kiosk, "Margaret Ellis", "2468");

  /** Records at the kiosk up to the preview; the recording's media id. */
  async function recordToPreview(): Promise<string> {
    await kiosk.goto("/kiosk/record");
    await kiosk.getByLabel("Travel").check();
    await kiosk.getByRole("button", { name: "Continue to Prompt" }).click();
    await kiosk.getByRole("link", { name: "Start Recording" }).click();
    if (isJs()) await kiosk.getByText("Or choose a recording saved on this device").click();
    await kiosk.getByLabel("Your recording").setInputFiles(path.join(fixtures, "story.webm"));
    await kiosk.getByRole("button", { name: "Transcribe My Recording" }).click();
    await expect(kiosk).toHaveURL(/\/kiosk\/record\?.*step=preview/, { timeout: 120_000 });
    // the recording waits at its preview: no countdown, no refresh
    await expect(kiosk.getByTestId("kiosk-countdown")).toHaveCount(0);
    await expect(kiosk.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    return (await kiosk.locator('input[name="audioId"]').inputValue())!;
  }
  const storyOf = (audioId: string) =>
    query<{ id: string; content: string; audience: string; review_status: string }>(
      "select id, content, audience, review_status from stories where audio_id = ?",
      audioId,
    );

  // Keep
  const kept = await recordToPreview();
  await kiosk.getByRole("button", { name: "I'm done" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/done$/);
  await expect(kiosk.getByRole("heading", { name: "Keep this recording?" })).toBeVisible();
  await expectAccessible(kiosk);
  await screenshot(kiosk, "kiosk-keep-recording");
  await kiosk.getByRole("button", { name: "Keep", exact: true }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText("Your recording is kept.");
  expect(storyOf(kept)).toMatchObject({
    content: "",
    audience: "private",
    review_status: "pending",
  });
  await signInByPin(kiosk, "Margaret Ellis", "2468");
  await kiosk.getByRole("link", { name: "Listen to my stories" }).click();
  const item = kiosk.locator(`a[href="/kiosk/stories/${storyOf(kept)!.id}"]`);
  await expect(item).toContainText("Words to add");
  await expect(item).toContainText("Who can see it: Only me and the care team");

  // Throw it away
  const thrown = await recordToPreview();
  await kiosk.getByRole("button", { name: "I'm done" }).click();
  await kiosk.getByRole("button", { name: "Throw it away" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText("The recording was thrown away.");
  expect(storyOf(thrown)).toBeUndefined();
  expect(query("select id from media where id = ?", thrown)).toBeUndefined();

  // not answered: when the page's 2 minutes are up, the recording is kept all the same
  await signInByPin(kiosk, "Margaret Ellis", "2468");
  const unanswered = await recordToPreview();
  await kiosk.getByRole("button", { name: "I'm done" }).click();
  await expect(kiosk.getByRole("heading", { name: "Keep this recording?" })).toBeVisible();
  ageTurn(id, 130);
  // where the page's refresh (or, with JavaScript, its countdown) takes the kiosk
  await kiosk.goto("/kiosk?ended=idle");
  await expect(kiosk.getByTestId("kiosk-timed-out")).toBeVisible();
  expect(storyOf(unanswered)).toMatchObject({ content: "", audience: "private" });
  expect(
    query<{ status: string }>("select status from media where id = ?", unanswered)!.status,
  ).toBe("attached");
  await kiosk.context().close();
});
