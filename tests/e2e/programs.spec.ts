// Programs that repeat: the administrator makes "Bingo, every Tuesday 2 PM" once with the event
// form and finds it on each Tuesday of the next three months in the week and month views (and at
// 2 PM after the spring daylight-saving change), moves one day to Wednesday, and cancels the
// series from a date: later Tuesdays are gone, earlier ones kept. The API refuses an hourly rule.
import ical, { type VEvent } from "node-ical";
import { expect, httpRequest, signIn, test } from "./support/fixtures";
import { api, dayIn, uid } from "./support/api";

const TZ = "America/Los_Angeles";

function addDays(ymd: string, n: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The first Tuesday after today in the community's time zone. */
function nextTuesday(): string {
  const today = dayIn(TZ, 0);
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, (2 - dow + 7) % 7 || 7);
}

type Occurrence = {
  id: string;
  title: string;
  eventDate: string;
  occurrenceDate: string;
  startTime: string;
  isActive: boolean;
};

async function occurrencesOf(title: string, from: string, to: string): Promise<Occurrence[]> {
  const res = await api("linda.admin", `/api/calendar-events?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return (res.json as Occurrence[]).filter((e) => e.title === title);
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 768, height: 1024 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("Bingo every Tuesday: made once, seen each week, one day moved, series cancelled", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const title = `Bingo ${uid()}`;
      const first = nextTuesday();
      await signIn(page, "linda.admin");
      await page.goto("/admin/calendar/new");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Date", { exact: true }).fill(first);
      await page.getByLabel("Start time").fill("14:00");
      await page.getByRole("radio", { name: "Every week" }).check();
      await expect(page.getByRole("checkbox", { name: "Tuesday" })).toBeVisible();
      await page.getByRole("button", { name: "Create event" }).click();
      await expect(page).toHaveURL(/\/admin\/calendar$/);

      // every Tuesday of the next three months, at 2 PM, and after the March change of clocks
      const last = addDays(first, 91);
      const tuesdays = Array.from({ length: 14 }, (_, i) => addDays(first, 7 * i));
      const listed = await occurrencesOf(title, first, last);
      expect(listed.map((e) => e.eventDate)).toEqual(tuesdays);
      expect(new Set(listed.map((e) => e.startTime))).toEqual(new Set(["14:00"]));
      const eventId = listed[0]!.id;

      for (const day of [...tuesdays.slice(0, 4), tuesdays[13]!, "2027-03-16"]) {
        await page.goto(`/admin/calendar?view=week&week=${day}`);
        const cell = page.locator(`[data-testid=week-grid] > li[data-date="${day}"]`);
        await expect(cell).toContainText(title);
        await expect(cell).toContainText("2:00 PM");
        await expect(cell).toContainText("Every week on Tuesday");
      }
      const months = [...new Set(tuesdays.map((d) => d.slice(0, 7)))];
      for (const month of months) {
        await page.goto(`/admin/calendar?view=month&month=${month}`);
        for (const day of tuesdays.filter((d) => d.startsWith(month)))
          await expect(page.locator(`td[data-date="${day}"]`)).toContainText(title);
      }

      // move the second Tuesday to the Wednesday after it
      const moved = tuesdays[1]!;
      const wednesday = addDays(moved, 1);
      await page.goto(`/admin/calendar/${eventId}/occurrences/${moved}/change`);
      await page.locator("#move-date").fill(wednesday);
      await page.getByRole("button", { name: "Move this day" }).click();
      await expect(page.getByTestId("change-confirm")).toBeVisible();
      await page.getByRole("button", { name: "Yes, do it" }).click();
      await expect(page).toHaveURL(new RegExp(`view=week&week=${wednesday}`));
      await expect(page.locator(`li[data-date="${wednesday}"]`)).toContainText(title);
      await expect(page.locator(`li[data-date="${moved}"]`)).not.toContainText(title);

      // a day that is not one of its days is no page
      const wrong = await page.goto(`/admin/calendar/${eventId}/occurrences/${wednesday}/change`);
      expect(wrong?.status()).toBe(404);

      // cancel the series from the sixth Tuesday
      const from = tuesdays[5]!;
      await page.goto(`/admin/calendar/${eventId}/occurrences/${from}/change`);
      await page.getByRole("button", { name: /^Cancel from/ }).click();
      await page.getByRole("button", { name: "Yes, do it" }).click();
      await expect(page).toHaveURL(/view=week/);
      const after = await occurrencesOf(title, first, last);
      expect(after.map((e) => e.occurrenceDate)).toEqual(tuesdays.slice(0, 5));
      expect(after.map((e) => e.eventDate)).toEqual([first, wednesday, ...tuesdays.slice(2, 5)]);
      await page.goto(`/admin/calendar?view=week&week=${tuesdays[6]}`);
      await expect(page.getByTestId("week-grid")).not.toContainText(title);
    });
  });
}

test("the API refuses a rule more often than daily and stores nothing", async () => {
  const title = `Hourly ${uid()}`;
  const res = await api("linda.admin", "/api/calendar-events", "POST", {
    title,
    eventDate: nextTuesday(),
    recurrence: "FREQ=HOURLY",
  });
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.json ?? res.text)).toContain("at most once a day");
  const all = await api("linda.admin", "/api/calendar-events");
  expect((all.json as { title: string }[]).some((e) => e.title === title)).toBe(false);
  const reversed = await api("linda.admin", "/api/calendar-events?from=2027-01-02&to=2027-01-01");
  expect(reversed.status).toBe(400);
});

test("a staff member subscribes to the calendar; a new address ends the old one", async ({
  page,
}) => {
  const id = uid();
  const first = dayIn(TZ, 1);
  const made = await api<{ id: string }>("linda.admin", "/api/calendar-events", "POST", {
    title: `Choir ${id}`,
    eventDate: first,
    startTime: "15:00",
    endTime: "16:00",
    location: "Chapel",
    recurrence: "FREQ=WEEKLY;COUNT=3",
  });
  expect(made.status, made.text).toBe(201);
  // each project as its own staff member: one address each, run side by side
  const admin = test.info().project.name !== "js";
  await signIn(page, admin ? "linda.admin" : "marcus");
  await page.goto(admin ? "/admin/calendar" : "/staff/calendar");
  await page.getByRole("link", { name: "Subscribe" }).click();
  // the first time "Make my calendar address"; after that (an earlier run) a new one
  await page.getByRole("button", { name: /^Make (my calendar address|a new address)/ }).click();
  await expect(page.getByTestId("feed-url")).toHaveValue(/calendar\.ics/);
  const url = await page.getByTestId("feed-url").inputValue();
  expect(url).toMatch(/\/calendar\.ics\?token=[\w-]{20,}$/);
  const path = new URL(url).pathname + new URL(url).search;
  const feed = await httpRequest({ path });
  expect(feed.status).toBe(200);
  expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
  const events = Object.values(ical.sync.parseICS(feed.text())).filter(
    (c) => c?.type === "VEVENT",
  ) as VEvent[];
  const choir = events.filter((e) => e.summary === `Choir ${id}`);
  expect(choir.map((e) => e.uid).sort()).toEqual(
    [0, 7, 14].map((n) => `${made.json.id}-${addDays(first, n)}@${new URL(url).host}`).sort(),
  );
  expect(choir.every((e) => e.location === "Chapel")).toBe(true);

  // a new address: the old one finds nothing
  await page.getByRole("button", { name: /Make a new address/ }).click();
  await expect(page.getByTestId("feed-url")).not.toHaveValue(url);
  const next = await page.getByTestId("feed-url").inputValue();
  expect((await httpRequest({ path })).status).toBe(404);
  const nextPath = new URL(next).pathname + new URL(next).search;
  expect((await httpRequest({ path: nextPath })).status).toBe(200);
  // a wrong secret finds nothing either
  expect((await httpRequest({ path: "/calendar.ics?token=not-a-secret" })).status).toBe(404);
});
