// The small things a daughter and her mother trip over, with JavaScript and without: the kiosk's
// story page says why a story was not approved; the countdown says what it waits for; a PIN too
// short gets our own words, not the browser's; the header calls the community home "Home".
import { test, expect, signIn } from "./support/fixtures";
import { openKiosk, registerKiosk } from "./support/kiosk";
import { storyIdByTitle } from "./support/media-helpers";
import type { Page } from "@playwright/test";

const unique = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;

async function margaretAtTheKiosk(page: Page) {
  await page.getByRole("link", { name: "Margaret Ellis" }).click();
  await page.getByLabel("Your 4-digit PIN").fill("2468");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(
    page.getByRole("heading", { name: "What would you like to do, Margaret?" }),
  ).toBeVisible();
}

test("the kiosk shows why a story was not approved, and what its countdown waits for", async ({
  browser,
}) => {
  const kiosk = await openKiosk(browser, await registerKiosk(unique("Details tablet")));
  await margaretAtTheKiosk(kiosk);
  await expect(kiosk.getByTestId("kiosk-countdown-hint")).toHaveText(
    "The kiosk waits 2 minutes after your last tap; any tap gives you more time.",
  );
  await kiosk.goto(`/kiosk/stories/${storyIdByTitle("The Woman Next Door")}`);
  await expect(kiosk.getByRole("heading", { name: "The Woman Next Door" })).toBeVisible();
  const note = kiosk.getByTestId("kiosk-review-note");
  await expect(note).toContainText("Not approved yet");
  await expect(note).toContainText("Note from the administrator:");
  await expect(note).toContainText("Could you leave out Bernadette's full name");
  await kiosk.context().close();
});

test("a PIN of 3 digits gets our own message, and counts as no wrong PIN", async ({ browser }) => {
  const kiosk = await openKiosk(browser, await registerKiosk(unique("PIN tablet")));
  await margaretAtTheKiosk(kiosk);
  await kiosk.getByRole("link", { name: "Change my PIN" }).click();
  const now = kiosk.getByLabel("Your PIN now");
  await expect(now).toHaveAttribute("title", "4 digits");
  await expect(now).toHaveAccessibleDescription("4 digits");
  await now.fill("246");
  await kiosk.getByLabel("Your new PIN (4 digits)").fill("951");
  await kiosk.getByLabel("Your new PIN again").fill("951");
  await kiosk.getByRole("button", { name: "Save my new PIN" }).click();
  // sent to the server (the browser's bubble would have kept it here), and answered in our words
  await expect(
    kiosk.getByText("Your PIN has 4 digits; only 3 digits were typed. Please type all 4."),
  ).toHaveCount(2);
  await expect(kiosk.getByLabel("Your PIN now")).toHaveAttribute("aria-invalid", "true");
  // her PIN still works on this kiosk: the short one was not a wrong try, nothing was changed
  await kiosk.getByRole("button", { name: "I'm done" }).click();
  await expect(kiosk.getByRole("heading", { name: "Who is telling a story?" })).toBeVisible();
  await margaretAtTheKiosk(kiosk);
  await kiosk.context().close();
});

test("a 3-digit PIN on the sign-in pad gets our own message too", async ({ browser }) => {
  const kiosk = await openKiosk(browser, await registerKiosk(unique("Pad tablet")));
  await kiosk.getByRole("link", { name: "Margaret Ellis" }).click();
  const pin = kiosk.getByLabel("Your 4-digit PIN");
  await expect(pin).toHaveAccessibleDescription("4 digits");
  await pin.fill("246");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(kiosk.getByTestId("pin-error")).toHaveText(
    "Your PIN has 4 digits; only 3 digits were typed. Please type all 4.",
  );
  // not a wrong try: the right PIN still starts her turn
  await kiosk.getByLabel("Your 4-digit PIN").fill("2468");
  await kiosk.getByRole("button", { name: "Start" }).click();
  await expect(
    kiosk.getByRole("heading", { name: "What would you like to do, Margaret?" }),
  ).toBeVisible();
  await kiosk.context().close();
});

test("the header's link to the community home is called Home", async ({ page }) => {
  await signIn(page, "sarah.ellis");
  await page.goto("/family");
  const nav = page.getByRole("navigation").first();
  await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);
  await nav.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});
