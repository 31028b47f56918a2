// Notifications, their emails and the weekly digest in each person's language: from one event a
// Spanish-reading family member gets Spanish and an English-reading one English (through a real
// SMTP server); the notifications list and the API write a stored notice in the reader's language;
// whose language an email is written in (their choice, a resident's spoken language, the
// community's default).
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  PASSWORD,
  postForm,
  type Fixture,
} from "../helpers/home-fixture";
import { startMailbox, type TestMailbox } from "../helpers/smtp";
import { planDigest, queueDigest } from "~/models/digest.server";
import { drainOutbox } from "~/models/email-outbox.server";
import { addDaysToDate, todayInTimeZone } from "~/models/event-dates";
import { peopleByIds } from "~/models/community-people.server";
import { notifyPeople } from "~/models/notification.server";
import { recipientLanguages } from "~/models/recipient-language.server";
import { createStory } from "~/models/story.server";
import { createUser, getUserById } from "~/models/user.server";
import { controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";
import * as reviewRoute from "~/routes/_community+/admin+/stories.$storyId";
import * as notificationsApi from "~/routes/api+/notifications";
import * as notificationsPage from "~/routes/_community+/notifications+/_index";

const t = tenantSchema;
const { users, communities } = controlSchema;
let dir: string;
let mailbox: TestMailbox;
let alpha: Fixture;
const id = {} as Record<"ada" | "dora" | "eli" | "sam" | "admin", string>;
const cookies = {} as Record<"admin" | "dora" | "eli", string>;

const userIdOf = (username: string) =>
  getControlDb().select().from(users).where(eq(users.username, username)).get()!.id;
const setLanguage = (userId: string, language: string | null) =>
  getControlDb().update(users).set({ language }).where(eq(users.id, userId)).run();

beforeAll(async () => {
  mailbox = await startMailbox();
  dir = useTempDataDir({ SMTP_URL: mailbox.url });
  alpha = await buildCommunity("alpha");
  // Ada's son Eli reads Storyloom in Spanish; her daughter Dora in English
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
  id.ada = userIdOf(alpha.users.ada);
  id.dora = userIdOf(alpha.users.adaDaughter);
  id.eli = userIdOf("alpha.eli");
  id.sam = userIdOf(alpha.users.benSon);
  id.admin = userIdOf(alpha.users.admin);
  setLanguage(id.eli, "es");
  setLanguage(id.dora, "en");
  cookies.admin = await cookieFor(alpha.origin, alpha.users.admin);
  cookies.dora = await cookieFor(alpha.origin, alpha.users.adaDaughter);
  cookies.eli = await cookieFor(alpha.origin, "alpha.eli");
  // an event of the coming week, at three in the afternoon
  alpha
    .db()
    .insert(t.calendarEvents)
    .values({
      id: "sing",
      title: "Sing-along",
      eventDate: addDaysToDate(todayInTimeZone(alpha.community.timeZone), 2),
      startTime: "15:00",
      isActive: true,
    })
    .run();
});
afterAll(async () => {
  await mailbox.close();
  cleanupDataDir(dir);
});

/** A new story of Ada's, approved by the administrator: her family is told. */
async function approvedStory(title: string) {
  const author = getUserById(id.ada)!;
  const storyId = createStory(alpha.db(), {
    residentId: alpha.residents.ada,
    author: { id: author.id, username: author.username, displayName: "Ada Lovelace" },
    title,
    content: `${title}, told slowly.`,
    category: "family",
  }).id;
  const res = await call(
    reviewRoute.action,
    postForm(`${alpha.origin}/admin/stories/${storyId}`, { intent: "approve" }, cookies.admin),
    { storyId },
  );
  expect(res.status).toBe(302);
  return storyId;
}

const to = (mail: ParsedMail) => (mail.to as { value: { address: string }[] }).value[0]!.address;

describe("one event, each in their own language", () => {
  let storyId: string;

  it("the notification email: Spanish to the member who reads Spanish, English to the one who reads English", async () => {
    storyId = await approvedStory("The Lighthouse");
    expect(await drainOutbox(alpha.db(), alpha.community)).toMatchObject({ sent: 2, failed: 0 });
    const byAddress = new Map(mailbox.received.map((m) => [to(m), m]));

    const dora = byAddress.get("dora@x.example")!;
    expect(dora.subject).toBe('Ada Lovelace shared a new story: "The Lighthouse"');
    expect(dora.text).toContain("Read the story: ");
    expect(dora.text).toContain("Choose which emails you get: ");
    expect(dora.html).toContain('<html lang="en">');
    expect(dora.html).toContain(">Unsubscribe</a>");

    const eli = byAddress.get("eli@x.example")!;
    expect(eli.subject).toBe("Ada Lovelace compartió una historia nueva: «The Lighthouse»");
    expect(eli.text).toContain(
      `Leer la historia: http://alpha.storyloom.localhost:3000/stories/${storyId}`,
    );
    expect(eli.text).toContain("Recibe este correo según sus ajustes de avisos.");
    expect(eli.text).toContain("No recibir más correos de Alpha House: ");
    expect(eli.text).not.toMatch(/Read the story|Choose which emails|Stop all emails/);
    expect(eli.html).toContain('<html lang="es">');
    expect(eli.html).toContain(">No recibir más correos</a>");
    // the story's own words are never translated
    expect(eli.text).toContain("The Lighthouse");
  });

  it("the weekly digest of the same week: Spanish to one, English to the other, dates and times as each writes them", async () => {
    const plan = planDigest(alpha.db(), alpha.community, {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    const byUser = new Map(plan.recipients.map((r) => [r.userId, r]));
    expect(byUser.get(id.eli)!.lang).toBe("es");
    expect(byUser.get(id.dora)!.lang).toBe("en");
    // the fixture's story of this hour and the new one
    expect(byUser.get(id.eli)!.stories.map((s) => s.title)).toEqual(["Engines", "The Lighthouse"]);
    mailbox.received.length = 0;
    expect(queueDigest(alpha.db(), alpha.community, plan)).toBe(plan.recipients.length);
    await drainOutbox(alpha.db(), alpha.community);
    const byAddress = new Map(mailbox.received.map((m) => [to(m), m]));

    const dora = byAddress.get("dora@x.example")!;
    expect(dora.subject).toBe("This week at Alpha House: 2 new stories from Ada");
    expect(dora.text).toContain("Your week at Alpha House");
    expect(dora.text).toContain("Hello dora, here is what is new since the last digest.");
    expect(dora.text).toContain("New stories from Ada");
    expect(dora.text).toContain("Coming up this week");
    expect(dora.text).toMatch(/Sing-along \([A-Z][a-z]{2} \d{1,2}, \d{4}, 3:00 PM\)/);

    const eli = byAddress.get("eli@x.example")!;
    expect(eli.subject).toBe("Esta semana en Alpha House: 2 historias nuevas de Ada");
    expect(eli.text).toContain("Su semana en Alpha House");
    expect(eli.text).toContain("Hola, Eli. Esto es lo nuevo desde el último resumen.");
    expect(eli.text).toContain("Historias nuevas de Ada");
    expect(eli.text).toContain("Lo que viene esta semana");
    expect(eli.text).toMatch(/Sing-along \(\d{1,2} [a-z]{3,4}\.? \d{4}, 15:00\)/);
    expect(eli.text).toContain("Recibe este resumen semanal según sus ajustes de avisos.");
    expect(eli.text).not.toMatch(/This week|Coming up|Hello/);
    expect(eli.html).toContain('<html lang="es">');
  });

  it("the notifications list and the API: the stored notice in the reader's language", async () => {
    const stored = alpha
      .db()
      .select()
      .from(t.notifications)
      .where(eq(t.notifications.userId, id.eli))
      .all()
      .find((n) => n.subjectId === storyId)!;
    // kept as kind and values, with the English sentence beside them
    expect(stored.kind).toBe("new_story");
    expect(JSON.parse(stored.values!)).toMatchObject({
      title: "The Lighthouse",
      resident: "Ada Lovelace",
    });
    expect(stored.text).toBe('Ada Lovelace shared a new story: "The Lighthouse"');

    const textOn = async (cookie: string) => {
      const page = await call(
        notificationsPage.loader,
        get(`${alpha.origin}/notifications`, cookie),
      );
      return (page.data.items as { text: string; link: string }[]).find(
        (n) => n.link === `/stories/${storyId}`,
      )!.text;
    };
    expect(await textOn(cookies.eli)).toBe(
      "Ada Lovelace compartió una historia nueva: «The Lighthouse»",
    );
    expect(await textOn(cookies.dora)).toBe('Ada Lovelace shared a new story: "The Lighthouse"');

    const api = async (cookie: string) =>
      (await (
        await call(notificationsApi.loader, get(`${alpha.origin}/api/notifications`, cookie))
      ).response!.json()) as { text: string }[];
    expect((await api(cookies.eli)).map((n) => n.text)).toContain(
      "Ada Lovelace compartió una historia nueva: «The Lighthouse»",
    );
    expect((await api(cookies.dora)).map((n) => n.text)).toContain(
      'Ada Lovelace shared a new story: "The Lighthouse"',
    );

    // the same notice read again after the reader changes language
    setLanguage(id.dora, "es");
    const dora = await cookieFor(alpha.origin, alpha.users.adaDaughter);
    expect(await textOn(dora)).toBe("Ada Lovelace compartió una historia nueva: «The Lighthouse»");
    setLanguage(id.dora, "en");
  });

  it("a notice written before values were kept shows its English text as it is", async () => {
    alpha
      .db()
      .insert(t.notifications)
      .values({
        id: "old-one",
        userId: id.eli,
        kind: "comment",
        text: 'Sam commented on "Engines"',
        link: `/stories/${alpha.stories.adaPublished}#comments`,
        emailState: "none",
      })
      .run();
    const page = await call(
      notificationsPage.loader,
      get(`${alpha.origin}/notifications`, cookies.eli),
    );
    expect((page.data.items as { text: string }[]).map((n) => n.text)).toContain(
      'Sam commented on "Engines"',
    );
  });
});

describe("the email that gathers what happened since the last one", () => {
  it("names how many and what about in the reader's language, each line once with how often", () => {
    const [eli] = peopleByIds(alpha.community.id, [id.eli]);
    const storyId = alpha.stories.adaPublished;
    const t0 = new Date();
    const comment = (actor: string, at: Date) =>
      notifyPeople(
        alpha.db(),
        alpha.community,
        [eli!],
        () => ({
          kind: "comment",
          values: { title: "Engines", own: false, actor },
          link: `/stories/${storyId}#comments`,
          subjectId: storyId,
          action: "readComment",
        }),
        at,
      );
    // the first goes at once; the next two wait for one email ten minutes later
    comment("Sam", t0);
    comment("Dora", new Date(t0.getTime() + 60_000));
    comment("Dora", new Date(t0.getTime() + 120_000));
    const later = alpha
      .db()
      .select()
      .from(t.emailOutbox)
      .all()
      .find((m) => m.toAddress === "eli@x.example" && m.dedupeKey?.endsWith(":later"))!;
    expect(later.subject).toBe("2 avisos nuevos sobre «Engines»");
    expect(later.textBody).toContain("Desde el último correo sobre esto");
    expect(later.textBody).toContain("* Dora comentó la historia «Engines» (2 veces)");
    expect(later.textBody).toContain("Leer el comentario: ");
  });
});

describe("whose language an email is written in", () => {
  it("their choice, else a resident's spoken language, else the community's default, else English", () => {
    const languages = () =>
      recipientLanguages(alpha.db(), { id: alpha.community.id }, [id.ada, id.dora, id.eli, id.sam]);
    expect(Object.fromEntries(languages())).toEqual({
      [id.ada]: "en",
      [id.dora]: "en",
      [id.eli]: "es",
      [id.sam]: "en",
    });
    // Ada speaks Spanish (her recordings' language) and has chosen nothing
    alpha
      .db()
      .update(t.residents)
      .set({ preferredLanguage: "es" })
      .where(eq(t.residents.id, alpha.residents.ada))
      .run();
    // the community reads Spanish unless a person chose otherwise
    getControlDb()
      .update(communities)
      .set({ defaultLanguage: "es" })
      .where(eq(communities.id, alpha.community.id))
      .run();
    expect(Object.fromEntries(languages())).toEqual({
      [id.ada]: "es",
      [id.dora]: "en",
      [id.eli]: "es",
      [id.sam]: "es",
    });
    // a language the catalogs do not have is no choice: the next one counts
    setLanguage(id.dora, "tlh");
    alpha
      .db()
      .update(t.residents)
      .set({ preferredLanguage: "tlh" })
      .where(eq(t.residents.id, alpha.residents.ada))
      .run();
    getControlDb()
      .update(communities)
      .set({ defaultLanguage: "en" })
      .where(eq(communities.id, alpha.community.id))
      .run();
    expect(Object.fromEntries(languages())).toEqual({
      [id.ada]: "en",
      [id.dora]: "en",
      [id.eli]: "es",
      [id.sam]: "en",
    });
    setLanguage(id.dora, "en");
  });
});
