import {
  test,
  expect,
  origin,
  signIn,
  DEMO_PASSWORD,
  httpRequest,
  jsonBody,
} from "./support/fixtures";

test.describe("hosts and the not-found page", () => {
  test("an unknown path shows the friendly 404 page with a way home", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
      "href",
      "/",
    );
  });

  test("an unknown community subdomain never shows another community", async ({ page }) => {
    const res = await page.goto(`${origin("nosuchplace")}/`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText("No community lives at this address")).toBeVisible();
    await expect(page.getByText("Sunnybrook Senior Living")).toHaveCount(0);
  });

  test("the marketing host serves its own pages and 404 for community screens", async ({
    page,
  }) => {
    expect((await page.goto(`${origin(null)}/`))?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Admin Login" }).first()).toHaveAttribute(
      "href",
      "/super-admin",
    );
    expect((await page.goto(`${origin(null)}/admin`))?.status()).toBe(404);
    expect((await page.goto(`${origin(null)}/family`))?.status()).toBe(404);
    expect((await page.goto(`${origin(null)}/dev-login`))?.status()).toBe(200);
  });

  test("signed-out visitors of a community are asked to sign in", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText("to Sunnybrook Senior Living")).toBeVisible();
  });
});

test.describe("sign-in with the form", () => {
  const homes: [string, string, string | null][] = [
    ["linda.admin", "/admin", "sunnybrook"],
    ["marcus", "/staff", "sunnybrook"],
    ["margaret.ellis", "/resident", "sunnybrook"],
    ["sarah.ellis", "/family", "sunnybrook"],
    ["superadmin", "/super-admin", null],
  ];
  for (const [username, home, sub] of homes) {
    test(`${username} lands on ${home}`, async ({ page }) => {
      await page.goto(`${origin(sub)}/login`);
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(`${origin(sub)}${home}`);
    });
  }

  test("a wrong password is refused with a clear message and keeps the username", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Username").fill("linda.admin");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page.getByText("That username and password do not match. Please try again."),
    ).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue("linda.admin");
    await expect(page).toHaveURL(/\/login/);
  });

  test("an empty form names the missing fields", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your username")).toBeVisible();
    await expect(page.getByText("Enter your password")).toBeVisible();
  });
});

test.describe("roles and communities", () => {
  test("the header shows the facility, its address, the user's initials and role links", async ({
    page,
  }) => {
    await signIn(page, "linda.admin");
    await page.goto("/admin");
    const header = page.getByRole("banner");
    await expect(header.getByText("Sunnybrook Senior Living")).toBeVisible();
    await expect(header.getByText("sunnybrook.storyloom.localhost")).toBeVisible();
    await expect(header.getByText("LO", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }),
    ).toHaveClass(/bg-brand-700/);
  });

  test("a family member is refused the admin area", async ({ page }) => {
    await signIn(page, "sarah.ellis");
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  });

  test("a member of one community gets nothing on another community's host", async ({ page }) => {
    await signIn(page, "linda.admin");
    await page.goto(`${origin("maplewood")}/admin`);
    await expect(page).toHaveURL(/maplewood\.storyloom\.localhost:\d+\/login/);
  });

  test("sign-out ends the session: the admin area asks for sign-in again", async ({ page }) => {
    await signIn(page, "linda.admin");
    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
  });
});

test.describe("development login", () => {
  test("lists people by role with each role's description and signs in as the chosen one", async ({
    page,
  }) => {
    await page.goto(`${origin(null)}/dev-login`);
    await expect(page.getByRole("heading", { name: "Development login" })).toBeVisible();
    for (const d of [
      "System administrators with full access",
      "Facility administrators",
      "Care staff members",
      "Facility residents",
    ]) {
      await expect(page.getByText(d)).toBeVisible();
    }
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.slice(0, 4)).toEqual(["Super admin", "Administrator", "Staff", "Resident"]);
    await page.getByRole("button", { name: "Login as margaret.ellis" }).click();
    // without JavaScript the one-time link asks for one button press; with it the page goes on by
    // itself (a press as well would spend the one-time link twice)
    if (test.info().project.name === "nojs")
      await page.getByRole("button", { name: /Continue as Margaret Ellis/ }).click();
    await expect(page).toHaveURL(`${origin("sunnybrook")}/resident`);
  });

  test("the JSON calls answer with users and a one-time redirect URL on the user's host", async () => {
    const users = (await httpRequest({ sub: null, path: "/api/dev/users" })).json<
      { id: string; username: string; tenant: unknown }[]
    >();
    const staff = users.find((u) => u.username === "marcus")!;
    expect(staff.tenant).toEqual({ name: "Sunnybrook Senior Living", subdomain: "sunnybrook" });
    const res = await httpRequest({
      sub: null,
      path: "/api/dev/login",
      method: "POST",
      ...jsonBody({ userId: staff.id }),
    });
    expect(res.status).toBe(200);
    const { redirectUrl } = res.json<{ redirectUrl: string }>();
    expect(redirectUrl).toMatch(
      new RegExp(`^${origin("sunnybrook").replace(/\./g, "\\.")}/auth/token\\?token=`),
    );
    const bad = await httpRequest({
      sub: null,
      path: "/api/dev/login",
      method: "POST",
      ...jsonBody({ userId: "" }),
    });
    expect(bad.status).toBe(400);
  });
});

test("the health check answers", async () => {
  const res = await httpRequest({ path: "/healthz" });
  expect(res.status).toBe(200);
  expect(res.text()).toBe("ok");
});
