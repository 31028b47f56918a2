// Attendance from the kiosk's staff mode, with JavaScript and without, on a tablet: a member of
// staff confirms with their own password (a family member's is refused), opens one of today's
// activities, marks residents in a tap each and saves; staff mode that ran out keeps the marks
// until the password is given again; ending it (or the kiosk's home) leaves nobody shown.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { api, uid } from "./support/api";
import { openKiosk, registerKiosk } from "./support/kiosk";
import { makeEvent, makeResidents } from "./support/program";

test.use({ viewport: { width: 1024, height: 768 } });

async function expectAccessible(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const scan = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

async function startStaffMode(kiosk: Page, username: string) {
  await kiosk.getByLabel("Your username").fill(username);
  await kiosk.getByLabel("Your password").fill("storyloom-demo");
}

const row = (page: Page, name: string) =>
  page.getByRole("group", { name: `${name}, room`, exact: false });

test("staff take today's attendance at the kiosk, and staff mode that ran out keeps the marks", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uid();
  const [ann, ben, cora] = await makeResidents(tag, 3);
  const event = await makeEvent(`Sing-along ${tag}`);
  const kiosk = await openKiosk(browser, await registerKiosk(`Lounge ${tag}`));

  await kiosk.getByRole("link", { name: "Staff: take attendance" }).click();
  await expect(kiosk.getByRole("heading", { name: "Take attendance" })).toBeVisible();
  await expectAccessible(kiosk);
  // a family member's password does not start it; the username stays typed
  await startStaffMode(kiosk, "sarah.ellis");
  await kiosk.getByRole("button", { name: "Start staff mode" }).click();
  await expect(kiosk.getByTestId("help-error")).toContainText("do not match a member of staff");
  await expect(kiosk.getByLabel("Your username")).toHaveValue("sarah.ellis");
  await startStaffMode(kiosk, "marcus");
  await kiosk.getByRole("button", { name: "Start staff mode" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk\/staff$/);
  await expect(kiosk.getByRole("heading", { name: "Today's activities" })).toBeVisible();
  await expect(kiosk.getByTestId("kiosk-staff")).toHaveText("Staff mode: Marcus");

  await kiosk.getByRole("link", { name: new RegExp(`Sing-along ${tag}`) }).click();
  await expect(kiosk.getByRole("heading", { level: 1, name: `Sing-along ${tag}` })).toBeVisible();
  await kiosk.getByLabel("Find a resident by name or room").fill(`Tap${tag}`);
  await kiosk.getByRole("button", { name: "Search", exact: true }).click();
  await expect(kiosk.getByTestId("attendance-row")).toHaveCount(3);
  await expectAccessible(kiosk);
  await row(kiosk, ann!.name).getByText("Attended", { exact: true }).click();
  await row(kiosk, ben!.name).getByText("Declined", { exact: true }).click();
  await kiosk.getByRole("button", { name: "Save attendance" }).click();
  await expect(kiosk.getByTestId("attendance-summary")).toHaveText("1 attended, 1 declined");
  await expect(row(kiosk, ann!.name).getByRole("radio", { name: "Attended" })).toBeChecked();
  const url = `/api/calendar-events/${event.id}/occurrences/${event.date}/attendance`;
  const saved = await api("linda.admin", url);
  expect(
    saved.json.attendance.map((a: { residentId: string; status: string }) => [
      a.residentId,
      a.status,
    ]),
  ).toEqual(
    expect.arrayContaining([
      [ann!.id, "attended"],
      [ben!.id, "declined"],
    ]),
  );
  expect(saved.json.attendance[0].recordedBy.name).toMatch(/^Marcus/);

  // staff mode runs out (its cookie gone, as five minutes without a page leave it) while Cora
  // is being marked: the marks wait for the password, and nobody is shown meanwhile
  await row(kiosk, cora!.name).getByText("Asleep/unwell", { exact: true }).click();
  await kiosk.context().clearCookies({ name: "storyloom_kiosk_staff" });
  await kiosk.getByRole("button", { name: "Save attendance" }).click();
  await expect(kiosk.getByTestId("kiosk-marks-kept")).toHaveText(
    "Your marks are kept, ready to save.",
  );
  await expect(kiosk.getByText(/Nothing you marked is lost/)).toBeVisible();
  await expect(kiosk.getByTestId("attendance-row")).toHaveCount(0);
  await expectAccessible(kiosk);
  await startStaffMode(kiosk, "marcus");
  await kiosk.getByRole("button", { name: "Save attendance" }).click();
  await expect(kiosk.getByTestId("attendance-summary")).toHaveText(
    "1 attended, 1 declined, 1 asleep or unwell",
  );
  expect((await api("linda.admin", url)).json.counts).toMatchObject({
    attended: 1,
    declined: 1,
    unwell: 1,
  });

  // "End staff mode": back to the residents' photos, and the activity shows nobody again
  await kiosk.getByRole("button", { name: "End staff mode" }).click();
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  await expect(kiosk.getByText("Staff mode ended.")).toBeVisible();
  await kiosk.goto(`/kiosk/staff/${event.id}/${event.date}`);
  await expect(kiosk.getByLabel("Your password")).toBeVisible();
  await expect(kiosk.getByTestId("attendance-row")).toHaveCount(0);
  await expect(kiosk.getByText(ann!.name)).toHaveCount(0);
  await kiosk.context().close();
});

test("the kiosk's home ends staff mode, and no kiosk means no staff mode", async ({
  browser,
  page,
}) => {
  const tag = uid();
  const event = await makeEvent(`Quiz ${tag}`);
  const kiosk = await openKiosk(browser, await registerKiosk(`Hall ${tag}`));
  await kiosk.goto("/kiosk/staff");
  await startStaffMode(kiosk, "linda.admin");
  await kiosk.getByRole("button", { name: "Start staff mode" }).click();
  await expect(kiosk.getByTestId("kiosk-staff-occurrences")).toContainText(`Quiz ${tag}`);
  await kiosk.goto("/kiosk");
  await kiosk.goto("/kiosk/staff");
  await expect(kiosk.getByRole("heading", { name: "Take attendance" })).toBeVisible();
  await expect(kiosk.getByTestId("kiosk-staff-occurrences")).toHaveCount(0);
  await kiosk.context().close();

  // a browser that is not a kiosk is sent to the kiosk's explanation, whoever signs in
  await page.goto(`/kiosk/staff/${event.id}/${event.date}`);
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByRole("heading", { name: "This browser is not a kiosk" })).toBeVisible();
});
