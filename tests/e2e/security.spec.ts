import { test, expect, origin, httpRequest, sessionCookie } from "./support/fixtures";

test.describe("security headers and forgery", () => {
  test("pages carry a nonce-based CSP that the page's own scripts satisfy", async ({ page }) => {
    const res = await page.goto("/login");
    const csp = res?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res?.headers()["x-frame-options"]).toBe("DENY");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    const html = await res!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("a page of one community cannot post to another community", async () => {
    const cookie = await sessionCookie("linda.admin");
    const res = await httpRequest({
      path: "/logout",
      method: "POST",
      cookie,
      headers: {
        Origin: origin("maplewood"),
        "Sec-Fetch-Site": "same-site",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(res.status).toBe(403);
    expect(res.text()).toMatch(/another site/);
    // the session survived the forged sign-out
    const admin = await httpRequest({ path: "/admin", cookie });
    expect(admin.status).toBe(200);
  });

  test("a form on the same host still works", async () => {
    const cookie = await sessionCookie("linda.admin");
    const res = await httpRequest({
      path: "/logout",
      method: "POST",
      cookie,
      headers: { Origin: origin("sunnybrook"), "Sec-Fetch-Site": "same-origin" },
      body: "",
    });
    expect(res.status).toBe(302);
    expect((await httpRequest({ path: "/admin", cookie })).status).toBe(302);
  });
});
