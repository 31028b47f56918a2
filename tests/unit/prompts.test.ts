import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { getTenantDb, tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { CATEGORIES, CATEGORY_VALUES } from "~/models/categories";
import {
  choosePrompt,
  DEFAULT_PROMPT,
  nextPromptFor,
  noteStoryAnsweredPrompt,
  PROMPT_BANK,
  resolvePrompt,
} from "~/models/prompt.server";
import {
  promptHistoryCookie,
  readPromptHistory,
  rememberPrompt as rememberInHistory,
  type PromptHistory,
} from "~/utils/prompt-history.server";

/** The history with one more prompt, as the Set-Cookie value the browser gets back. */
const rememberPrompt = (history: PromptHistory, residentId: string, key: string) =>
  promptHistoryCookie(rememberInHistory(history, residentId, key));

let dir: string;
let db: TenantDb;
const margaret = newId();
const harold = newId();
let questionId: string;

function addStory(residentId: string, aiPrompt: string) {
  db.insert(tenantSchema.stories)
    .values({ id: newId(), residentId, title: "t", content: "c", category: "childhood", aiPrompt })
    .run();
}

beforeAll(() => {
  dir = useTempDataDir();
  db = getTenantDb(createCommunity({ name: "Prompt House", subdomain: "prompthouse" }));
  db.insert(tenantSchema.residents)
    .values([
      { id: margaret, firstName: "Margaret", lastName: "Ellis" },
      { id: harold, firstName: "Harold", lastName: "Jensen" },
    ])
    .run();
  const sarah = newId();
  db.insert(tenantSchema.familyMembers)
    .values({
      id: sarah,
      residentId: margaret,
      name: "Sarah Ellis",
      email: "s@x.example",
      relationship: "Daughter",
    })
    .run();
  questionId = newId();
  db.insert(tenantSchema.familyQuestions)
    .values({
      id: questionId,
      familyMemberId: sarah,
      residentId: margaret,
      question: "Mum, how did you and Dad meet?",
    })
    .run();
});
afterAll(() => cleanupDataDir(dir));

describe("the curated prompt bank", () => {
  it("has at least fifteen distinct, complete prompts for each of the nine categories", () => {
    expect(Object.keys(PROMPT_BANK).sort()).toEqual([...CATEGORY_VALUES].sort());
    expect(CATEGORIES).toHaveLength(9);
    const everything = new Set<string>();
    for (const category of CATEGORY_VALUES) {
      const prompts = PROMPT_BANK[category];
      expect(prompts.length, category).toBeGreaterThanOrEqual(15);
      for (const p of prompts) {
        expect(p.length, p).toBeGreaterThan(25);
        expect(p.length, p).toBeLessThan(200);
        expect(p, p).toMatch(/[?.]$/);
        expect(everything.has(p), `duplicate: ${p}`).toBe(false);
        everything.add(p);
      }
    }
  });

  it("names prompts by stable keys that resolve back to their text", () => {
    expect(resolvePrompt(db, harold, "travel.3")?.text).toBe(PROMPT_BANK.travel[3]);
    expect(resolvePrompt(db, harold, "default")?.text).toBe(DEFAULT_PROMPT);
    expect(resolvePrompt(db, harold, "travel.99")).toBeNull();
    expect(resolvePrompt(db, harold, "nonsense.1")).toBeNull();
    expect(resolvePrompt(db, harold, "../../etc")).toBeNull();
    expect(DEFAULT_PROMPT).toMatch(/favorite memory from your childhood/);
  });
});

describe("choosing a prompt", () => {
  it("never repeats a prompt the resident saw recently until the category is used up", () => {
    const seen: string[] = [];
    let current: string | null = null;
    for (let i = 0; i < PROMPT_BANK.career.length; i++) {
      const p = choosePrompt(db, {
        residentId: harold,
        category: "career",
        recent: seen,
        exclude: current ? [current] : [],
      });
      expect(p.source).toBe("bank");
      expect(seen).not.toContain(p.key);
      seen.push(p.key);
      current = p.key;
    }
    expect(new Set(seen).size).toBe(PROMPT_BANK.career.length);
    // all seen: still a different prompt than the one on screen, and the oldest seen come back first
    const again = choosePrompt(db, {
      residentId: harold,
      category: "career",
      recent: seen,
      exclude: [current!],
    });
    expect(again.key).not.toBe(current);
    expect(seen.slice(0, 3)).toContain(again.key);
  });

  it("offers the question a family member asked, with who asked it, before the bank", () => {
    const p = choosePrompt(db, { residentId: margaret, category: "hobby" });
    expect(p).toMatchObject({
      key: `q.${questionId}`,
      source: "family",
      text: "Mum, how did you and Dad meet?",
      askedBy: "Sarah Ellis (Daughter)",
    });
    // once seen, New Prompt moves on to the bank
    const next = choosePrompt(db, {
      residentId: margaret,
      category: "hobby",
      recent: [p.key],
      exclude: [p.key],
    });
    expect(next.source).toBe("bank");
    expect(next.key).toMatch(/^hobby\.\d+$/);
  });

  it("keeps a family question to the resident it was asked of", () => {
    expect(resolvePrompt(db, margaret, `q.${questionId}`)?.text).toBe(
      "Mum, how did you and Dad meet?",
    );
    expect(resolvePrompt(db, harold, `q.${questionId}`)).toBeNull();
    expect(choosePrompt(db, { residentId: harold, category: "love" }).source).toBe("bank");
  });

  it("stops offering a question once a story answers it", () => {
    const storyId = newId();
    db.insert(tenantSchema.stories)
      .values({
        id: storyId,
        residentId: margaret,
        title: "How we met",
        content: "At a dance.",
        category: "love",
      })
      .run();
    noteStoryAnsweredPrompt(db, margaret, `q.${questionId}`, storyId);
    const p = choosePrompt(db, { residentId: margaret, category: "love" });
    expect(p.source).toBe("bank");
  });

  it("avoids prompts the resident already answered in a story, and falls back to the default question", () => {
    const resident = newId();
    db.insert(tenantSchema.residents)
      .values({ id: resident, firstName: "Walter", lastName: "Brooks" })
      .run();
    const all = PROMPT_BANK.achievement;
    for (const text of all.slice(1)) addStory(resident, text);
    for (let i = 0; i < 5; i++)
      expect(choosePrompt(db, { residentId: resident, category: "achievement" }).key).toBe(
        "achievement.0",
      );
    addStory(resident, all[0]!);
    expect(choosePrompt(db, { residentId: resident, category: "achievement" })).toMatchObject({
      key: "default",
      text: DEFAULT_PROMPT,
    });
  });
});

describe("the per-resident history cookie", () => {
  function requestWith(setCookie: string | null) {
    return new Request("http://prompthouse.storyloom.localhost/resident/record", {
      headers: setCookie ? { Cookie: setCookie.split(";")[0]! } : {},
    });
  }

  it("remembers what each resident saw, signed, and survives a round trip", async () => {
    let cookie = await rememberPrompt({}, harold, "travel.1");
    cookie = await rememberPrompt(await readPromptHistory(requestWith(cookie)), margaret, "love.2");
    cookie = await rememberPrompt(await readPromptHistory(requestWith(cookie)), harold, "travel.4");
    const history = await readPromptHistory(requestWith(cookie));
    expect(history[harold]).toEqual(["travel.1", "travel.4"]);
    expect(history[margaret]).toEqual(["love.2"]);
  });

  it("ignores a tampered cookie", async () => {
    const cookie = await rememberPrompt({}, harold, "travel.1");
    const [name, value] = cookie.split(";")[0]!.split("=") as [string, string];
    const forged = `${name}=${value.replace(/^./, (c) => (c === "e" ? "f" : "e"))}`;
    expect(
      await readPromptHistory(new Request("http://x.example/", { headers: { Cookie: forged } })),
    ).toEqual({});
  });

  it("nextPromptFor gives a different prompt each time and records it", async () => {
    let request = requestWith(null);
    const seen = new Set<string>();
    let current: string | null = null;
    for (let i = 0; i < 10; i++) {
      const { prompt, history } = nextPromptFor(db, await readPromptHistory(request), {
        residentId: harold,
        category: "friendship",
        current,
      });
      expect(seen.has(prompt.key)).toBe(false);
      seen.add(prompt.key);
      current = prompt.key;
      request = requestWith(await promptHistoryCookie(history));
    }
    expect((await readPromptHistory(request))[harold]).toEqual([...seen]);
  });

  it("keeps the history small on a kiosk shared by many residents", async () => {
    let history = {};
    for (let i = 0; i < 12; i++) {
      const cookie = await rememberPrompt(history, `resident-${i}`, "general.1");
      history = await readPromptHistory(requestWith(cookie));
    }
    expect(Object.keys(history)).toHaveLength(8);
    expect(Object.keys(history)).toContain("resident-11");
    expect(Object.keys(history)).not.toContain("resident-0");
  });
});
