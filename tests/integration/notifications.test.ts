// Notifications: who is told what when a story is reviewed, a comment or reaction is given, a
// question is answered or a post is pinned; the bell, the page that marks them read, the API, and
// each person's settings. Real SQLite files, the routes' own loaders and actions.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  PASSWORD,
  postForm,
  postJson,
  type Fixture,
} from "../helpers/home-fixture";
import { createStory } from "~/models/story.server";
import { createUser, getUserById } from "~/models/user.server";
import { controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";
import * as root from "~/root";
import * as reviewRoute from "~/routes/_community+/admin+/stories.$storyId";
import * as storyRoute from "~/routes/_community+/stories+/$storyId";
import * as notificationsApi from "~/routes/api+/notifications";
import * as notificationsPage from "~/routes/_community+/notifications+/_index";
import * as settingsPage from "~/routes/_community+/notifications+/settings";
import * as newsApi from "~/routes/api+/community-news";
import * as eventsApi from "~/routes/api+/calendar-events";
import * as familyQuestionsApi from "~/routes/api+/family.questions";
import * as residentStoriesApi from "~/routes/api+/resident.stories";

const t = tenantSchema;
let dir: string;
let alpha: Fixture;
let bravo: Fixture;
const cookies = {} as Record<
  "admin" | "staff" | "ada" | "adaDaughter" | "benSon" | "adaSon" | "bravoDaughter",
  string
>;
const ids = {} as Record<"admin" | "staff" | "ada" | "adaDaughter" | "benSon" | "adaSon", string>;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo", "Bravo Court");
  // a second family member of Ada's
  alpha
    .db()
    .insert(t.familyMembers)
    .values({
      id: "alpha-f-ada-2",
      residentId: alpha.residents.ada,
      name: "Eli Lovelace",
      email: "eli@x.example",
      relationship: "Son",
    })
    .run();
  await createUser({
    tenantId: alpha.community.id,
    username: "alpha.eli",
    email: "eli@x.example",
    displayName: "Eli Lovelace",
    role: "family",
    password: PASSWORD,
    familyMemberId: "alpha-f-ada-2",
  });
  for (const [key, username] of Object.entries({ ...alpha.users, adaSon: "alpha.eli" })) {
    cookies[key as keyof typeof cookies] = await cookieFor(alpha.origin, username);
  }
  cookies.bravoDaughter = await cookieFor(bravo.origin, bravo.users.adaDaughter);
  for (const [key, username] of Object.entries({ ...alpha.users, adaSon: "alpha.eli" })) {
    ids[key as keyof typeof ids] = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, username))
      .get()!.id;
  }
});
afterAll(() => cleanupDataDir(dir));

const notes = (userId: string) =>
  alpha.db().select().from(t.notifications).where(eq(t.notifications.userId, userId)).all();
const outboxTo = (address: string) =>
  alpha.db().select().from(t.emailOutbox).where(eq(t.emailOutbox.toAddress, address)).all();

function pendingStory(title: string) {
  const author = getUserById(ids.ada)!;
  return createStory(alpha.db(), {
    residentId: alpha.residents.ada,
    author: { id: author.id, username: author.username, displayName: "Ada Lovelace" },
    title,
    content: `${title}: a story worth telling.`,
    category: "family",
  }).id;
}

async function review(storyId: string, intent: string, extra: Record<string, string> = {}) {
  const res = await call(
    reviewRoute.action,
    postForm(`${alpha.origin}/admin/stories/${storyId}`, { intent, ...extra }, cookies.admin),
    { storyId },
  );
  expect(res.status).toBe(302);
}

describe("a reviewed story", () => {
  it("approved: its resident hears it was approved, each of its family that it is new; nobody else; an email is queued for the family", async () => {
    const id = pendingStory("The Harvest Fair");
    await review(id, "approve");
    expect(
      notes(ids.ada)
        .filter((n) => n.subjectId === id)
        .map((n) => [n.kind, n.text, n.link]),
    ).toEqual([["story_approved", 'Your story "The Harvest Fair" was approved', `/stories/${id}`]]);
    for (const family of [ids.adaDaughter, ids.adaSon]) {
      expect(
        notes(family)
          .filter((n) => n.subjectId === id)
          .map((n) => [n.kind, n.text]),
      ).toEqual([["new_story", 'Ada Lovelace shared a new story: "The Harvest Fair"']]);
    }
    for (const other of [ids.benSon, ids.admin, ids.staff])
      expect(notes(other).filter((n) => n.subjectId === id)).toEqual([]);
    // families get email right away by default; the resident and the care team opt in
    const mail = outboxTo("dora@x.example").filter((m) => m.subject.includes("The Harvest Fair"));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: "notification", status: "queued", toName: "dora" });
    expect(mail[0]!.textBody).toContain(`http://alpha.storyloom.localhost:3000/stories/${id}`);
    expect(outboxTo("ada@x.example")).toEqual([]);
    expect(notes(ids.adaDaughter).find((n) => n.subjectId === id)!.emailState).toBe("queued");

    // approving it again (already published) tells nobody twice
    await review(id, "approve");
    expect(notes(ids.adaDaughter).filter((n) => n.subjectId === id)).toHaveLength(1);
  });

  it("not approved: only the resident hears it, with the note, and a link to edit; featured: the resident again", async () => {
    const id = pendingStory("A Rough Draft");
    await review(id, "reject", { reviewNote: "Please add the year it happened." });
    const rejected = notes(ids.ada).filter((n) => n.subjectId === id);
    expect(rejected.map((n) => [n.kind, n.text, n.link])).toEqual([
      [
        "story_rejected",
        'Your story "A Rough Draft" was not approved',
        `/resident/stories/${id}/edit`,
      ],
    ]);
    expect(notes(ids.adaDaughter).filter((n) => n.subjectId === id)).toEqual([]);

    await review(alpha.stories.adaPublished, "unfeature");
    await review(alpha.stories.adaPublished, "feature");
    expect(
      notes(ids.ada)
        .filter((n) => n.subjectId === alpha.stories.adaPublished && n.kind === "story_featured")
        .map((n) => n.text),
    ).toEqual(['Your story "Engines" is featured']);
    expect(notes(ids.adaDaughter).filter((n) => n.kind === "story_featured")).toEqual([]);
  });

  it("answering a family question: the asker hears it was answered (not that it is new); the others that it is new", async () => {
    const asked = await call(
      familyQuestionsApi.action,
      postJson(
        `${alpha.origin}/api/family/questions`,
        { question: "Where did you learn to dance?" },
        cookies.adaDaughter,
      ),
    );
    expect(asked.status).toBe(201);
    const questionId = (await asked.response!.json()).id as string;
    const written = await call(
      residentStoriesApi.action,
      postJson(
        `${alpha.origin}/api/resident/stories`,
        {
          title: "The Dance Hall",
          content: "At the Palais, in 1952.",
          category: "love",
          questionId,
        },
        cookies.ada,
      ),
    );
    expect(written.status).toBe(201);
    const storyId = (await written.response!.json()).id as string;
    expect(notes(ids.adaDaughter).filter((n) => n.subjectId === storyId)).toEqual([]);
    await review(storyId, "approve");
    expect(
      notes(ids.adaDaughter)
        .filter((n) => n.subjectId === storyId)
        .map((n) => [n.kind, n.text]),
    ).toEqual([
      ["question_answered", 'Ada answered your question with the story "The Dance Hall"'],
    ]);
    expect(
      notes(ids.adaSon)
        .filter((n) => n.subjectId === storyId)
        .map((n) => n.kind),
    ).toEqual(["new_story"]);
    const mail = outboxTo("dora@x.example").find((m) => m.subject.includes("The Dance Hall"))!;
    expect(mail.textBody).toContain("> Where did you learn to dance?");
  });
});

describe("comments and reactions", () => {
  const page = (id: string) => `${alpha.origin}/stories/${id}`;

  it("a comment tells the story's resident and the others who commented, never the one who wrote it", async () => {
    const id = alpha.stories.adaPublished;
    const first = await call(
      storyRoute.action,
      postForm(page(id), { intent: "comment", content: "What engines, Mum!" }, cookies.adaDaughter),
      { storyId: id },
    );
    expect(first.status).toBe(302);
    expect(
      notes(ids.ada)
        .filter((n) => n.kind === "comment")
        .map((n) => [n.text, n.link]),
    ).toEqual([['Dora Lovelace commented on your story "Engines"', `/stories/${id}#comments`]]);
    expect(notes(ids.adaDaughter).filter((n) => n.kind === "comment")).toEqual([]);
    expect(notes(ids.adaSon).filter((n) => n.kind === "comment")).toEqual([]);

    await call(
      storyRoute.action,
      postForm(page(id), { intent: "comment", content: "I remember the noise." }, cookies.adaSon),
      { storyId: id },
    );
    expect(
      notes(ids.adaDaughter)
        .filter((n) => n.kind === "comment")
        .map((n) => n.text),
    ).toEqual(['Eli Lovelace commented on "Engines"']);
    expect(notes(ids.ada).filter((n) => n.kind === "comment")).toHaveLength(2);
    expect(notes(ids.adaSon).filter((n) => n.kind === "comment")).toEqual([]);
    const email = outboxTo("dora@x.example").find(
      (m) => m.subject === 'Eli Lovelace commented on "Engines"',
    )!;
    expect(email.textBody).toContain("> I remember the noise.");
  });

  it("a reaction tells them once while unread, however often it is pressed; taking it back tells nobody", async () => {
    const id = alpha.stories.adaPublished;
    const react = (on: "1" | "0") =>
      call(
        storyRoute.action,
        postForm(page(id), { intent: "react", emoji: "👏", on }, cookies.adaSon),
        { storyId: id },
      );
    await react("1"); // on
    await react("1"); // pressed again: stays on
    await react("0"); // taken back
    await react("1"); // on again
    const told = notes(ids.ada).filter((n) => n.kind === "reaction");
    expect(told.map((n) => n.text)).toEqual([
      'Eli Lovelace reacted 👏 (clap) to your story "Engines"',
    ]);
    expect(notes(ids.adaDaughter).filter((n) => n.kind === "reaction")).toHaveLength(1);
    expect(notes(ids.adaSon).filter((n) => n.kind === "reaction")).toEqual([]);
  });

  it("who reacted: the story page lists the names under each reaction", async () => {
    const id = alpha.stories.adaPublished;
    await call(
      storyRoute.action,
      postForm(page(id), { intent: "react", emoji: "❤️", on: "1" }, cookies.adaDaughter),
      { storyId: id },
    );
    const res = await call(storyRoute.loader, get(page(id), cookies.benSon), { storyId: id });
    const byEmoji = Object.fromEntries(
      (res.data.reactions as { emoji: string; people: string[] }[]).map((r) => [r.emoji, r.people]),
    );
    expect(byEmoji["👏"]).toEqual(["Eli Lovelace"]);
    expect(byEmoji["❤️"]).toEqual(["Dora Lovelace"]);
    expect(byEmoji["😢"]).toEqual([]);
  });
});

describe("the bell, the page and the API", () => {
  it("the bell counts unread notifications; /api/notifications lists the person's own, newest first; the page marks them read", async () => {
    const unread = async (cookie: string) =>
      (await call(root.loader, get(`${alpha.origin}/`, cookie))).data.user.unread as number;
    const before = await unread(cookies.adaDaughter);
    expect(before).toBe(notes(ids.adaDaughter).filter((n) => !n.readAt).length);
    expect(before).toBeGreaterThan(2);

    const api = await call(
      notificationsApi.loader,
      get(`${alpha.origin}/api/notifications`, cookies.adaDaughter),
    );
    const list = (await api.response!.json()) as {
      kind: string;
      text: string;
      link: string;
      read: boolean;
      createdAt: string;
    }[];
    expect(list).toHaveLength(notes(ids.adaDaughter).length);
    expect(Object.keys(list[0]!).sort()).toEqual([
      "createdAt",
      "id",
      "kind",
      "link",
      "read",
      "text",
    ]);
    expect(list.map((n) => n.createdAt)).toEqual(
      [...list.map((n) => n.createdAt)].sort().reverse(),
    );
    expect(list.every((n) => n.read === false)).toBe(true);
    // nobody else's
    const mine = new Set(notes(ids.adaDaughter).map((n) => n.id));
    expect(list.every((n) => mine.has((n as unknown as { id: string }).id))).toBe(true);

    // on the page itself the bell already says 0, and what was new is labelled new once
    const onPage = await call(
      root.loader,
      get(`${alpha.origin}/notifications`, cookies.adaDaughter),
    );
    expect(onPage.data.user.unread).toBe(0);
    const shown = await call(
      notificationsPage.loader,
      get(`${alpha.origin}/notifications`, cookies.adaDaughter),
    );
    expect(shown.data.items.filter((n: { read: boolean }) => !n.read)).toHaveLength(before);
    expect(await unread(cookies.adaDaughter)).toBe(0);
    const again = await call(
      notificationsPage.loader,
      get(`${alpha.origin}/notifications`, cookies.adaDaughter),
    );
    expect(again.data.items.every((n: { read: boolean }) => n.read)).toBe(true);
    // Eli's are still unread
    expect(await unread(cookies.adaSon)).toBeGreaterThan(0);
  });

  it("is refused signed out, and another community's member sees only their own (none of alpha's)", async () => {
    expect(
      (await call(notificationsApi.loader, get(`${alpha.origin}/api/notifications`))).status,
    ).toBe(401);
    expect(
      (
        await call(
          notificationsApi.loader,
          get(`${alpha.origin}/api/notifications`, cookies.bravoDaughter),
        )
      ).status,
    ).toBe(401);
    const theirs = await call(
      notificationsApi.loader,
      get(`${bravo.origin}/api/notifications`, cookies.bravoDaughter),
    );
    expect(await theirs.response!.json()).toEqual([]);
  });
});

describe("pinned news and settings", () => {
  it("a pinned post tells everyone but its writer once; turned-off kinds tell nobody; the weekly choice holds the email for the digest", async () => {
    // Dora does not want pinned news; Sam wants email once a week only
    const saveDora = await call(
      settingsPage.action,
      postForm(
        `${alpha.origin}/notifications/settings`,
        { kinds: "new_story", emailMode: "immediate" },
        cookies.adaDaughter,
      ),
    );
    expect(saveDora.status).toBe(302);
    const benForm = new URLSearchParams([
      ["kinds", "pinned_post"],
      ["kinds", "comment"],
      ["emailMode", "digest"],
    ]);
    const saveBen = await call(
      settingsPage.action,
      new Request(`${alpha.origin}/notifications/settings`, {
        method: "POST",
        body: benForm,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies.benSon },
      }),
    );
    expect(saveBen.status).toBe(302);
    const shown = await call(
      settingsPage.loader,
      get(`${alpha.origin}/notifications/settings`, cookies.benSon),
    );
    expect(shown.data.emailMode).toBe("digest");
    expect(
      shown.data.kinds.filter((k: { on: boolean }) => k.on).map((k: { kind: string }) => k.kind),
    ).toEqual(["comment", "pinned_post"]);
    const bad = await call(
      settingsPage.action,
      postForm(
        `${alpha.origin}/notifications/settings`,
        { kinds: "everything", emailMode: "hourly" },
        cookies.benSon,
      ),
    );
    expect(bad.status).toBe(200);
    expect(JSON.stringify(bad.data)).toContain("Your settings were not saved");

    const created = await call(
      newsApi.action,
      postJson(
        `${alpha.origin}/api/community-news`,
        {
          title: "Garden Party on Saturday",
          content: "Lemonade at three.",
          isPublished: true,
          isPinned: true,
        },
        cookies.admin,
      ),
    );
    expect(created.status).toBe(201);
    const postId = (await created.response!.json()).id as string;
    const told = (id: string) =>
      notes(id).filter((n) => n.kind === "pinned_post" && n.subjectId === postId);
    for (const id of [ids.staff, ids.ada, ids.adaSon, ids.benSon])
      expect(told(id).map((n) => [n.text, n.link])).toEqual([
        ['New pinned news: "Garden Party on Saturday"', `/news/${postId}`],
      ]);
    expect(told(ids.admin)).toEqual([]);
    expect(told(ids.adaDaughter)).toEqual([]);
    expect(told(ids.benSon)[0]!.emailState).toBe("awaiting_digest");
    expect(outboxTo("sam@x.example").filter((m) => m.subject.includes("Garden Party"))).toEqual([]);
    expect(
      outboxTo("eli@x.example").filter((m) => m.subject.includes("Garden Party")),
    ).toHaveLength(1);
    // another community hears nothing of it
    expect(bravo.db().select().from(t.notifications).all()).toEqual([]);
  });

  it("a draft tells nobody until it is published and pinned", async () => {
    const created = await call(
      newsApi.action,
      postJson(
        `${alpha.origin}/api/community-news`,
        { title: "Draft: bus trip", content: "Details soon.", isPublished: false, isPinned: true },
        cookies.admin,
      ),
    );
    const postId = (await created.response!.json()).id as string;
    expect(
      alpha.db().select().from(t.notifications).where(eq(t.notifications.subjectId, postId)).all(),
    ).toEqual([]);
    const editNews = await import("~/routes/_community+/admin+/news.$postId");
    const res = await call(
      editNews.action,
      postForm(
        `${alpha.origin}/admin/news/${postId}`,
        {
          title: "Bus trip to the coast",
          content: "Leaving at nine.",
          isPublished: "on",
          isPinned: "on",
        },
        cookies.admin,
      ),
      { postId },
    );
    expect(res.status).toBe(302);
    expect(
      alpha
        .db()
        .select()
        .from(t.notifications)
        .where(and(eq(t.notifications.subjectId, postId), eq(t.notifications.userId, ids.staff)))
        .all()
        .map((n) => n.text),
    ).toEqual(['New pinned news: "Bus trip to the coast"']);
  });
});

describe("news and events through the API", () => {
  it("families and residents get published posts and active events only; the care team everything", async () => {
    const db = alpha.db();
    db.insert(t.calendarEvents)
      .values({ id: "ev-on", title: "Choir", eventDate: "2031-05-01", isActive: true })
      .run();
    db.insert(t.calendarEvents)
      .values({ id: "ev-off", title: "Cancelled picnic", eventDate: "2031-05-02", isActive: false })
      .run();
    const titles = async (fn: (a: any) => unknown, path: string, cookie: string) =>
      (
        (await (await call(fn, get(`${alpha.origin}${path}`, cookie))).response!.json()) as {
          title: string;
        }[]
      ).map((x) => x.title);
    for (const who of [cookies.adaDaughter, cookies.ada]) {
      const news = await titles(newsApi.loader, "/api/community-news", who);
      expect(news).toContain("Garden Party on Saturday");
      expect(news.some((x) => x.startsWith("Draft"))).toBe(false);
      const events = await titles(eventsApi.loader, "/api/calendar-events", who);
      expect(events).toContain("Choir");
      expect(events).not.toContain("Cancelled picnic");
    }
    const adminEvents = await titles(eventsApi.loader, "/api/calendar-events", cookies.staff);
    expect(adminEvents).toContain("Cancelled picnic");
    // writing stays with the care team
    expect(
      (
        await call(
          newsApi.action,
          postJson(
            `${alpha.origin}/api/community-news`,
            { title: "x", content: "y" },
            cookies.adaDaughter,
          ),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          eventsApi.action,
          postJson(
            `${alpha.origin}/api/calendar-events`,
            { title: "x", eventDate: "2031-01-01" },
            cookies.ada,
          ),
        )
      ).status,
    ).toBe(403);
  });
});
