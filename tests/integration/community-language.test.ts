// The community's language: its administrator chooses it on /admin/settings, the super admin when
// creating the community (screen and JSON API). Everyone who has not chosen their own reads the
// pages in it; an unknown language is refused and changes nothing. On real SQLite files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
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
import * as root from "~/root";
import * as adminSettings from "~/routes/_community+/admin+/settings";
import * as auditPage from "~/routes/_community+/admin+/audit";
import * as tenantsApi from "~/routes/api+/super-admin.tenants";
import * as communitiesScreen from "~/routes/super-admin+/communities";
import { getCommunity, getCommunityBySubdomain } from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { readToast } from "~/utils/toast.server";

const MARKETING = "http://storyloom.localhost:3000";

let dir: string;
let alpha: Fixture;
let origin: string;
let adminCookie: string;
let rootCookie: string;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  origin = alpha.origin;
  adminCookie = await cookieFor(origin, alpha.users.admin);
  await createUser({
    tenantId: null,
    username: "root",
    email: "root@x.example",
    displayName: "Root",
    role: "super_admin",
    password: "fixture-password",
  });
  rootCookie = await cookieFor(MARKETING, "root");
});
afterAll(() => cleanupDataDir(dir));

async function langOf(request: Request): Promise<string> {
  const { data } = await call(root.loader, request);
  return data.lang;
}

const communityLanguage = () => getCommunity(alpha.community.id)!.defaultLanguage;

function choose(language: string, cookie = adminCookie) {
  return call(
    adminSettings.action,
    postForm(`${origin}/admin/settings`, { intent: "language", defaultLanguage: language }, cookie),
  );
}

describe("the administrator's choice", () => {
  it("refuses a language Storyloom does not offer with the form's message, changing nothing", async () => {
    const refused = await choose("xx");
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      intent: "language",
      languageError: "Storyloom does not offer that language. Choose one from the list.",
    });
    const empty = await choose("");
    expect(empty.status).toBe(400);
    expect(communityLanguage()).toBe("en");
  });

  it("is not the staff's to make", async () => {
    const staff = await cookieFor(origin, alpha.users.staff);
    const res = await choose("es", staff);
    expect(res.status).toBe(403);
    expect(communityLanguage()).toBe("en");
  });

  it("changes the page language of everyone who has not chosen one, and is in the audit log", async () => {
    const family = await cookieFor(origin, alpha.users.benSon);
    expect(await langOf(get(`${origin}/family`, family))).toBe("en");

    const res = await choose("es");
    expect(res.status).toBe(302);
    expect(res.response!.headers.get("Location")).toBe("/admin/settings");
    expect(communityLanguage()).toBe("es");
    // the administrator has not chosen either: the answer is already in Spanish
    const { toast } = await readToast(
      new Request(origin, {
        headers: {
          Cookie: res
            .response!.headers.getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; "),
        },
      }),
    );
    expect(toast).toMatchObject({ type: "success", title: "Idioma guardado" });

    expect(await langOf(get(`${origin}/family`, family))).toBe("es");
    expect(await langOf(get(`${origin}/admin`, adminCookie))).toBe("es");
    // the page itself speaks it: the form shows the choice, the audit log says what was done
    const page = await call(adminSettings.loader, get(`${origin}/admin/settings`, adminCookie));
    expect(page.data.language).toBe("es");
    const audit = await call(auditPage.loader, get(`${origin}/admin/audit`, adminCookie));
    const entry = audit.data.entries.find(
      (e: { action: string }) => e.action === "community.language_changed",
    );
    expect(entry).toMatchObject({
      label: "Cambió el idioma de la comunidad a",
      details: "español",
    });

    // someone who chose English keeps it
    getControlDb()
      .update(controlSchema.users)
      .set({ language: "en" })
      .where(eq(controlSchema.users.username, alpha.users.adaDaughter))
      .run();
    const dora = await cookieFor(origin, alpha.users.adaDaughter);
    expect(await langOf(get(`${origin}/family`, dora))).toBe("en");

    expect((await choose("en")).status).toBe(302);
    expect(await langOf(get(`${origin}/family`, family))).toBe("en");
  });
});

describe("the super admin's choice, when creating a community", () => {
  it("takes defaultLanguage in the JSON API, and answers 400 to an unknown one", async () => {
    const created = await call(
      tenantsApi.action,
      postJson(
        `${MARKETING}/api/super-admin/tenants`,
        { name: "Casa Sol", subdomain: "casa-sol", defaultLanguage: "es" },
        rootCookie,
      ),
    );
    expect(created.status).toBe(201);
    expect(await created.response!.json()).toMatchObject({
      subdomain: "casa-sol",
      defaultLanguage: "es",
    });
    expect(await langOf(get("http://casa-sol.storyloom.localhost:3000/login"))).toBe("es");

    const refused = await call(
      tenantsApi.action,
      postJson(
        `${MARKETING}/api/super-admin/tenants`,
        { name: "Nowhere", subdomain: "nowhere", defaultLanguage: "klingon" },
        rootCookie,
      ),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.response!.json())).toMatch(
      /Storyloom does not offer that language/,
    );
    expect(getCommunityBySubdomain("nowhere")).toBeUndefined();

    const plain = await call(
      tenantsApi.action,
      postJson(
        `${MARKETING}/api/super-admin/tenants`,
        { name: "Oak", subdomain: "oak" },
        rootCookie,
      ),
    );
    expect(plain.status).toBe(201);
    expect(getCommunityBySubdomain("oak")!.defaultLanguage).toBe("en");
  });

  it("takes it from the Create Community form", async () => {
    const res = await call(
      communitiesScreen.action,
      postForm(
        `${MARKETING}/super-admin/communities?dialog=create`,
        { intent: "create", name: "Casa Luna", subdomain: "casa-luna", defaultLanguage: "es" },
        rootCookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(getCommunityBySubdomain("casa-luna")!.defaultLanguage).toBe("es");

    const refused = await call(
      communitiesScreen.action,
      postForm(
        `${MARKETING}/super-admin/communities?dialog=create`,
        { intent: "create", name: "Casa Mar", subdomain: "casa-mar", defaultLanguage: "xx" },
        rootCookie,
      ),
    );
    expect(refused.status).toBe(200);
    expect(JSON.stringify(refused.data)).toMatch(/Storyloom does not offer that language/);
    expect(getCommunityBySubdomain("casa-mar")).toBeUndefined();
  });
});
