// Email as a component: the queue sends through a real SMTP server (smtp-server in this process,
// messages parsed with mailparser), retries with growing pauses, gives up on a refusal, puts back
// what a stopped process was sending; without SMTP_URL every message is an .eml file in
// DATA_DIR/outbox/; the unsubscribe link works signed out, on its own community only.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  type Fixture,
} from "../helpers/home-fixture";
import { startMailbox, type TestMailbox } from "../helpers/smtp";
import {
  drainOutbox,
  enqueueEmail,
  requeueInterrupted,
  retryDelayMs,
} from "~/models/email-outbox.server";
import { getNotificationSettings } from "~/models/notification.server";
import { createStory } from "~/models/story.server";
import { getUserById } from "~/models/user.server";
import { controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import * as reviewRoute from "~/routes/_community+/admin+/stories.$storyId";
import * as unsubscribeRoute from "~/routes/_community+/unsubscribe.$token";
import * as devOutbox from "~/routes/_community+/dev.outbox";
import * as devOutboxFile from "~/routes/_community+/dev.outbox_.$id";

const t = tenantSchema;
let dir: string;
let mailbox: TestMailbox;
let alpha: Fixture;
let bravo: Fixture;
let admin: string;
let doraId: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  dir = useTempDataDir({ SMTP_URL: mailbox.url, DEV_LOGIN: "1" });
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo", "Bravo Court");
  admin = await cookieFor(alpha.origin, alpha.users.admin);
  doraId = getControlDb()
    .select()
    .from(controlSchema.users)
    .where(eq(controlSchema.users.username, alpha.users.adaDaughter))
    .get()!.id;
});
afterAll(async () => {
  await mailbox.close();
  cleanupDataDir(dir);
});

/** A new story of Ada's, approved by the administrator: Dora (family) gets an email queued. */
async function approvedStory(title: string) {
  const author = getUserById(
    getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, alpha.users.ada))
      .get()!.id,
  )!;
  const id = createStory(alpha.db(), {
    residentId: alpha.residents.ada,
    author: { id: author.id, username: author.username, displayName: "Ada" },
    title,
    content: `${title}, told slowly.`,
    category: "family",
  }).id;
  const res = await call(
    reviewRoute.action,
    postForm(`${alpha.origin}/admin/stories/${id}`, { intent: "approve" }, admin),
    { storyId: id },
  );
  expect(res.status).toBe(302);
  return id;
}

const rowsAbout = (title: string) =>
  alpha
    .db()
    .select()
    .from(t.emailOutbox)
    .all()
    .filter((r) => r.subject.includes(title));

describe("sending through SMTP", () => {
  it("delivers a plain-text and HTML message with the community's name, a link to the story and a one-click unsubscribe", async () => {
    const id = await approvedStory("The Lighthouse");
    const [row] = rowsAbout("The Lighthouse");
    expect(row!.status).toBe("queued");
    expect(mailbox.received).toHaveLength(0); // nothing is sent while the request runs
    const result = await drainOutbox(alpha.db(), alpha.community);
    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mail = mailbox.received.find((m) => m.subject?.includes("The Lighthouse"))!;
    expect(mail.from!.value[0]).toEqual({
      name: "Alpha House",
      address: "no-reply@storyloom.localhost",
    });
    expect((mail.to as { value: { address: string }[] }).value[0]!.address).toBe("dora@x.example");
    expect(mail.subject).toBe('Ada Lovelace shared a new story: "The Lighthouse"');
    expect(mail.messageId).toBe(`<${row!.id}@storyloom.localhost>`);
    const storyUrl = `http://alpha.storyloom.localhost:3000/stories/${id}`;
    expect(mail.text).toContain("Alpha House");
    expect(mail.text).toContain(storyUrl);
    expect(mail.html).toContain(`href="${storyUrl}"`);
    const unsubscribe =
      /http:\/\/alpha\.storyloom\.localhost:3000\/unsubscribe\/[A-Za-z0-9_.-]+/.exec(
        mail.text ?? "",
      )![0];
    expect(mail.html).toContain(unsubscribe);
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? "";
    expect(header("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(header("list-unsubscribe")).toContain(`<${unsubscribe}>`);
    expect(
      alpha.db().select().from(t.emailOutbox).where(eq(t.emailOutbox.id, row!.id)).get()!.status,
    ).toBe("sent");
    // sent once: draining again sends nothing
    expect(await drainOutbox(alpha.db(), alpha.community)).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
  });

  it("a mail server that says 'try later' gets the message again after a pause; one that refuses it for good, never", async () => {
    await approvedStory("The Tram Ride");
    mailbox.refuseNext(1, 451);
    const t0 = new Date();
    expect(await drainOutbox(alpha.db(), alpha.community, { now: () => t0 })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    const [waiting] = rowsAbout("The Tram Ride");
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting!.lastError).toContain("Try again later");
    expect(Date.parse(waiting!.nextAttemptAt) - t0.getTime()).toBe(30_000);
    // not before its time
    expect(
      await drainOutbox(alpha.db(), alpha.community, {
        now: () => new Date(t0.getTime() + 29_000),
      }),
    ).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(
      await drainOutbox(alpha.db(), alpha.community, {
        now: () => new Date(t0.getTime() + 31_000),
      }),
    ).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(rowsAbout("The Tram Ride")[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(mailbox.received.filter((m) => m.subject?.includes("The Tram Ride"))).toHaveLength(1);

    await approvedStory("The Cold Winter");
    mailbox.refuseNext(1, 550);
    expect(await drainOutbox(alpha.db(), alpha.community)).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    expect(rowsAbout("The Cold Winter")[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(
      await drainOutbox(alpha.db(), alpha.community, {
        now: () => new Date(Date.now() + 86_400_000),
      }),
    ).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("carries the community's name, never the product's: APP_NAME=Lifebook leaves no Storyloom", async () => {
    process.env.APP_NAME = "Lifebook";
    resetEnvForTests();
    try {
      await approvedStory("The Harbour Wall");
      await drainOutbox(alpha.db(), alpha.community);
      const mail = mailbox.received.find((m) => m.subject?.includes("The Harbour Wall"))!;
      expect(mail.from!.value[0]!.name).toBe("Alpha House");
      for (const part of [mail.subject, mail.text, mail.html, mail.from!.text])
        expect(part).not.toContain("Storyloom");
    } finally {
      delete process.env.APP_NAME;
      resetEnvForTests();
    }
  });

  it("pauses grow from 30 seconds to at most six hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 60 * 60_000);
  });

  it("a message a stopped process was sending goes back in the queue and is sent once", async () => {
    const id = enqueueEmail(alpha.db(), {
      kind: "notification",
      toUserId: null,
      toAddress: "someone@x.example",
      toName: null,
      subject: "Interrupted",
      text: "t",
      html: "<p>t</p>",
      unsubscribeUrl: null,
    })!;
    alpha
      .db()
      .update(t.emailOutbox)
      .set({ status: "sending", attempts: 1 })
      .where(eq(t.emailOutbox.id, id))
      .run();
    expect(await drainOutbox(alpha.db(), alpha.community)).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(requeueInterrupted(alpha.db())).toBe(1);
    expect(await drainOutbox(alpha.db(), alpha.community)).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(mailbox.received.filter((m) => m.subject === "Interrupted")).toHaveLength(1);
  });
});

describe("the worker", () => {
  it("sends what a request queued without being asked twice, then stops cleanly", async () => {
    const worker = await import("~/models/mail-worker.server");
    worker.startMailWorker({ digestCheckMs: 3_600_000 });
    try {
      await approvedStory("The Night Train");
      const t0 = Date.now();
      while (
        !mailbox.received.some((m) => m.subject?.includes("The Night Train")) &&
        Date.now() - t0 < 10_000
      )
        await new Promise((r) => setTimeout(r, 20));
      expect(mailbox.received.filter((m) => m.subject?.includes("The Night Train"))).toHaveLength(
        1,
      );
      // and the next one too (the worker is not stuck after its first round)
      await approvedStory("The Morning Ferry");
      const t1 = Date.now();
      while (
        !mailbox.received.some((m) => m.subject?.includes("The Morning Ferry")) &&
        Date.now() - t1 < 10_000
      )
        await new Promise((r) => setTimeout(r, 20));
      expect(mailbox.received.filter((m) => m.subject?.includes("The Morning Ferry"))).toHaveLength(
        1,
      );
    } finally {
      await worker.stopMailWorker();
    }
    await approvedStory("After Hours");
    await new Promise((r) => setTimeout(r, 300));
    expect(rowsAbout("After Hours")[0]!.status).toBe("queued");
    await drainOutbox(alpha.db(), alpha.community);
  });
});

describe("the unsubscribe link", () => {
  const tokenOf = (title: string) =>
    /\/unsubscribe\/([A-Za-z0-9_.-]+)/.exec(rowsAbout(title)[0]!.textBody)![1]!;

  it("opens signed out without changing anything, stops every email with one press, and can be undone", async () => {
    const token = tokenOf("The Lighthouse");
    const url = `${alpha.origin}/unsubscribe/${token}`;
    const page = await call(unsubscribeRoute.loader, get(url), { token });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ communityName: "Alpha House", emailMode: "immediate" });
    expect(getNotificationSettings(alpha.db(), { id: doraId, role: "family" }).emailMode).toBe(
      "immediate",
    );

    const done = await call(unsubscribeRoute.action, postForm(url, { intent: "unsubscribe" }), {
      token,
    });
    expect(done.status).toBe(302);
    expect(done.response!.headers.get("Location")).toBe(
      `/unsubscribe/${token}?done=unsubscribed&previous=immediate`,
    );
    expect(getNotificationSettings(alpha.db(), { id: doraId, role: "family" }).emailMode).toBe(
      "never",
    );
    // the next story is still under her bell, but no email is queued
    await approvedStory("The Quiet Harbour");
    expect(rowsAbout("The Quiet Harbour")).toEqual([]);
    expect(
      alpha
        .db()
        .select()
        .from(t.notifications)
        .where(eq(t.notifications.userId, doraId))
        .all()
        .some((n) => n.text.includes("The Quiet Harbour")),
    ).toBe(true);

    const undo = await call(
      unsubscribeRoute.action,
      postForm(url, { intent: "resubscribe", previous: "immediate" }),
      { token },
    );
    expect(undo.status).toBe(302);
    expect(getNotificationSettings(alpha.db(), { id: doraId, role: "family" }).emailMode).toBe(
      "immediate",
    );
  });

  it("answers a mail program's one-click POST (RFC 8058)", async () => {
    const token = tokenOf("The Lighthouse");
    const res = await call(
      unsubscribeRoute.action,
      postForm(`${alpha.origin}/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" }),
      { token },
    );
    expect(res.status).toBe(200);
    expect(getNotificationSettings(alpha.db(), { id: doraId, role: "family" }).emailMode).toBe(
      "never",
    );
    await call(
      unsubscribeRoute.action,
      postForm(`${alpha.origin}/unsubscribe/${token}`, {
        intent: "resubscribe",
        previous: "immediate",
      }),
      { token },
    );
  });

  it("is not found on another community's site, with a changed token, or for nobody", async () => {
    const token = tokenOf("The Lighthouse");
    expect(
      (await call(unsubscribeRoute.loader, get(`${bravo.origin}/unsubscribe/${token}`), { token }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          unsubscribeRoute.action,
          postForm(`${bravo.origin}/unsubscribe/${token}`, { intent: "unsubscribe" }),
          { token },
        )
      ).status,
    ).toBe(404);
    const [payload, mac] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify([alpha.community.id, "someone-else"])).toString("base64url")}.${mac}`;
    expect(
      (
        await call(unsubscribeRoute.loader, get(`${alpha.origin}/unsubscribe/${forged}`), {
          token: forged,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(unsubscribeRoute.loader, get(`${alpha.origin}/unsubscribe/${payload}.x`), {
          token: `${payload}.x`,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(unsubscribeRoute.loader, get(`${alpha.origin}/unsubscribe/junk`), {
          token: "junk",
        })
      ).status,
    ).toBe(404);
    expect(getNotificationSettings(alpha.db(), { id: doraId, role: "family" }).emailMode).toBe(
      "immediate",
    );
  });
});

describe("without a mail server", () => {
  it("writes each message as an .eml file in DATA_DIR/outbox/{community}/, the same file again on a retry, listed at /dev/outbox", async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    try {
      await approvedStory("Café Days");
      const [row] = rowsAbout("Café Days");
      expect(await drainOutbox(alpha.db(), alpha.community)).toEqual({
        sent: 1,
        retrying: 0,
        failed: 0,
      });
      const file = path.join(dir, "outbox", "alpha", `${row!.id}.eml`);
      const parsed = await simpleParser(fs.readFileSync(file));
      expect(parsed.subject).toBe('Ada Lovelace shared a new story: "Café Days"');
      expect(parsed.from!.value[0]!.name).toBe("Alpha House");
      expect(parsed.text).toContain("/unsubscribe/");
      expect(
        fs.readdirSync(path.join(dir, "outbox", "alpha")).filter((f) => f.startsWith(".tmp")),
      ).toEqual([]);
      // sent again (as after a crash between writing and marking it sent): the same file, not a second one
      const filesBefore = fs.readdirSync(path.join(dir, "outbox", "alpha")).length;
      alpha
        .db()
        .update(t.emailOutbox)
        .set({ status: "queued" })
        .where(eq(t.emailOutbox.id, row!.id))
        .run();
      expect(await drainOutbox(alpha.db(), alpha.community)).toEqual({
        sent: 1,
        retrying: 0,
        failed: 0,
      });
      expect(fs.readdirSync(path.join(dir, "outbox", "alpha")).length).toBe(filesBefore);

      const cookie = await cookieFor(alpha.origin, alpha.users.adaDaughter);
      const listed = await call(devOutbox.loader, get(`${alpha.origin}/dev/outbox`, cookie));
      expect(listed.data.files.map((f: { subject: string }) => f.subject)).toContain(
        'Ada Lovelace shared a new story: "Café Days"',
      );
      const raw = await call(
        devOutboxFile.loader,
        get(`${alpha.origin}/dev/outbox/${row!.id}`, cookie),
        { id: row!.id },
      );
      expect(await raw.response!.text()).toContain("Message-ID: <");
      // another community's members see only their own outbox
      const bravoCookie = await cookieFor(bravo.origin, bravo.users.adaDaughter);
      expect(
        (await call(devOutbox.loader, get(`${bravo.origin}/dev/outbox`, bravoCookie))).data.files,
      ).toEqual([]);
      expect(
        (
          await call(
            devOutboxFile.loader,
            get(`${bravo.origin}/dev/outbox/${row!.id}`, bravoCookie),
            { id: row!.id },
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await call(
            devOutboxFile.loader,
            get(`${alpha.origin}/dev/outbox/..%2F..%2Fcontrol`, cookie),
            { id: "../../control" },
          )
        ).status,
      ).toBe(404);

      // and with the development login off, there is no outbox page
      process.env.DEV_LOGIN = "0";
      resetEnvForTests();
      expect((await call(devOutbox.loader, get(`${alpha.origin}/dev/outbox`, cookie))).status).toBe(
        404,
      );
    } finally {
      process.env.SMTP_URL = mailbox.url;
      process.env.DEV_LOGIN = "1";
      resetEnvForTests();
    }
  });
});
