// Attendance in two taps: an administrator marks ten residents Attended on an occurrence's page in
// at most twelve taps and finds them still marked; staff take it from today's list and log a
// one-to-one visit; a family member is refused; the JSON API refuses bad input and changes nothing.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, signIn, test } from "./support/fixtures";
import { api, dayIn, uid } from "./support/api";

import { TZ, makeEvent, makeResidents } from "./support/program";

async function expectNoViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const scan = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 768, height: 1024 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the administrator marks ten residents Attended in at most twelve taps", async ({
      page,
    }) => {
      const tag = uid();
      const residents = await makeResidents(tag, 10);
      const event = await makeEvent(`Bingo ${tag}`);
      await signIn(page, "linda.admin");
      const path = `/admin/calendar/${event.id}/occurrences/${event.date}?q=Tap${tag}`;
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: `Bingo ${tag}` })).toBeVisible();
      await expect(page.getByText("Lounge")).toBeVisible();
      await expect(page.getByTestId("attendance-summary")).toHaveText("Nothing recorded yet");
      await expect(
        page.getByRole("link", { name: "Change or cancel this occurrence" }),
      ).toHaveAttribute("href", `/admin/calendar/${event.id}/occurrences/${event.date}/change`);
      await expectNoViolations(page);

      let taps = 0;
      for (const r of residents) {
        await page
          .getByRole("group", { name: `${r.name}, room`, exact: false })
          .getByText("Attended", { exact: true })
          .click();
        taps++;
      }
      await page.getByRole("button", { name: "Save attendance" }).click();
      taps++;
      expect(taps).toBeLessThanOrEqual(12);
      await expect(page.getByTestId("attendance-summary")).toHaveText("10 attended");
      await expect(page.getByText(/Last recorded by Linda/)).toBeVisible();

      await page.reload();
      await hydrated(page);
      for (const r of residents)
        await expect(
          page
            .getByRole("group", { name: `${r.name}, room`, exact: false })
            .getByRole("radio", { name: "Attended" }),
        ).toBeChecked();
      const saved = await api(
        "linda.admin",
        `/api/calendar-events/${event.id}/occurrences/${event.date}/attendance`,
      );
      expect(saved.json.counts.attended).toBe(10);
      expect(saved.json.attendance.every((a: { minutes: number }) => a.minutes === 60)).toBe(true);
      // an inspector may ask who recorded it: the audit log says so, program and day
      await page.goto("/admin/audit?kind=programs");
      await expect(
        page.getByText(`Bingo ${tag} · ${event.date}`, { exact: false }).first(),
      ).toBeVisible();
    });
  });
}

test("staff take attendance from today's list and log a one-to-one visit", async ({ page }) => {
  const tag = uid();
  const [ann, ben] = await makeResidents(tag, 2);
  const event = await makeEvent(`Story Circle ${tag}`);
  await signIn(page, "marcus");
  await page.goto("/staff/today");
  await hydrated(page);
  await page.getByRole("link", { name: `Take attendance for Story Circle ${tag}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/staff/calendar/${event.id}/occurrences/${event.date}$`),
  );
  await page.getByLabel("Find a resident by name or room").fill(`Tap${tag}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("attendance-row")).toHaveCount(2);
  await page
    .getByRole("group", { name: `${ann!.name}, room`, exact: false })
    .getByText("Attended", { exact: true })
    .click();
  const benRow = page.getByRole("group", { name: `${ben!.name}, room`, exact: false });
  await benRow.getByText("Declined", { exact: true }).click();
  // the details behind the disclosure: a note for Ben
  await benRow.getByText("Engagement, mood and note").click();
  await benRow.getByLabel("Short note").fill("Preferred to rest");
  await page.getByRole("button", { name: "Save attendance" }).click();
  await expect(page.getByTestId("attendance-summary")).toHaveText("1 attended, 1 declined");
  await expect(page.getByText(/Last recorded by Marcus/)).toBeVisible();

  await page.goto("/staff/today");
  const card = page.getByTestId("today-occurrence").filter({ hasText: `Story Circle ${tag}` });
  await expect(card.getByTestId("today-counts")).toHaveText("1 attended, 1 declined");
  await expectNoViolations(page);

  // a one-to-one visit: a missing "what" comes back with what was typed
  await page.getByRole("link", { name: "Log a one-to-one visit" }).click();
  await hydrated(page);
  await page.getByLabel("Resident").selectOption({ label: `${ann!.name}, room 100` });
  await page.getByLabel("Minutes").fill("20");
  await page.getByRole("button", { name: "Save the visit" }).click();
  await expect(page.getByText("Say what you did together.")).toBeVisible();
  await expect(page.getByLabel("Minutes")).toHaveValue("20");
  await expectNoViolations(page);
  await page.getByLabel("What you did together").fill("Read the newspaper together");
  await page.getByRole("button", { name: "Save the visit" }).click();
  await expect(page).toHaveURL(/\/staff\/today$/);
  await expect(page.getByText("Visit saved")).toBeVisible();
  await expect(page.getByTestId("today-visits")).toContainText(
    `${ann!.name}: Read the newspaper together, 20 minutes`,
  );
});

test("a family member reaches neither the page nor the API; signed out is 401", async ({
  page,
}) => {
  const event = await makeEvent(`Private ${uid()}`);
  const path = `/calendar/${event.id}/occurrences/${event.date}`;
  await signIn(page, "sarah.ellis");
  for (const area of ["/admin", "/staff"]) {
    const res = await page.goto(`${area}${path}`);
    expect(res?.status() === 403 || !page.url().includes(area)).toBe(true);
    await expect(page.getByRole("button", { name: "Save attendance" })).toHaveCount(0);
  }
  const url = `/api/calendar-events/${event.id}/occurrences/${event.date}/attendance`;
  expect((await api("sarah.ellis", url)).status).toBe(403);
  expect((await api("sarah.ellis", url, "PUT", [])).status).toBe(403);
  expect((await api(null, url, "PUT", [])).status).toBe(401);
});

test("a date that is not an occurrence is a 404 page with a clear message", async ({ page }) => {
  const event = await makeEvent(`Once ${uid()}`);
  await signIn(page, "marcus");
  const res = await page.goto(`/staff/calendar/${event.id}/occurrences/${dayIn(TZ, 1)}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/This event does not happen on that day/)).toBeVisible();
});

test("the API refuses bad input with 400 and leaves the attendance as it was", async () => {
  const tag = uid();
  const [ann, ben] = await makeResidents(tag, 2);
  const event = await makeEvent(`Quiz ${tag}`);
  const url = `/api/calendar-events/${event.id}/occurrences/${event.date}/attendance`;
  const put = await api("linda.admin", url, "PUT", [
    { residentId: ann!.id, status: "attended", engagement: "active", mood: "happy" },
  ]);
  expect(put.status).toBe(200);
  expect(put.json.attendance).toEqual([
    expect.objectContaining({
      residentId: ann!.id,
      status: "attended",
      engagement: "active",
      mood: "happy",
      minutes: 60,
    }),
  ]);
  const before = (await api("linda.admin", url)).json;

  const unknownStatus = await api("linda.admin", url, "PUT", [
    { residentId: ben!.id, status: "attended" },
    { residentId: ann!.id, status: "sleeping" },
  ]);
  expect(unknownStatus.status).toBe(400);
  expect(unknownStatus.json.error).toMatch(/unknown status "sleeping"/);

  const notOccurrence = await api(
    "linda.admin",
    `/api/calendar-events/${event.id}/occurrences/${dayIn(TZ, 1)}/attendance`,
    "PUT",
    [{ residentId: ben!.id, status: "attended" }],
  );
  expect(notOccurrence.status).toBe(400);
  expect(notOccurrence.json.error).toMatch(/does not happen on that day/);

  const unknownResident = await api("linda.admin", url, "PUT", [
    { residentId: ben!.id, status: "attended" },
    { residentId: "someone-of-another-community", status: "attended" },
  ]);
  expect(unknownResident.status).toBe(400);
  expect(unknownResident.json.error).toMatch(/not a resident of this community/);

  expect((await api("linda.admin", url)).json).toEqual(before);
});

test("sign-ups fill the places first come first served, then a waiting list that moves up", async ({
  page,
}) => {
  const tag = uid();
  const [ann, ben, cora] = await makeResidents(tag, 3);
  // all day today: sign-ups stay open, and attendance can be taken
  const event = await makeEvent(`Garden trip ${tag}`, 1, 0, { allDay: true });
  await signIn(page, "marcus");
  await page.goto(`/staff/calendar/${event.id}/occurrences/${event.date}?q=Tap${tag}`);
  await hydrated(page);
  for (const r of [ann!, ben!, cora!]) {
    await page
      .getByLabel("Sign up a resident")
      .selectOption({ label: `${r.name}, room ${100 + [ann, ben, cora].indexOf(r)}` });
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByTestId(r === ann ? "signed-up" : "waiting-list")).toContainText(r.name);
  }
  await expect(page.getByText("1 of 1 places taken")).toBeVisible();
  await expect(page.getByTestId("signed-up")).toHaveText(new RegExp(`^${ann!.name}`));
  await expect(page.getByTestId("waiting-list").getByRole("listitem")).toHaveText([
    new RegExp(`^${ben!.name}`),
    new RegExp(`^${cora!.name}`),
  ]);
  await page.getByRole("button", { name: `Take ${ann!.name} off the list` }).click();
  await expect(page.getByText(`${ben!.name} now has a place.`)).toBeVisible();
  await expect(page.getByTestId("signed-up")).toHaveText(new RegExp(`^${ben!.name}`));
  await expect(page.getByTestId("waiting-list").getByRole("listitem")).toHaveText([
    new RegExp(`^${cora!.name}`),
  ]);
  await expectNoViolations(page);

  // one tap marks everyone with a place as attended
  await page.getByRole("button", { name: "Mark everyone signed up as attended" }).click();
  await expect(page.getByTestId("attendance-summary")).toHaveText("1 attended");
  const benRow = page.getByRole("group", { name: `${ben!.name}, room`, exact: false });
  await expect(benRow.getByRole("radio", { name: "Attended" })).toBeChecked();
  // and a mark can be cleared again
  await benRow.getByText("Engagement, mood and note").click();
  await benRow.getByRole("button", { name: `Clear the mark for ${ben!.name}` }).click();
  await expect(page.getByTestId("attendance-summary")).toHaveText("Nothing recorded yet");
  await expect(benRow.getByRole("radio", { name: "Attended" })).not.toBeChecked();
});

test("a day still to come takes sign-ups but not attendance", async ({ page }) => {
  const tag = uid();
  const [ann] = await makeResidents(tag, 1);
  const event = await makeEvent(`Museum trip ${tag}`, 4, 1);
  await signIn(page, "marcus");
  await page.goto(`/staff/calendar/${event.id}/occurrences/${event.date}?q=Tap${tag}`);
  await hydrated(page);
  await expect(page.getByTestId("attendance-not-yet")).toContainText(
    "Attendance is taken on the day itself",
  );
  await expect(page.getByRole("button", { name: "Save attendance" })).toHaveCount(0);
  await page.getByLabel("Sign up a resident").selectOption({ label: `${ann!.name}, room 100` });
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByTestId("signed-up")).toContainText(ann!.name);
  const url = `/api/calendar-events/${event.id}/occurrences/${event.date}/attendance`;
  const refused = await api("marcus", url, "PUT", [{ residentId: ann!.id, status: "attended" }]);
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.json)).toContain("has not happened yet");
  expect((await api("marcus", url)).json.attendance).toEqual([]);
});
