// One family account sending comments, reactions, questions and photos as fast as it can: the
// models keep each person within their limits for the screens and the API alike (429 with
// Retry-After for the API, the form's message with what was typed for the screens), and the others
// get at most one email about a story in ten minutes, the rest in the next one. Real SQLite files,
// the routes' own actions, and a real SMTP server in this process.
import { linksOfAccount } from "~/models/family-links.server";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  PASSWORD,
  postForm,
  postJson,
  type Fixture,
} from "../helpers/home-fixture";
import { phoneJpegWithGps } from "../helpers/images";
import { startMailbox, type TestMailbox } from "../helpers/smtp";
import { recordActivity } from "~/models/activity.server";
import { addComment, deleteComment, setReaction } from "~/models/comment.server";
import { drainOutbox } from "~/models/email-outbox.server";
import { notifyComment } from "~/models/notification-events.server";
import { EMAIL_SPACING_MS, saveNotificationSettings } from "~/models/notification.server";
import { PersonLimitError } from "~/models/person-limits.server";
import { createUser, getUserById } from "~/models/user.server";
import { closeAllDatabases, controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/auth.server";
import * as commentsApi from "~/routes/api+/stories.$id.comments";
import * as questionsApi from "~/routes/api+/family.questions";
import * as photosApi from "~/routes/api+/family.photos";
import * as storyRoute from "~/routes/_community+/stories+/$storyId";
import * as familyPage from "~/routes/_community+/family+/_index";

const t = tenantSchema;
const MINUTE = 60_000;
let dir: string;
let mailbox: TestMailbox;
let alpha: Fixture;
const cookies = {} as Record<"dora" | "eli" | "sam", string>;
const ids = {} as Record<"dora" | "eli" | "ada", string>;

const userId = (username: string) =>
  getControlDb()
    .select()
    .from(controlSchema.users)
    .where(eq(controlSchema.users.username, username))
    .get()!.id;

beforeAll(async () => {
  mailbox = await startMailbox();
  dir = useTempDataDir({ SMTP_URL: mailbox.url });
  alpha = await buildCommunity("alpha");
  // a second family member of Ada's, who has commented on her story before the flood
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
  cookies.dora = await cookieFor(alpha.origin, alpha.users.adaDaughter);
  cookies.eli = await cookieFor(alpha.origin, "alpha.eli");
  cookies.sam = await cookieFor(alpha.origin, alpha.users.benSon);
  ids.dora = userId(alpha.users.adaDaughter);
  ids.eli = userId("alpha.eli");
  ids.ada = userId(alpha.users.ada);
  // Ada wants her email right away too
  saveNotificationSettings(
    alpha.db(),
    { id: ids.ada, role: "resident" },
    { enabledKinds: ["comment", "reaction"], emailMode: "immediate" },
  );
});
afterAll(async () => {
  await mailbox.close();
  cleanupDataDir(dir);
});

const story = () => alpha.stories.adaPublished;
const commentsUrl = () => `${alpha.origin}/api/stories/${story()}/comments`;
const pageUrl = () => `${alpha.origin}/stories/${story()}`;
const commentsBy = (userId: string) =>
  alpha.db().select().from(t.comments).where(eq(t.comments.authorUserId, userId)).all();
const outboxTo = (address: string) =>
  alpha
    .db()
    .select()
    .from(t.emailOutbox)
    .where(and(eq(t.emailOutbox.toAddress, address), like(t.emailOutbox.dedupeKey, "about:%")))
    .all()
    .sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt));
const received = (address: string) =>
  mailbox.received.filter((m) =>
    (m.to as { value: { address: string }[] }).value.some((v) => v.address === address),
  );
const sessionUser = (id: string) => {
  const u = getUserById(id)!;
  return {
    id: u.id,
    role: u.role,
    residentId: u.residentId,
    familyMemberIds: linksOfAccount(u.tenantId!, u.id)
      .filter((l) => l.confirmedAt)
      .map((l) => l.familyMemberId),
    displayName: u.displayName,
    username: u.username,
  } as Pick<
    SessionUser,
    "id" | "role" | "residentId" | "familyMemberIds" | "displayName" | "username"
  >;
};
/** Moves a person's activity back in time, as if it had happened `ms` earlier. */
function moveActivityBack(userId: string, type: string, ms: number) {
  alpha
    .db()
    .$client.prepare(
      `UPDATE activity SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?) WHERE actor_user_id = ? AND type = ?`,
    )
    .run(`-${ms / 1000} seconds`, userId, type);
}

let floodStartedAt: Date;

describe("300 comments from one account in a burst", () => {
  it("stores ten (the minute's limit) and answers the rest 429 with Retry-After; the page's form says so and keeps the words", async () => {
    // Eli took part in the conversation before: he is told of new comments
    const first = await call(
      commentsApi.action,
      postJson(commentsUrl(), { content: "Lovely engines, Mum." }, cookies.eli),
      { id: story() },
    );
    expect(first.status).toBe(201);

    floodStartedAt = new Date();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call(
          commentsApi.action,
          postJson(commentsUrl(), { content: `Comment number ${i + 1}` }, cookies.dora),
          { id: story() },
        ),
      ),
    );
    const took = performance.now() - started;
    const statuses = answers.map((a) => a.status);
    console.log(
      `300 comments in ${took.toFixed(0)} ms: ${statuses.filter((s) => s === 201).length} stored, ${statuses.filter((s) => s === 429).length} refused`,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(290);
    expect(commentsBy(ids.dora)).toHaveLength(10);

    const refused = answers.find((a) => a.status === 429)!.response!;
    expect(refused.headers.get("Content-Type")).toBe("application/json");
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      message:
        "You've posted a lot of comments in a short time. Please wait a minute and try again.",
      retryAfterSeconds: wait,
    });

    // the story page's form obeys the same limit: the message, and the words kept in the box
    const page = await call(
      storyRoute.action,
      postForm(
        pageUrl(),
        { intent: "comment", content: "One more from the page", emoji: "❤️" },
        cookies.dora,
      ),
      { storyId: story() },
    );
    expect(page.status).toBe(429);
    expect(page.data.error[""]).toEqual([
      "You've posted a lot of comments in a short time. Please wait a minute and try again.",
    ]);
    expect(page.data.initialValue).toMatchObject({
      content: "One more from the page",
      emoji: "❤️",
    });
    expect(commentsBy(ids.dora)).toHaveLength(10);
  });

  it("the others get one email about the story now and one more ten minutes later with the rest", async () => {
    // per recipient and story: an email now, and one held for the end of the ten minutes
    for (const address of ["eli@x.example", "ada@x.example"]) {
      const rows = outboxTo(address);
      expect(rows).toHaveLength(2);
      const gap = Date.parse(rows[1]!.nextAttemptAt) - Date.parse(rows[0]!.nextAttemptAt);
      expect(gap).toBeGreaterThanOrEqual(EMAIL_SPACING_MS);
    }
    // Eli has all ten under the bell: one emailed, nine held for the next email
    const eliNotes = alpha
      .db()
      .select()
      .from(t.notifications)
      .where(and(eq(t.notifications.userId, ids.eli), eq(t.notifications.kind, "comment")))
      .all();
    expect(eliNotes).toHaveLength(10);
    expect(eliNotes.filter((n) => n.emailState === "queued")).toHaveLength(1);
    expect(eliNotes.filter((n) => n.emailState === "held")).toHaveLength(9);

    // now: one email each
    expect(await drainOutbox(alpha.db(), alpha.community)).toMatchObject({ sent: 2, failed: 0 });
    expect(received("eli@x.example").map((m) => m.subject)).toEqual([
      'Dora Lovelace commented on "Engines"',
    ]);
    expect(received("ada@x.example").map((m) => m.subject)).toEqual([
      'Eli Lovelace commented on your story "Engines"',
    ]);

    // nine minutes on: still nothing more
    const nineLater = new Date(floodStartedAt.getTime() + 9 * MINUTE);
    expect(await drainOutbox(alpha.db(), alpha.community, { now: () => nineLater })).toMatchObject({
      sent: 0,
    });

    // ten minutes on: the held notifications, one email each
    const tenLater = new Date(floodStartedAt.getTime() + EMAIL_SPACING_MS + 5_000);
    expect(await drainOutbox(alpha.db(), alpha.community, { now: () => tenLater })).toMatchObject({
      sent: 2,
      failed: 0,
    });
    const eli = received("eli@x.example");
    expect(eli).toHaveLength(2);
    expect(eli[1]!.subject).toBe('9 new notifications about "Engines"');
    expect(eli[1]!.text).toContain('Dora Lovelace commented on "Engines" (9 times)');
    expect(eli[1]!.text).toContain(`http://alpha.storyloom.localhost:3000/stories/${story()}`);
    const ada = received("ada@x.example");
    expect(ada).toHaveLength(2);
    expect(ada[1]!.subject).toBe('10 new notifications about your story "Engines"');
    expect(ada[1]!.text).toContain('Dora Lovelace commented on your story "Engines" (10 times)');
    // Dora, who wrote them, got nothing
    expect(received("dora@x.example")).toEqual([]);
  });

  it("what happens later waits for the next ten minutes after the last email, then goes at once", async () => {
    const dora = { id: ids.dora, displayName: "Dora Lovelace" };
    const followUpAt = floodStartedAt.getTime() + EMAIL_SPACING_MS;
    // two minutes after the follow-up: held for the end of the next ten minutes
    notifyComment(
      alpha.db(),
      alpha.community,
      story(),
      { id: "c-later", content: "Still thinking about the engines" },
      dora,
      new Date(followUpAt + 2 * MINUTE),
    );
    const eliRows = outboxTo("eli@x.example");
    expect(eliRows).toHaveLength(3);
    expect(Date.parse(eliRows[2]!.nextAttemptAt) - followUpAt).toBeGreaterThanOrEqual(
      EMAIL_SPACING_MS,
    );
    // the nine the follow-up carried count as emailed now; the new one is held
    const states = alpha
      .db()
      .select({ state: t.notifications.emailState })
      .from(t.notifications)
      .where(eq(t.notifications.userId, ids.eli))
      .all()
      .map((n) => n.state);
    expect(states.filter((s) => s === "held")).toHaveLength(1);
    expect(states.filter((s) => s === "queued")).toHaveLength(10);

    const secondFollowUp = new Date(followUpAt + EMAIL_SPACING_MS + 1_000);
    await drainOutbox(alpha.db(), alpha.community, { now: () => secondFollowUp });
    expect(received("eli@x.example").at(-1)!.subject).toBe('Dora Lovelace commented on "Engines"');
    expect(received("eli@x.example").at(-1)!.text).toContain("Still thinking about the engines");

    // a quiet ten minutes after that: the next comment is emailed at once
    const quiet = new Date(followUpAt + 2 * EMAIL_SPACING_MS + 2_000);
    notifyComment(
      alpha.db(),
      alpha.community,
      story(),
      { id: "c-quiet", content: "Good night" },
      dora,
      quiet,
    );
    const last = outboxTo("eli@x.example").at(-1)!;
    expect(last.dedupeKey).toBe(`about:${ids.eli}:${story()}:${quiet.toISOString()}`);
    expect(last.nextAttemptAt).toBe(quiet.toISOString());
    await drainOutbox(alpha.db(), alpha.community, { now: () => quiet });
    expect(received("eli@x.example").at(-1)!.text).toContain("Good night");
    // never two emails about the story within ten minutes
    const sent = outboxTo("eli@x.example").map((r) =>
      Date.parse(r.dedupeKey!.split(`${story()}:`)[1]!.replace(/:later$/, "")),
    );
    for (let i = 1; i < sent.length; i++)
      expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(EMAIL_SPACING_MS);
  });
});

describe("the limits", () => {
  it("hold after a restart: the count is in the community's database", async () => {
    closeAllDatabases();
    const again = await call(
      commentsApi.action,
      postJson(commentsUrl(), { content: "After the restart" }, cookies.dora),
      { id: story() },
    );
    expect(again.status).toBe(429);
  });

  it("comments: 100 a day, whatever was deleted; the wait is then in hours", () => {
    const dora = sessionUser(ids.dora);
    // a minute later, ten more fit, and so on to a hundred
    for (let batch = 1; batch < 10; batch++) {
      moveActivityBack(ids.dora, "comment_added", 2 * MINUTE);
      for (let i = 0; i < 10; i++)
        addComment(alpha.db(), dora, story(), { content: `Batch ${batch}, comment ${i}` });
    }
    expect(commentsBy(ids.dora)).toHaveLength(100);
    moveActivityBack(ids.dora, "comment_added", 2 * MINUTE);
    // deleting comments does not give the day's comments back
    for (const c of commentsBy(ids.dora).slice(0, 5))
      deleteComment(alpha.db(), dora, c.id, story());
    let refusal: unknown;
    try {
      addComment(alpha.db(), dora, story(), { content: "The hundred and first" });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PersonLimitError);
    const error = refusal as PersonLimitError;
    expect(error.message).toMatch(
      /^You've posted a lot of comments in one day\. Please wait \d+ hours and try again\.$/,
    );
    expect(error.retryAfterSeconds).toBeGreaterThan(20 * 3600);
    // the same words sent again are still the comment already there, not a new one
    const repeat = addComment(alpha.db(), dora, story(), { content: "Batch 9, comment 9" });
    expect(repeat.repeated).toBe(true);
  });

  it("reactions: 60 presses a minute, then the page says so and nothing changes", async () => {
    const press = (turn: string) =>
      call(
        storyRoute.action,
        postForm(pageUrl(), { intent: "react", emoji: "👏", turn }, cookies.eli),
        { storyId: story() },
      );
    for (let i = 0; i < 60; i++) expect((await press(i % 2 ? "off" : "on")).status).toBe(302);
    const refused = await press("on");
    expect(refused.status).toBe(302);
    expect(refused.response!.headers.get("Location")).toBe(`/stories/${story()}#reactions`);
    const toast = refused
      .response!.headers.getSetCookie()
      .find((c) => c.startsWith("storyloom_toast="))!;
    const flash = JSON.parse(
      Buffer.from(
        decodeURIComponent(toast.split(";")[0]!.slice("storyloom_toast=".length)).split(".")[0]!,
        "base64",
      ).toString("utf8"),
    ).__flash_toast__;
    expect(flash).toMatchObject({
      type: "error",
      title: "You've reacted a lot in a short time. Please wait a minute and try again.",
    });
    const mine = alpha
      .db()
      .select()
      .from(t.reactions)
      .where(and(eq(t.reactions.userId, ids.eli), eq(t.reactions.emoji, "👏")))
      .all();
    expect(mine).toEqual([]); // the 60th press took it off; the refused one did not put it back
    // a minute later it is pressed again
    expect(
      setReaction(
        alpha.db(),
        sessionUser(ids.eli),
        story(),
        "👏",
        "on",
        new Date(Date.now() + MINUTE + 1000),
      ),
    ).toEqual({ on: true, changed: true });
  });

  it("questions: 10 an hour, from the API (429) and the family page (the question kept)", async () => {
    const ask = (question: string) =>
      call(
        questionsApi.action,
        postJson(`${alpha.origin}/api/family/questions`, { question }, cookies.sam),
      );
    for (let i = 1; i <= 10; i++) expect((await ask(`Question ${i}?`)).status).toBe(201);
    const refused = await ask("Question 11?");
    expect(refused.status).toBe(429);
    expect(Number(refused.response!.headers.get("Retry-After"))).toBeGreaterThan(55 * 60);
    expect((await refused.response!.json()).message).toBe(
      "You've asked a lot of questions in a short time. Please wait an hour and try again.",
    );
    const page = await call(
      familyPage.action,
      new Request(`${alpha.origin}/family?dialog=question`, {
        method: "POST",
        body: new URLSearchParams({ intent: "ask-question", question: "What was your first job?" }),
        headers: { Cookie: cookies.sam, "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(page.status).toBe(429);
    expect(page.data.error[""]![0]).toMatch(/^You've asked a lot of questions in a short time\./);
    expect(page.data.initialValue.question).toBe("What was your first job?");
    expect(
      alpha
        .db()
        .select()
        .from(t.familyQuestions)
        .where(eq(t.familyQuestions.familyMemberId, alpha.family.benSon))
        .all(),
    ).toHaveLength(10);
    // an hour on, another
    moveActivityBack(userId(alpha.users.benSon), "question_asked", 60 * MINUTE);
    expect((await ask("Question 11?")).status).toBe(201);
  });

  it("photos: 30 an hour, refused before the picture is stored, from the API and the family page", async () => {
    const sam = userId(alpha.users.benSon);
    for (let i = 0; i < 30; i++)
      recordActivity(alpha.db(), {
        type: "photo_shared",
        summary: "Sam Franklin shared a photo",
        values: { name: "Sam Franklin" },
        subjectId: `photo-${i}`,
        actor: { id: sam, displayName: "Sam Franklin" },
      });
    const mediaBefore = alpha.db().select().from(t.media).all().length;
    const photo = await phoneJpegWithGps(300, 200);
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      body.append("photo", new File([new Uint8Array(photo)], "kites.jpg", { type: "image/jpeg" }));
      return body;
    };
    const api = await call(
      photosApi.action,
      new Request(`${alpha.origin}/api/family/photos`, {
        method: "POST",
        body: form({ description: "Kites" }),
        headers: { Cookie: cookies.sam },
      }),
    );
    expect(api.status).toBe(429);
    expect(api.response!.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await api.response!.json()).message).toBe(
      "You've shared a lot of photos in a short time. Please wait an hour and try again.",
    );
    const page = await call(
      familyPage.action,
      new Request(`${alpha.origin}/family?dialog=photo`, {
        method: "POST",
        body: form({ intent: "share-photo", description: "Kites on the hill" }),
        headers: { Cookie: cookies.sam },
      }),
    );
    expect(page.status).toBe(429);
    expect(page.data.error[""]![0]).toMatch(/^You've shared a lot of photos in a short time\./);
    expect(page.data.initialValue.description).toBe("Kites on the hill");
    expect(alpha.db().select().from(t.media).all()).toHaveLength(mediaBefore);
    expect(alpha.db().select().from(t.familyPhotos).all()).toEqual([]);
  });
});
