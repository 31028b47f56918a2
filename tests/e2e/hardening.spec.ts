// The security hardening in a real browser: what a person sees when the edge refuses a body, real filenames, a
// hostile redirect target, and the password rule. (tests/integration/hardening.test.ts has the
// attacker's side.)
import {
  test,
  expect,
  signIn,
  DEMO_PASSWORD,
  httpRequest,
  sessionCookie,
  hydrated,
} from "./support/fixtures";
import { phonePhoto } from "./support/media-helpers";

// A phone's 21 MB photo sent without JavaScript is read to its end by the photo form, which answers
// with the typed text kept: tests/e2e/large-photos.spec.ts. Bodies past the edge's caps
// get the 413 page or JSON: tests/integration/hardening.test.ts.

test("a photo whose name has = ; quotes, other alphabets and emoji is shared", async ({ page }) => {
  await signIn(page, "sarah.ellis");
  await page.goto("/family?dialog=photo");
  const description = `Odd name ${Date.now()}`;
  const form = page.locator("form", { has: page.getByLabel("Photo", { exact: true }) });
  await form.getByLabel("Photo", { exact: true }).setInputFiles({
    name: 'mum=1; "beach" Fotoğraf 写真 🎉.jpg',
    mimeType: "image/jpeg",
    buffer: await phonePhoto(600, 400),
  });
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Share Photo" }).click();
  await expect(page.getByRole("img", { name: `Photo: ${description}` })).toBeVisible();
});

test("a redirect target with a tab in it lands on this site's home page", async ({ page }) => {
  await page.goto(`/login?redirectTo=${encodeURIComponent("/\t/evil.example/")}`);
  await page.getByLabel("Username").fill("priya");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/^http:\/\/sunnybrook\.storyloom\.localhost:\d+\/staff$/);
});

test("a guessable new password is refused with words that say what to do", async ({ page }) => {
  await signIn(page, "monica.brooks");
  await page.goto("/password");
  await page.getByLabel("Current password").fill(DEMO_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("password1234");
  await page.getByLabel("New password again").fill("password1234");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(
    page.getByText(/Please choose another: three or four words that only you would put together/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/password$/);
});

// A phone whose clock is a few minutes out (common: set by hand, or never synced) renders "3 minutes
// ago" differently from the server. React must not throw the page's markup away for that (a
// hydration error re-renders the whole page and is reported as a console error, which this suite's
// fixture fails on). The same race happens on a correct clock when a time crosses a minute while the
// page loads, which is how a session list of 50 sessions failed CI once.
test("a phone whose clock is 3 minutes fast hydrates the pages that say how long ago", async ({
  page,
}) => {
  test.skip(test.info().project.name === "nojs", "hydration only happens with JavaScript");
  await page.clock.install({ time: new Date(Date.now() + 3 * 60_000) });
  await signIn(page, "linda.admin");
  const cookie = await sessionCookie("linda.admin");
  const stories = (await httpRequest({ path: "/api/stories/recent?limit=5", cookie })).json<
    { id: string }[]
  >();
  for (const url of [
    "/account/sessions",
    `/stories/${stories[0]!.id}`,
    "/notifications",
    "/admin",
    "/admin/stories",
  ]) {
    await page.goto(url);
    await hydrated(page);
    // the relative times are the browser's own after hydration, and the page is the server's markup
    await expect(page.locator("main h1").first()).toBeVisible();
  }
  await page.goto("/account/sessions");
  await expect(
    page
      .locator("main")
      .getByText(/signed in .* ago/)
      .first(),
  ).toBeVisible();
});
