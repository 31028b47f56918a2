import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  postJson,
  type Fixture,
} from "../helpers/home-fixture";
import { listRecentActivity } from "~/models/activity.server";
import { listComments, reactionSummary } from "~/models/comment.server";
import { getStoryRow } from "~/models/story.server";
import * as commentsApi from "~/routes/api+/stories.$id.comments";
import * as storyRoute from "~/routes/_community+/stories+/$storyId";

let dir: string;
let alpha: Fixture;
let bravo: Fixture;
const cookies = {} as Record<
  "admin" | "staff" | "ada" | "adaDaughter" | "benSon" | "bravoDaughter",
  string
>;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo", "Bravo Court");
  for (const [key, username] of Object.entries(alpha.users))
    cookies[key as keyof typeof alpha.users] = await cookieFor(alpha.origin, username);
  cookies.bravoDaughter = await cookieFor(bravo.origin, bravo.users.adaDaughter);
});
afterAll(() => cleanupDataDir(dir));

const api = (id: string) => `${alpha.origin}/api/stories/${id}/comments`;
const page = (id: string) => `${alpha.origin}/stories/${id}`;
/** POST /api/stories/{id}/comments as the holder of `cookie`. */
const postComment = (id: string, body: object, cookie: string) =>
  call(commentsApi.action, postJson(api(id), body, cookie), { id });
/** GET /api/stories/{id}/comments */
const getComments = (id: string, cookie: string) =>
  call(commentsApi.loader, get(api(id), cookie), { id });
/** The story page's loader, at `query` (e.g. "?deleteComment=x"). */
const openPage = (id: string, cookie: string, query = "") =>
  call(storyRoute.loader, get(`${page(id)}${query}`, cookie), { storyId: id });
/** The story page's form, sent with `fields`. */
const sendForm = (id: string, fields: Record<string, string>, cookie: string) =>
  call(storyRoute.action, postForm(page(id), fields, cookie), { storyId: id });

describe("POST /api/stories/{id}/comments", () => {
  const story = () => alpha.stories.adaPublished;

  it("lets a family member comment on their resident's published story, as themselves", async () => {
    const res = await postComment(
      story(),
      { content: "  Lovely, Mum!  ", emoji: "❤️" },
      cookies.adaDaughter,
    );
    expect(res.status).toBe(201);
    const body = await res.response!.json();
    expect(body).toMatchObject({
      content: "Lovely, Mum!",
      emoji: "❤️",
      familyMember: { name: "Dora Lovelace", relationship: "Daughter" },
    });
    expect(typeof body.id).toBe("string");
    expect(typeof body.createdAt).toBe("string");
    // the reaction counts on the story, and the feed knows
    expect(getStoryRow(alpha.db(), story())!.likeCount).toBe(1);
    expect(
      listRecentActivity(alpha.db(), 5).some(
        (a) => a.type === "comment_added" && a.subjectId === story(),
      ),
    ).toBe(true);
    const list = await (await getComments(story(), cookies.benSon)).response!.json();
    expect(list.map((c: { content: string }) => c.content)).toEqual(["Lovely, Mum!"]);
  });

  it("accepts a comment without a reaction, and refuses blank text or an emoji outside the eight", async () => {
    expect(
      (await postComment(story(), { content: "No emoji", emoji: null }, cookies.adaDaughter))
        .status,
    ).toBe(201);
    const blank = await postComment(
      story(),
      { content: "   \n ", emoji: "❤️" },
      cookies.adaDaughter,
    );
    expect(blank.status).toBe(400);
    expect(await blank.response!.text()).toContain("Please write a comment");
    const odd = await postComment(story(), { content: "Hi", emoji: "🦄" }, cookies.adaDaughter);
    expect(odd.status).toBe(400);
  });

  it("refuses other residents' families (403), staff (403), unpublished stories (404) and other communities (404)", async () => {
    const body = { content: "Hello", emoji: "👍" };
    const status = async (id: string, cookie: string) =>
      (await postComment(id, body, cookie)).status;
    expect(await status(story(), cookies.benSon)).toBe(403);
    expect(await status(story(), cookies.staff)).toBe(403);
    expect(await status(story(), cookies.admin)).toBe(403);
    expect(await status(alpha.stories.adaPending, cookies.adaDaughter)).toBe(404);
    expect(await status("no-such-story", cookies.adaDaughter)).toBe(404);
    // a story id of another community is unknown here
    expect(await status(bravo.stories.adaPublished, cookies.adaDaughter)).toBe(404);
    // and a member of another community is not signed in here
    expect(await status(story(), cookies.bravoDaughter)).toBe(401);
    expect(listComments(alpha.db(), story()).every((c) => c.content !== "Hello")).toBe(true);
  });

  it("hides the comments of an unpublished story from families", async () => {
    const pending = alpha.stories.adaPending;
    expect((await getComments(pending, cookies.adaDaughter)).status).toBe(404);
    expect((await getComments(pending, cookies.ada)).status).toBe(200);
  });
});

describe("the story page", () => {
  it("shows a published story to every member, and the comment form only to the resident's family", async () => {
    const id = alpha.stories.adaPublished;
    const own = await openPage(id, cookies.adaDaughter);
    expect(own.data.story.title).toBe("Engines");
    expect(own.data.canRespond).toBe(true);
    expect(own.data.comments.length).toBeGreaterThan(0);
    expect((await openPage(id, cookies.benSon)).data.canRespond).toBe(false);
    expect((await openPage(id, cookies.staff)).data.canRespond).toBe(false);
  });

  it("shows a story under review only to its resident, staff and administrators", async () => {
    const id = alpha.stories.adaPending;
    expect((await openPage(id, cookies.adaDaughter)).status).toBe(404);
    expect((await openPage(id, cookies.ada)).data.story.isPublished).toBe(false);
    expect((await openPage(id, cookies.staff)).status).toBe(200);
    expect((await openPage(id, cookies.admin)).status).toBe(200);
  });

  it("counts a family member's visit once a day", async () => {
    const id = alpha.stories.benPublished;
    const before = getStoryRow(alpha.db(), id)!.viewCount;
    await openPage(id, cookies.benSon);
    await openPage(id, cookies.benSon);
    await openPage(id, cookies.staff);
    expect(getStoryRow(alpha.db(), id)!.viewCount).toBe(before + 1);
  });

  it("posts a comment with the form: field errors for blank text, a toast and redirect on success", async () => {
    const id = alpha.stories.adaPublished;
    const blank = await sendForm(id, { intent: "comment", content: "   " }, cookies.adaDaughter);
    expect(blank.data.status).toBe("error");
    expect(blank.data.error.content).toEqual(["Please write a comment"]);
    const ok = await sendForm(
      id,
      { intent: "comment", content: "From the form", emoji: "🙏", redirectTo: "/family" },
      cookies.adaDaughter,
    );
    expect(ok.status).toBe(302);
    expect(ok.response!.headers.get("Location")).toBe("/family");
    expect(ok.response!.headers.get("Set-Cookie")).toContain("storyloom_toast");
    expect(listComments(alpha.db(), id).at(-1)).toMatchObject({
      content: "From the form",
      emoji: "🙏",
    });
    const offsite = await sendForm(
      id,
      { intent: "comment", content: "Again", redirectTo: "https://evil.example/" },
      cookies.adaDaughter,
    );
    expect(offsite.response!.headers.get("Location")).toBe(`/stories/${id}#comments`);
    const refused = await sendForm(id, { intent: "comment", content: "Hi" }, cookies.benSon);
    expect(refused.status).toBe(403);
  });

  it("sets a reaction to the state the button offered, keeping the like count in step", async () => {
    const id = alpha.stories.benPublished;
    const count = () => getStoryRow(alpha.db(), id)!.likeCount;
    const react = (cookie: string, on: string) =>
      sendForm(id, { intent: "react", emoji: "👏", on }, cookie);
    expect((await react(cookies.benSon, "1")).status).toBe(302);
    expect(count()).toBe(1);
    const me = (await import("~/models/user.server")).findUserForLogin(
      alpha.users.benSon,
      alpha.community.id,
    )!;
    const mine = () => reactionSummary(alpha.db(), id, me.id).find((r) => r.emoji === "👏");
    expect(mine()).toMatchObject({ count: 1, mine: true });
    // pressed again from the same page (a double tap): still given, not undone
    expect((await react(cookies.benSon, "1")).status).toBe(302);
    expect(mine()).toMatchObject({ count: 1, mine: true });
    expect(count()).toBe(1);
    // "Remove your clap", twice: taken back once, and stays off
    await react(cookies.benSon, "0");
    await react(cookies.benSon, "0");
    expect(mine()).toMatchObject({ count: 0, mine: false });
    expect(count()).toBe(0);
    // a press that names no state is refused rather than guessed at
    const unsaid = await sendForm(id, { intent: "react", emoji: "👏" }, cookies.benSon);
    expect(unsaid.status).toBe(400);
    expect(count()).toBe(0);
    expect((await react(cookies.adaDaughter, "1")).status).toBe(403);
    expect(count()).toBe(0);
  });

  it("a form sent twice (a double tap on a page without JavaScript) adds one comment and lands one reaction", async () => {
    const id = alpha.stories.benPublished;
    const words = `Twice by accident ${Date.now()}`;
    const send = () => sendForm(id, { intent: "comment", content: words }, cookies.benSon);
    expect((await send()).status).toBe(302);
    expect((await send()).status).toBe(302);
    expect(listComments(alpha.db(), id).filter((c) => c.content === words)).toHaveLength(1);
    // different words, or the same words with another emoji, are another comment
    await sendForm(id, { intent: "comment", content: words, emoji: "🙏" }, cookies.benSon);
    expect(listComments(alpha.db(), id).filter((c) => c.content === words)).toHaveLength(2);
    // the API answers the comment already made, 200 rather than 201
    const again = await postComment(id, { content: words, emoji: null }, cookies.benSon);
    expect(again.status).toBe(200);
    expect(listComments(alpha.db(), id).filter((c) => c.content === words)).toHaveLength(2);

    const count = () => getStoryRow(alpha.db(), id)!.likeCount;
    const before = count();
    const press = (turn: string) =>
      sendForm(id, { intent: "react", emoji: "😊", turn }, cookies.benSon);
    await press("on");
    await press("on");
    expect(count()).toBe(before + 1);
    await press("off");
    await press("off");
    expect(count()).toBe(before);
  });

  it("lets a family member delete only their own comment, and staff any, after a confirmation", async () => {
    const id = alpha.stories.adaPublished;
    const mine = listComments(alpha.db(), id).find((c) => c.content === "From the form")!;
    const confirm = await openPage(id, cookies.adaDaughter, `?deleteComment=${mine.id}`);
    expect(confirm.data.confirming.id).toBe(mine.id);
    // someone else's comment cannot even be confirmed or deleted by another family member
    const ada = await cookieFor(alpha.origin, alpha.users.ada);
    expect((await openPage(id, ada, `?deleteComment=${mine.id}`)).data.confirming).toBeNull();
    const remove = (commentId: string, cookie: string) =>
      sendForm(id, { intent: "delete-comment", commentId }, cookie);
    expect((await remove(mine.id, ada)).status).toBe(404);
    expect((await remove(mine.id, cookies.adaDaughter)).status).toBe(302);
    expect(listComments(alpha.db(), id).some((c) => c.id === mine.id)).toBe(false);
    const other = listComments(alpha.db(), id)[0]!;
    expect((await remove(other.id, cookies.staff)).status).toBe(302);
    expect(listComments(alpha.db(), id).some((c) => c.id === other.id)).toBe(false);
  });
});
