// The weekly digest: who gets one (people who want email and have something new), what is in it,
// nothing in a quiet week, one per person per week, the schedule on the community's clock, and
// `npm run digest -- --dry-run` printing the same plan without sending.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { buildCommunity, type Fixture } from "../helpers/home-fixture";
import {
  getDigestSettings,
  saveDigestSchedule,
  setLastDigestAt,
} from "~/models/community-settings.server";
import { peopleByIds } from "~/models/community-people.server";
import { nextSlot } from "~/models/digest-schedule";
import {
  describePlan,
  nextScheduledDigest,
  planDigest,
  queueDigest,
  renderDigest,
  runScheduledDigest,
} from "~/models/digest.server";
import { addDaysToDate, todayInTimeZone } from "~/models/event-dates";
import { notifyPeople, setEmailMode } from "~/models/notification.server";
import { controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";

const t = tenantSchema;
let dir: string;
let delta: Fixture;
let echo: Fixture;
const userId = (username: string) =>
  getControlDb()
    .select()
    .from(controlSchema.users)
    .where(eq(controlSchema.users.username, username))
    .get()!.id;
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

beforeAll(async () => {
  dir = useTempDataDir();
  delta = await buildCommunity("delta", "Delta Gardens");
  echo = await buildCommunity("echo", "Echo Court");
  const db = delta.db();
  const today = todayInTimeZone(delta.community.timeZone);
  db.insert(t.calendarEvents)
    .values({
      id: "soon",
      title: "Sing-along",
      eventDate: addDaysToDate(today, 2),
      startTime: "15:00",
      isActive: true,
    })
    .run();
  db.insert(t.calendarEvents)
    .values({
      id: "off",
      title: "Cancelled outing",
      eventDate: addDaysToDate(today, 3),
      isActive: false,
    })
    .run();
  db.insert(t.calendarEvents)
    .values({
      id: "later",
      title: "Harvest supper",
      eventDate: addDaysToDate(today, 12),
      isActive: true,
    })
    .run();
});
afterAll(() => cleanupDataDir(dir));

describe("who gets a digest", () => {
  it("nobody in a quiet week", () => {
    const plan = planDigest(delta.db(), delta.community, {
      from: inAMinute(),
      to: new Date(Date.now() + 120_000).toISOString(),
    });
    expect(plan.recipients).toEqual([]);
    // the two family members want email (families do by default); staff and residents opt in
    expect(plan.quiet).toBe(2);
    expect(describePlan(delta.community, plan).at(-1)).toMatch(
      /^Nothing to send: nothing new for anyone \(2 people with email turned on\)\.$/,
    );
  });

  it("each family member with new stories of their resident, with the coming week's events; not people who chose never", () => {
    const plan = planDigest(delta.db(), delta.community, { from: hourAgo(), to: inAMinute() });
    const byName = Object.fromEntries(plan.recipients.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(["dora", "sam"]);
    expect(byName.dora!.stories.map((s) => s.title)).toEqual(["Engines"]);
    expect(byName.sam!.stories.map((s) => s.title)).toEqual(["Kites"]);
    expect(byName.dora!.events.map((e) => e.title)).toEqual(["Sing-along"]);
    const mail = renderDigest(delta.community, byName.dora!);
    expect(mail.subject).toBe("This week at Delta Gardens: a new story from Ada");
    expect(mail.text).toContain("New stories from Ada");
    expect(mail.text).toContain(
      `http://delta.storyloom.localhost:3000/stories/${delta.stories.adaPublished}`,
    );
    expect(mail.text).toContain("Coming up this week");
    expect(mail.text).toContain("Sing-along");
    expect(mail.text).not.toContain("Harvest supper");
    expect(mail.text).not.toContain("Cancelled outing");
    expect(mail.html).toContain("/unsubscribe/");

    setEmailMode(delta.db(), userId(delta.users.benSon), "never");
    const after = planDigest(delta.db(), delta.community, { from: hourAgo(), to: inAMinute() });
    expect(after.recipients.map((r) => r.name)).toEqual(["dora"]);
    setEmailMode(delta.db(), userId(delta.users.benSon), "digest");
  });

  it("everyone who wants email when a pinned post is new; notifications saved for the digest are listed and then marked", () => {
    const db = delta.db();
    db.insert(t.newsPosts)
      .values({
        id: "pin",
        title: "New visiting hours",
        content: "From Monday.",
        isPublished: true,
        isPinned: true,
      })
      .run();
    db.insert(t.newsPosts)
      .values({
        id: "draft",
        title: "Secret draft",
        content: "Not yet.",
        isPublished: false,
        isPinned: true,
      })
      .run();
    // the resident turns email on, once a week
    setEmailMode(db, userId(delta.users.ada), "digest");
    const [ada] = peopleByIds(delta.community.id, [userId(delta.users.ada)]);
    notifyPeople(db, delta.community, [ada!], () => ({
      kind: "comment",
      text: 'dora commented on your story "Engines"',
      link: `/stories/${delta.stories.adaPublished}#comments`,
      subjectId: delta.stories.adaPublished,
    }));
    const waiting = db
      .select()
      .from(t.notifications)
      .where(eq(t.notifications.userId, ada!.id))
      .all();
    expect(waiting.map((n) => n.emailState)).toEqual(["awaiting_digest"]);

    const plan = planDigest(db, delta.community, { from: hourAgo(), to: inAMinute() });
    const byName = Object.fromEntries(plan.recipients.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(["ada", "dora", "sam"]);
    expect(byName.ada!.pinned.map((p) => p.title)).toEqual(["New visiting hours"]);
    expect(byName.ada!.notices.map((n) => n.text)).toEqual([
      'dora commented on your story "Engines"',
    ]);
    expect(byName.ada!.stories).toEqual([]);
    const text = renderDigest(delta.community, byName.ada!).text;
    expect(text).toContain("Pinned news");
    expect(text).not.toContain("Secret draft");
    expect(text).toContain("Also for you");

    const queued = queueDigest(db, delta.community, plan);
    expect(queued).toBe(3);
    expect(
      db
        .select()
        .from(t.notifications)
        .where(eq(t.notifications.userId, ada!.id))
        .all()
        .map((n) => n.emailState),
    ).toEqual(["in_digest"]);
    expect(getDigestSettings(db).lastDigestAt).toBe(plan.window.to);
    // one per person per week, however often it is asked for
    expect(queueDigest(db, delta.community, plan)).toBe(0);
    expect(
      db.select().from(t.emailOutbox).where(eq(t.emailOutbox.kind, "digest")).all(),
    ).toHaveLength(3);
    // another community is not touched
    expect(echo.db().select().from(t.emailOutbox).all()).toEqual([]);
  });
});

describe("the schedule", () => {
  it("the first run only starts the clock; the digest goes at the chosen day and hour, once", () => {
    const db = echo.db();
    saveDigestSchedule(db, { day: 3, hour: 9 }, new Date(Date.now() - 30 * 86_400_000));
    const now = new Date();
    expect(runScheduledDigest(db, echo.community, now)).toBeNull();
    expect(getDigestSettings(db).lastDigestAt).toBe(now.toISOString());
    expect(runScheduledDigest(db, echo.community, new Date(now.getTime() + 1000))).toBeNull();
    const due = nextScheduledDigest(db, echo.community.timeZone)!;
    expect(due.toISOString()).toBe(
      nextSlot({ day: 3, hour: 9 }, echo.community.timeZone, now).toISOString(),
    );
    expect(
      new Intl.DateTimeFormat("en-US", {
        timeZone: echo.community.timeZone,
        weekday: "long",
        hour: "numeric",
        hourCycle: "h23",
      }).format(due),
    ).toBe("Wednesday, 09");

    // something new arrives, then the hour comes
    db.update(t.stories)
      .set({ publishedAt: new Date(now.getTime() + 5_000).toISOString() })
      .where(eq(t.stories.id, echo.stories.adaPublished))
      .run();
    const ran = runScheduledDigest(db, echo.community, new Date(due.getTime() + 60_000))!;
    expect(ran.queued).toBe(1);
    expect(ran.plan.recipients.map((r) => r.name)).toEqual(["dora"]);
    expect(ran.plan.window).toEqual({ from: now.toISOString(), to: due.toISOString() });
    expect(runScheduledDigest(db, echo.community, new Date(due.getTime() + 120_000))).toBeNull();
  });

  it("a slot before the schedule was changed is not sent", () => {
    const db = echo.db();
    const last = getDigestSettings(db).lastDigestAt!;
    const changedAt = new Date(Date.parse(last) + 8 * 86_400_000);
    saveDigestSchedule(db, { day: 1, hour: 8 }, changedAt);
    const slotBeforeChange = nextSlot({ day: 1, hour: 8 }, echo.community.timeZone, new Date(last));
    expect(slotBeforeChange.getTime()).toBeLessThan(changedAt.getTime());
    expect(runScheduledDigest(db, echo.community, new Date(changedAt.getTime() + 1000))).toBeNull();
    expect(nextScheduledDigest(db, echo.community.timeZone)!.getTime()).toBeGreaterThan(
      changedAt.getTime(),
    );
  });
});

describe("npm run digest", () => {
  const run = (args: string[]) =>
    execFileSync(
      process.execPath,
      ["--import", "tsx", path.resolve("scripts/digest.ts"), ...args],
      {
        env: { ...process.env, DATA_DIR: dir, NODE_ENV: "test" },
        encoding: "utf8",
      },
    );

  it("--dry-run prints who would get what and sends nothing; a real run sends; then the week is quiet", async () => {
    const foxtrot = await buildCommunity("foxtrot", "Foxtrot House");
    const db = foxtrot.db();
    // the last digest went out an hour ago; since then only Ben has a new story
    setLastDigestAt(db, hourAgo());
    db.update(t.stories)
      .set({ publishedAt: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where(eq(t.stories.id, foxtrot.stories.adaPublished))
      .run();

    const out = run(["--community", "foxtrot", "--dry-run"]);
    expect(out).toContain("Weekly digest for Foxtrot House (foxtrot)");
    expect(out).toMatch(/1 email; 1 person has nothing new:/);
    expect(out).toMatch(/to sam <sam@x\.example>: 1 new story, 0 coming events/);
    expect(out).not.toContain("dora@x.example");
    expect(out).toContain("Dry run: nothing was sent.");
    expect(db.select().from(t.emailOutbox).all()).toEqual([]);

    const sent = run(["--community", "foxtrot"]);
    expect(sent).toContain("Queued 1; sent 1.");
    const [row] = db.select().from(t.emailOutbox).all();
    expect(row).toMatchObject({ kind: "digest", toAddress: "sam@x.example", status: "sent" });
    expect(fs.existsSync(path.join(dir, "outbox", "foxtrot", `${row!.id}.eml`))).toBe(true);

    const quiet = run(["--community", "foxtrot", "--dry-run"]);
    expect(quiet).toMatch(
      /Nothing to send: nothing new for anyone \(2 people with email turned on\)\./,
    );
  });

  it("says so for an unknown community", () => {
    expect(() => run(["--community", "nowhere", "--dry-run"])).toThrow(
      /No community has the subdomain "nowhere"/,
    );
  });
});
