// Who may see a story is the resident's choice. One rule (story.server.ts) answers every
// list, count, page, feed, digest, gazette and API: this test tries each against the same stories.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  approve,
  buildCommunity,
  call,
  cookieFor,
  get,
  postJson,
  type Fixture,
} from "../helpers/home-fixture";
import {
  createStory,
  getReadableStory,
  listFeaturedStories,
  listFeaturedStoryCards,
  listPublishedStories,
  listPublishedStoryCards,
  publishedStoriesForFamily,
  setStoryAudience,
  setStoryFeatured,
  toStoryCard,
  withdrawStory,
} from "~/models/story.server";
import { getCommunityStats, listHomeActivity } from "~/models/stats.server";
import { planDigest } from "~/models/digest.server";
import { gazetteFor, gazetteMonth } from "~/models/gazette.server";
import { canAccessMedia } from "~/models/media-access.server";
import { notifyStoryReviewed } from "~/models/notification-events.server";
import { tenantSchema } from "~/utils/db.server";
import * as storyApi from "~/routes/api+/stories.$id";
import * as withdrawApi from "~/routes/api+/stories.$id.withdraw";
import * as residentStoriesApi from "~/routes/api+/resident.stories";
import * as recentApi from "~/routes/api+/stories.recent";
import * as audiencePage from "~/routes/_community+/stories+/$storyId_.audience";
import { eq } from "drizzle-orm";

let dir: string;
let alpha: Fixture;
const cookies = {} as Record<"admin" | "staff" | "ada" | "adaDaughter" | "benSon", string>;
const ids = {} as Record<"priv" | "fam" | "all" | "gone", string>;
const TITLES = {
  priv: "Only mine",
  fam: "For my family",
  all: "For everyone",
  gone: "Taken back",
} as const;

type Who = "admin" | "staff" | "ada" | "adaDaughter" | "benSon";
const viewers = (): Record<
  Who,
  { role: any; residentId?: string; familyMemberIds?: string[] }
> => ({
  admin: { role: "administrator" },
  staff: { role: "staff" },
  ada: { role: "resident", residentId: alpha.residents.ada },
  adaDaughter: { role: "family", familyMemberIds: [alpha.family.adaDaughter] },
  benSon: { role: "family", familyMemberIds: [alpha.family.benSon] },
});
// what each sees of Ada's four stories (withdrawn: only Ada and the care team may open it, nobody lists it)
const LISTED: Record<Who, (keyof typeof TITLES)[]> = {
  admin: ["priv", "fam", "all"],
  staff: ["priv", "fam", "all"],
  ada: ["priv", "fam", "all"],
  adaDaughter: ["fam", "all"],
  benSon: ["all"],
};
const OPENS: Record<Who, (keyof typeof TITLES)[]> = {
  admin: ["priv", "fam", "all", "gone"],
  staff: ["priv", "fam", "all", "gone"],
  ada: ["priv", "fam", "all", "gone"],
  adaDaughter: ["fam", "all"],
  benSon: ["all"],
};

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  const db = alpha.db();
  const author = { id: "ada-user", username: "ada", displayName: "Ada Lovelace" };
  db.insert(tenantSchema.media)
    .values({
      id: "img-fam",
      kind: "image",
      fileName: "x.jpg",
      mimeType: "image/jpeg",
      bytes: 1,
      status: "attached",
    })
    .run();
  for (const [key, audience] of [
    ["priv", "private"],
    ["fam", "family"],
    ["all", "community"],
    ["gone", "community"],
  ] as const) {
    const s = createStory(db, {
      residentId: alpha.residents.ada,
      author,
      title: TITLES[key],
      content: `${TITLES[key]}.`,
      category: "love",
      audience,
      imageId: key === "fam" ? "img-fam" : null,
    });
    approve(db, s.id, { audience });
    ids[key] = s.id;
  }
  withdrawStory(db, ids.gone, alpha.residents.ada, { communityId: alpha.community.id });
  for (const [key, username] of Object.entries(alpha.users))
    cookies[key as Who] = await cookieFor(alpha.origin, username);
});
afterAll(() => cleanupDataDir(dir));

const mine = (titles: string[]) =>
  titles.filter((t) => (Object.values(TITLES) as string[]).includes(t)).sort();
const expected = (keys: (keyof typeof TITLES)[]) => keys.map((k) => TITLES[k]).sort();

describe("who sees a story", () => {
  it("every list and page answers each role exactly what the audience allows", async () => {
    const db = alpha.db();
    for (const [who, viewer] of Object.entries(viewers()) as [
      Who,
      ReturnType<typeof viewers>[Who],
    ][]) {
      expect(
        mine(listPublishedStories(db, viewer, { limit: 100 }).map((s) => s.title)),
        `${who} /api/stories/recent`,
      ).toEqual(expected(LISTED[who]));
      expect(
        mine(listPublishedStoryCards(db, viewer, { limit: 100 }).map((s) => s.title)),
        `${who} /stories and the home`,
      ).toEqual(expected(LISTED[who]));
      const opens = (Object.keys(TITLES) as (keyof typeof TITLES)[]).filter((k) =>
        getReadableStory(db, viewer, ids[k]),
      );
      expect(opens.sort(), `${who} opens`).toEqual([...OPENS[who]].sort());
      // the same through the API
      const recent = await call(
        recentApi.loader,
        get(`${alpha.origin}/api/stories/recent?limit=50`, cookies[who]),
      );
      expect(
        mine((await recent.response!.json()).map((s: { title: string }) => s.title)),
        `${who} /api/stories/recent`,
      ).toEqual(expected(LISTED[who]));
      for (const k of Object.keys(TITLES) as (keyof typeof TITLES)[]) {
        const one = await call(
          storyApi.loader,
          get(`${alpha.origin}/api/stories/${ids[k]}`, cookies[who]),
          { id: ids[k] },
        );
        expect(one.status, `${who} GET /api/stories/${k}`).toBe(OPENS[who].includes(k) ? 200 : 404);
      }
      // a story's image: whoever may open the story
      expect(
        canAccessMedia(
          db,
          {
            id: "x",
            ...viewer,
            residentId: viewer.residentId ?? null,
            familyMemberIds: viewer.familyMemberIds ?? [],
          },
          { id: "img-fam", status: "attached", uploadedByUserId: null },
        ),
        `${who} image`,
      ).toBe(OPENS[who].includes("fam"));
      // the home's feed names only stories the viewer may see
      const feed = listHomeActivity(db, viewer, 50)
        .filter((a) => a.type === "story_published")
        .map((a) => a.summary);
      for (const k of Object.keys(TITLES) as (keyof typeof TITLES)[]) {
        expect(
          feed.some((s) => s.includes(`"${TITLES[k]}"`)),
          `${who} feed ${k}`,
        ).toBe(LISTED[who].includes(k));
      }
    }
  });

  it("the family's page, digest and gazette show their resident's family and community stories, never private or withdrawn ones", () => {
    const db = alpha.db();
    expect(mine(publishedStoriesForFamily(db, alpha.residents.ada).map((s) => s.title))).toEqual(
      expected(["fam", "all"]),
    );
    const plan = planDigest(
      db,
      {
        id: alpha.community.id,
        name: alpha.community.name,
        subdomain: alpha.community.subdomain,
        timeZone: alpha.community.timeZone,
      } as any,
      { from: "2000-01-01T00:00:00.000Z", to: "2100-01-01T00:00:00.000Z" },
    );
    const dora = plan.recipients.find((r) => r.name === "dora");
    expect(mine(dora?.stories.map((s) => s.title) ?? [])).toEqual(expected(["fam", "all"]));
    const sam = plan.recipients.find((r) => r.name === "sam");
    expect(mine(sam?.stories.map((s) => s.title) ?? [])).toEqual([]);
    const gazette = gazetteFor(
      db,
      alpha.community,
      alpha.residents.ada,
      gazetteMonth(null, alpha.community.timeZone),
    )!;
    expect(mine(gazette.stories.map((s) => s.title))).toEqual(expected(["fam", "all"]));
  });

  it("the home's statistics and featured stories count only stories for everyone", () => {
    const db = alpha.db();
    const before = getCommunityStats(db, alpha.community);
    // the fixture's two community stories, plus "For everyone"; the withdrawn one and the others are not counted
    expect(before.totalStories).toBe(3);
    expect(setStoryFeatured(db, ids.fam, true)).toMatchObject({ ok: false, status: 409 });
    expect(setStoryFeatured(db, ids.all, true)).toMatchObject({ ok: true });
    expect(listFeaturedStories(db, { limit: 50 }).map((s) => s.title)).toContain(TITLES.all);
    expect(listFeaturedStoryCards(db, { limit: 50 }).map((s) => s.title)).toContain(TITLES.all);
    // narrowing it takes it off the featured list and out of the count
    setStoryAudience(db, ids.all, alpha.residents.ada, "family", {
      communityId: alpha.community.id,
    });
    expect(listFeaturedStories(db, { limit: 50 }).map((s) => s.title)).not.toContain(TITLES.all);
    expect(listFeaturedStoryCards(db, { limit: 50 }).map((s) => s.title)).not.toContain(TITLES.all);
    expect(getCommunityStats(db, alpha.community).totalStories).toBe(2);
    setStoryAudience(db, ids.all, alpha.residents.ada, "community", {
      communityId: alpha.community.id,
    });
    expect(getCommunityStats(db, alpha.community).totalStories).toBe(3);
  });
});

describe("story cards", () => {
  it("a card read from a card's columns is the card made from the whole story, whatever the excerpt and text", () => {
    const db = alpha.db();
    const author = { id: "ada-user", username: "ada", displayName: "Ada Lovelace" };
    db.insert(tenantSchema.media)
      .values({
        id: "img-card",
        kind: "image",
        fileName: "y.jpg",
        mimeType: "image/jpeg",
        bytes: 1,
        status: "attached",
      })
      .run();
    db.insert(tenantSchema.media)
      .values({
        id: "audio-card",
        kind: "audio",
        fileName: "y.webm",
        mimeType: "audio/webm",
        bytes: 1,
        status: "attached",
      })
      .run();
    const long = "word ".repeat(60).trim();
    // the cases toStoryCard tells apart: an excerpt of its own or none (blank counts as none),
    // text short enough to show whole or not, a cut near the limit with characters JavaScript
    // counts twice, a picture and a recording
    const cases: {
      title: string;
      content: string;
      excerpt?: string;
      imageId?: string;
      audioId?: string;
    }[] = [
      { title: "Card own excerpt", content: long, excerpt: "Chosen words." },
      { title: "Card no excerpt", content: long },
      { title: "Card short", content: "Short and whole." },
      { title: "Card blank excerpt", content: long, excerpt: "   " },
      { title: "Card excerpt is all", content: "The same.", excerpt: "The same." },
      {
        title: "Card short own excerpt",
        content: "A short story with an excerpt of its own.",
        excerpt: "Its own.",
      },
      { title: "Card short lines", content: "First line.\n\nSecond line." },
      { title: "Card emoji edge", content: `${"a".repeat(145)} 🌷🌷🌷🌷` },
      {
        title: "Card with media",
        content: `${long}\n\nand   more`,
        imageId: "img-card",
        audioId: "audio-card",
      },
    ];
    for (const c of cases) {
      const s = createStory(db, {
        residentId: alpha.residents.ada,
        author,
        title: c.title,
        content: c.content,
        excerpt: c.excerpt,
        category: "hobby",
        audience: "community",
        imageId: c.imageId ?? null,
      });
      if (c.audioId)
        db.update(tenantSchema.stories)
          .set({ audioId: c.audioId, durationSeconds: 42 })
          .where(eq(tenantSchema.stories.id, s.id))
          .run();
      approve(db, s.id, { audience: "community" });
      setStoryFeatured(db, s.id, true);
    }
    db.update(tenantSchema.residents)
      .set({ profileImageId: "img-card" })
      .where(eq(tenantSchema.residents.id, alpha.residents.ada))
      .run();
    const isCase = (t: string) => t.startsWith("Card ");
    for (const viewer of Object.values(viewers())) {
      const cards = listPublishedStoryCards(db, viewer, { limit: 100 }).filter((s) =>
        isCase(s.title),
      );
      expect(cards).toHaveLength(cases.length);
      expect(cards).toEqual(
        listPublishedStories(db, viewer, { limit: 100 })
          .filter((s) => isCase(s.title))
          .map(toStoryCard),
      );
    }
    const featured = listFeaturedStoryCards(db, { limit: 100 }).filter((s) => isCase(s.title));
    expect(featured).toHaveLength(cases.length);
    expect(featured).toEqual(
      listFeaturedStories(db, { limit: 100 })
        .filter((s) => isCase(s.title))
        .map(toStoryCard),
    );
    // and the cases did differ where they should
    const byTitle = Object.fromEntries(featured.map((c) => [c.title, c]));
    expect(byTitle["Card short"]).toMatchObject({ excerpt: "Short and whole.", hasMore: false });
    expect(byTitle["Card own excerpt"]).toMatchObject({ excerpt: "Chosen words.", hasMore: true });
    expect(byTitle["Card excerpt is all"]!.hasMore).toBe(false);
    expect(byTitle["Card short own excerpt"]!.hasMore).toBe(true);
    expect(byTitle["Card short lines"]).toMatchObject({
      excerpt: "First line. Second line.",
      hasMore: true,
    });
    expect(byTitle["Card blank excerpt"]!.excerpt.endsWith("…")).toBe(true);
    expect(byTitle["Card emoji edge"]!.hasMore).toBe(true);
    expect(byTitle["Card with media"]).toMatchObject({
      imageUrl: "/media/img-card",
      audioUrl: "/media/audio-card",
      durationSeconds: 42,
    });
    expect(byTitle["Card with media"]!.resident.profileImageUrl).toBe("/media/img-card");
  });
});

describe("the resident leads", () => {
  it("a private story tells no family when approved; narrowing takes notices out of the family's bells", () => {
    const db = alpha.db();
    // the family's notices ("new story"); the resident's own "approved" notice is theirs
    const count = (storyId: string) =>
      db
        .select()
        .from(tenantSchema.notifications)
        .where(eq(tenantSchema.notifications.subjectId, storyId))
        .all()
        .filter((n) => n.kind === "new_story").length;
    const author = { id: "ada-user", username: "ada", displayName: "Ada" };
    const quiet = createStory(db, {
      residentId: alpha.residents.ada,
      author,
      title: "Quiet one",
      content: "Just for me.",
      category: "general",
      audience: "private",
    });
    const before = db
      .select()
      .from(tenantSchema.stories)
      .where(eq(tenantSchema.stories.id, quiet.id))
      .get()!;
    approve(db, quiet.id, { audience: "private" });
    notifyStoryReviewed(db, alpha.community, before, "approved", {
      id: "admin-x",
      displayName: "Admin",
    });
    expect(count(quiet.id)).toBe(0);
    const loud = createStory(db, {
      residentId: alpha.residents.ada,
      author,
      title: "Loud one",
      content: "For the family.",
      category: "general",
    });
    const loudBefore = db
      .select()
      .from(tenantSchema.stories)
      .where(eq(tenantSchema.stories.id, loud.id))
      .get()!;
    approve(db, loud.id, { audience: "family" });
    notifyStoryReviewed(db, alpha.community, loudBefore, "approved", {
      id: "admin-x",
      displayName: "Admin",
    });
    expect(count(loud.id)).toBeGreaterThan(0);
    setStoryAudience(db, loud.id, alpha.residents.ada, "private", {
      communityId: alpha.community.id,
    });
    expect(count(loud.id)).toBe(0);
  });

  it("PATCH /api/stories/{id}: the resident changes it; staff only with residentAgreed; family never", async () => {
    const patch = (cookie: string, body: unknown, id = ids.fam) =>
      call(
        storyApi.action,
        new Request(`${alpha.origin}/api/stories/${id}`, {
          method: "PATCH",
          body: JSON.stringify(body),
          headers: { "Content-Type": "application/json", Cookie: cookie },
        }),
        { id },
      );
    const byAda = await patch(cookies.ada, { audience: "private" });
    expect(byAda.status).toBe(200);
    expect(await byAda.response!.json()).toMatchObject({
      id: ids.fam,
      audience: "private",
      withdrawnAt: null,
    });
    const noAgreement = await patch(cookies.staff, { audience: "family" });
    expect(noAgreement.status).toBe(400);
    expect(await noAgreement.response!.text()).toContain("agreed");
    expect((await patch(cookies.staff, { audience: "family", residentAgreed: true })).status).toBe(
      200,
    );
    expect((await patch(cookies.adaDaughter, { audience: "community" })).status).toBe(403);
    // another resident's family cannot even see it
    expect((await patch(cookies.benSon, { audience: "community" })).status).toBe(404);
    expect((await patch(cookies.ada, { audience: "everyone" })).status).toBe(400);
  });

  it("POST /api/stories/{id}/withdraw: out of every audience at once; choosing an audience brings it back", async () => {
    const withdraw = (cookie: string, body?: unknown) =>
      call(
        withdrawApi.action,
        new Request(`${alpha.origin}/api/stories/${ids.all}/withdraw`, {
          method: "POST",
          body: body === undefined ? undefined : JSON.stringify(body),
          headers: {
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
            Cookie: cookie,
          },
        }),
        { id: ids.all },
      );
    expect((await withdraw(cookies.benSon)).status).toBe(403);
    expect((await withdraw(cookies.staff)).status).toBe(400);
    const res = await withdraw(cookies.ada);
    expect(res.status).toBe(200);
    expect((await res.response!.json()).withdrawnAt).toBeTruthy();
    const db = alpha.db();
    expect(getReadableStory(db, viewers().benSon, ids.all)).toBeNull();
    expect(getReadableStory(db, viewers().staff, ids.all)?.withdrawnAt).toBeTruthy();
    expect(
      (
        await call(
          storyApi.loader,
          get(`${alpha.origin}/api/stories/${ids.all}`, cookies.adaDaughter),
          { id: ids.all },
        )
      ).status,
    ).toBe(404);
    // the audience page: the resident brings it back
    const back = await call(
      audiencePage.action,
      new Request(`${alpha.origin}/stories/${ids.all}/audience`, {
        method: "POST",
        body: new URLSearchParams({ intent: "audience", audience: "community" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies.ada },
      }),
      { storyId: ids.all },
    );
    expect(back.status).toBe(302);
    expect(getReadableStory(db, viewers().benSon, ids.all)?.title).toBe(TITLES.all);
    // staff on the page without the tick: refused with the message, nothing changed
    const refused = await call(
      audiencePage.action,
      new Request(`${alpha.origin}/stories/${ids.all}/audience`, {
        method: "POST",
        body: new URLSearchParams({ intent: "withdraw" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies.staff },
      }),
      { storyId: ids.all },
    );
    expect(refused.status).toBe(400);
    expect(refused.data.agreedError).toContain("agreed");
    expect(getReadableStory(db, viewers().benSon, ids.all)).not.toBeNull();
    // family cannot open the page at all
    expect(
      (
        await call(
          audiencePage.loader,
          get(`${alpha.origin}/stories/${ids.all}/audience`, cookies.adaDaughter),
          { storyId: ids.all },
        )
      ).status,
    ).toBe(403);
  });

  it("POST /api/resident/stories takes an audience (default My family); staff choosing one confirm the resident agreed", async () => {
    const post = (cookie: string, body: unknown) =>
      call(
        residentStoriesApi.action,
        postJson(`${alpha.origin}/api/resident/stories`, body, cookie),
      );
    const plain = await post(cookies.ada, {
      title: "Default",
      content: "Who sees me?",
      category: "general",
    });
    expect((await plain.response!.json()).audience).toBe("family");
    const chosen = await post(cookies.ada, {
      title: "Mine",
      content: "Only me.",
      category: "general",
      audience: "private",
    });
    expect((await chosen.response!.json()).audience).toBe("private");
    expect(
      (
        await post(cookies.staff, {
          title: "For her",
          content: "x",
          residentId: alpha.residents.ada,
          audience: "community",
        })
      ).status,
    ).toBe(400);
    const agreed = await post(cookies.staff, {
      title: "For her",
      content: "x",
      residentId: alpha.residents.ada,
      audience: "community",
      residentAgreed: true,
    });
    expect((await agreed.response!.json()).audience).toBe("community");
  });
});
