// A lounge kiosk for e2e tests: registered over HTTP by the administrator, then a fresh browser
// (its own cookies, JavaScript as the project has it) opens the setup link and becomes the kiosk.
import type { Browser, Page } from "@playwright/test";
import { expect, hostFor, httpRequest, origin, sessionCookie, test } from "./fixtures";

/** Registers a kiosk of Sunnybrook as linda.admin; the path of its one-time setup link. */
export async function registerKiosk(name: string): Promise<string> {
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

/** A fresh browser that opens the setup link and shows the kiosk's residents. */
export async function openKiosk(
  browser: Browser,
  setupPath: string,
  viewport = { width: 1024, height: 768 },
): Promise<Page> {
  const js = test.info().project.use.javaScriptEnabled !== false;
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport,
    baseURL: origin("sunnybrook"),
  });
  const page = await context.newPage();
  await page.goto(setupPath);
  // with JavaScript the page presses its button itself
  if (!js) await page.getByRole("button", { name: "Make this tablet the kiosk" }).click();
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByRole("heading", { name: "Who is telling a story?" })).toBeVisible();
  return page;
}
