// A resident who speaks Spanish takes her turn at the lounge kiosk, with JavaScript and without, on
// a tablet (1024x768). The kiosk is a device: its grid and PIN pad are in the community's language
// (English). From her PIN on, every page of her turn is in hers: the menu, the record wizard, the
// story she writes, her stories; the thank-you she reads as her turn ends too. Her story is kept as
// Spanish.
import fs from "node:fs";
import path from "node:path";
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
import { api, uid } from "./support/api";
import { englishOn, englishOnlyMessages } from "./support/i18n";

test.use({ viewport: { width: 1024, height: 768 } });

const DB_FILE = path.resolve(`test-data/e2e-${PORT}/tenants/sunnybrook.sqlite`);
const english = englishOnlyMessages();
const isJs = () => test.info().project.name === "js";

function query<T>(sql: string, ...args: unknown[]): T | undefined {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T | undefined;
  } finally {
    db.close();
  }
}

/** A Spanish message of a catalog, its {values} filled in (the messages used here have no plurals). */
function es(ns: string, key: string, values: Record<string, string> = {}): string {
  const catalog = JSON.parse(
    fs.readFileSync(path.resolve(`app/locales/es/${ns}.json`), "utf8"),
  ) as Record<string, string>;
  const message = catalog[key];
  if (message === undefined) throw new Error(`no ${ns}:${key} in Spanish`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** Registers a kiosk over HTTP as the administrator; its setup link's path. */
async function registerKiosk(name: string): Promise<string> {
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
  return m[0];
}

/** A fresh browser (no cookies) that opens the setup link and becomes the kiosk. */
async function openKiosk(browser: Browser, setupPath: string): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: isJs(),
    viewport: { width: 1024, height: 768 },
    baseURL: origin("sunnybrook"),
  });
  const page = await context.newPage();
  await page.goto(setupPath);
  // with JavaScript the page presses its button itself
  if (!isJs()) await page.getByRole("button", { name: "Make this tablet the kiosk" }).click();
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByRole("heading", { name: "Who is telling a story?" })).toBeVisible();
  return page;
}

/** The page is read in Spanish: <html lang="es">, and no English interface text on it. */
async function expectSpanish(kiosk: Page, what: string) {
  await expect(kiosk.locator("html"), what).toHaveAttribute("lang", "es");
  await expect
    .poll(() => englishOn(kiosk, english), { message: `English interface text on ${what}` })
    .toEqual([]);
}

async function signInByPin(kiosk: Page, name: string, pin: string) {
  await kiosk.getByTestId("kiosk-grid").getByRole("link", { name }).click();
  // the PIN pad is the kiosk's: who she is is not known yet
  await expect(kiosk.getByRole("heading", { name: `Hello, ${name}` })).toBeVisible();
  await expect(kiosk.locator("html")).toHaveAttribute("lang", "en");
  await kiosk.getByLabel("Your 4-digit PIN").fill(pin);
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/me$/);
  await expect(
    kiosk.getByRole("heading", {
      name: es("kiosk", "menu.title", { name: name.split(" ")[0]! }),
    }),
  ).toBeVisible();
  await expectSpanish(kiosk, "her menu");
}

test("a resident who speaks Spanish tells her story at the kiosk in Spanish; it is kept as Spanish", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const lastName = `Núñez${uid()}`;
  const name = `Rosa ${lastName}`;
  const created = await api("linda.admin", "/api/residents", "POST", {
    firstName: "Rosa",
    lastName,
    preferredLanguage: "es",
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.json as { id: string }).id;
  // the care team: she agreed to the kiosk, and her PIN
  await signIn(page, "marcus");
  await page.goto(`/staff/residents/${id}/kiosk`);
  await page.getByLabel(/agreed to appear on the lounge kiosks/).check();
  await page.getByRole("textbox", { name: /^Kiosk PIN/ }).fill("3692");
  await page.getByRole("button", { name: "Save kiosk settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("Kiosk settings saved");

  const kiosk = await openKiosk(browser, await registerKiosk(`Salón ${uid()}`));
  // the grid is the community's, in its language
  await expect(kiosk.locator("html")).toHaveAttribute("lang", "en");
  await signInByPin(kiosk, name, "3692");
  await expect(kiosk.getByTestId("kiosk-who")).toContainText(name);
  if (isJs()) await expect(kiosk.getByTestId("kiosk-countdown")).toContainText(/\d:\d\d/);

  // the record wizard's first steps, in her words
  await kiosk.getByRole("link", { name: es("kiosk", "tell.title") }).click();
  await expect(kiosk.getByRole("heading", { name: es("kiosk", "tell.title") })).toBeVisible();
  await expectSpanish(kiosk, "the record wizard's category step");
  await kiosk.getByLabel(es("record", "category.travel")).check();
  await kiosk.getByRole("button", { name: es("record", "category.continue") }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/record\?.*step=prompt/);
  await expectSpanish(kiosk, "the record wizard's prompt step");
  await kiosk.getByRole("link", { name: es("record", "prompt.startRecording") }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/record\?.*step=record/);
  await expectSpanish(kiosk, "the record wizard's record step");
  // no microphone here: she writes it instead
  await kiosk.getByRole("link", { name: es("common", "back"), exact: true }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/me$/);
  await kiosk.getByRole("link", { name: es("kiosk", "write.title") }).click();
  await expect(kiosk.getByRole("heading", { name: es("kiosk", "write.title") })).toBeVisible();
  await expectSpanish(kiosk, "the write page");
  const title = `El baile de la plaza ${uid()}`;
  const content =
    "Los sábados bailábamos en la plaza del pueblo. Mi padre tocaba la guitarra y mi madre cantaba.";
  await kiosk.getByLabel(es("resident", "form.title"), { exact: true }).fill(title);
  await kiosk.getByRole("textbox", { name: es("record", "preview.story") }).fill(content);
  await kiosk.getByRole("button", { name: es("record", "saveStory") }).click();
  // saving ends her turn: the grid is the kiosk's again, her thank-you hers
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText(
    es("kiosk", "saved.title", { name: "Rosa" }),
  );
  await expect(kiosk.locator("html")).toHaveAttribute("lang", "en");
  await expect(kiosk.getByRole("heading", { name: "Who is telling a story?" })).toBeVisible();
  const story = query<{ id: string; lang: string | null; author_user_id: string }>(
    "select id, lang, author_user_id from stories where title = ? and resident_id = ?",
    title,
    id,
  );
  expect(story?.author_user_id).toMatch(/^kiosk:/);
  expect(story?.lang).toBe("es");

  // her next turn: her stories, and the story she wrote, marked as Spanish
  await signInByPin(kiosk, name, "3692");
  for (const [link, heading] of [
    [es("kiosk", "questions.title"), es("kiosk", "questions.title")],
    [es("kiosk", "photos.title"), es("kiosk", "photos.title")],
    [es("kiosk", "pin.title"), es("kiosk", "pin.title")],
  ] as const) {
    await kiosk.getByRole("link", { name: link }).click();
    await expect(kiosk.getByRole("heading", { name: heading })).toBeVisible();
    await expectSpanish(kiosk, heading);
    await kiosk.getByRole("link", { name: es("common", "back"), exact: true }).click();
    await expect(kiosk).toHaveURL(/\/kiosk\/me$/);
  }
  await kiosk.getByRole("link", { name: es("kiosk", "menu.stories") }).click();
  await expect(kiosk.getByRole("heading", { name: es("kiosk", "stories.title") })).toBeVisible();
  await expectSpanish(kiosk, "her stories");
  const item = kiosk
    .getByTestId("kiosk-story-list")
    .locator(`a[href="/kiosk/stories/${story!.id}"]`);
  await expect(item.getByText(title)).toHaveAttribute("lang", "es");
  await item.click();
  await expect(kiosk.getByRole("heading", { name: title })).toHaveAttribute("lang", "es");
  await expect(kiosk.getByText(content)).toHaveAttribute("lang", "es");
  await expectSpanish(kiosk, "her story");
  await kiosk.getByRole("button", { name: es("kiosk", "frame.done") }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByTestId("toast")).toContainText(es("kiosk", "done.bye"));
  await expect(kiosk.locator("html")).toHaveAttribute("lang", "en");
  await kiosk.context().close();
});
