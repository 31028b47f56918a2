// axe (WCAG 2.0/2.1/2.2 A and AA) on the screens the feature specs do not scan themselves.
// Runs with JavaScript on only (axe needs it).
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
} from "./support/fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript");

async function expectNoViolations(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

test("signed-out screens: sign-in, development login, marketing sign-in, 404", async ({ page }) => {
  for (const [url, what] of [
    ["/login", "community sign-in"],
    [`${origin(null)}/login`, "marketing sign-in"],
    [`${origin(null)}/dev-login`, "development login"],
    ["/no-such-page", "404 page"],
  ] as const) {
    await page.goto(url);
    await expectNoViolations(page, what);
  }
});

test("staff screens, as staff", async ({ page }) => {
  await signIn(page, "marcus");
  for (const url of [
    "/staff",
    "/staff/residents",
    "/staff/families",
    "/staff/news",
    "/staff/calendar",
    "/account/sessions",
  ]) {
    await page.goto(url);
    await expectNoViolations(page, url);
  }
});

test("the password page and the sessions page, in high contrast and larger text", async ({
  page,
}) => {
  await signIn(page, "margaret.ellis");
  await page.goto("/password");
  await expectNoViolations(page, "/password");
  await page.getByTestId("display-menu").locator("summary").click();
  await page.getByRole("button", { name: /Larger text/ }).click();
  await expect(page.locator("html")).toHaveClass(/reading-large/);
  await page.getByRole("button", { name: /High contrast/ }).click();
  await expect(page.locator("html")).toHaveClass(/reading-contrast/);
  await page.goto("/account/sessions");
  await expectNoViolations(page, "/account/sessions in reading mode");
  await page.goto("/resident");
  await expectNoViolations(page, "/resident in reading mode");
});

test("a resident's sign-in link, in its dialog, and the page where the link leads", async ({
  page,
}) => {
  const last = `Axe${Date.now().toString(36)}`;
  const created = await httpRequest({
    path: "/api/residents",
    method: "POST",
    cookie: await sessionCookie("marcus"),
    ...jsonBody({ firstName: "Vera", lastName: last }),
  });
  expect(created.status).toBe(201);
  await signIn(page, "marcus");
  await page.goto(`/staff/residents?q=${last}`);
  await page.getByLabel(`More actions for Vera ${last}`).click();
  await page.getByRole("link", { name: `Sign-in link for Vera ${last}` }).click();
  const dialog = page.getByRole("dialog", { name: `Sign-in link for Vera ${last}` });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, "the sign-in link dialog");
  await dialog.getByRole("button", { name: "Make a sign-in link" }).click();
  const link = await page.getByLabel("Invitation link", { exact: true }).inputValue();
  await expectNoViolations(page, "the sign-in link, shown once");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: `Welcome, Vera ${last}` })).toBeVisible();
  await expectNoViolations(page, "/invite for a resident");
});

// every screen of every role (the screenshot gallery's list, scripts/screenshots.ts), on the
// design system (ADR 015): one scan each, at a phone's width and at a desktop's
const EVERY_SCREEN: { user: string | null; paths: string[] }[] = [
  { user: null, paths: ["/", "/privacy", "/terms", `${origin(null)}/`] },
  {
    user: "sarah.ellis",
    paths: [
      "/",
      "/family",
      "/stories",
      "/news",
      "/events",
      "/notifications",
      "/notifications/settings",
      "/family/gazette",
      "/family?dialog=question",
    ],
  },
  {
    user: "margaret.ellis",
    paths: ["/", "/resident", "/resident/record", "/resident/stories/new"],
  },
  {
    user: "marcus",
    paths: ["/staff/bulletin", "/staff/residents/new", "/staff/calendar?view=month"],
  },
  {
    user: "linda.admin",
    paths: [
      "/admin",
      "/admin/residents",
      "/admin/families",
      "/admin/stories",
      "/admin/staff",
      "/admin/calendar",
      "/admin/news",
      "/admin/settings",
      "/admin/audit",
      "/admin/residents?q=zzzz",
    ],
  },
  {
    user: "superadmin",
    paths: [
      "/super-admin",
      "/super-admin/communities",
      "/super-admin/users",
      "/super-admin/settings",
    ],
  },
];

for (const group of EVERY_SCREEN) {
  test(`every screen of ${group.user ?? "a visitor"}, at 390 and 1366 px`, async ({ page }) => {
    test.setTimeout(180_000);
    if (group.user)
      await signIn(page, group.user, group.user === "superadmin" ? null : "sunnybrook");
    const paths = [...group.paths];
    if (group.user === "sarah.ellis") {
      const stories = (
        await httpRequest({
          path: "/api/stories/recent?limit=50",
          cookie: await sessionCookie("sarah.ellis"),
        })
      ).json<{ id: string }[]>();
      paths.push(`/stories/${stories[0]!.id}`, `/stories/${stories.at(-1)!.id}`);
    }
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      for (const url of paths) {
        await page.goto(
          group.user === "superadmin" && url.startsWith("/") ? `${origin(null)}${url}` : url,
        );
        await expectNoViolations(page, `${url} at ${width} px`);
      }
    }
  });
}
