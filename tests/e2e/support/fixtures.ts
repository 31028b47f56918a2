import { test as base, expect, type Page } from "@playwright/test";
import { hostFor, sessionCookie } from "./http";

export const DEMO_PASSWORD = "storyloom-demo";
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const origin = (sub: string | null) =>
  `http://${sub ? `${sub}.` : ""}storyloom.localhost:${PORT}`;

/** Signs in over HTTP (not through the UI) and puts the session cookie into the page's browser. */
export async function signIn(page: Page, username: string, sub: string | null = "sunnybrook") {
  const cookie = await sessionCookie(username, sub);
  const domain = hostFor(sub).split(":")[0]!;
  await page.context().addCookies(
    cookie.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return {
        name: pair.slice(0, i),
        value: pair.slice(i + 1),
        domain,
        path: "/",
        httpOnly: true,
        sameSite: "Lax" as const,
      };
    }),
  );
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // a console error in the browser fails the test
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // the browser reports a page's own 4xx status (a 404 or 403 page the test asked for)
        if (
          msg.type() === "error" &&
          !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())
        ) {
          errors.push(`${page.url()}: ${msg.text()}`);
        }
      });
      page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
      await use(errors);
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
export { httpRequest, sessionCookie, jsonBody, hostFor } from "./http";

/**
 * Waits until React has hydrated the page (it completes <html> last, so its fiber key there says
 * the whole document is done); at once on a page that ships no script (the reading pages, ADR 018)
 * or in a browser without JavaScript.
 */
export async function hydrated(page: Page) {
  if (base.info().project.use.javaScriptEnabled === false) return;
  if ((await page.locator('script[type="module"]').count()) === 0) return;
  await page.waitForFunction(() =>
    Object.keys(document.documentElement).some((k) => k.startsWith("__reactFiber")),
  );
}
