// Story prompts: a curated bank written for Storyloom (no external AI), questions that family
// members asked the resident, and a default question. A prompt the resident saw recently is not
// offered again; neither is one they already answered in a story. The code picks a prompt by its
// key; its words come from the prompts catalog in the language the resident is asked in.
// A resident with a date of birth is also asked, every third prompt, about the decades she lived
// through between ten and thirty ("In the 1950s, where did young people go dancing?").
import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { rememberPrompt, type PromptHistory } from "~/utils/prompt-history.server";
import { CATEGORY_VALUES, type CategoryValue } from "./categories";
import englishPrompts from "~/locales/en/prompts.json";
import { languageOptions, translator } from "~/utils/i18n.server";
import {
  getQuestionForResident,
  listQuestionsForResident,
  markQuestionAnswered,
} from "./family-question.server";

const { residents, stories } = tenantSchema;

/** The bank's English, as the prompts catalog holds it: "childhood.0", ..., and "default". */
const ENGLISH: Record<string, string> = englishPrompts;

export const DEFAULT_PROMPT = ENGLISH.default!;

/** The decades the bank has prompts written for, oldest first. */
export const DECADES = ["1930s", "1940s", "1950s", "1960s", "1970s", "1980s"] as const;
export type Decade = (typeof DECADES)[number];

export function isDecade(value: unknown): value is Decade {
  return typeof value === "string" && (DECADES as readonly string[]).includes(value);
}

/** Keys of a numbered run in the catalog: `{prefix}.0`, `{prefix}.1`, ... while English has one. */
function numberedKeys(prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; ENGLISH[`${prefix}.${i}`]; i++) keys.push(`${prefix}.${i}`);
  return keys;
}

/** Prompts written for one decade, each naming it: "decade.1950s.0", ... */
const DECADE_WRITTEN: Record<Decade, readonly string[]> = Object.fromEntries(
  DECADES.map((d) => [d, numberedKeys(`decade.${d}`)]),
) as Record<Decade, string[]>;

/** Templates for any decade ("decade.any.{n}", with `{decade}`), asked as `decade.{d}.any.{n}`. */
const DECADE_TEMPLATE_COUNT = numberedKeys("decade.any").length;

/** Templates for a circle's free-text topic ("topic.{n}", with `{topic}`). */
const TOPIC_TEMPLATES = numberedKeys("topic");

/**
 * The keys of a decade's prompts: the ones written for it, then the templates for any decade
 * filled in with it (`decade.1950s.any.0`, ...). None for a decade the bank does not have.
 */
export function decadePromptKeys(decade: string): string[] {
  if (!isDecade(decade)) return [];
  const templates = Array.from(
    { length: DECADE_TEMPLATE_COUNT },
    (_, i) => `decade.${decade}.any.${i}`,
  );
  return [...DECADE_WRITTEN[decade], ...templates];
}

/**
 * The bank's decades that overlap the years a person born on `dateOfBirth` (YYYY-MM-DD) was
 * between `from` and `to` years old, oldest first; none without a readable date.
 */
export function decadesLived(dateOfBirth: string | null | undefined, from = 10, to = 30): Decade[] {
  const m = dateOfBirth ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth.trim()) : null;
  if (!m) return [];
  const first = Number(m[1]) + from;
  const last = Number(m[1]) + to;
  return DECADES.filter((d) => {
    const start = Number(d.slice(0, 4));
    return start <= last && start + 9 >= first;
  });
}

/** How many of the years from `from` to `to` of her age fall in the decade (to order decades). */
function yearsIn(decade: Decade, dateOfBirth: string, from = 10, to = 30): number {
  const born = Number(dateOfBirth.slice(0, 4));
  const start = Number(decade.slice(0, 4));
  return Math.max(0, Math.min(born + to, start + 9) - Math.max(born + from, start) + 1);
}

/** The decade a prompt key names ("decade.1950s.3", "decade.1950s.any.1"), or null. */
export function decadeOfKey(key: string): Decade | null {
  const m = /^decade\.(\d{4}s)\./.exec(key);
  return m && isDecade(m[1]) ? m[1] : null;
}

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
  const template = /^decade\.(\d{4}s)\.any\.(\d{1,3})$/.exec(key);
  if (template) {
    const t = translator(lang ?? "en", "prompts");
    return t(`decade.any.${template[2]}`, { decade: t(`decade.${template[1]}.name`) });
  }
  if (!lang || lang === "en") return ENGLISH[key] ?? key;
  return translator(lang, "prompts")(key);
}

/** Whether a key names one of the decade prompts (written or a filled template). */
function isDecadeKey(key: string): boolean {
  const decade = decadeOfKey(key);
  return !!decade && decadePromptKeys(decade).includes(key);
}

/** A bank prompt's text in every offered language: a story answers it in any of them. */
function textsInEveryLanguage(key: string): string[] {
  return [promptText(key), ...languageOptions().map((l) => promptText(key, l.code))];
}

export type PromptChoice = {
  /**
   * stable key that travels in the wizard's URL: `{category}.{n}`, `decade.{decade}.{n}`,
   * `decade.{decade}.any.{n}`, `q.{questionId}` or `default`
   */
  key: string;
  text: string;
  source: "bank" | "family" | "default";
  askedBy: string | null;
  /** the language of `text`: the one asked for (the bank's), or null (a family member's words) */
  lang: string | null;
  /** the decade a decade prompt names ("1950s"); absent or null for every other prompt */
  decade?: Decade | null;
};

export const DEFAULT_CHOICE: PromptChoice = {
  key: "default",
  text: DEFAULT_PROMPT,
  source: "default",
  askedBy: null,
  lang: "en",
};

function defaultChoice(lang?: string | null): PromptChoice {
  return lang ? { ...DEFAULT_CHOICE, text: promptText("default", lang), lang } : DEFAULT_CHOICE;
}

function bankChoice(
  category: CategoryValue,
  index: number,
  lang?: string | null,
): PromptChoice | null {
  const key = `${category}.${index}`;
  return PROMPT_BANK[category][index]
    ? { key, text: promptText(key, lang), source: "bank", askedBy: null, lang: lang ?? "en" }
    : null;
}

function decadeChoice(key: string, lang?: string | null): PromptChoice | null {
  if (!isDecadeKey(key)) return null;
  return {
    key,
    text: promptText(key, lang),
    source: "bank",
    askedBy: null,
    lang: lang ?? "en",
    decade: decadeOfKey(key),
  };
}

function askedByLabel(member: { name: string; relationship: string | null }): string {
  return member.relationship ? `${member.name} (${member.relationship})` : member.name;
}

/**
 * The prompt a key names, in `lang` (English by default), or null. A family question only for the
 * resident it was asked of, in the words it was asked.
 */
export function resolvePrompt(
  db: TenantDb,
  residentId: string,
  key: string | null | undefined,
  lang?: string | null,
): PromptChoice | null {
  if (!key) return null;
  if (key === "default") return defaultChoice(lang);
  if (key.startsWith("decade.")) return decadeChoice(key, lang);
  const bank = /^([a-z]+)\.(\d{1,3})$/.exec(key);
  if (bank) {
    const category = bank[1] as CategoryValue;
    return category in PROMPT_BANK ? bankChoice(category, Number(bank[2]), lang) : null;
  }
  const question = /^q\.([A-Za-z0-9_-]{1,64})$/.exec(key);
  if (question) {
    const q = getQuestionForResident(db, residentId, question[1]!);
    return q
      ? {
          key,
          text: q.question,
          source: "family",
          askedBy: askedByLabel(q.familyMember),
          lang: null,
        }
      : null;
  }
  return null;
}

/** Questions family members asked this resident that no story answers yet, oldest first. */
export function unansweredQuestions(db: TenantDb, residentId: string): PromptChoice[] {
  return listQuestionsForResident(db, residentId)
    .filter((q) => !q.answeredStoryId)
    .reverse()
    .map((q) => ({
      key: `q.${q.id}`,
      text: q.question,
      source: "family" as const,
      askedBy: askedByLabel(q.familyMember),
      lang: null,
    }));
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

/** The resident's date of birth when it is a readable YYYY-MM-DD date, or null. */
function dateOfBirthOf(db: TenantDb, residentId: string): string | null {
  const row = db
    .select({ dateOfBirth: residents.dateOfBirth })
    .from(residents)
    .where(eq(residents.id, residentId))
    .get();
  return row?.dateOfBirth && decadesLived(row.dateOfBirth).length ? row.dateOfBirth.trim() : null;
}

/** Of every DECADE_EVERY prompts a resident with a date of birth is shown, one is a decade's. */
export const DECADE_EVERY = 3;

/** Whether the next prompt is a decade's: the last DECADE_EVERY - 1 shown were all other ones. */
function decadeTurn(recent: readonly string[]): boolean {
  const last = recent.slice(-(DECADE_EVERY - 1));
  return last.length === DECADE_EVERY - 1 && !last.some(isDecadeKey);
}

/**
 * A prompt from one of her decades, neither seen recently, nor answered, nor in `exclude`: the
 * decade shown longest ago first (then the one she spent more of those years in), and in it a
 * prompt written for it before a template. Null when none is left.
 */
function chooseDecadePrompt(
  dateOfBirth: string,
  opts: {
    recent: readonly string[];
    exclude: ReadonlySet<string>;
    answered: (key: string) => boolean;
    random: () => number;
    lang?: string | null;
  },
): PromptChoice | null {
  const lastShown = (d: Decade) => opts.recent.findLastIndex((k) => decadeOfKey(k) === d);
  const decades = decadesLived(dateOfBirth).sort(
    (a, b) => lastShown(a) - lastShown(b) || yearsIn(b, dateOfBirth) - yearsIn(a, dateOfBirth),
  );
  const recent = new Set(opts.recent);
  const usable = (key: string) => !recent.has(key) && !opts.exclude.has(key) && !opts.answered(key);
  for (const decade of decades) {
    const keys = decadePromptKeys(decade).filter(usable);
    const written = keys.filter((k) => !k.includes(".any."));
    const pool = written.length ? written : keys;
    if (pool.length)
      return decadeChoice(pool[Math.floor(opts.random() * pool.length)] ?? pool[0]!, opts.lang);
  }
  return null;
}

/**
 * A prompt for the category: first a family member's unanswered question the resident has not
 * just seen, then a bank prompt neither seen recently nor answered in a story (in any language);
 * when every one was seen, any but the ones in `exclude`; when nothing is left, the default
 * question. The bank's words are in `lang` (English by default). For a resident with a date of
 * birth, every DECADE_EVERY-th prompt (after two others) is one of her decades' instead, under the
 * same rules; without one, only the category's prompts are offered.
 */
export function choosePrompt(
  db: TenantDb,
  opts: {
    residentId: string;
    category: CategoryValue;
    recent?: readonly string[];
    exclude?: readonly string[];
    random?: () => number;
    bankOnly?: boolean;
    lang?: string | null;
  },
): PromptChoice {
  const random = opts.random ?? Math.random;
  const recent = new Set(opts.recent ?? []);
  const exclude = new Set(opts.exclude ?? []);
  // "Use the Childhood prompt instead": the resident set the family's question aside for now
  const question = opts.bankOnly
    ? undefined
    : unansweredQuestions(db, opts.residentId).find(
        (q) => !recent.has(q.key) && !exclude.has(q.key),
      );
  if (question) return question;
  const answeredTexts = answeredPromptTexts(db, opts.residentId);
  const answered = (key: string) =>
    answeredTexts.size > 0 && textsInEveryLanguage(key).some((t) => answeredTexts.has(t));
  // "Use the Childhood prompt instead" asks for the category's own prompts
  const dateOfBirth = opts.bankOnly ? null : dateOfBirthOf(db, opts.residentId);
  const decadePrompt = () =>
    dateOfBirth
      ? chooseDecadePrompt(dateOfBirth, {
          recent: opts.recent ?? [],
          exclude,
          answered,
          random,
          lang: opts.lang,
        })
      : null;
  if (dateOfBirth && decadeTurn(opts.recent ?? [])) {
    const fromDecade = decadePrompt();
    if (fromDecade) return fromDecade;
  }
  const all = PROMPT_BANK[opts.category].map((_, i) => bankChoice(opts.category, i, opts.lang)!);
  const notExcluded = all.filter((p) => !exclude.has(p.key));
  const fresh = notExcluded.filter((p) => !recent.has(p.key) && !answered(p.key));
  // seen them all: the ones seen longest ago come back first
  const recentOrder = [...(opts.recent ?? [])];
  const pool = fresh.length
    ? fresh
    : notExcluded
        .filter((p) => !answered(p.key))
        .sort((a, b) => recentOrder.indexOf(a.key) - recentOrder.indexOf(b.key))
        .slice(0, 3);
  if (!pool.length) return decadePrompt() ?? defaultChoice(opts.lang);
  return pool[Math.floor(random() * pool.length)] ?? pool[0]!;
}

/** After a story answers a family question, it no longer comes up as a prompt. */
export function noteStoryAnsweredPrompt(
  db: TenantDb,
  residentId: string,
  promptKey: string | null | undefined,
  storyId: string,
) {
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
  opts: {
    residentId: string;
    category: CategoryValue;
    current?: string | null;
    bankOnly?: boolean;
    lang?: string | null;
  },
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

export type CirclePromptText = { key: string; text: string };

/** A copy of `items` in random order (Fisher-Yates). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Up to `count` prompts for a story circle on one theme, in `lang`: a decade's (the ones written
 * for it in random order, then the templates filled in with it), a category's (in random order),
 * or, for a free-text topic, the topic templates filled in with it, in their order. With no theme,
 * the general category's.
 */
export function circlePrompts(opts: {
  category?: CategoryValue | null;
  decade?: string | null;
  topic?: string | null;
  count: number;
  lang?: string | null;
  random?: () => number;
}): CirclePromptText[] {
  const random = opts.random ?? Math.random;
  const count = Math.max(0, Math.floor(opts.count));
  const topic = opts.topic?.trim();
  if (opts.decade && isDecade(opts.decade)) {
    const keys = decadePromptKeys(opts.decade);
    const written = keys.filter((k) => !k.includes(".any."));
    const ordered = [...shuffled(written, random), ...keys.filter((k) => k.includes(".any."))];
    return ordered.slice(0, count).map((key) => ({ key, text: promptText(key, opts.lang) }));
  }
  if (!opts.category && topic) {
    const t = translator(opts.lang ?? "en", "prompts");
    return TOPIC_TEMPLATES.slice(0, count).map((key) => ({ key, text: t(key, { topic }) }));
  }
  const category = opts.category ?? "general";
  const keys = PROMPT_BANK[category].map((_, i) => `${category}.${i}`);
  return shuffled(keys, random)
    .slice(0, count)
    .map((key) => ({ key, text: promptText(key, opts.lang) }));
}
