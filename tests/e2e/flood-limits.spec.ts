// A family member who has posted many comments in a minute, with JavaScript on and off: the API
// answers 429, and the story page's form says to wait and keeps what was typed. Each project uses
// its own family member, whose minute it fills: two of Maplewood's, whom no other spec signs in as,
// so no other flow meets the limit they reach.
import { test, expect, signIn, origin } from "./support/fixtures";
import { api, uid } from "./support/api";

const nojs = () => test.info().project.name === "nojs";
const LIMIT_MESSAGE =
  "You've posted a lot of comments in a short time. Please wait a minute and try again.";

test("the comment form says to wait after many comments in a minute, and keeps the words", async ({
  page,
}) => {
  const id = uid();
  const family = nojs() ? "amy.novak" : "dan.novak";
  const stories = (await api(family, "/api/family/stories", "GET", undefined, "maplewood"))
    .json as { id: string }[];
  const storyId = stories[0]!.id;
  const path = `/api/stories/${storyId}/comments`;
  for (let i = 1; i <= 10; i++) {
    const made = await api(family, path, "POST", { content: `Quick note ${i} ${id}` }, "maplewood");
    expect(made.status, made.text).toBe(201);
  }
  const refused = await api(family, path, "POST", { content: `One too many ${id}` }, "maplewood");
  expect(refused.status).toBe(429);
  expect(refused.json.message).toBe(LIMIT_MESSAGE);

  await signIn(page, family, "maplewood");
  await page.goto(`${origin("maplewood")}/stories/${storyId}`);
  const words = `I forgot to say how much I love this one ${id}`;
  await page.getByLabel("Your comment").fill(words);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByText(LIMIT_MESSAGE)).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue(words);
  await expect(page.getByRole("list", { name: "Comments" }).getByText(words)).toHaveCount(0);
});
