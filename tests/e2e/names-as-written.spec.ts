// Names as people write them: a family member whose name ends with an emoji browses her pages
// with JavaScript on and off; server and browser draw the same initials ("SJ", never half of the
// emoji's character pair), so no page has a hydration error or a broken character.
import { api, acceptInvitation, uid } from "./support/api";
import { test, expect } from "./support/fixtures";

const PAGES = [
  "/",
  "/family",
  "/stories",
  "/news",
  "/events",
  "/notifications",
  "/notifications/settings",
  "/family/gazette",
  "/account",
  "/account/sessions",
];

test("a family member named 'Sarah Jensen 🌷' reads ten pages without a console error", async ({
  page,
}) => {
  const id = uid();
  const residents = (await api("linda.admin", "/api/residents")).json as {
    id: string;
    firstName: string;
    lastName: string;
  }[];
  const margaret = residents.find((r) => r.firstName === "Margaret" && r.lastName === "Ellis")!;
  const created = await api("linda.admin", "/api/family-members", "POST", {
    residentId: margaret.id,
    name: "Sarah Jensen 🌷",
    email: `tulip.${id}@family.example`,
    relationship: "Granddaughter",
  });
  expect(created.status, created.text).toBe(201);
  const username = created.json.signIn.username as string;
  await acceptInvitation(
    page,
    created.json.invitation.url as string,
    username,
    `first-password-${id}-${id}`,
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const path of PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByTestId("user-initials"), path).toHaveText("SJ");
    // no replacement character anywhere: nothing was cut in half
    expect(await page.locator("body").innerText(), path).not.toContain("\uFFFD");
  }
  // the consoleErrors fixture fails the test on any browser error (hydration included)
});
