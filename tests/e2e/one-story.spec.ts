// One story, one date: told late in the evening in the community's time zone (already the next
// day in UTC) and published the day after, it shows the day it was told on the family's card, the
// resident's dashboard and the story page alike. Comments over 2,000 characters get a message,
// never a silent cut. Streamed pages carry no NUL bytes and no broken characters.
import Database from "better-sqlite3";
import { test, expect, signIn, httpRequest, sessionCookie, jsonBody } from "./support/fixtures";
import { approveAsAdmin, TENANT_DB } from "./support/media-helpers";

const js = () => test.info().project.name === "js";

test("a story shows one date everywhere: the day it was told, in the community's time zone", async ({
  page,
}) => {
  const title = `Late in the evening ${test.info().project.name} ${Date.now().toString(36)}`;
  const created = await httpRequest({
    path: "/api/resident/stories",
    method: "POST",
    cookie: await sessionCookie("margaret.ellis"),
    ...jsonBody({
      title,
      content: "We sat on the porch until the stars came out, telling stories about the war.",
      category: "family",
    }),
  });
  expect(created.status).toBe(201);
  const id = created.json<{ id: string }>().id;
  await approveAsAdmin(id);
  // told at 22:30 on November 19 in Los Angeles (06:30 UTC on the 20th), published on the 21st
  const db = new Database(TENANT_DB);
  db.pragma("busy_timeout = 5000");
  db.prepare("UPDATE stories SET created_at = ?, published_at = ? WHERE id = ?").run(
    "2026-11-20T06:30:00.000Z",
    "2026-11-21T18:00:00.000Z",
    id,
  );
  db.close();
  const day = "November 19, 2026";

  await signIn(page, "sarah.ellis");
  await page.goto("/family");
  const familyCard = page.getByRole("article", { name: title });
  await expect(familyCard.getByTestId("story-date")).toHaveText(day);
  await page.goto(`/stories/${id}`);
  await expect(page.getByTestId("story-date")).toHaveText(day);

  await signIn(page, "margaret.ellis");
  await page.goto("/resident");
  await expect(page.getByRole("article", { name: title }).getByTestId("story-date")).toHaveText(
    day,
  );

  await signIn(page, "linda.admin");
  await page.goto(`/admin/stories/${id}`);
  // where it matters, the publishing day is named as such
  await expect(page.getByText(`sent ${day} · published November 21, 2026`)).toBeVisible();
});

test("a comment over 2,000 characters gets a message and keeps every character", async ({
  page,
}) => {
  await signIn(page, "sarah.ellis");
  await page.goto("/family");
  await page
    .getByRole("link", { name: /Read More and comment/ })
    .first()
    .click();
  const box = page.getByLabel("Your comment");
  const long = `${"We loved hearing about the dances at the Crystal Ballroom. ".repeat(39)}The end.`;
  expect(long.length).toBeGreaterThan(2000);
  const count = long.length.toLocaleString("en-US");
  const message = `Your comment is ${count} characters long. Please shorten it to 2,000 characters or fewer; your text is kept here.`;
  await box.fill(long);
  // nothing cut: the box holds all of it
  await expect(box).toHaveValue(long);
  // the story page is a reading page (no app, so no counter): the server says it on sending
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(box).toHaveValue(long);
  const comments = page.getByRole("list", { name: "Comments" });
  await expect(comments.getByText("The end.")).toHaveCount(0);
  // shortened, it goes
  await box.fill("We loved hearing about the dances at the Crystal Ballroom.");
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(
    comments.getByText("We loved hearing about the dances at the Crystal Ballroom."),
  ).toBeVisible();
});

test("streamed pages keep every multibyte character whole: no NUL bytes, no replacement characters", async () => {
  test.skip(!js(), "plain HTTP: once is enough");
  const cookie = await sessionCookie("sarah.ellis");
  for (const path of ["/family", "/stories", "/"]) {
    const res = await httpRequest({ path, cookie });
    expect(res.status, path).toBe(200);
    expect(res.body.includes(0), `${path} has a NUL byte at ${res.body.indexOf(0)}`).toBe(false);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(res.body);
    expect(text, path).not.toContain("\u0000");
    expect(text, path).not.toContain("\uFFFD");
  }
  // the family page's excerpts end in an ellipsis, three bytes in UTF-8 (two NULs stood before one)
  expect((await httpRequest({ path: "/family", cookie })).text()).toContain("…");
});
