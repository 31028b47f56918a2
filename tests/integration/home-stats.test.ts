import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import {
  approve,
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  type Fixture,
} from "../helpers/home-fixture";
import { recordStoryView } from "~/models/comment.server";
import { listLeads } from "~/models/lead.server";
import { getCommunityStats } from "~/models/stats.server";
import { createStory } from "~/models/story.server";
import { closeAllDatabases, getTenantDb, tenantDbFile, tenantSchema } from "~/utils/db.server";
import * as indexRoute from "~/routes/_index";
import * as rootRoute from "~/root";
import * as statsApi from "~/routes/api+/stats";
import * as tenantApi from "~/routes/api+/tenant";
import * as recentApi from "~/routes/api+/stories.recent";
import * as featuredApi from "~/routes/api+/stories.featured";
import * as storiesRoute from "~/routes/_community+/stories+/_index";

let dir: string;
let alpha: Fixture;
let bravo: Fixture;
let adminCookie: string;
let familyCookie: string;
const MARKETING = "http://storyloom.localhost:3000";

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo", "Bravo Court");
  adminCookie = await cookieFor(alpha.origin, alpha.users.admin);
  familyCookie = await cookieFor(alpha.origin, alpha.users.adaDaughter);
});
afterAll(() => cleanupDataDir(dir));

async function statsVia(cookie: string) {
  const api = await call(statsApi.loader, get(`${alpha.origin}/api/stats`, cookie));
  const body = await api.response!.json();
  const home = await call(indexRoute.loader, get(`${alpha.origin}/`, cookie));
  expect(home.data.stats).toEqual(body);
  return body as {
    totalResidents: number;
    totalStories: number;
    totalFamilyViews: number;
    storiesThisMonth: number;
  };
}

describe("the community home's statistics", () => {
  it("counts active residents, published stories, family views and this month's stories", async () => {
    const s = await statsVia(familyCookie);
    // the story under review is for Ada's family ("My family", the default): the home counts only stories for everyone
    expect(s).toEqual({
      totalResidents: 2,
      totalStories: 2,
      totalFamilyViews: 0,
      storiesThisMonth: 2,
    });
  });

  it("moves when a story is added (This Month) and when it is approved (Stories Shared), for family and admin alike", async () => {
    const before = await statsVia(adminCookie);
    const db = alpha.db();
    const story = createStory(db, {
      residentId: alpha.residents.ben,
      author: { id: "x", username: "x", displayName: "X" },
      content: "Snow on the river.",
      category: "travel",
      audience: "community",
    });
    const added = await statsVia(familyCookie);
    expect(added.storiesThisMonth).toBe(before.storiesThisMonth + 1);
    expect(added.totalStories).toBe(before.totalStories);
    approve(db, story.id);
    const approved = await statsVia(adminCookie);
    expect(approved.totalStories).toBe(before.totalStories + 1);
    expect(approved.storiesThisMonth).toBe(before.storiesThisMonth + 1);
  });

  it("counts This Month from the first of the month in the community's time zone", () => {
    const db = getTenantDb(bravo.community);
    const base = getCommunityStats(
      db,
      { timeZone: "America/New_York" },
      new Date("2030-03-15T12:00:00Z"),
    ).storiesThisMonth;
    expect(base).toBe(0);
    // 03:00 UTC on March 1st is still February 28th in New York, 04:30 UTC is March 1st there
    db.insert(tenantSchema.stories)
      .values({
        id: "late-feb",
        residentId: bravo.residents.ada,
        title: "a",
        content: "a",
        audience: "community",
        createdAt: "2030-03-01T03:00:00.000Z",
      })
      .run();
    db.insert(tenantSchema.stories)
      .values({
        id: "early-mar",
        residentId: bravo.residents.ada,
        title: "b",
        content: "b",
        audience: "community",
        createdAt: "2030-03-01T05:30:00.000Z",
      })
      .run();
    expect(
      getCommunityStats(db, { timeZone: "America/New_York" }, new Date("2030-03-15T12:00:00Z"))
        .storiesThisMonth,
    ).toBe(1);
    expect(
      getCommunityStats(db, { timeZone: "UTC" }, new Date("2030-03-15T12:00:00Z")).storiesThisMonth,
    ).toBe(2);
    db.delete(tenantSchema.stories).run();
  });

  it("counts a family member's view once per story and local day", async () => {
    const db = alpha.db();
    const before = (await statsVia(adminCookie)).totalFamilyViews;
    const day1 = new Date("2031-06-10T15:00:00Z");
    expect(
      recordStoryView(
        db,
        alpha.community,
        alpha.family.adaDaughter,
        alpha.stories.adaPublished,
        day1,
      ),
    ).toBe(true);
    expect(
      recordStoryView(
        db,
        alpha.community,
        alpha.family.adaDaughter,
        alpha.stories.adaPublished,
        new Date("2031-06-10T23:00:00Z"),
      ),
    ).toBe(false);
    // 05:00 UTC on the 11th is still the 10th in New York
    expect(
      recordStoryView(
        db,
        alpha.community,
        alpha.family.adaDaughter,
        alpha.stories.adaPublished,
        new Date("2031-06-11T03:59:00Z"),
      ),
    ).toBe(false);
    expect(
      recordStoryView(
        db,
        alpha.community,
        alpha.family.adaDaughter,
        alpha.stories.adaPublished,
        new Date("2031-06-11T15:00:00Z"),
      ),
    ).toBe(true);
    // unpublished stories are not counted
    expect(
      recordStoryView(
        db,
        alpha.community,
        alpha.family.adaDaughter,
        alpha.stories.adaPending,
        day1,
      ),
    ).toBe(false);
    expect((await statsVia(familyCookie)).totalFamilyViews).toBe(before + 2);
    const row = db
      .select()
      .from(tenantSchema.stories)
      .all()
      .find((s) => s.id === alpha.stories.adaPublished)!;
    expect(row.viewCount).toBe(2);
  });
});

describe("the community home", () => {
  it("sends signed-out visitors to sign in, and shows no stories", async () => {
    const res = await call(indexRoute.loader, get(`${alpha.origin}/`));
    expect(res.status).toBe(302);
    expect(res.response!.headers.get("Location")).toBe("/login?redirectTo=%2F");
  });

  it("shows recent stories (published only), featured stories narrowed by category, and role quick actions", async () => {
    const family = (await call(indexRoute.loader, get(`${alpha.origin}/`, familyCookie))).data;
    expect(family.kind).toBe("home");
    expect(family.recent.map((s: { title: string }) => s.title)).not.toContain("A secret draft");
    expect(family.featured.map((s: { title: string }) => s.title).sort()).toEqual([
      "Engines",
      "Kites",
    ]);
    expect(family.quickActions.map((a: { label: string }) => a.label)).toEqual([
      "Upload Photos",
      "Read All Stories",
    ]);
    expect(family.quickActions[0].href).toBe("/family?dialog=photo");
    const career = (
      await call(indexRoute.loader, get(`${alpha.origin}/?category=career`, familyCookie))
    ).data;
    expect(career.featured.map((s: { title: string }) => s.title)).toEqual(["Engines"]);
    expect(career.category).toBe("career");
    const hobby = (
      await call(indexRoute.loader, get(`${alpha.origin}/?category=hobby`, familyCookie))
    ).data;
    expect(hobby.featured).toEqual([]);
    // an unknown category means all
    const junk = (
      await call(indexRoute.loader, get(`${alpha.origin}/?category=nonsense`, familyCookie))
    ).data;
    expect(junk.category).toBeNull();
    expect(junk.featured).toHaveLength(2);
    const admin = (await call(indexRoute.loader, get(`${alpha.origin}/`, adminCookie))).data;
    expect(
      admin.quickActions.map((a: { label: string; href: string }) => [a.label, a.href]),
    ).toEqual([
      ["Create New Story", "/resident/record"],
      ["Invite Family", "/admin/families/new"],
    ]);
  });

  it("sends each card its excerpt and whether there is more, not the whole story", async () => {
    const db = alpha.db();
    const long = createStory(db, {
      residentId: alpha.residents.ada,
      author: { id: "x", username: "x", displayName: "X" },
      title: "A long afternoon",
      content: "The river was high that year. ".repeat(40),
      category: "family",
    });
    approve(db, long.id);
    const home = (await call(indexRoute.loader, get(`${alpha.origin}/`, familyCookie))).data;
    const card = home.recent.find((s: { id: string }) => s.id === long.id);
    expect(card.hasMore).toBe(true);
    expect(card.excerpt.length).toBeLessThan(long.content.length);
    // no story's whole text rides along in the page's data
    for (const s of [...home.recent, ...home.featured]) expect(s).not.toHaveProperty("content");
    const short = home.recent.find(
      (s: { id: string; excerpt: string }) => s.id !== long.id && s.excerpt.length < 100,
    );
    if (short) expect(short.hasMore).toBe(false);
    const list = (await call(storiesRoute.loader, get(`${alpha.origin}/stories`, familyCookie)))
      .data;
    expect(list.stories.find((s: { id: string }) => s.id === long.id)).toMatchObject({
      hasMore: true,
    });
    expect(list.stories[0]).not.toHaveProperty("content");
  });

  it("keeps titles of stories under review out of a family member's activity feed but shows them to staff", async () => {
    const family = (await call(indexRoute.loader, get(`${alpha.origin}/`, familyCookie))).data;
    const admin = (await call(indexRoute.loader, get(`${alpha.origin}/`, adminCookie))).data;
    const summaries = (d: { activity: { summary: string }[] }) =>
      d.activity.map((a) => a.summary).join("\n");
    expect(summaries(admin)).toContain("A secret draft");
    expect(summaries(family)).not.toContain("A secret draft");
    expect(summaries(family)).toContain('A resident shared "Engines"');
  });

  it("lists the other real communities in the demo panel only while development login is on", async () => {
    const on = (await call(indexRoute.loader, get(`${alpha.origin}/`, familyCookie))).data;
    expect(on.demo.others.map((c: { name: string; url: string }) => [c.name, c.url])).toEqual([
      ["Bravo Court", "http://bravo.storyloom.localhost:3000/"],
    ]);
    process.env.DEV_LOGIN = "0";
    const { resetEnvForTests } = await import("~/utils/env.server");
    resetEnvForTests();
    try {
      const off = (await call(indexRoute.loader, get(`${alpha.origin}/`, familyCookie))).data;
      expect(off.demo).toBeNull();
    } finally {
      delete process.env.DEV_LOGIN;
      resetEnvForTests();
    }
  });

  it("shows 'Unable to load statistics' for that block only when the figures cannot be computed", async () => {
    const db = getTenantDb(bravo.community);
    const cookie = await cookieFor(bravo.origin, bravo.users.adaDaughter);
    db.$client.exec("ALTER TABLE story_views RENAME TO story_views_away");
    expectConsoleError(1);
    try {
      const d = (await call(indexRoute.loader, get(`${bravo.origin}/`, cookie))).data;
      expect(d.stats).toBeNull();
      expect(d.recent).not.toBeNull();
      expect(d.featured).not.toBeNull();
    } finally {
      db.$client.exec("ALTER TABLE story_views_away RENAME TO story_views");
    }
  });

  it("paginates the list of all published stories and filters it by category", async () => {
    const db = alpha.db();
    for (let i = 0; i < 14; i++) {
      const s = createStory(db, {
        residentId: alpha.residents.ben,
        author: { id: "x", username: "x", displayName: "X" },
        content: `Page story ${i}`,
        category: "hobby",
      });
      approve(db, s.id);
    }
    const p1 = (await call(storiesRoute.loader, get(`${alpha.origin}/stories`, familyCookie))).data;
    expect(p1.stories).toHaveLength(12);
    expect(p1.page.pageCount).toBe(2);
    const p2 = (
      await call(storiesRoute.loader, get(`${alpha.origin}/stories?page=2`, familyCookie))
    ).data;
    const all = [...p1.stories, ...p2.stories].map((s: { id: string }) => s.id);
    expect(new Set(all).size).toBe(p1.page.total);
    expect(all).not.toContain(alpha.stories.adaPending);
    const hobby = (
      await call(
        storiesRoute.loader,
        get(`${alpha.origin}/stories?category=hobby&page=9`, familyCookie),
      )
    ).data;
    expect(hobby.page.page).toBe(2);
    expect(hobby.stories.every((s: { category: string }) => s.category === "hobby")).toBe(true);
  });
});

describe("the JSON API of the home", () => {
  it("answers the community, stats and story lists to members, and 401 to everyone else", async () => {
    const tenant = await (
      await call(tenantApi.loader, get(`${alpha.origin}/api/tenant`, familyCookie))
    ).response!.json();
    expect(tenant).toMatchObject({
      name: "Alpha House",
      subdomain: "alpha",
      address: "1 Main St",
      city: "Springfield",
      phone: "(555) 555-0100",
      email: "hello@alpha.example",
    });
    for (const [fn, path] of [
      [tenantApi.loader, "/api/tenant"],
      [statsApi.loader, "/api/stats"],
      [recentApi.loader, "/api/stories/recent"],
      [featuredApi.loader, "/api/stories/featured"],
    ] as const) {
      expect((await call(fn, get(`${alpha.origin}${path}`))).status).toBe(401);
    }
    const recent = await (
      await call(recentApi.loader, get(`${alpha.origin}/api/stories/recent?limit=2`, familyCookie))
    ).response!.json();
    expect(recent).toHaveLength(2);
    expect(recent[0]).toMatchObject({
      isPublished: true,
      resident: { firstName: expect.any(String) },
    });
    expect(Object.keys(recent[0].resident)).toEqual(
      expect.arrayContaining(["firstName", "lastName", "roomNumber", "profileImageUrl"]),
    );
    expect(Object.keys(recent[0])).toEqual(
      expect.arrayContaining([
        "id",
        "title",
        "content",
        "excerpt",
        "category",
        "imageUrl",
        "audioUrl",
        "aiPrompt",
        "isPublished",
        "isFeatured",
        "viewCount",
        "likeCount",
        "createdAt",
        "resident",
        "author",
      ]),
    );
    const featured = await (
      await call(
        featuredApi.loader,
        get(`${alpha.origin}/api/stories/featured?category=childhood`, familyCookie),
      )
    ).response!.json();
    expect(featured.map((s: { title: string }) => s.title)).toEqual(["Kites"]);
    expect(
      (
        await call(
          featuredApi.loader,
          get(`${alpha.origin}/api/stories/featured?category=pirates`, familyCookie),
        )
      ).status,
    ).toBe(400);
  });

  it("gives a member of another community nothing here", async () => {
    const bravoCookie = await cookieFor(bravo.origin, bravo.users.admin);
    const res = await call(statsApi.loader, get(`${alpha.origin}/api/stats`, bravoCookie));
    expect(res.status).toBe(401);
  });
});

describe("a community whose database cannot be read", () => {
  it("shows 'Unable to load facility' on the home and the header's message", async () => {
    const cookie = await cookieFor(bravo.origin, bravo.users.admin);
    closeAllDatabases();
    const file = tenantDbFile("bravo");
    for (const f of [`${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    fs.writeFileSync(file, "this is not a database, it is a shopping list");
    expectConsoleError(2);
    const home = await call(indexRoute.loader, get(`${bravo.origin}/`, cookie));
    expect(home.status).toBe(503);
    expect(home.data.kind).toBe("unavailable");
    const root = await call(rootRoute.loader, get(`${bravo.origin}/`, cookie));
    expect(root.data.facilityError).toBe(true);
  });
});

describe("the landing page's contact form", () => {
  const form = {
    name: "Ann Lee",
    email: "ann@oak.example",
    facility: "Oak House",
    phone: "",
    message: "",
  };
  const post = (fields: Record<string, string>, address: string) =>
    call(
      indexRoute.action,
      postForm(`${MARKETING}/?index`, fields, undefined, { "X-Real-IP": address }),
    );

  it("stores a lead and thanks the visitor", async () => {
    const res = await post({ ...form, message: "We have 40 residents." }, "198.51.100.1");
    expect(res.status).toBe(302);
    expect(res.response!.headers.get("Location")).toBe("/?sent=1#contact");
    const lead = listLeads().find((l) => l.email === "ann@oak.example")!;
    expect(lead).toMatchObject({
      name: "Ann Lee",
      facility: "Oak House",
      phone: null,
      message: "We have 40 residents.",
    });
    const page = await call(indexRoute.loader, get(`${MARKETING}/?sent=1`));
    expect(page.data).toMatchObject({ kind: "marketing", sent: true, ownHeader: true });
  });

  it("rejects missing name and facility and a malformed email, and stores nothing", async () => {
    const before = listLeads().length;
    const res = await post({ name: " ", email: "not-an-email", facility: "" }, "198.51.100.2");
    expect(res.data.status).toBe("error");
    expect(Object.keys(res.data.error).sort()).toEqual(["email", "facility", "name"]);
    expect(listLeads().length).toBe(before);
  });

  it("accepts a filled honeypot silently without storing it", async () => {
    const before = listLeads().length;
    const res = await post(
      { ...form, email: "bot@spam.example", website: "http://spam.example" },
      "198.51.100.3",
    );
    expect(res.status).toBe(302);
    expect(listLeads().length).toBe(before);
  });

  it("refuses a sixth message within the hour from one address with a clear 429", async () => {
    for (let i = 0; i < 5; i++)
      expect((await post({ ...form, email: `r${i}@oak.example` }, "198.51.100.4")).status).toBe(
        302,
      );
    const res = await post({ ...form, email: "r6@oak.example" }, "198.51.100.4");
    expect(res.status).toBe(429);
    expect(await res.response!.text()).toMatch(
      /Too many contact requests\. Please wait \d+ minutes? and try again\./,
    );
    expect(listLeads().some((l) => l.email === "r6@oak.example")).toBe(false);
    // another address is not affected
    expect((await post({ ...form, email: "other@oak.example" }, "198.51.100.5")).status).toBe(302);
  });

  it("does not take posts on a community host", async () => {
    const res = await call(
      indexRoute.action,
      postForm(`${alpha.origin}/?index`, form, adminCookie),
    );
    expect(res.status).toBe(405);
  });
});
