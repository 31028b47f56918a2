// A form sent after its session had ended is kept for the same browser and given back once, on
// its page, to the same person after they sign in again; never to anyone else, never after a day.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { buildCommunity, call, get, PASSWORD, type Fixture } from "../helpers/home-fixture";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { KEPT_FORM_MAX_BYTES, keptFieldsOf, pageOf } from "~/utils/kept-forms.server";
import * as root from "~/root";
import * as loginRoute from "~/routes/_auth+/login";
import * as storyRoute from "~/routes/_community+/stories+/$storyId";
import * as editStoryRoute from "~/routes/_community+/resident+/stories.$storyId.edit";
import * as newsNew from "~/routes/_community+/staff+/news.new";

let dir: string;
let alpha: Fixture;
let bravo: Fixture;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo", "Bravo Court");
});
afterAll(() => cleanupDataDir(dir));
beforeEach(() => {
  getControlDb().delete(controlSchema.keptForms).run();
});
afterEach(() => {
  vi.useRealTimers();
});

/** One browser's cookies, kept as a browser keeps them. */
class Browser {
  private jar = new Map<string, string>();
  constructor(readonly origin: string) {}
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone || pair!.slice(i + 1) === "") this.jar.delete(name);
      else this.jar.set(name, pair!.slice(i + 1));
    }
  }
  has(name: string) {
    return this.jar.has(name);
  }
  /** The browser lets a cookie go (a session cookie when it closes). */
  forget(name: string) {
    this.jar.delete(name);
  }
  async signIn(username: string, redirectTo = "") {
    const request = new Request(`${this.origin}/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password: PASSWORD, redirectTo }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: this.cookie },
    });
    const res = (await call(loginRoute.action, request)).response!;
    expect(res.status).toBe(302);
    this.take(res);
    return res.headers.get("Location");
  }
  /** A POST of a form; the response (a thrown redirect too) sets its cookies. */
  async post(
    action: (args: any) => unknown,
    path: string,
    body: URLSearchParams | FormData,
    params: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = { Cookie: this.cookie };
    if (body instanceof URLSearchParams)
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    const request = new Request(`${this.origin}${path}`, { method: "POST", body, headers });
    const out = await call(action, request, params);
    if (out.response) this.take(out.response);
    return out;
  }
  /** What the root loader hands the page at `path` as its kept form. */
  async kept(path: string) {
    const out = await call(root.loader, get(`${this.origin}${path}`, this.cookie));
    return out.data.kept as {
      page: string;
      intent: string | null;
      values: Record<string, string | string[]>;
      filesLeftOut: boolean;
    } | null;
  }
}

/** Ends every session of `username` as an idle limit would: the rows stay, long out of date. */
function endSessionsOf(username: string) {
  const db = getControlDb();
  const { sessions, users } = controlSchema;
  const user = db.select().from(users).where(eq(users.username, username)).get()!;
  db.update(sessions)
    .set({ lastSeenAt: "2000-01-01T00:00:00.000Z" })
    .where(eq(sessions.userId, user.id))
    .run();
}

function keptRows() {
  return getControlDb().select().from(controlSchema.keptForms).all();
}

const comment = (content: string) => new URLSearchParams({ intent: "comment", content, emoji: "" });

describe("a comment sent after the session ended", () => {
  it("goes back to sign-in with the story as its way back, and comes back once to the same person", async () => {
    const story = alpha.stories.adaPublished;
    const dora = new Browser(alpha.origin);
    await dora.signIn(alpha.users.adaDaughter);
    endSessionsOf(alpha.users.adaDaughter);
    const sent = await dora.post(
      storyRoute.action,
      `/stories/${story}`,
      comment("So proud of you, Mum"),
      { storyId: story },
    );
    expect(sent.status).toBe(302);
    expect(sent.response!.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/stories/${story}`)}`,
    );
    expect(dora.has("storyloom_kept")).toBe(true);
    // the sign-in page says why
    const login = await call(root.loader, get(`${alpha.origin}/login`, dora.cookie));
    expect(login.data.toast).toMatchObject({ title: "You were signed out" });
    // not signed in yet: nothing is handed out
    expect(await dora.kept(`/stories/${story}`)).toBeNull();

    expect(await dora.signIn(alpha.users.adaDaughter, `/stories/${story}`)).toBe(
      `/stories/${story}`,
    );
    // another page of hers does not get it
    expect(await dora.kept("/family")).toBeNull();
    const kept = await dora.kept(`/stories/${story}`);
    expect(kept).toEqual({
      page: `/stories/${story}`,
      intent: "comment",
      values: { content: "So proud of you, Mum", emoji: "" },
      filesLeftOut: false,
    });
    // once
    expect(await dora.kept(`/stories/${story}`)).toBeNull();
    expect(keptRows()).toHaveLength(0);
  });

  it("is thrown away when another user signs in on that browser", async () => {
    const story = alpha.stories.adaPublished;
    const shared = new Browser(alpha.origin);
    await shared.signIn(alpha.users.adaDaughter);
    endSessionsOf(alpha.users.adaDaughter);
    await shared.post(storyRoute.action, `/stories/${story}`, comment("Private words"), {
      storyId: story,
    });
    expect(keptRows()).toHaveLength(1);
    // her brother signs in on the same phone and opens the same page
    await shared.signIn(alpha.users.benSon, `/stories/${story}`);
    expect(await shared.kept(`/stories/${story}`)).toBeNull();
    expect(keptRows()).toHaveLength(0);
    // and it is gone for her too
    await shared.signIn(alpha.users.adaDaughter, `/stories/${story}`);
    expect(await shared.kept(`/stories/${story}`)).toBeNull();
  });

  it("goes only to this browser, on this site", async () => {
    const story = alpha.stories.adaPublished;
    const phone = new Browser(alpha.origin);
    await phone.signIn(alpha.users.adaDaughter);
    endSessionsOf(alpha.users.adaDaughter);
    await phone.post(storyRoute.action, `/stories/${story}`, comment("From my phone"), {
      storyId: story,
    });
    // her laptop, signed in as her, has no kept cookie
    const laptop = new Browser(alpha.origin);
    await laptop.signIn(alpha.users.adaDaughter);
    expect(await laptop.kept(`/stories/${story}`)).toBeNull();
    // the phone's cookie sent to another community's site finds nothing there
    const elsewhere = new Browser(bravo.origin);
    elsewhere.take(
      new Response(null, {
        headers: {
          "Set-Cookie": `storyloom_kept=${phone.cookie.match(/storyloom_kept=([^;]+)/)![1]}`,
        },
      }),
    );
    await elsewhere.signIn(bravo.users.adaDaughter);
    expect(await elsewhere.kept(`/stories/${story}`)).toBeNull();
    // still there for the phone
    await phone.signIn(alpha.users.adaDaughter);
    expect((await phone.kept(`/stories/${story}`))?.values.content).toBe("From my phone");
  });

  it("expires after a day", async () => {
    const story = alpha.stories.adaPublished;
    const dora = new Browser(alpha.origin);
    await dora.signIn(alpha.users.adaDaughter);
    endSessionsOf(alpha.users.adaDaughter);
    await dora.post(storyRoute.action, `/stories/${story}`, comment("Too late"), {
      storyId: story,
    });
    vi.useFakeTimers({ now: Date.now() + 24 * 3600_000 + 60_000, toFake: ["Date"] });
    await dora.signIn(alpha.users.adaDaughter, `/stories/${story}`);
    expect(await dora.kept(`/stories/${story}`)).toBeNull();
    // and the next keeping clears what is out of date
    endSessionsOf(alpha.users.adaDaughter);
    await dora.post(storyRoute.action, `/stories/${story}`, comment("Again"), {
      storyId: story,
    });
    expect(keptRows().map((r) => JSON.parse(r.fields))).toEqual([
      [
        ["content", "Again"],
        ["emoji", ""],
      ],
    ]);
    await dora.signIn(alpha.users.adaDaughter, `/stories/${story}`);
    expect((await dora.kept(`/stories/${story}`))?.values.content).toBe("Again");
  });

  it("keeps nothing for a tap on a reaction or a delete button", async () => {
    const story = alpha.stories.adaPublished;
    const dora = new Browser(alpha.origin);
    const react = await dora.post(
      storyRoute.action,
      `/stories/${story}`,
      new URLSearchParams({ intent: "react", emoji: "❤️", turn: "on" }),
      { storyId: story },
    );
    expect(react.status).toBe(302);
    await dora.post(
      storyRoute.action,
      `/stories/${story}`,
      new URLSearchParams({ intent: "delete-comment", commentId: "Zk3m2bq9YQ0vN8cT1wP4aA" }),
      { storyId: story },
    );
    expect(dora.has("storyloom_kept")).toBe(false);
    expect(keptRows()).toHaveLength(0);
  });
});

describe("a resident's story edit sent after the session ended", () => {
  it("keeps the text, not the photo, and gives it only to a member the page admits when whose session it was is not known", async () => {
    const story = alpha.stories.adaPending;
    const path = `/resident/stories/${story}/edit`;
    // no session cookie at all (a browser that dropped it): whose it was is not known
    const tablet = new Browser(alpha.origin);
    const form = new FormData();
    form.append("title", "Engines, again");
    form.append("category", "career");
    form.append("content", "I rewrote the part about the engines.");
    form.append("image", new File([new Uint8Array(2048)], "engine.jpg", { type: "image/jpeg" }));
    const sent = await tablet.post(editStoryRoute.action, path, form, { storyId: story });
    expect(sent.response!.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(path)}`,
    );
    const [row] = keptRows();
    expect(row).toMatchObject({ userId: null, roles: '["resident"]', filesLeftOut: true });
    // a family member signing in on that tablet is not one the edit page admits
    await tablet.signIn(alpha.users.adaDaughter, path);
    expect(await tablet.kept(path)).toBeNull();

    // the browser closes (its session cookie goes) and the form is sent again: Ada gets it back
    tablet.forget("storyloom_session");
    await tablet.post(editStoryRoute.action, path, form, { storyId: story });
    await tablet.signIn(alpha.users.ada, path);
    expect(await tablet.kept(path)).toEqual({
      page: path,
      intent: null,
      values: {
        title: "Engines, again",
        category: "career",
        content: "I rewrote the part about the engines.",
      },
      filesLeftOut: true,
    });
  });
});

describe("what is kept", () => {
  it("leaves out passwords, tokens, the honeypot and the form's bookkeeping, within the size cap", () => {
    const form = new FormData();
    for (const [k, v] of [
      ["intent", "comment"],
      ["redirectTo", "/x"],
      ["password", "hunter22"],
      ["newPassword", "hunter23"],
      ["csrf", "abc"],
      ["token", "t0k3n"],
      ["website", "spam"],
      ["content", "Words"],
    ])
      form.append(k!, v!);
    form.append("photo", new File(["x"], "a.jpg"));
    expect(keptFieldsOf(form)).toEqual({ fields: [["content", "Words"]], size: 12 });

    const big = new FormData();
    big.append("title", "Short");
    big.append("content", "x".repeat(KEPT_FORM_MAX_BYTES));
    expect(keptFieldsOf(big)!.fields).toEqual([["title", "Short"]]);
  });

  it("knows a form's page without the parameters Remix adds", () => {
    expect(pageOf(new URL("http://h/family?index&dialog=question"))).toBe(
      "/family?dialog=question",
    );
    expect(pageOf(new URL("http://h/stories/a?_routes=root,x"))).toBe("/stories/a");
    expect(pageOf(new URL("http://h/resident/stories/new?questionId=q%201"))).toBe(
      "/resident/stories/new?questionId=q%201",
    );
  });

  it("keeps a staff member's news post for her", async () => {
    const staff = new Browser(alpha.origin);
    await staff.signIn(alpha.users.staff);
    endSessionsOf(alpha.users.staff);
    await staff.post(
      newsNew.action,
      "/staff/news/new",
      new URLSearchParams({ title: "Garden party", content: "Saturday at three.", isPinned: "on" }),
    );
    const [row] = keptRows();
    expect(row!.userId).not.toBeNull();
    await staff.signIn(alpha.users.staff, "/staff/news/new");
    expect((await staff.kept("/staff/news/new"))?.values).toEqual({
      title: "Garden party",
      content: "Saturday at three.",
      isPinned: "on",
    });
  });
});
