// Whose language a page is read in, and the ways to choose it: the account's choice, a resident's
// own language, this browser's choice, Accept-Language, the community's default; the form, the
// JSON API and the catalogs the browser fetches. On real SQLite files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  type Fixture,
} from "../helpers/home-fixture";
import * as root from "~/root";
import * as languageRoute from "~/routes/_auth+/preferences.language";
import * as meApi from "~/routes/api+/me";
import * as catalogRoute from "~/routes/_public+/locales.$lang.$ns";
import { createStory, getStoryView } from "~/models/story.server";
import { controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";
import { readToast } from "~/utils/toast.server";

let dir: string;
let alpha: Fixture;
let origin: string;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  origin = alpha.origin;
});
afterAll(() => cleanupDataDir(dir));

async function langOf(request: Request): Promise<string> {
  const { data } = await call(root.loader, request);
  return data.lang;
}

function setDefault(lang: string) {
  getControlDb()
    .update(controlSchema.communities)
    .set({ defaultLanguage: lang })
    .where(eq(controlSchema.communities.id, alpha.community.id))
    .run();
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("a signed-out visitor", () => {
  it("reads in the browser's language when there is one, in the community's default otherwise", async () => {
    expect(
      await langOf(
        get(`${origin}/login`, undefined, { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" }),
      ),
    ).toBe("es");
    expect(
      await langOf(get(`${origin}/login`, undefined, { "Accept-Language": "fr-CA, en;q=0.3" })),
    ).toBe("en");
    expect(await langOf(get(`${origin}/login`, undefined, { "Accept-Language": "fr, de" }))).toBe(
      "en",
    );
    setDefault("es");
    try {
      expect(await langOf(get(`${origin}/login`, undefined, { "Accept-Language": "fr, de" }))).toBe(
        "es",
      );
      expect(await langOf(get(`${origin}/login`))).toBe("es");
      // the browser's own preference still comes first
      expect(await langOf(get(`${origin}/login`, undefined, { "Accept-Language": "en-GB" }))).toBe(
        "en",
      );
    } finally {
      setDefault("en");
    }
  });

  it("chooses a language for this browser with the form; an unknown one changes nothing", async () => {
    const chosen = await call(
      languageRoute.action,
      postForm(`${origin}/preferences/language`, { language: "es", returnTo: "/login" }),
    );
    expect(chosen.status).toBe(302);
    expect(chosen.response!.headers.get("Location")).toBe("/login");
    const cookie = cookiesOf(chosen.response!);
    expect(cookie).toMatch(/storyloom_lang=/);
    expect(await langOf(get(`${origin}/login`, cookie, { "Accept-Language": "en" }))).toBe("es");

    const refused = await call(
      languageRoute.action,
      postForm(`${origin}/preferences/language`, { language: "xx", returnTo: "/login" }),
    );
    expect(refused.status).toBe(302);
    expect(
      refused.response!.headers.getSetCookie().some((c) => c.startsWith("storyloom_lang=")),
    ).toBe(false);
    const { toast } = await readToast(
      new Request(origin, { headers: { Cookie: cookiesOf(refused.response!) } }),
    );
    expect(toast?.type).toBe("error");
    expect(toast?.title).toBe(
      "That language is not one Storyloom offers. Choose one from the list.",
    );
  });
});

describe("a signed-in person", () => {
  it("reads in the community's default until they choose, then in their choice on any device", async () => {
    const cookie = await cookieFor(origin, alpha.users.adaDaughter);
    expect(await langOf(get(`${origin}/family`, cookie, { "Accept-Language": "es" }))).toBe("en");
    setDefault("es");
    expect(await langOf(get(`${origin}/family`, cookie))).toBe("es");
    setDefault("en");

    const res = await call(
      languageRoute.action,
      postForm(`${origin}/preferences/language`, { language: "es", returnTo: "/family" }, cookie),
    );
    expect(res.status).toBe(302);
    const row = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, alpha.users.adaDaughter))
      .get()!;
    expect(row.language).toBe("es");
    // another device: a new session, no language cookie
    const elsewhere = await cookieFor(origin, alpha.users.adaDaughter);
    expect(await langOf(get(`${origin}/family`, elsewhere, { "Accept-Language": "en" }))).toBe(
      "es",
    );
  });

  it("GET /api/me says the language; PATCH chooses one, and refuses an unknown one with 400", async () => {
    const cookie = await cookieFor(origin, alpha.users.benSon);
    const me = await call(meApi.loader, get(`${origin}/api/me`, cookie));
    const before = await me.response!.json();
    expect(before).toMatchObject({
      username: alpha.users.benSon,
      role: "family",
      language: "en",
      chosenLanguage: null,
    });
    expect(before.languages.map((l: { code: string }) => l.code)).toEqual(
      expect.arrayContaining(["en", "es"]),
    );
    expect(before.languages.find((l: { code: string }) => l.code === "es").name).toBe("Español");

    const patch = (value: unknown) =>
      new Request(`${origin}/api/me`, {
        method: "PATCH",
        body: JSON.stringify(value),
        headers: { "Content-Type": "application/json", Cookie: cookie },
      });
    const ok = await call(meApi.action, patch({ language: "es" }));
    expect(ok.status).toBe(200);
    expect(await ok.response!.json()).toMatchObject({ language: "es", chosenLanguage: "es" });
    expect(await langOf(get(`${origin}/family`, cookie))).toBe("es");

    const bad = await call(meApi.action, patch({ language: "klingon" }));
    expect(bad.status).toBe(400);
    expect(await bad.response!.text()).toMatch(/Unknown language "klingon": use one of en, es/);
    const wrongType = await call(meApi.action, patch({ language: 7 }));
    expect(wrongType.status).toBe(400);
    expect(await langOf(get(`${origin}/family`, cookie))).toBe("es");

    const anonymous = await call(meApi.loader, get(`${origin}/api/me`));
    expect(anonymous.status).toBe(401);
  });

  it("a resident's choice is her transcription language too, and her stories are kept in it", async () => {
    const cookie = await cookieFor(origin, alpha.users.ada);
    const db = alpha.db();
    const before = createStory(db, {
      residentId: alpha.residents.ada,
      author: { id: "x", username: alpha.users.ada, displayName: "Ada" },
      content: "The harbour in winter.",
      category: "general",
    });
    await call(
      languageRoute.action,
      postForm(`${origin}/preferences/language`, { language: "es", returnTo: "/resident" }, cookie),
    );
    const resident = db
      .select()
      .from(tenantSchema.residents)
      .where(eq(tenantSchema.residents.id, alpha.residents.ada))
      .get()!;
    expect(resident.preferredLanguage).toBe("es");
    const after = createStory(db, {
      residentId: alpha.residents.ada,
      author: { id: "x", username: alpha.users.ada, displayName: "Ada" },
      content: "El puerto en invierno.",
      category: "general",
    });
    expect(after.lang).toBe("es");
    expect(before.lang).toBe("en");
    // a story told in a language that is not hers keeps its own
    const told = createStory(db, {
      residentId: alpha.residents.ada,
      author: { id: "x", username: alpha.users.ada, displayName: "Ada" },
      content: "In English after all.",
      category: "general",
      lang: "en",
    });
    expect(told.lang).toBe("en");
    // a story from before languages were kept reads in her language
    db.update(tenantSchema.stories)
      .set({ lang: null })
      .where(eq(tenantSchema.stories.id, before.id))
      .run();
    const view = getStoryView(db, before.id);
    expect(view?.lang).toBe("es");
  });
});

describe("the catalogs the browser fetches", () => {
  it("serves a namespace compiled, cached a year under the current version, 404 for an unknown one", async () => {
    const res = await call(catalogRoute.loader, get(`${origin}/locales/es/common.json?v=nope`), {
      lang: "es",
      ns: "common.json",
    });
    expect(res.status).toBe(200);
    const body = await res.response!.json();
    expect(body["language.name"]).toEqual(["Español"]);
    expect(res.response!.headers.get("Cache-Control")).toBe("public, max-age=60");
    const missing = await call(catalogRoute.loader, get(`${origin}/locales/xx/common.json`), {
      lang: "xx",
      ns: "common.json",
    });
    expect(missing.status).toBe(404);
    const unknownNs = await call(catalogRoute.loader, get(`${origin}/locales/es/nothing.json`), {
      lang: "es",
      ns: "nothing.json",
    });
    expect(unknownNs.status).toBe(404);
  });
});
