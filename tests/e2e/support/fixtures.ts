import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "storyloom-demo";
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const origin = (sub: string | null) => `http://${sub ? `${sub}.` : ""}storyloom.localhost:${PORT}`;

/** Signs in through the sign-in endpoint (not the UI) on a community's host. */
export async function signIn(page: Page, username: string, sub: string | null = "sunnybrook") {
  const res = await page.request.post(`${origin(sub)}/login`, {
    form: { username, password: DEMO_PASSWORD },
    headers: { Origin: origin(sub) },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in of ${username} answered ${res.status()}`).toBe(302);
  return res.headers()["location"];
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // a console error in the browser fails the test
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
