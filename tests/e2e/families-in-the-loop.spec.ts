// Families in the loop, with JavaScript on and off: news and events, the bell and the
// notifications page, the email a family member gets when a story is approved (read back from the
// .eml file the server writes without SMTP_URL), the unsubscribe link signed out, the gazette PDF,
// and `npm run digest -- --dry-run`. Each project makes its own data and uses its own people.
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { simpleParser, type ParsedMail } from "mailparser";
import { test, expect, signIn, httpRequest, sessionCookie, origin, PORT } from "./support/fixtures";
import { api, dayIn, uid } from "./support/api";

const dataDir = path.resolve(`test-data/e2e-${PORT}`);
const nojs = () => test.info().project.name === "nojs";

/** Waits for the .eml the worker writes for this recipient and subject, and parses it. */
async function emailTo(sub: string, address: string, subjectPart: string): Promise<ParsedMail> {
  const dir = path.join(dataDir, "outbox", sub);
  const t0 = Date.now();
  while (Date.now() - t0 < 20_000) {
    if (fs.existsSync(dir)) {
      for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
        const raw = fs.readFileSync(path.join(dir, f));
        if (!raw.includes(address)) continue;
        const mail = await simpleParser(raw);
        if (
          mail.subject?.includes(subjectPart) &&
          (mail.to as { text: string } | undefined)?.text.includes(address)
        )
          return mail;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no email to ${address} about "${subjectPart}"`);
}

function emailMode(sub: string, username: string): string | null {
  const control = new Database(path.join(dataDir, "control.sqlite"), { readonly: true });
  const user = control.prepare("select id from users where username = ?").get(username) as {
    id: string;
  };
  control.close();
  const db = new Database(path.join(dataDir, "tenants", `${sub}.sqlite`), { readonly: true });
  const row = db
    .prepare("select email_mode as m from notification_settings where user_id = ?")
    .get(user.id) as { m: string | null } | undefined;
  db.close();
  return row?.m ?? null;
}

test.describe("news and events", () => {
  test("a family member reads a pinned post and sees tomorrow's event; drafts and other days stay out", async ({
    page,
  }) => {
    const id = uid();
    const family = nojs() ? "tom.ellis" : "sarah.ellis";
    const pinned = `Garden party on the lawn ${id}`;
    const draft = `Bus timetable, not yet ready ${id}`;
    const eventTitle = `Harp concert ${id}`;
    const cancelled = `Cancelled bus trip ${id}`;
    expect(
      (
        await api("linda.admin", "/api/community-news", "POST", {
          title: pinned,
          content: `Lemonade on the lawn at three.\n\nBring a hat. ${id}`,
          isPublished: true,
          isPinned: true,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api("linda.admin", "/api/community-news", "POST", {
          title: draft,
          content: "Still being written.",
          isPublished: false,
          isPinned: true,
        })
      ).status,
    ).toBe(201);
    const tomorrow = dayIn("America/Los_Angeles", 1);
    expect(
      (
        await api("linda.admin", "/api/calendar-events", "POST", {
          title: eventTitle,
          eventDate: tomorrow,
          startTime: "15:00",
          endTime: "16:00",
          location: "Sun room",
        })
      ).status,
    ).toBe(201);
    const off = await api("marcus", "/api/calendar-events", "POST", {
      title: cancelled,
      eventDate: tomorrow,
      startTime: "10:00",
    });
    const cookie = await sessionCookie("linda.admin");
    const cancel = await httpRequest({
      path: `/admin/calendar/${off.json.id}`,
      method: "POST",
      cookie,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin("sunnybrook"),
      },
      body: "intent=cancel",
    });
    expect(cancel.status).toBe(302);

    await signIn(page, family);
    await page.goto("/family");
    await expect(
      page.getByTestId("community-board").getByRole("link", { name: pinned }),
    ).toBeVisible();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "News" })
      .click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    // pinned posts first: the first post on the page is a pinned one, and ours is among the pinned
    await expect(page.getByTestId("news-post").first()).toContainText("Pinned");
    await expect(page.getByTestId("news-post").filter({ hasText: pinned })).toContainText("Pinned");
    await expect(page.getByText(draft)).toHaveCount(0);
    await page.getByRole("link", { name: pinned }).click();
    await expect(page.getByRole("heading", { level: 1, name: pinned })).toBeVisible();
    await expect(page.getByText("Bring a hat.", { exact: false })).toBeVisible();

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Events" })
      .click();
    await expect(page).toHaveURL(/\/events$/);
    const day = page
      .getByTestId("event-day")
      .filter({ has: page.getByRole("heading", { level: 2, name: /^Tomorrow/ }) });
    await expect(day.getByRole("heading", { name: eventTitle })).toBeVisible();
    await expect(day.getByTestId("event").filter({ hasText: eventTitle })).toContainText(
      "3:00 PM – 4:00 PM · Sun room",
    );
    await expect(day.getByTestId("event").filter({ hasText: cancelled })).toContainText(
      "Cancelled",
    );

    // a draft's own page is not found outside the admin area; the JSON API agrees
    const draftId = (await api("linda.admin", "/api/community-news")).json.find(
      (p: { title: string }) => p.title === draft,
    ).id;
    expect((await page.goto(`/news/${draftId}`))?.status()).toBe(404);
    const seen = (await api(family, "/api/community-news")).json.map(
      (p: { title: string }) => p.title,
    );
    expect(seen).toContain(pinned);
    expect(seen).not.toContain(draft);
    const events = (await api(family, "/api/calendar-events")).json.map(
      (e: { title: string }) => e.title,
    );
    expect(events).toContain(eventTitle);
    expect(events).not.toContain(cancelled);
  });
});

test.describe("notifications and email", () => {
  test("an administrator approves a story: the family member has an unread notification and an email; its unsubscribe link works signed out", async ({
    page,
    browser,
  }) => {
    const id = uid();
    const [family, address] = nojs()
      ? ["tom.ellis", "tom.ellis@family.example"]
      : ["sarah.ellis", "sarah.ellis@family.example"];
    const title = `The county fair ${id}`;
    const made = await api("margaret.ellis", "/api/resident/stories", "POST", {
      title,
      content: `We showed a calf at the county fair. ${id}`,
      category: "childhood",
    });
    expect(made.status, made.text).toBe(201);

    await signIn(page, "linda.admin");
    await page.goto("/admin/stories");
    await page
      .getByTestId("pending-story")
      .filter({ hasText: title })
      .getByRole("link", { name: `Review ${title}` })
      .click();
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("Story approved");

    await page.context().clearCookies();
    await signIn(page, family);
    await page.goto("/family");
    await expect(page.getByRole("link", { name: /^Notifications, \d+ unread$/ })).toBeVisible();
    await page.getByRole("link", { name: /^Notifications, \d+ unread$/ }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const item = page
      .getByTestId("notification")
      .filter({ hasText: `Margaret Ellis shared a new story: "${title}"` });
    await expect(item).toContainText("New");
    // this page marks them read: its bell says so
    await expect(page.getByRole("link", { name: "Notifications, none unread" })).toBeVisible();
    await item.getByRole("link", { name: `Margaret Ellis shared a new story: "${title}"` }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const api2 = (await api(family, "/api/notifications")).json as {
      text: string;
      read: boolean;
      link: string;
      kind: string;
    }[];
    expect(api2.find((n) => n.text.includes(title))).toMatchObject({
      kind: "new_story",
      read: true,
      link: `/stories/${made.json.id}`,
    });

    const mail = await emailTo("sunnybrook", address, title);
    expect(mail.subject).toBe(`Margaret Ellis shared a new story: "${title}"`);
    expect(mail.from!.value[0]!.name).toMatch(/Sunnybrook/);
    expect(mail.text).toContain(`${origin("sunnybrook")}/stories/${made.json.id}`);
    const unsubscribe = new RegExp(
      `${origin("sunnybrook").replace(/[.]/g, "\\.")}/unsubscribe/[A-Za-z0-9_.-]+`,
    ).exec(mail.text ?? "")![0];

    // signed out, in a fresh browser
    const stranger = await browser.newContext({ javaScriptEnabled: !nojs() });
    const p2 = await stranger.newPage();
    await p2.goto(unsubscribe);
    await expect(
      p2.getByRole("heading", { level: 1, name: /^Stop emails from Sunnybrook/ }),
    ).toBeVisible();
    expect(emailMode("sunnybrook", family)).not.toBe("never");
    await p2.getByRole("button", { name: "Unsubscribe from all emails" }).click();
    await expect(p2.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    expect(emailMode("sunnybrook", family)).toBe("never");
    await p2.getByRole("button", { name: "Get emails again" }).click();
    await expect(p2.getByRole("heading", { level: 1, name: "Emails are back on" })).toBeVisible();
    expect(emailMode("sunnybrook", family)).toBe("immediate");
    await stranger.close();
  });

  test("the notification settings page saves which kinds and how email comes", async ({ page }) => {
    const family = nojs() ? "anthony.deluca" : "grace.whitfield";
    await signIn(page, family);
    await page.goto("/notifications");
    await page.getByRole("link", { name: "Notification settings" }).click();
    await page
      .getByRole("checkbox", { name: "Someone reacts to a story I wrote or commented on" })
      .uncheck();
    await page.getByRole("radio", { name: /Once a week/ }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your notification settings are saved");
    await expect(page.getByRole("radio", { name: /Once a week/ })).toBeChecked();
    await expect(
      page.getByRole("checkbox", { name: "Someone reacts to a story I wrote or commented on" }),
    ).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Frank shares a new story" })).toBeChecked();
    expect(emailMode("sunnybrook", family)).toBe("digest");
  });
});

test.describe("the gazette", () => {
  test("the family's gazette page and its PDF hold the month's comments", async ({ page }) => {
    const id = uid();
    const family = nojs() ? "tom.ellis" : "sarah.ellis";
    const stories = (await api(family, "/api/family/stories")).json as {
      id: string;
      title: string;
    }[];
    const comment = `Reading this with the kids tonight ${id}`;
    expect(
      (
        await api(family, `/api/stories/${stories[0]!.id}/comments`, "POST", {
          content: comment,
          emoji: "👏",
        })
      ).status,
    ).toBe(201);

    await signIn(page, family);
    await page.goto("/family");
    await page.getByRole("link", { name: "Margaret's Gazette" }).click();
    await expect(page).toHaveURL(/\/family\/gazette$/);
    await expect(page.getByRole("heading", { level: 1, name: "Margaret's Gazette" })).toBeVisible();
    await expect(page.getByText(comment)).toBeVisible();
    const href = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    expect(href).toMatch(/^\/family\/gazette\.pdf\?month=\d{4}-\d{2}$/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gazette-margaret-ellis-\d{4}-\d{2}\.pdf$/);
    const file = path.join(dataDir, `gazette-${id}.pdf`);
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    fs.rmSync(file);
    expect(text).toContain("Margaret's Gazette");
    expect(text.replace(/\s+/g, " ")).toContain(comment);
  });

  test("staff open any resident's gazette from the residents table", async ({ page }) => {
    await signIn(page, "marcus");
    await page.goto("/staff/residents?q=margaret%20ellis");
    // the gazette is in the row's "More actions" menu (a native disclosure: works without JavaScript too)
    await page.getByLabel("More actions for Margaret Ellis").click();
    await page.getByRole("link", { name: "Gazette for Margaret Ellis" }).click();
    await expect(page).toHaveURL(/\/staff\/residents\/[\w-]+\/gazette$/);
    await expect(page.getByRole("heading", { level: 1, name: "Margaret's Gazette" })).toBeVisible();
    const earlier = page.getByRole("link", { name: "Earlier month" });
    await earlier.click();
    await expect(page).toHaveURL(/\?month=\d{4}-\d{2}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Margaret's Gazette" })).toBeVisible();
  });
});

test.describe("the weekly digest", () => {
  test("npm run digest --dry-run lists the family of a resident with a new story, not one who chose never; after sending, the week is quiet", async ({
    page,
  }) => {
    // each project its own community, so that one's digest does not empty the other's week
    const [sub, admin] = nojs() ? ["maplewood", "janet.admin"] : ["harborview", "carol.admin"];
    const control = new Database(path.join(dataDir, "control.sqlite"), { readonly: true });
    const tenant = new Database(path.join(dataDir, "tenants", `${sub}.sqlite`), { readonly: true });
    const community = control
      .prepare("select id from communities where subdomain = ?")
      .get(sub) as { id: string };
    const accounts = control
      .prepare(
        "select u.username, u.email, l.family_member_id as memberId from users u join family_links l on l.user_id = u.id where u.tenant_id = ? and u.role = 'family' and u.password_hash is not null",
      )
      .all(community.id) as { username: string; email: string; memberId: string }[];
    const members = tenant
      .prepare(
        "select f.id, f.resident_id as residentId from family_members f join residents r on r.id = f.resident_id where r.is_active = 1",
      )
      .all() as { id: string; residentId: string }[];
    control.close();
    tenant.close();
    const byResident = new Map<string, { username: string; email: string }[]>();
    for (const m of members) {
      const a = accounts.find((x) => x.memberId === m.id);
      if (a) byResident.set(m.residentId, [...(byResident.get(m.residentId) ?? []), a]);
    }
    const [residentId, family] = [...byResident.entries()].find(([, f]) => f.length >= 2)!;
    const [keeps, opts] = family as [
      { username: string; email: string },
      { username: string; email: string },
    ];

    // one of the two chooses no email, on the settings page
    await signIn(page, opts.username, sub);
    await page.goto(`${origin(sub)}/notifications/settings`);
    await page.getByRole("radio", { name: /^Never/ }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your notification settings are saved");

    const id = uid();
    const made = await api(
      admin,
      "/api/resident/stories",
      "POST",
      {
        title: `Digest story ${id}`,
        content: `Written for the digest test ${id}.`,
        category: "general",
        residentId,
      },
      sub,
    );
    expect(made.status, made.text).toBe(201);
    expect(
      (
        await api(
          admin,
          `/api/admin/stories/${made.json.id}/approve`,
          "PATCH",
          { isPublished: true },
          sub,
        )
      ).status,
    ).toBe(200);

    const digest = (...args: string[]) =>
      execFileSync(
        process.execPath,
        ["--import", "tsx", "scripts/digest.ts", "--community", sub, ...args],
        {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            NODE_ENV: "test",
            PORT: String(PORT),
            APP_DOMAIN: "storyloom.localhost",
          },
          encoding: "utf8",
        },
      );
    const dry = digest("--dry-run");
    expect(dry).toContain("Dry run: nothing was sent.");
    expect(dry).toMatch(
      new RegExp(`to [^<]+ <${keeps.email.replace(/[.]/g, "\\.")}>: \\d+ new stor(y|ies)`),
    );
    expect(dry).not.toContain(opts.email);

    const sent = digest();
    expect(sent).toMatch(/Queued \d+; sent \d+\./);
    const mail = await emailTo(sub, keeps.email, "This week at");
    expect(mail.text).toContain(`Digest story ${id}`);
    expect(mail.text).toContain("/unsubscribe/");

    // right after sending, nothing is new
    expect(digest("--dry-run")).toContain("Nothing to send: nothing new for anyone");
  });
});

test.describe("accessibility", () => {
  test("the new screens pass axe (WCAG 2.2 AA)", async ({ page }) => {
    test.skip(nojs(), "axe needs JavaScript in the page");
    const check = async (what: string) => {
      const result = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        result.violations.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        ),
        `axe violations on ${what}`,
      ).toEqual([]);
    };
    await signIn(page, "lily.marsh");
    for (const p of [
      "/news",
      "/events",
      "/events/past",
      "/notifications",
      "/notifications/settings",
      "/family",
      "/family/gazette",
    ]) {
      await page.goto(p);
      await check(p);
    }
    const stories = (await api("lily.marsh", "/api/family/stories")).json as { id: string }[];
    await page.goto(`/stories/${stories[0]!.id}`);
    await page
      .locator("details[data-testid=who-reacted] summary")
      .first()
      .click()
      .catch(() => undefined);
    await check("a story with who reacted");
    await page.context().clearCookies();
    await signIn(page, "linda.admin");
    await page.goto("/admin/settings");
    await check("/admin/settings");
  });
});
