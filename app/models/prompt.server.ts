// Story prompts: a curated bank written for Storyloom (no external AI), questions that family
// members asked the resident, and a default question. A prompt the resident saw recently is not
// offered again; neither is one they already answered in a story. The code picks a prompt by its
// key; its words come from the prompts catalog in the language the resident is asked in.
import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { rememberPrompt, type PromptHistory } from "~/utils/prompt-history.server";
import { CATEGORY_VALUES, type CategoryValue } from "./categories";
import englishPrompts from "~/locales/en/prompts.json";
import { languageOptions, translator } from "~/utils/i18n.server";
import { getQuestionForResident, listQuestionsForResident, markQuestionAnswered } from "./family-question.server";

const { stories } = tenantSchema;

/** The bank's English, as the prompts catalog holds it: "childhood.0", ..., and "default". */
const ENGLISH: Record<string, string> = englishPrompts;

export const DEFAULT_PROMPT = ENGLISH.default!;

/**
 * At least fifteen prompts per category: concrete, warm, easy to start answering out loud. Their
 * keys ("{category}.{n}", from 0) are the catalog's; the text in another language is its
 * translation in app/locales/{lang}/prompts.json.
 */
export const PROMPT_BANK: Record<CategoryValue, readonly string[]> = (() => {
  const bank: Partial<Record<CategoryValue, string[]>> = {};
  for (const category of CATEGORY_VALUES) {
    const texts: string[] = (bank[category] = []);
    for (let i = 0; ENGLISH[`${category}.${i}`]; i++) texts.push(ENGLISH[`${category}.${i}`]!);
  }
  return bank as Record<CategoryValue, string[]>;
})();

/** A bank prompt's text in a language (English when none is given or the catalog lacks it). */
export function promptText(key: string, lang?: string | null): string {
  if (!lang || lang === "en") return ENGLISH[key] ?? key;
  return translator(lang, "prompts")(key);
}

/** A bank prompt's text in every offered language: a story answers it in any of them. */
function textsInEveryLanguage(key: string): string[] {
  return [ENGLISH[key] ?? key, ...languageOptions().map((l) => promptText(key, l.code))];
}

export type PromptChoice = {
  /** stable key that travels in the wizard's URL: `{category}.{n}`, `q.{questionId}` or `default` */
  key: string;
  text: string;
  source: "bank" | "family" | "default";
  askedBy: string | null;
  /** the language of `text`: the one asked for (the bank's), or null (a family member's words) */
  lang: string | null;
};

export const DEFAULT_CHOICE: PromptChoice = { key: "default", text: DEFAULT_PROMPT, source: "default", askedBy: null, lang: "en" };

function defaultChoice(lang?: string | null): PromptChoice {
  return lang ? { ...DEFAULT_CHOICE, text: promptText("default", lang), lang } : DEFAULT_CHOICE;
}

function bankChoice(category: CategoryValue, index: number, lang?: string | null): PromptChoice | null {
  const key = `${category}.${index}`;
  return PROMPT_BANK[category][index] ? { key, text: promptText(key, lang), source: "bank", askedBy: null, lang: lang ?? "en" } : null;
}

function askedByLabel(member: { name: string; relationship: string | null }): string {
  return member.relationship ? `${member.name} (${member.relationship})` : member.name;
}

/**
 * The prompt a key names, in `lang` (English by default), or null. A family question only for the
 * resident it was asked of, in the words it was asked.
 */
export function resolvePrompt(db: TenantDb, residentId: string, key: string | null | undefined, lang?: string | null): PromptChoice | null {
  if (!key) return null;
  if (key === "default") return defaultChoice(lang);
  const bank = /^([a-z]+)\.(\d{1,3})$/.exec(key);
  if (bank) {
    const category = bank[1] as CategoryValue;
    return category in PROMPT_BANK ? bankChoice(category, Number(bank[2]), lang) : null;
  }
  const question = /^q\.([A-Za-z0-9_-]{1,64})$/.exec(key);
  if (question) {
    const q = getQuestionForResident(db, residentId, question[1]!);
    return q ? { key, text: q.question, source: "family", askedBy: askedByLabel(q.familyMember), lang: null } : null;
  }
  return null;
}

/** Questions family members asked this resident that no story answers yet, oldest first. */
export function unansweredQuestions(db: TenantDb, residentId: string): PromptChoice[] {
  return listQuestionsForResident(db, residentId)
    .filter((q) => !q.answeredStoryId)
    .reverse()
    .map((q) => ({ key: `q.${q.id}`, text: q.question, source: "family" as const, askedBy: askedByLabel(q.familyMember), lang: null }));
}

function answeredPromptTexts(db: TenantDb, residentId: string): Set<string> {
  return new Set(
    db
      .select({ aiPrompt: stories.aiPrompt })
      .from(stories)
      .where(eq(stories.residentId, residentId))
      .all()
      .map((r) => r.aiPrompt)
      .filter((t): t is string => !!t),
  );
}

/**
 * A prompt for the category: first a family member's unanswered question the resident has not
 * just seen, then a bank prompt neither seen recently nor answered in a story (in any language);
 * when every one was seen, any but the ones in `exclude`; when nothing is left, the default
 * question. The bank's words are in `lang` (English by default).
 */
export function choosePrompt(
  db: TenantDb,
  opts: { residentId: string; category: CategoryValue; recent?: readonly string[]; exclude?: readonly string[]; random?: () => number; bankOnly?: boolean; lang?: string | null },
): PromptChoice {
  const random = opts.random ?? Math.random;
  const recent = new Set(opts.recent ?? []);
  const exclude = new Set(opts.exclude ?? []);
  // "Use the Childhood prompt instead": the resident set the family's question aside for now
  const question = opts.bankOnly ? undefined : unansweredQuestions(db, opts.residentId).find((q) => !recent.has(q.key) && !exclude.has(q.key));
  if (question) return question;
  const answeredTexts = answeredPromptTexts(db, opts.residentId);
  const answered = (key: string) => answeredTexts.size > 0 && textsInEveryLanguage(key).some((t) => answeredTexts.has(t));
  const all = PROMPT_BANK[opts.category].map((_, i) => bankChoice(opts.category, i, opts.lang)!);
  const notExcluded = all.filter((p) => !exclude.has(p.key));
  const fresh = notExcluded.filter((p) => !recent.has(p.key) && !answered(p.key));
  // seen them all: the ones seen longest ago come back first
  const recentOrder = [...(opts.recent ?? [])];
  const pool = fresh.length
    ? fresh
    : notExcluded.filter((p) => !answered(p.key)).sort((a, b) => recentOrder.indexOf(a.key) - recentOrder.indexOf(b.key)).slice(0, 3);
  if (!pool.length) return defaultChoice(opts.lang);
  return pool[Math.floor(random() * pool.length)] ?? pool[0]!;
}

/** After a story answers a family question, it no longer comes up as a prompt. */
export function noteStoryAnsweredPrompt(db: TenantDb, residentId: string, promptKey: string | null | undefined, storyId: string) {
  const m = promptKey ? /^q\.([A-Za-z0-9_-]{1,64})$/.exec(promptKey) : null;
  if (m) markQuestionAnswered(db, residentId, m[1]!, storyId);
}

/**
 * The whole step: picks a prompt for the resident (not the one shown now, not recently seen),
 * and returns it with the history that now includes it (the route keeps the history in a cookie).
 */
export function nextPromptFor(
  db: TenantDb,
  history: PromptHistory,
  opts: { residentId: string; category: CategoryValue; current?: string | null; bankOnly?: boolean; lang?: string | null },
): { prompt: PromptChoice; history: PromptHistory } {
  const prompt = choosePrompt(db, {
    residentId: opts.residentId,
    category: opts.category,
    bankOnly: opts.bankOnly,
    lang: opts.lang,
    recent: history[opts.residentId] ?? [],
    exclude: opts.current ? [opts.current] : [],
  });
  return { prompt, history: rememberPrompt(history, opts.residentId, prompt.key) };
}
