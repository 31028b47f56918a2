// Every language folder of app/locales against English: a key English has and another language
// lacks fails (it would show in English), as does a message that is not valid ICU, an empty one,
// or one whose values differ from English's ({name} missing, or one English does not give).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, type Token } from "@messageformat/parser";
import { readLanguageFolder } from "~/utils/i18n.server";

const LOCALES = path.resolve("app/locales");
const english = readLanguageFolder(path.join(LOCALES, "en"));
const others = fs
  .readdirSync(LOCALES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "en")
  .map((d) => d.name);

/** The names of the values a message uses ({name}, {count, plural, ...}), sorted. */
function valuesOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === "argument" || t.type === "function") names.add(t.arg);
      if (t.type === "plural" || t.type === "select" || t.type === "selectordinal") {
        names.add(t.arg);
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe("the catalogs", () => {
  it("has English, and at least Spanish beside it", () => {
    expect(english.size).toBeGreaterThan(0);
    expect(others).toContain("es");
  });

  for (const lang of ["en", ...others]) {
    const catalogs = lang === "en" ? english : readLanguageFolder(path.join(LOCALES, lang));
    it(`${lang}: every message is non-empty, valid ICU`, () => {
      const bad: string[] = [];
      for (const [ns, messages] of catalogs)
        for (const [key, message] of Object.entries(messages)) {
          if (!message.trim()) bad.push(`${ns}:${key} is empty`);
          try {
            parse(message);
          } catch (error) {
            bad.push(`${ns}:${key}: ${(error as Error).message}`);
          }
        }
      expect(bad).toEqual([]);
    });
    if (lang === "en") continue;

    it(`${lang}: has every key English has, with the same values`, () => {
      const missing: string[] = [];
      const differing: string[] = [];
      for (const [ns, messages] of english) {
        const theirs = catalogs.get(ns) ?? {};
        for (const [key, message] of Object.entries(messages)) {
          if (!(key in theirs)) missing.push(`${ns}:${key}`);
          else if (valuesOf(message).join() !== valuesOf(theirs[key]!).join())
            differing.push(
              `${ns}:${key} (${valuesOf(message).join()} vs ${valuesOf(theirs[key]!).join()})`,
            );
        }
      }
      expect(missing, `keys in en missing in ${lang}`).toEqual([]);
      expect(differing, `values that differ from en in ${lang}`).toEqual([]);
    });

    it(`${lang}: has no key English lacks (a renamed key left behind)`, () => {
      const extra: string[] = [];
      for (const [ns, messages] of catalogs)
        for (const key of Object.keys(messages))
          if (!english.get(ns)?.[key]) extra.push(`${ns}:${key}`);
      expect(extra).toEqual([]);
    });
  }
});
