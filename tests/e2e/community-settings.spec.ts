// A community's settings, JavaScript on and off: its administrator moves it to Denver's clock
// and the digest and the pages follow it while events keep their wall-clock times; staff cannot
// open the page; a bad time zone is explained and loses nothing typed (here and on the super
// admin's edit page). Each test makes a community of its own: the demo ones keep their clocks.
import type { Page } from "@playwright/test";
import { test, expect, httpRequest, hostFor, sessionCookie, hydrated } from "./support/fixtures";
import { jsonBody } from "./support/http";
import { dayIn, uid } from "./support/api";

const PASSWORD = "copper-kettle-meadow-lantern";

async function asSuperAdmin(path: string, body: unknown) {
  const cookie = await sessionCookie("superadmin", null);
  const res = await httpRequest({ sub: null, path, method: "POST", cookie, ...jsonBody(body) });
  expect(res.status, `${path}: ${res.text().slice(0, 300)}`).toBe(201);
  return res.json<any>();
}

/** A member added by the super admin, who has chosen her own password: her session cookie. */
async function member(tenantId: string, sub: string, username: string, role: string) {
  const { temporaryPassword } = await asSuperAdmin("/api/super-admin/staff", {
    tenantId,
    username,
    email: `${username}@${sub}.example`,
    role,
  });
  const form = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: `http://${hostFor(sub)}`,
  };
  const login = await httpRequest({
    sub,
    path: "/login",
    method: "POST",
    headers: form,
    body: new URLSearchParams({ username, password: temporaryPassword }).toString(),
  });
  const cookie = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const changed = await httpRequest({
    sub,
    path: "/password",
    method: "POST",
    cookie,
    headers: form,
    body: new URLSearchParams({ newPassword: PASSWORD, confirmPassword: PASSWORD }).toString(),
  });
  expect(changed.status, changed.text().slice(0, 300)).toBe(302);
  return sessionCookie(username, sub, PASSWORD);
}

/** A community of its own (New York's clock), with an administrator and a staff member. */
async function community() {
  const sub = `tz-${uid()}`;
  const tenant = await asSuperAdmin("/api/super-admin/tenants", {
    name: `Clock House ${sub}`,
    subdomain: sub,
  });
  expect(tenant.timeZone).toBe("America/New_York");
  return {
    sub,
    id: tenant.id as string,
    admin: await member(tenant.id, sub, "clara.admin", "administrator"),
    staff: await member(tenant.id, sub, "sam.staff", "staff"),
  };
}

async function useCookie(page: Page, sub: string | null, cookie: string) {
  await page.context().addCookies(
    cookie.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return {
        name: pair.slice(0, i),
        value: pair.slice(i + 1),
        domain: hostFor(sub).split(":")[0]!,
        path: "/",
        httpOnly: true,
        sameSite: "Lax" as const,
      };
    }),
  );
}

const site = (sub: string | null, path: string) => `http://${hostFor(sub)}${path}`;

/** "January 12, 2025 at 5:00 PM" as the pages write an instant on a zone's clock. */
const onClock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en", { timeZone, dateStyle: "long", timeStyle: "short" }).format(
    new Date(iso),
  );

test("an administrator moves the community to Denver: the digest and the pages follow its clock, events keep their times", async ({
  page,
}) => {
  const c = await community();
  // an event at 10:00 in two days, made while the community kept New York's clock
  const eventDate = dayIn("America/Denver", 2);
  const made = await httpRequest({
    sub: c.sub,
    path: "/api/calendar-events",
    method: "POST",
    cookie: c.admin,
    ...jsonBody({ title: "Morning tea", eventDate, startTime: "10:00" }),
  });
  expect(made.status, made.text().slice(0, 300)).toBe(201);

  await useCookie(page, c.sub, c.admin);
  // the old address leads here
  await page.goto(site(c.sub, "/admin/email"));
  await expect(page).toHaveURL(site(c.sub, "/admin/settings"));
  await hydrated(page);
  const schedule = page.getByTestId("digest-schedule");
  await expect(schedule).toContainText("(America/New_York)");
  await expect(page.getByText(/stored events keep|Nothing stored is changed/)).toBeVisible();

  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("America/New_York");
  await expect(zone).toHaveAttribute("list", "time-zone-list");
  await zone.fill("America/Denver");
  await page.getByRole("button", { name: "Save time zone" }).click();
  // the confirmation names the zone and the next digest's time on its clock
  const toast = page.getByTestId("toast").filter({ hasText: "Time zone saved" });
  await expect(toast).toContainText("The community now keeps America/Denver time");
  await expect(toast).toContainText(/The next weekly digest goes out .+ \(America\/Denver\)/);
  await expect(zone).toHaveValue("America/Denver");
  await expect(schedule).toContainText("(America/Denver)");

  // the digest at Sunday 5 PM: its next time is written on Denver's clock
  await page.getByLabel("Day").selectOption("0");
  await page.getByLabel("Hour").selectOption("17");
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(
    page.getByTestId("toast").filter({ hasText: "Digest schedule saved" }),
  ).toBeVisible();
  await expect(schedule).toContainText("Sunday at 5 PM");
  await expect(schedule).toContainText(/Next: \w+ \d{1,2}, \d{4} at 5:00\s?PM\./);

  // the calendar keeps the event's wall-clock time
  await page.goto(site(c.sub, "/admin/calendar"));
  await expect(page.getByText("Morning tea").first()).toBeVisible();
  await expect(page.locator("body")).toContainText(/10:00\s?AM/);

  // an instant (the audit entry of the change) is shown on Denver's clock, not New York's
  await page.goto(site(c.sub, "/admin/audit"));
  const row = page
    .getByTestId("audit-row")
    .filter({ hasText: "America/New_York -> America/Denver" });
  await expect(row).toHaveCount(1);
  const at = (await row.locator("time").getAttribute("datetime"))!;
  await expect(row.locator("time")).toHaveText(onClock(at, "America/Denver"));
  expect(onClock(at, "America/Denver")).not.toBe(onClock(at, "America/New_York"));
});

test("staff cannot open the settings", async ({ page }) => {
  const c = await community();
  for (const path of ["/admin/settings", "/admin/email"]) {
    const res = await httpRequest({ sub: c.sub, path, cookie: c.staff });
    expect(res.status, path).toBe(403);
  }
  await useCookie(page, c.sub, c.staff);
  const res = await page.goto(site(c.sub, "/admin/settings"));
  expect(res!.status()).toBe(403);
  await expect(page.getByRole("button", { name: "Save time zone" })).toHaveCount(0);
});

test("a bad time zone is explained and loses nothing typed; a bad email keeps the other details", async ({
  page,
}) => {
  const c = await community();
  await useCookie(page, c.sub, c.admin);
  await page.goto(site(c.sub, "/admin/settings"));
  await hydrated(page);

  const zone = page.getByRole("combobox", { name: "Time zone" });
  await zone.fill("Mountain Time");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(
    page.getByText('"Mountain Time" is not a time zone on the list', { exact: false }),
  ).toBeVisible();
  await expect(zone).toHaveValue("Mountain Time");
  await expect(zone).toHaveAttribute("aria-invalid", "true");
  // the details form is as it was
  await expect(page.getByLabel("Community name")).toHaveValue(`Clock House ${c.sub}`);

  await page.getByRole("textbox", { name: "City" }).fill("Boulder");
  await page.getByRole("textbox", { name: "Phone" }).fill("(303) 555-0199");
  await page.getByRole("textbox", { name: "Email" }).fill("front desk");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Enter a valid email address, like name@example.com")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("Boulder");
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("(303) 555-0199");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue("front desk");
  await page.getByRole("textbox", { name: "Email" }).fill("desk@boulder.example");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Details saved" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("Boulder");

  // the super admin's edit page: one form; a bad zone keeps the other fields typed
  await page.context().clearCookies();
  await useCookie(page, null, await sessionCookie("superadmin", null));
  await page.goto(site(null, `/super-admin/communities/${c.id}`));
  await hydrated(page);
  await page.getByRole("textbox", { name: "City" }).fill("Denver");
  await page.getByRole("combobox", { name: "Time zone" }).fill("Denver");
  await page.getByRole("button", { name: "Save community" }).click();
  await expect(
    page.getByText('"Denver" is not a time zone on the list', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("Denver");
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Denver");
  await page.getByRole("combobox", { name: "Time zone" }).fill("America/Denver");
  await page.getByRole("button", { name: "Save community" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Community saved" })).toBeVisible();
  const tenants = await httpRequest({
    sub: null,
    path: "/api/super-admin/tenants",
    cookie: await sessionCookie("superadmin", null),
  });
  expect(tenants.json<any[]>().find((t) => t.id === c.id)).toMatchObject({
    city: "Denver",
    timeZone: "America/Denver",
  });
});
