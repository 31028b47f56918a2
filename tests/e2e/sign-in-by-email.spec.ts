// Signing in with an email address, and the invitation link opened again after it was accepted,
// with JavaScript on and off: Sarah signs in with her email typed in capitals; a new family member
// accepts her invitation (the welcome names her username and says her email works too, and stays),
// opens the link again while signed in and lands on her family page, and opened signed out the
// link says it was accepted, with a Sign in button. Each project makes its own people.
import { test, expect, DEMO_PASSWORD } from "./support/fixtures";
import { api, uid } from "./support/api";

const js = () => test.info().project.name !== "nojs";

test("sarah.ellis signs in with her email address in capitals", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("Username or email")).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Forgot your username or password?" }),
  ).toHaveAttribute("href", "/forgot-password");
  await page.getByLabel("Username or email").fill("SARAH.ELLIS@family.example");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/family$/);
});

test("a wrong password typed with an email says so and keeps what was typed", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill("tom.ellis@family.example");
  await page.getByLabel("Password").fill("not-his-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(
    page.getByText("That email address and password do not match. Please try again."),
  ).toBeVisible();
  await expect(page.getByLabel("Username or email")).toHaveValue("tom.ellis@family.example");
});

test("an invitation link used already leads home when signed in, to sign in when not", async ({
  page,
  browser,
}) => {
  const id = uid();
  const resident = (
    await api("linda.admin", "/api/residents", "POST", { firstName: "Iris", lastName: `Em${id}` })
  ).json;
  const email = `dana.${id}@family.example`;
  const created = await api("linda.admin", "/api/family-members", "POST", {
    residentId: resident.id,
    name: `Dana Em${id}`,
    email,
    relationship: "Daughter",
    phoneNumber: null,
  });
  expect(created.status).toBe(201);
  const link: string = created.json.invitation.url;

  // she accepts it: the welcome names her username, says her email works too, and stays
  await page.goto(link);
  const username = (await page.locator("#invite-title ~ p strong").first().textContent())!.trim();
  expect(username.length).toBeGreaterThan(2);
  await page.getByLabel("Password", { exact: true }).fill("a-long-dana-password");
  await page.getByLabel("Password again").fill("a-long-dana-password");
  await page.getByRole("button", { name: "Choose password and sign in" }).click();
  await expect(page).toHaveURL(/\/family$/);
  const welcome = page.getByTestId("toast");
  await expect(welcome).toContainText(`Your username is ${username}.`);
  await expect(welcome).toContainText("your username or your email address");
  if (js()) {
    // longer than a toast that leaves by itself
    await page.waitForTimeout(6_000);
    await expect(welcome).toBeVisible();
    await welcome.getByRole("button", { name: "Dismiss" }).click();
    await expect(welcome).toBeHidden();
  }

  // the link again, signed in: her family page, and a word why
  await page.goto(link);
  await expect(page).toHaveURL(/\/family$/);
  await expect(page.getByTestId("toast")).toContainText(
    "You have already accepted this invitation",
  );

  // signed out: the page says it was accepted, and Sign in leads to the sign-in page
  const context = await browser.newContext({ javaScriptEnabled: js() });
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Invitation already accepted" })).toBeVisible();
  await expect(guest.getByText("This invitation has already been accepted.")).toBeVisible();
  await expect(guest.getByText("ask the community's staff")).toHaveCount(0);
  await guest.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(guest).toHaveURL(/\/login$/);
  await guest.getByLabel("Username or email").fill(email.toUpperCase());
  await guest.getByLabel("Password").fill("a-long-dana-password");
  await guest.getByRole("button", { name: "Sign in" }).click();
  await expect(guest).toHaveURL(/\/family$/);
  await context.close();
});
