import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  origin,
  signIn,
  httpRequest,
  jsonBody,
  sessionCookie,
  PORT,
} from "./support/fixtures";

// js and nojs run in parallel against one server: every community made here has its own name
const uniqueSub = (label: string) =>
  `e2e-${label}-${test.info().project.name}-${Math.random().toString(36).slice(2, 8)}`;
const tenantFile = (sub: string) => path.resolve(`test-data/e2e-${PORT}/tenants/${sub}.sqlite`);
const console_ = (p = "") => `${origin(null)}/super-admin${p}`;

async function openCreateForm(page: Page) {
  await page.goto(console_("/communities"));
  await page.getByRole("link", { name: "Create Community" }).click();
  await expect(page).toHaveURL(/\?dialog=create$/);
  await expect(page.getByRole("heading", { name: "Create Community" })).toBeVisible();
  // with JavaScript a modal dialog; without it the same form as a section of the page
  if (test.info().project.name === "js")
    await expect(page.getByRole("dialog", { name: "Create Community" })).toBeVisible();
  else await expect(page.getByRole("region", { name: "Create Community" })).toBeVisible();
}

async function tenantsAsSuperAdmin(): Promise<{ subdomain: string; isActive: boolean }[]> {
  const cookie = await sessionCookie("superadmin", null);
  return (await httpRequest({ sub: null, path: "/api/super-admin/tenants", cookie })).json();
}

test.describe("super admin console", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "superadmin", null);
  });

  test("shows the badge, four tabs as links, the overview counts and recent communities", async ({
    page,
  }) => {
    await page.goto(console_());
    await expect(page.getByText("System Administrator")).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Super admin sections" });
    for (const [name, href] of [
      ["Overview", "/super-admin"],
      ["Communities", "/super-admin/communities"],
      ["Users", "/super-admin/users"],
      ["Settings", "/super-admin/settings"],
    ] as const) {
      await expect(tabs.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // other tests add communities meanwhile: the count lies between the API's before and after
    const before = (await tenantsAsSuperAdmin()).length;
    await page.reload();
    const after = (await tenantsAsSuperAdmin()).length;
    // figures are written the reader's way: "1,072" in English
    const card = async (label: string) =>
      Number(
        (
          await page
            .locator("dl > div")
            .filter({ has: page.getByText(label, { exact: true }) })
            .locator("dd")
            .textContent()
        )?.replace(/\D/g, ""),
      );
    const total = await card("Total Communities");
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual(after);
    const active = await card("Active Communities");
    expect(active).toBeGreaterThanOrEqual(3);
    expect(active).toBeLessThanOrEqual(total);
    expect(await card("Total Users")).toBeGreaterThan(20);
    const recent = page.getByRole("region", { name: "Recent Communities" }).getByRole("listitem");
    expect(await recent.count()).toBeLessThanOrEqual(5);
    await expect(recent.first().getByText(/^(Active|Inactive)$/)).toBeVisible();

    await tabs.getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(console_("/users"));
    await expect(tabs.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  });

  test("a community's whole life: create, add its administrator, log in as them, deactivate, reactivate", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const nojs = test.info().project.name === "nojs";
    const sub = uniqueSub("life");
    const name = `Oak Lodge ${sub.slice(-6)}`;

    await openCreateForm(page);
    await expect(page.getByText(/The site will be at .*\.storyloom\.localhost/)).toBeVisible();
    await page.getByLabel("Community name").fill(name);
    await page.getByLabel("Subdomain").fill(sub);
    await page.getByLabel("City").fill("Salem, OR");
    if (!nojs)
      await expect(page.getByText(`The site will be at ${sub}.storyloom.localhost`)).toBeVisible();
    await page.getByRole("button", { name: "Create Community" }).click();
    await expect(page.getByTestId("toast")).toContainText("Community created successfully!");
    expect(fs.existsSync(tenantFile(sub))).toBe(true);

    // the new community's card is open: empty details say so, and there is no staff yet
    const card = page.locator(`#community-${sub}`);
    await expect(card.getByText("Salem, OR")).toBeVisible();
    await expect(card.getByText("Not provided")).toHaveCount(3);
    await expect(card.getByText("No staff members yet")).toBeVisible();

    // its site works at once
    const home = await httpRequest({ sub, path: "/" });
    expect(home.status).toBe(302);
    expect(home.headers.location).toMatch(/^\/login/);

    // add its administrator from the card
    await card.getByRole("link", { name: /Add Staff/ }).click();
    await expect(page.getByRole("heading", { name: "Add Staff Member" })).toBeVisible();
    // the form, not the users list's search filters (which have a Community and a Role too)
    const staffForm = page.getByRole(nojs ? "region" : "dialog", { name: "Add Staff Member" });
    await expect(staffForm.getByLabel("Community")).toHaveValue(/.+/);
    await staffForm.getByLabel("Name", { exact: true }).fill("Olive Admin");
    await staffForm.getByLabel("Username").fill("olive.admin");
    await staffForm.getByLabel("Email").fill("olive@oak.example");
    await staffForm.getByLabel("Role").selectOption("administrator");
    await staffForm.getByRole("button", { name: "Add Staff Member" }).click();
    await expect(page.getByText("Staff member added successfully!")).toBeVisible();
    // her sign-in link on the community's site, emailed to her and shown once here
    const link = await page.getByTestId("staff-invitation-link").inputValue();
    expect(link).toMatch(new RegExp(`^${origin(sub)}/invite\\?token=[\\w-]{30,}$`));
    await expect(page.getByTestId("invitation-email")).toContainText(
      "We emailed it to olive@oak.example",
    );
    // shown once: a fresh load of the page does not show it again
    await page.goto(console_(`/users?q=${encodeURIComponent(`olive.admin ${sub.slice(-6)}`)}`));
    await expect(page.getByTestId("staff-invitation-link")).toHaveCount(0);
    await expect(
      page.getByRole("row", { name: /olive\.admin/ }).filter({ hasText: name }),
    ).toBeVisible();

    // the administrator opens the link, named, and chooses her password there
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Welcome, Olive Admin" })).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("orchard-lantern-password");
    await page.getByLabel("Password again").fill("orchard-lantern-password");
    await page.getByRole("button", { name: "Choose password and sign in" }).click();
    await expect(page).toHaveURL(`${origin(sub)}/admin`);

    // login as that administrator in a new tab (the list is searched by the community's address)
    await page.goto(console_(`/communities?q=${sub}`));
    await card.locator("summary").click();
    const staffRow = card.getByRole("listitem").filter({ hasText: "olive.admin" });
    await expect(staffRow.getByRole("link", { name: /Visit Site/ })).toHaveAttribute(
      "href",
      origin(sub),
    );
    await expect(staffRow.getByRole("link", { name: /Visit Site/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      staffRow.getByRole("button", { name: /Login as User/ }).click(),
    ]);
    await tab.waitForLoadState();
    // she is named by the name she was added with
    if (nojs) await tab.getByRole("button", { name: "Continue as Olive Admin" }).click();
    await expect(tab).toHaveURL(`${origin(sub)}/admin`);
    await tab.close();

    // the audit log shows who logged in as whom
    await page.goto(console_("/settings"));
    const audit = page.getByRole("region", { name: "Audit log" });
    // the js and nojs runs each have an olive.admin: the community's name tells them apart
    const signedIn = audit
      .getByRole("row")
      .filter({ hasText: "Signed in as" })
      .filter({ hasText: name });
    await expect(signedIn).toHaveCount(1);
    await expect(signedIn).toContainText("superadmin");
    await expect(signedIn).toContainText("olive.admin");
    await expect(signedIn.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

    // deactivate: its site and its sign-in stop
    await page.goto(console_(`/communities?q=${sub}`));
    await card.locator("summary").click();
    await card.getByRole("link", { name: /Deactivate/ }).click();
    await expect(page.getByRole("heading", { name: `Deactivate ${name}?` })).toBeVisible();
    await page.getByRole("button", { name: "Deactivate community" }).click();
    await expect(page.getByTestId("toast")).toContainText("Community deactivated");
    await expect(card.getByText("Inactive", { exact: true })).toBeVisible();
    const closed = await page.goto(`${origin(sub)}/login`);
    expect(closed?.status()).toBe(404);
    await expect(page.getByText("This community's site is not available right now")).toBeVisible();
    const refused = await httpRequest({
      sub,
      path: "/login",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        username: "olive.admin",
        password: "orchard-lantern-password",
      }).toString(),
    });
    expect(refused.status).toBe(404);

    // reactivate: both come back
    await page.goto(console_(`/communities?q=${sub}`));
    await card.locator("summary").click();
    await card.getByRole("button", { name: /Reactivate/ }).click();
    await expect(page.getByTestId("toast")).toContainText("Community reactivated");
    await expect(card.getByText("Active", { exact: true })).toBeVisible();
    expect((await page.goto(`${origin(sub)}/login`))?.status()).toBe(200);
    expect(await sessionCookie("olive.admin", sub, "orchard-lantern-password")).toMatch(
      /storyloom_session=/,
    );
  });

  test("refuses a taken, reserved or badly written subdomain and a bad email, creating nothing", async ({
    page,
  }) => {
    const before = (await tenantsAsSuperAdmin()).length;
    const fresh = uniqueSub("refused");
    await openCreateForm(page);
    await page.getByLabel("Community name").fill("Refused Place");
    const cases: [string, string, string][] = [
      ["sunnybrook", "", "The address sunnybrook is already taken"],
      ["admin", "", '"admin" is reserved; please choose another'],
      ["Bad_Name!", "", "Use only lowercase letters, digits and hyphens"],
      [fresh, "not-an-email", "Enter a valid email address, like name@example.com"],
    ];
    for (const [subdomain, email, message] of cases) {
      await page.getByLabel("Subdomain").fill(subdomain);
      await page.getByLabel(/^Email/).fill(email);
      await page.getByRole("button", { name: "Create Community" }).click();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByLabel("Community name")).toHaveValue("Refused Place");
    }
    await expect(page.getByTestId("toast")).toHaveCount(0);
    // other tests create communities meanwhile, so no count: none of these names exists twice or anew
    const after = await tenantsAsSuperAdmin();
    expect(after.length).toBeGreaterThanOrEqual(before);
    expect(after.filter((t) => t.subdomain === "sunnybrook")).toHaveLength(1);
    expect(after.map((t) => t.subdomain)).not.toContain(fresh);
    expect(after.map((t) => t.subdomain)).not.toContain("admin");
    expect(fs.existsSync(tenantFile(fresh))).toBe(false);
    expect(fs.existsSync(tenantFile("admin"))).toBe(false);
  });

  test("All Users shows username, email, community and a coloured role badge", async ({ page }) => {
    // 25 a page: each user is found by the search
    const badge = async (username: string) => {
      await page.goto(console_(`/users?q=${username}`));
      return page
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: username, exact: true }) })
        .first()
        .locator("[data-role]");
    };
    const expected: [string, RegExp][] = [
      ["superadmin", /bg-red-/],
      ["linda.admin", /bg-blue-/],
      ["marcus", /bg-green-/],
      ["margaret.ellis", /bg-purple-/],
      ["sarah.ellis", /bg-amber-/],
    ];
    for (const [username, colour] of expected)
      await expect(await badge(username)).toHaveClass(colour);
    await page.goto(console_("/users?q=linda.admin"));
    const linda = page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "linda.admin", exact: true }) });
    await expect(linda).toContainText("linda@sunnybrook.example");
    await expect(linda).toContainText("Sunnybrook Senior Living");
    await expect(linda.getByRole("button", { name: /Login as User/ })).toBeVisible();
  });

  test("the console pages pass an accessibility scan", async ({ page }) => {
    test.skip(test.info().project.name === "nojs", "axe needs JavaScript");
    test.setTimeout(150_000);
    for (const p of ["", "/communities", "/communities?dialog=create", "/users", "/settings"]) {
      await page.goto(console_(p));
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        results.violations.map(
          (v) => `${p}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    }
  });
});

test.describe("super admin access and JSON API", () => {
  test("anyone but a super admin is refused the console and the API", async ({ page }) => {
    await signIn(page, "linda.admin");
    expect((await page.goto("/super-admin"))?.status()).toBe(403);
    const linda = await sessionCookie("linda.admin");
    for (const [p, method] of [
      ["/api/super-admin/tenants", "GET"],
      ["/api/super-admin/users", "GET"],
      ["/api/super-admin/tenants", "POST"],
      ["/api/super-admin/staff", "POST"],
      ["/api/super-admin/login-as", "POST"],
    ] as const) {
      const body = method === "POST" ? jsonBody({}) : {};
      expect(
        (await httpRequest({ path: p, method, cookie: linda, ...body })).status,
        `${method} ${p}`,
      ).toBe(403);
      expect(
        (await httpRequest({ sub: null, path: p, method, ...body })).status,
        `${method} ${p} signed out`,
      ).toBe(401);
    }
  });

  test("creates a community and its staff over JSON; the client's password is ignored", async () => {
    const cookie = await sessionCookie("superadmin", null);
    const sub = uniqueSub("api");
    const created = await httpRequest({
      sub: null,
      path: "/api/super-admin/tenants",
      method: "POST",
      cookie,
      ...jsonBody({
        name: `Api Court ${sub}`,
        subdomain: sub,
        address: null,
        city: "",
        phone: null,
        email: "desk@api.example",
      }),
    });
    expect(created.status).toBe(201);
    const tenant = created.json<{ id: string; email: string; city: string | null }>();
    expect(tenant).toMatchObject({ email: "desk@api.example", city: null });
    const staff = await httpRequest({
      sub: null,
      path: "/api/super-admin/staff",
      method: "POST",
      cookie,
      ...jsonBody({
        tenantId: tenant.id,
        username: "api.staff",
        email: "s@api.example",
        role: "staff",
        password: "TempPassword123!",
      }),
    });
    expect(staff.status).toBe(201);
    const { temporaryPassword } = staff.json<{ temporaryPassword: string }>();
    expect(temporaryPassword).not.toBe("TempPassword123!");
    await expect(sessionCookie("api.staff", sub, "TempPassword123!")).rejects.toThrow(
      /answered 200/,
    );
    const first = await httpRequest({
      sub,
      path: "/login",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "api.staff", password: temporaryPassword }).toString(),
    });
    expect(first.headers.location).toBe("/password");
    const users = (await httpRequest({ sub: null, path: "/api/super-admin/users", cookie })).json<
      { username: string; tenant: { subdomain: string } | null }[]
    >();
    const mine = users.filter((u) => u.tenant?.subdomain === sub);
    expect(mine.map((u) => u.username)).toEqual(["api.staff"]);
    expect(mine[0]!.tenant).toEqual({ name: `Api Court ${sub}`, subdomain: sub });
  });
});
