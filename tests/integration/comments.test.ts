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

const callApi = (fn: (args: any) => unknown, id: string, request: Request) =>
  call(fn, request, { id });
const callPage = (fn: (args: any) => unknown, id: string, request: Request) =>
  call(fn, request, { storyId: id });
const api = (id: string) => `${alpha.origin}/api/stories/${id}/comments`;
const page = (id: string) => `${alpha.origin}/stories/${id}`;

describe("POST /api/stories/{id}/comments", () => {
  it("lets a family member comment on their resident's published story, as themselves", async () => {
    const res = await callApi(
      commentsApi.action,
      alpha.stories.adaPublished,
      postJson(
        api(alpha.stories.adaPublished),
        { content: "  Lovely, Mum!  ", emoji: "❤️" },
        cookies.adaDaughter,
      ),
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
    expect(getStoryRow(alpha.db(), alpha.stories.adaPublished)!.likeCount).toBe(1);
    expect(
      listRecentActivity(alpha.db(), 5).some(
        (a) => a.type === "comment_added" && a.subjectId === alpha.stories.adaPublished,
      ),
    ).toBe(true);
    const list = await (
      await callApi(
        commentsApi.loader,
        alpha.stories.adaPublished,
        get(api(alpha.stories.adaPublished), cookies.benSon),
      )
    ).response!.json();
    expect(list.map((c: { content: string }) => c.content)).toEqual(["Lovely, Mum!"]);
  });

  it("accepts a comment without a reaction, and refuses blank text or an emoji outside the eight", async () => {
    expect(
      (
        await callApi(
          commentsApi.action,
          alpha.stories.adaPublished,
          postJson(
            api(alpha.stories.adaPublished),
            { content: "No emoji", emoji: null },
            cookies.adaDaughter,
          ),
        )
      ).status,
    ).toBe(201);
    const blank = await callApi(
      commentsApi.action,
      alpha.stories.adaPublished,
      postJson(
        api(alpha.stories.adaPublished),
        { content: "   \n ", emoji: "❤️" },
        cookies.adaDaughter,
      ),
    );
    expect(blank.status).toBe(400);
    expect(await blank.response!.text()).toContain("Please write a comment");
    const odd = await callApi(
      commentsApi.action,
      alpha.stories.adaPublished,
      postJson(
        api(alpha.stories.adaPublished),
        { content: "Hi", emoji: "🦄" },
        cookies.adaDaughter,
      ),
    );
    expect(odd.status).toBe(400);
  });

  it("refuses other residents' families (403), staff (403), unpublished stories (404) and other communities (404)", async () => {
    const body = { content: "Hello", emoji: "👍" };
    expect(
      (
        await callApi(
          commentsApi.action,
          alpha.stories.adaPublished,
          postJson(api(alpha.stories.adaPublished), body, cookies.benSon),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callApi(
          commentsApi.action,
          alpha.stories.adaPublished,
          postJson(api(alpha.stories.adaPublished), body, cookies.staff),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callApi(
          commentsApi.action,
          alpha.stories.adaPublished,
          postJson(api(alpha.stories.adaPublished), body, cookies.admin),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callApi(
          commentsApi.action,
          alpha.stories.adaPending,
          postJson(api(alpha.stories.adaPending), body, cookies.adaDaughter),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await callApi(
          commentsApi.action,
          "no-such-story",
          postJson(api("no-such-story"), body, cookies.adaDaughter),
        )
      ).status,
    ).toBe(404);
    // a story id of another community is unknown here
    expect(
      (
        await callApi(
          commentsApi.action,
          bravo.stories.adaPublished,
          postJson(api(bravo.stories.adaPublished), body, cookies.adaDaughter),
        )
      ).status,
    ).toBe(404);
    // and a member of another community is not signed in here
    expect(
      (
        await callApi(
          commentsApi.action,
          alpha.stories.adaPublished,
          postJson(api(alpha.stories.adaPublished), body, cookies.bravoDaughter),
        )
      ).status,
    ).toBe(401);
    expect(
      listComments(alpha.db(), alpha.stories.adaPublished).every((c) => c.content !== "Hello"),
    ).toBe(true);
  });

  it("hides the comments of an unpublished story from families", async () => {
    expect(
      (
        await callApi(
          commentsApi.loader,
          alpha.stories.adaPending,
          get(api(alpha.stories.adaPending), cookies.adaDaughter),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await callApi(
          commentsApi.loader,
          alpha.stories.adaPending,
          get(api(alpha.stories.adaPending), cookies.ada),
        )
      ).status,
    ).toBe(200);
  });
});

describe("the story page", () => {
  it("shows a published story to every member, and the comment form only to the resident's family", async () => {
    const own = await callPage(
      storyRoute.loader,
      alpha.stories.adaPublished,
      get(page(alpha.stories.adaPublished), cookies.adaDaughter),
    );
    expect(own.data.story.title).toBe("Engines");
    expect(own.data.canRespond).toBe(true);
    expect(own.data.comments.length).toBeGreaterThan(0);
    const other = await callPage(
      storyRoute.loader,
      alpha.stories.adaPublished,
      get(page(alpha.stories.adaPublished), cookies.benSon),
    );
    expect(other.data.canRespond).toBe(false);
    const staff = await callPage(
      storyRoute.loader,
      alpha.stories.adaPublished,
      get(page(alpha.stories.adaPublished), cookies.staff),
    );
    expect(staff.data.canRespond).toBe(false);
  });

  it("shows a story under review only to its resident, staff and administrators", async () => {
    expect(
      (
        await callPage(
          storyRoute.loader,
          alpha.stories.adaPending,
          get(page(alpha.stories.adaPending), cookies.adaDaughter),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await callPage(
          storyRoute.loader,
          alpha.stories.adaPending,
          get(page(alpha.stories.adaPending), cookies.ada),
        )
      ).data.story.isPublished,
    ).toBe(false);
    expect(
      (
        await callPage(
          storyRoute.loader,
          alpha.stories.adaPending,
          get(page(alpha.stories.adaPending), cookies.staff),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await callPage(
          storyRoute.loader,
          alpha.stories.adaPending,
          get(page(alpha.stories.adaPending), cookies.admin),
        )
      ).status,
    ).toBe(200);
  });

  it("counts a family member's visit once a day", async () => {
    const before = getStoryRow(alpha.db(), alpha.stories.benPublished)!.viewCount;
    await callPage(
      storyRoute.loader,
      alpha.stories.benPublished,
      get(page(alpha.stories.benPublished), cookies.benSon),
    );
    await callPage(
      storyRoute.loader,
      alpha.stories.benPublished,
      get(page(alpha.stories.benPublished), cookies.benSon),
    );
    await callPage(
      storyRoute.loader,
      alpha.stories.benPublished,
      get(page(alpha.stories.benPublished), cookies.staff),
    );
    expect(getStoryRow(alpha.db(), alpha.stories.benPublished)!.viewCount).toBe(before + 1);
  });

  it("posts a comment with the form: field errors for blank text, a toast and redirect on success", async () => {
    const blank = await call(
      storyRoute.action,
      postForm(
        page(alpha.stories.adaPublished),
        { intent: "comment", content: "   " },
        cookies.adaDaughter,
      ),
      { storyId: alpha.stories.adaPublished },
    );
    expect(blank.data.status).toBe("error");
    expect(blank.data.error.content).toEqual(["Please write a comment"]);
    const ok = await call(
      storyRoute.action,
      postForm(
        page(alpha.stories.adaPublished),
        { intent: "comment", content: "From the form", emoji: "🙏", redirectTo: "/family" },
        cookies.adaDaughter,
      ),
      { storyId: alpha.stories.adaPublished },
    );
    expect(ok.status).toBe(302);
    expect(ok.response!.headers.get("Location")).toBe("/family");
    expect(ok.response!.headers.get("Set-Cookie")).toContain("storyloom_toast");
    expect(listComments(alpha.db(), alpha.stories.adaPublished).at(-1)).toMatchObject({
      content: "From the form",
      emoji: "🙏",
    });
    const offsite = await call(
      storyRoute.action,
      postForm(
        page(alpha.stories.adaPublished),
        { intent: "comment", content: "Again", redirectTo: "https://evil.example/" },
        cookies.adaDaughter,
      ),
      { storyId: alpha.stories.adaPublished },
    );
    expect(offsite.response!.headers.get("Location")).toBe(
      `/stories/${alpha.stories.adaPublished}#comments`,
    );
    const refused = await call(
      storyRoute.action,
      postForm(
        page(alpha.stories.adaPublished),
        { intent: "comment", content: "Hi" },
        cookies.benSon,
      ),
      { storyId: alpha.stories.adaPublished },
    );
    expect(refused.status).toBe(403);
  });

  it("toggles a reaction and keeps the like count in step", async () => {
    const id = alpha.stories.benPublished;
    const count = () => getStoryRow(alpha.db(), id)!.likeCount;
    const react = (cookie: string) =>
      call(storyRoute.action, postForm(page(id), { intent: "react", emoji: "👏" }, cookie), {
        storyId: id,
      });
    expect((await react(cookies.benSon)).status).toBe(302);
    expect(count()).toBe(1);
    const me = (await import("~/models/user.server")).findUserForLogin(
      alpha.users.benSon,
      alpha.community.id,
    )!;
    expect(reactionSummary(alpha.db(), id, me.id).find((r) => r.emoji === "👏")).toMatchObject({
      count: 1,
      mine: true,
    });
    await react(cookies.benSon);
    expect(count()).toBe(0);
    expect((await react(cookies.adaDaughter)).status).toBe(403);
    expect(count()).toBe(0);
  });

  it("a form sent twice (a double tap on a page without JavaScript) adds one comment and lands one reaction", async () => {
    const id = alpha.stories.benPublished;
    const words = `Twice by accident ${Date.now()}`;
    const send = () =>
      call(
        storyRoute.action,
        postForm(page(id), { intent: "comment", content: words }, cookies.benSon),
        { storyId: id },
      );
    expect((await send()).status).toBe(302);
    expect((await send()).status).toBe(302);
    expect(listComments(alpha.db(), id).filter((c) => c.content === words)).toHaveLength(1);
    // different words, or the same words with another emoji, are another comment
    await call(
      storyRoute.action,
      postForm(page(id), { intent: "comment", content: words, emoji: "🙏" }, cookies.benSon),
      { storyId: id },
    );
    expect(listComments(alpha.db(), id).filter((c) => c.content === words)).toHaveLength(2);
    // the API answers the comment already made, 200 rather than 201
    const again = await callApi(
      commentsApi.action,
      id,
      postJson(api(id), { content: words, emoji: null }, cookies.benSon),
    );
    expect(again.status).toBe(200);
    expect(listComments(alpha.db(), id).filter((c) => c.content === words)).toHaveLength(2);

    const count = () => getStoryRow(alpha.db(), id)!.likeCount;
    const before = count();
    const press = (turn: string) =>
      call(
        storyRoute.action,
        postForm(page(id), { intent: "react", emoji: "😊", turn }, cookies.benSon),
        { storyId: id },
      );
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
    const confirm = await call(
      storyRoute.loader,
      get(`${page(id)}?deleteComment=${mine.id}`, cookies.adaDaughter),
      { storyId: id },
    );
    expect(confirm.data.confirming.id).toBe(mine.id);
    // someone else's comment cannot even be confirmed or deleted by another family member
    const ada = await cookieFor(alpha.origin, alpha.users.ada);
    expect(
      (
        await call(storyRoute.loader, get(`${page(id)}?deleteComment=${mine.id}`, ada), {
          storyId: id,
        })
      ).data.confirming,
    ).toBeNull();
    expect(
      (
        await call(
          storyRoute.action,
          postForm(page(id), { intent: "delete-comment", commentId: mine.id }, ada),
          { storyId: id },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          storyRoute.action,
          postForm(page(id), { intent: "delete-comment", commentId: mine.id }, cookies.adaDaughter),
          { storyId: id },
        )
      ).status,
    ).toBe(302);
    expect(listComments(alpha.db(), id).some((c) => c.id === mine.id)).toBe(false);
    const other = listComments(alpha.db(), id)[0]!;
    expect(
      (
        await call(
          storyRoute.action,
          postForm(page(id), { intent: "delete-comment", commentId: other.id }, cookies.staff),
          { storyId: id },
        )
      ).status,
    ).toBe(302);
    expect(listComments(alpha.db(), id).some((c) => c.id === other.id)).toBe(false);
  });
});
