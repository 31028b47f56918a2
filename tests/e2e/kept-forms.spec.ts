// Signed out mid-form: what was written comes back after signing in again, with a word why, and
// sending it then works. With JavaScript and without (both projects run this file); each project
// uses its own family member and resident, and a story the resident writes for the test.
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { test, expect, signIn, origin, PORT, DEMO_PASSWORD, hydrated } from "./support/fixtures";
import { api, uid } from "./support/api";

const dataDir = path.resolve(`test-data/e2e-${PORT}`);
const nojs = () => test.info().project.name === "nojs";
const KEPT = "You were signed out, so we kept what you wrote. Check it and send it again.";

/** Ends this browser's session on the server, as an idle limit does: its row is deleted. */
async function endSessionOnServer(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "storyloom_session");
  expect(cookie, "a session cookie").toBeTruthy();
  // a signed cookie: base64 of the JSON id, a dot, the signature
  const signed = decodeURIComponent(cookie!.value);
  const id = JSON.parse(
    Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8"),
  ) as string;
  const control = new Database(path.join(dataDir, "control.sqlite"));
  control.pragma("busy_timeout = 5000");
  const { changes } = control.prepare("delete from sessions where id = ?").run(id);
  control.close();
  expect(changes).toBe(1);
}

async function signInAgain(page: Page, username: string) {
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByText("You were signed out").first()).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a family member's comment survives her session ending, and sends after she signs in again", async ({
  page,
}) => {
  const family = nojs() ? "peter.abernathy" : "jamal.brooks";
  const text = `Dad, I loved this one. ${uid()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, family);
  await page.goto(`${origin("sunnybrook")}/family`);
  const href = await page.locator('a[href^="/stories/"]').first().getAttribute("href");
  const storyPath = href!.split("#")[0]!;
  await page.goto(`${origin("sunnybrook")}${storyPath}`);
  await hydrated(page);
  await page.getByLabel("Your comment").fill(text);

  await endSessionOnServer(page);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await signInAgain(page, family);

  await expect(page).toHaveURL(`${origin("sunnybrook")}${storyPath}`);
  await expect(page.getByTestId("kept-notice")).toHaveText(KEPT);
  await expect(page.getByLabel("Your comment")).toHaveValue(text);
  await page.getByTestId("kept-notice").scrollIntoViewIfNeeded();
  await page.screenshot({
    path: `test-output/kept-comment-390-${test.info().project.name}.png`,
  });

  await hydrated(page);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByText("Your comment was added")).toBeVisible();
  await expect(page.locator("#comments").getByText(text)).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue("");
  await expect(page.getByTestId("kept-notice")).toHaveCount(0);
});

test("a resident's story edit survives the browser dropping her session, and saves after she signs in again", async ({
  page,
}) => {
  const resident = nojs() ? "ruth.abernathy" : "evelyn.marsh";
  const marker = uid();
  const made = await api(resident, "/api/resident/stories", "POST", {
    title: `The dance hall ${marker}`,
    content: "We danced every Saturday.",
    category: "general",
  });
  expect(made.status).toBe(201);
  const editPath = `/resident/stories/${made.json.id}/edit`;
  const edited = `We danced every Saturday, and on Sundays too. ${marker}`;

  await signIn(page, resident);
  await page.goto(`${origin("sunnybrook")}${editPath}`);
  await hydrated(page);
  await page.getByLabel("Your story").fill(edited);

  // the browser lets the session cookie go (a browser closed and opened again)
  await page.context().clearCookies({ name: "storyloom_session" });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await signInAgain(page, resident);

  await expect(page).toHaveURL(`${origin("sunnybrook")}${editPath}`);
  await expect(page.getByTestId("kept-notice")).toHaveText(KEPT);
  await expect(page.getByLabel("Your story")).toHaveValue(edited);
  await expect(page.getByLabel("Title")).toHaveValue(`The dance hall ${marker}`);

  await hydrated(page);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/resident$/);
  await expect(page.getByText("Your story has been updated")).toBeVisible();
  const mine = await api(resident, "/api/resident/stories");
  expect(mine.json.find((s: { id: string }) => s.id === made.json.id)?.content).toBe(edited);
});
