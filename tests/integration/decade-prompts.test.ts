// Prompts from a resident's own decades, on real community databases: the decades she lived
// through between ten and thirty come from her date of birth; every third prompt she is asked is
// one of them (not seen recently, not answered); without a date of birth she is asked exactly the
// category's prompts as before. Story circles get a theme's prompts in the language asked, and
// the prompt API answers with the decade for the residents the requester may record for.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { buildCommunity, call, cookieFor, get, type Fixture } from "../helpers/home-fixture";
import { CATEGORY_VALUES } from "~/models/categories";
import {
  choosePrompt,
  circlePrompts,
  DECADES,
  decadePromptKeys,
  decadesLived,
  nextPromptFor,
  PROMPT_BANK,
  promptText,
  resolvePrompt,
  type PromptChoice,
} from "~/models/prompt.server";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import type { PromptHistory } from "~/utils/prompt-history.server";
import * as storyPrompt from "~/routes/api+/story-prompt.$category";
import * as recordScreen from "~/routes/_community+/resident+/record";

const t = tenantSchema;
let dir: string;
let alpha: Fixture;
let beta: Fixture;
let db: TenantDb;

/** Spanish names a decade as "los años 50". */
const spanishName = (decade: string) => `años ${decade.slice(2, 4)}`;

function addResident(firstName: string, dateOfBirth: string | null): string {
  const id = newId();
  db.insert(t.residents).values({ id, firstName, lastName: "Tester", dateOfBirth }).run();
  return id;
}

/** The prompts a resident is shown one after another, each "New prompt" leaving the last. */
function askInTurn(residentId: string, n: number, lang?: string): PromptChoice[] {
  let history: PromptHistory = {};
  let current: string | null = null;
  const shown: PromptChoice[] = [];
  for (let i = 0; i < n; i++) {
    const next = nextPromptFor(db, history, { residentId, category: "childhood", current, lang });
    shown.push(next.prompt);
    history = next.history;
    current = next.prompt.key;
  }
  return shown;
}

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  beta = await buildCommunity("beta", "Beta House");
  db = alpha.db();
  // Ada, who signs in, was born in 1941; Ben has no date of birth
  db.update(t.residents)
    .set({ dateOfBirth: "1941-04-12" })
    .where(eq(t.residents.id, alpha.residents.ada))
    .run();
});
afterAll(() => cleanupDataDir(dir));

describe("the decades a resident lived through", () => {
  it("are the bank's decades overlapping the years she was ten to thirty", () => {
    expect(DECADES).toEqual(["1930s", "1940s", "1950s", "1960s", "1970s", "1980s"]);
    // born 1941: ten in 1951, thirty in 1971
    expect(decadesLived("1941-06-02")).toEqual(["1950s", "1960s", "1970s"]);
    expect(decadesLived("1940-01-01")).toEqual(["1950s", "1960s", "1970s"]);
    expect(decadesLived("1939-12-31")).toEqual(["1940s", "1950s", "1960s"]);
    // born 1915: ten in 1925, but the bank starts at the 1930s
    expect(decadesLived("1915-05-05")).toEqual(["1930s", "1940s"]);
    expect(decadesLived("1941-06-02", 20, 25)).toEqual(["1960s"]);
    // past the bank's last decade, or no readable date: none
    expect(decadesLived("1995-01-01")).toEqual([]);
    expect(decadesLived(null)).toEqual([]);
    expect(decadesLived("")).toEqual([]);
    expect(decadesLived("June 1941")).toEqual([]);
  });

  it("have at least eight prompts each, naming the decade in English and in Spanish", () => {
    const everything = new Set<string>();
    for (const decade of DECADES) {
      const keys = decadePromptKeys(decade);
      const written = keys.filter((k) => /^decade\.\d{4}s\.\d+$/.test(k));
      expect(written.length, decade).toBeGreaterThanOrEqual(8);
      for (const key of keys) {
        const english = promptText(key, "en");
        const spanish = promptText(key, "es");
        expect(english, key).toContain(decade);
        expect(english, key).toMatch(/[?.]$/);
        expect(english.length, key).toBeLessThan(200);
        expect(spanish, key).toContain(spanishName(decade));
        expect(spanish, key).not.toBe(english);
        expect(everything.has(english), `duplicate: ${english}`).toBe(false);
        everything.add(english);
        // the key travels in the wizard's URL and comes back as the same prompt
        expect(resolvePrompt(db, alpha.residents.ada, key, "es")).toMatchObject({
          key,
          text: spanish,
          source: "bank",
          decade,
          lang: "es",
        });
      }
    }
    expect(decadePromptKeys("1850s")).toEqual([]);
    expect(resolvePrompt(db, alpha.residents.ada, "decade.1850s.0")).toBeNull();
    expect(resolvePrompt(db, alpha.residents.ada, "decade.1950s.99")).toBeNull();
    expect(resolvePrompt(db, alpha.residents.ada, "decade.1950s.any.99")).toBeNull();
  });
});

describe("choosing prompts for a resident with a date of birth", () => {
  it("mixes in her own decades: ten prompts for a woman born in 1941 name the 1950s or 1960s", () => {
    const rose = addResident("Rose", "1941-04-12");
    const shown = askInTurn(rose, 10);
    const fromDecades = shown.filter((p) => p.decade);
    expect(shown.some((p) => /1950s|1960s/.test(p.text))).toBe(true);
    // every third, the others from the category she chose
    expect(fromDecades).toHaveLength(3);
    expect(shown.map((p) => !!p.decade)).toEqual([
      ...[false, false, true],
      ...[false, false, true],
      ...[false, false, true],
      false,
    ]);
    for (const p of fromDecades) {
      expect(["1950s", "1960s", "1970s"]).toContain(p.decade);
      expect(p.text).toContain(p.decade!);
    }
    // each of her decades in turn, the one she spent most of those years in first
    expect(fromDecades.map((p) => p.decade)).toEqual(["1960s", "1950s", "1970s"]);
    for (const p of shown.filter((p) => !p.decade)) expect(p.key).toMatch(/^childhood\.\d+$/);
    expect(new Set(shown.map((p) => p.key)).size).toBe(10);
  });

  it("asks in the language asked for", () => {
    const shown = askInTurn(addResident("Lucía", "1950-09-30"), 3, "es");
    expect(shown[2]!.decade).toBe("1960s");
    expect(shown[2]!.text).toContain("años 60");
    expect(shown[2]!.lang).toBe("es");
  });

  it("does not ask a decade prompt she already answered in a story, in any language", () => {
    const ida = addResident("Ida", "1958-01-20"); // ten in 1968, thirty in 1988
    expect(decadesLived("1958-01-20")).toEqual(["1960s", "1970s", "1980s"]);
    const answered = [...decadePromptKeys("1970s"), ...decadePromptKeys("1980s")];
    answered.forEach((key, i) =>
      db
        .insert(t.stories)
        .values({
          id: newId(),
          residentId: ida,
          title: "t",
          content: "c",
          category: "general",
          aiPrompt: promptText(key, i % 2 ? "es" : "en"),
        })
        .run(),
    );
    const recent = ["childhood.0", "childhood.1"];
    for (let i = 0; i < 20; i++) {
      const p = choosePrompt(db, { residentId: ida, category: "childhood", recent });
      expect(p.decade).toBe("1960s");
    }
  });

  it("keeps to the category's prompts when the resident asks for the category instead", () => {
    const vera = addResident("Vera", "1941-04-12");
    const recent = ["childhood.0", "childhood.1"];
    expect(choosePrompt(db, { residentId: vera, category: "love", recent }).decade).toBe("1960s");
    const p = choosePrompt(db, { residentId: vera, category: "love", recent, bankOnly: true });
    expect(p.key).toMatch(/^love\.\d+$/);
  });
});

describe("choosing prompts for a resident without a date of birth", () => {
  it("offers exactly the category's prompts, as before", () => {
    expect(Object.keys(PROMPT_BANK).sort()).toEqual([...CATEGORY_VALUES].sort());
    for (const dateOfBirth of [null, "unknown"]) {
      const sam = addResident("Sam", dateOfBirth);
      const count = PROMPT_BANK.childhood.length;
      const shown = askInTurn(sam, count);
      for (const p of shown) {
        expect(p.key).toMatch(/^childhood\.\d+$/);
        expect(p.decade ?? null).toBeNull();
        expect(p.text).toBe(PROMPT_BANK.childhood[Number(p.key.split(".")[1])]);
      }
      expect(new Set(shown.map((p) => p.text))).toEqual(new Set(PROMPT_BANK.childhood));
    }
  });
});

describe("prompts for a story circle", () => {
  it("gives a decade's prompts only, in the language asked", () => {
    for (const lang of ["en", "es"]) {
      const prompts = circlePrompts({ decade: "1950s", count: 8, lang });
      expect(prompts).toHaveLength(8);
      for (const p of prompts) {
        expect(p.key).toMatch(/^decade\.1950s\./);
        expect(p.text).toBe(promptText(p.key, lang));
        expect(p.text).toContain(lang === "es" ? "años 50" : "1950s");
        for (const other of DECADES.filter((d) => d !== "1950s"))
          expect(p.text).not.toContain(lang === "es" ? spanishName(other) : other);
      }
      expect(new Set(prompts.map((p) => p.key)).size).toBe(8);
    }
    // more than the ones written for it: the templates filled in with the decade follow
    const many = circlePrompts({ decade: "1950s", count: 40, lang: "en" });
    expect(many.length).toBe(decadePromptKeys("1950s").length);
    expect(many.every((p) => p.text.includes("1950s"))).toBe(true);
  });

  it("gives a category's prompts, or a free-text topic's", () => {
    const love = circlePrompts({ category: "love", count: 5, lang: "es" });
    expect(love).toHaveLength(5);
    for (const p of love) {
      expect(p.key).toMatch(/^love\.\d+$/);
      expect(p.text).toBe(promptText(p.key, "es"));
    }
    const topic = circlePrompts({ topic: "gardening", count: 6, lang: "en" });
    expect(topic[0]).toEqual({
      key: "topic.0",
      text: "Tell us about your first experience of gardening.",
    });
    expect(topic).toHaveLength(6);
    expect(topic.every((p) => p.text.includes("gardening"))).toBe(true);
    const tema = circlePrompts({ topic: "la jardinería", count: 2, lang: "es" });
    expect(tema[0]!.text).toBe("Cuéntenos su primera experiencia con la jardinería.");
  });
});

describe("GET /api/story-prompt/{category}?residentId=", () => {
  const url = (f: Fixture, q: string) => `${f.origin}/api/story-prompt/childhood?${q}`;
  const promptCookie = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  async function ask(cookie: string, f: Fixture, q: string) {
    const { response, status } = await call(storyPrompt.loader, get(url(f, q), cookie), {
      category: "childhood",
    });
    return { response: response!, status };
  }

  it("answers staff with a prompt from the resident's decades every third time", async () => {
    const staff = await cookieFor(alpha.origin, alpha.users.staff);
    let cookie = staff;
    const decades: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const { response, status } = await ask(cookie, alpha, `residentId=${alpha.residents.ada}`);
      expect(status).toBe(200);
      const body = await response.json();
      expect(Object.keys(body).sort()).toEqual(
        ["askedBy", "decade", "key", "lang", "prompt", "source"].sort(),
      );
      decades.push(body.decade);
      if (body.decade) expect(body.prompt).toContain(body.decade);
      cookie = `${staff}; ${promptCookie(response)}`;
    }
    expect(decades).toEqual([null, null, "1960s"]);

    // Ben has no date of birth: never a decade
    cookie = staff;
    for (let i = 0; i < 4; i++) {
      const { response } = await ask(cookie, alpha, `residentId=${alpha.residents.ben}`);
      const body = await response.json();
      expect(body.decade).toBeNull();
      expect(body.key).toMatch(/^childhood\.\d+$/);
      cookie = `${staff}; ${promptCookie(response)}`;
    }
  });

  it("refuses a resident of another community or an unknown one with 404", async () => {
    const admin = await cookieFor(alpha.origin, alpha.users.admin);
    for (const id of [beta.residents.ada, "no-such-resident"]) {
      const { response, status } = await ask(admin, alpha, `residentId=${id}`);
      expect(status).toBe(404);
      expect(await response.text()).toBe("Resident not found");
    }
  });

  it("lets a resident ask only for herself, and no family member", async () => {
    const ada = await cookieFor(alpha.origin, alpha.users.ada);
    expect((await ask(ada, alpha, "")).status).toBe(200);
    expect((await ask(ada, alpha, `residentId=${alpha.residents.ada}`)).status).toBe(200);
    expect((await ask(ada, alpha, `residentId=${alpha.residents.ben}`)).status).toBe(403);
    const dora = await cookieFor(alpha.origin, alpha.users.adaDaughter);
    expect((await ask(dora, alpha, `residentId=${alpha.residents.ada}`)).status).toBe(403);
  });
});

describe("the record wizard's prompt step", () => {
  it("shows the signed-in resident a prompt from her decades every third New prompt", async () => {
    const ada = await cookieFor(alpha.origin, alpha.users.ada);
    let cookie = ada;
    let current = "";
    const shown: { key: string; decade: string | null; text: string }[] = [];
    for (let i = 0; i < 3; i++) {
      // no prompt in the address: the wizard picks one and sends her to it
      const path = `/resident/record?step=prompt&category=childhood${current}`;
      const picked = await call(recordScreen.loader, get(`${alpha.origin}${path}`, cookie));
      expect(picked.status).toBe(302);
      const to = picked.response!.headers.get("Location")!;
      cookie = `${ada}; ${picked.response!.headers.getSetCookie()[0]!.split(";")[0]}`;
      const page = await call(recordScreen.loader, get(new URL(to, alpha.origin).href, cookie));
      expect(page.status).toBe(200);
      const prompt = page.data.prompt as PromptChoice;
      shown.push({ key: prompt.key, decade: prompt.decade ?? null, text: prompt.text });
      current = `&current=${encodeURIComponent(prompt.key)}`;
    }
    expect(shown.map((p) => p.decade)).toEqual([null, null, "1960s"]);
    expect(shown[2]!.key).toMatch(/^decade\.1960s\./);
    expect(shown[2]!.text).toContain("1960s");
  });
});
