import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { test, expect, signIn, httpRequest, sessionCookie, PORT } from "./support/fixtures";

type ApiStory = { id: string; title: string; viewCount: number; likeCount: number };

/** A published story as the API answers it to the administrator. */
async function publishedStory(id: string): Promise<ApiStory> {
  const cookie = await sessionCookie("linda.admin");
  return (await httpRequest({ path: `/api/stories/${id}`, cookie })).json<ApiStory>();
}

/** A demo story by its title (from the database: the recent list fills up with the tests' own). */
async function storyId(title: string): Promise<string> {
  const db = new Database(`test-data/e2e-${PORT}/tenants/sunnybrook.sqlite`, { readonly: true });
  try {
    const story = db
      .prepare("SELECT id FROM stories WHERE title = ? AND is_published = 1")
      .get(title) as { id: string } | undefined;
    if (!story) throw new Error(`no published story "${title}"`);
    return story.id;
  } finally {
    db.close();
  }
}

function pendingStoryId(title: string): string {
  const db = new Database(`test-data/e2e-${PORT}/tenants/sunnybrook.sqlite`, { readonly: true });
  try {
    return (
      db.prepare("SELECT id FROM stories WHERE title = ? AND is_published = 0").get(title) as {
        id: string;
      }
    ).id;
  } finally {
    db.close();
  }
}

const nojs = () => test.info().project.name === "nojs";

test.describe("a story page", () => {
  test("'Read More' on the home leads to the whole story with its resident, category, date and comments", async ({
    page,
  }) => {
    await signIn(page, "karen.moore");
    await page.goto("/");
    await page
      .getByRole("region", { name: "Featured Stories" })
      .getByRole("link", { name: "Read More about A Red Dress at the Crystal Ballroom" })
      .click();
    await expect(page).toHaveURL(/\/stories\/[\w-]+$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "A Red Dress at the Crystal Ballroom" }),
    ).toBeVisible();
    await expect(page.getByText("Margaret Ellis", { exact: true })).toBeVisible();
    await expect(page.getByText(/^Room 12 ·/)).toBeVisible();
    await expect(page.getByTestId("resident-initials")).toHaveText("ME");
    await expect(page.getByText("Love & Romance")).toBeVisible();
    await expect(page.locator("article time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.getByText("he kept stepping on my feet for forty-six years")).toBeVisible();
    const comments = page.getByRole("list", { name: "Comments" });
    await expect(
      comments.getByText("Dad's dancing really never did improve.", { exact: false }),
    ).toBeVisible();
    await expect(comments.getByText("Sarah Ellis")).toBeVisible();
    await expect(comments.getByText("(Daughter)")).toBeVisible();
    await expect(comments.getByRole("img", { name: "Reaction: Laughing" })).toBeVisible();
    // Karen is family of another resident: she reads, but comments come from Margaret's family
    await expect(page.getByRole("button", { name: "Post Comment" })).toHaveCount(0);
    await expect(
      page.getByText("Comments on this story come from Margaret's family."),
    ).toBeVisible();
  });

  test("a family member comments with a reaction, sees errors for a blank comment, and deletes it after confirming", async ({
    page,
  }) => {
    const [user, name, emoji, label] = nojs()
      ? ["tom.ellis", "Tom Ellis", "😊", "Smile"]
      : ["sarah.ellis", "Sarah Ellis", "😢", "Sad"];
    const text = `Thinking of you, Mum (${test.info().project.name} ${Date.now()})`;
    await signIn(page, user);
    await page.goto(`/stories/${await storyId("The Farmhouse Kitchen in Cork")}`);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText("Please write a comment")).toBeVisible();
    await page.getByLabel("Your comment").fill(text);
    // the radio is visually hidden behind its big label, which is what people press
    const radioId = await page.getByRole("radio", { name: label }).getAttribute("id");
    await page.locator(`label[for="${radioId}"]`).click();
    await expect(page.getByRole("radio", { name: label })).toBeChecked();
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your comment was added");
    const mine = page
      .getByRole("list", { name: "Comments" })
      .getByRole("listitem")
      .filter({ hasText: text });
    await expect(mine).toContainText(name);
    await expect(mine.getByRole("img", { name: `Reaction: ${label}` })).toHaveText(emoji);
    await expect(page.getByLabel("Your comment")).toHaveValue("");

    await mine.getByRole("link", { name: `Delete comment by ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Delete this comment?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete comment" }).click();
    await expect(page.getByTestId("toast")).toContainText("Comment deleted");
    await expect(page.getByText(text)).toHaveCount(0);
  });

  test("the toast on a 390 px phone: announced, inside the window, and a notice at the top of the content where no script runs", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, nojs() ? "tom.ellis" : "sarah.ellis");
    // the story page ships no script (ADR 018): with or without JavaScript, the message is a
    // notice first in the content, in the page's flow, covering nothing
    await page.goto(`/stories/${await storyId("Eight Days at Sea")}`);
    await page
      .getByLabel("Your comment")
      .fill(`A toast, please (${test.info().project.name} ${Date.now()})`);
    await page.getByRole("button", { name: "Post Comment" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Your comment was added");
    const inside = async () => {
      // in the live region screen readers announce, inside the window
      await expect(page.getByRole("status").filter({ has: toast })).toHaveCount(1);
      const box = (await toast.boundingBox())!;
      expect(box.x, "the toast starts inside the window").toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, "the toast ends inside the window").toBeLessThanOrEqual(390);
      return {
        box,
        position: await toast.evaluate((el) => getComputedStyle(el.parentElement!).position),
      };
    };
    expect((await inside()).position).toBe("static");
    expect(await page.locator("main > :first-child").getAttribute("role")).toBe("status");
    if (nojs()) return;
    // on a page whose JavaScript runs, the toast floats inside the window
    await page.goto("/notifications/settings");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast).toContainText("Your notification settings are saved");
    const { box, position } = await inside();
    expect(position).toBe("fixed");
    expect(box.y, "the toast is inside the window").toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, "the toast is inside the window").toBeLessThanOrEqual(844);
  });

  test("a family member gives and takes back a reaction; a double press keeps it", async ({
    page,
  }) => {
    const [user, give, remove] = nojs()
      ? ["tom.ellis", "React with a thumbs up", "Remove your thumbs up"]
      : ["sarah.ellis", "React with praying hands", "Remove your praying hands"];
    await signIn(page, user);
    await page.goto(`/stories/${await storyId("Eight Days at Sea")}`);
    const button = page.getByRole("button", { name: new RegExp(`^${give}, \\d+ so far$`) });
    const before = Number((await button.getAttribute("aria-label"))!.match(/(\d+) so far$/)![1]);
    // the emoji is not read out on its own: the button's name says what pressing it does
    await expect(button.locator("[aria-hidden=true]").first()).toBeAttached();
    // pressed twice in a row, the reaction is given once and stays given
    await button.dblclick();
    const given = page.getByRole("button", { name: `${remove}, ${before + 1} so far` });
    await expect(given).toBeVisible();
    await page.reload();
    await expect(given).toBeVisible();
    await given.click();
    await expect(page.getByRole("button", { name: `${give}, ${before} so far` })).toBeVisible();
  });

  test("with JavaScript, a reaction on the reading page is given in place: the comment being typed stays", async ({
    page,
  }) => {
    test.skip(nojs(), "an inline script, JavaScript on");
    await signIn(page, "sarah.ellis");
    await page.goto(`/stories/${await storyId("Eight Days at Sea")}`);
    // no app on this page: a mark on this document would not survive a reload
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const words = "I never knew you crossed on the Queen Mary";
    await page.getByLabel("Your comment").fill(words);
    const button = page.getByRole("button", { name: /^React with a clap, \d+ so far$/ });
    const before = Number((await button.getAttribute("aria-label"))!.match(/(\d+) so far$/)![1]);
    await button.click();
    const given = page.getByRole("button", { name: `Remove your clap, ${before + 1} so far` });
    await expect(given).toBeVisible();
    await expect(given).toBeFocused();
    await expect(page.getByLabel("Your comment")).toHaveValue(words);
    expect(
      await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true),
    ).toBe(true);
    // the pressed button looks as a fresh load draws it, though this page's stylesheet was cut
    // to its markup before the press (the answer's rules come in with it)
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.backgroundColor, s.borderColor, s.color, s.boxShadow, s.fontWeight].join(" | ");
    };
    const inPlace = await given.evaluate(look);
    // it was stored: a fresh load says the same, and taking it back works the same way
    await page.reload();
    const reloaded = page.getByRole("button", { name: `Remove your clap, ${before + 1} so far` });
    expect(await reloaded.evaluate(look)).toBe(inPlace);
    await page.getByRole("button", { name: `Remove your clap, ${before + 1} so far` }).click();
    await expect(
      page.getByRole("button", { name: `React with a clap, ${before} so far` }),
    ).toBeVisible();
  });

  test("opening a story as a family member counts one view a day", async ({ page }) => {
    // each project reads its own story so that the two runs do not count each other's views
    const [user, title] = nojs()
      ? ["alex.kowalski", "Pierogi on Christmas Eve"]
      : ["karen.moore", "Swan Island"];
    const id = await storyId(title);
    const before = (await publishedStory(id)).viewCount;
    await signIn(page, user);
    await page.goto(`/stories/${id}`);
    await page.reload();
    await page.goto(`/stories/${id}`);
    expect((await publishedStory(id)).viewCount).toBe(before + 1);
  });

  test("a story under review is shown to its resident with its state, and to no family member", async ({
    page,
  }) => {
    const id = pendingStoryId("Sunday Letters Home");
    await signIn(page, "sarah.ellis");
    const res = await page.goto(`/stories/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Sunday Letters Home")).toHaveCount(0);
    await signIn(page, "margaret.ellis");
    await page.goto(`/stories/${id}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Sunday Letters Home" }),
    ).toBeVisible();
    await expect(page.getByText("Under Review")).toBeVisible();
  });

  test("the comments API answers each comment's content, emoji, time and family member", async () => {
    const cookie = await sessionCookie("karen.moore");
    const res = await httpRequest({
      path: `/api/stories/${await storyId("A Red Dress at the Crystal Ballroom")}/comments`,
      cookie,
    });
    expect(res.status).toBe(200);
    const list = res.json<
      {
        content: string;
        emoji: string;
        createdAt: string;
        familyMember: { name: string; relationship: string };
      }[]
    >();
    expect(list.find((c) => c.familyMember.name === "Tom Ellis")).toMatchObject({
      emoji: "❤️",
      familyMember: { relationship: "Son" },
    });
    const post = await httpRequest({
      path: `/api/stories/${await storyId("A Red Dress at the Crystal Ballroom")}/comments`,
      method: "POST",
      cookie,
      body: JSON.stringify({ content: "Not my family", emoji: "❤️" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(post.status).toBe(403);
  });

  test("a story page has no WCAG 2.2 AA violations", async ({ page }) => {
    test.skip(nojs(), "axe needs JavaScript");
    await signIn(page, "sarah.ellis");
    await page.goto(`/stories/${await storyId("A Red Dress at the Crystal Ballroom")}`);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
});
