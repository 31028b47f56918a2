import crypto from "node:crypto";
import type { TranslationKeys } from "@zxcvbn-ts/core";
import { DEFAULT_LANGUAGE, type T } from "./i18n";
import { translator } from "./i18n.server";

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum for scrypt), 16-byte salt, 64-byte key.
const N = 32768;
const R = 8;
const P = 1;
const KEYLEN = 64;
const MAXMEM = 64 * 1024 * 1024;

export { MIN_PASSWORD_LENGTH } from "./password-rules";

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(
      password.normalize("NFKC"),
      salt,
      KEYLEN,
      { N: n, r, p, maxmem: MAXMEM },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const actual = await scrypt(
    password,
    Buffer.from(saltB64, "base64"),
    Number(n),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A temporary password that is easy to read aloud and type: four groups of four. */
export function generateTemporaryPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = crypto.randomBytes(16);
  let out = "";
  for (let i = 0; i < 16; i++) {
    out += alphabet[bytes[i]! % alphabet.length];
    if (i % 4 === 3 && i < 15) out += "-";
  }
  return out;
}

// Password strength: zxcvbn-ts (a maintained port of Dropbox's estimator) with its common-passwords
// and diceware lists. Loaded on first use (about 30 MB), only where a password is being chosen.
// Only the first 64 characters are weighed: longer is strong anyway, and the estimator's time grows
// with length (a 200-character password must not cost a second of CPU).
const STRENGTH_MAX_LENGTH = 64;
// 3 of 4: "safely unguessable" by zxcvbn's measure, about 10^8 guesses against a slow hash
const MIN_STRENGTH_SCORE = 3;
let estimator: Promise<{
  check: (
    password: string,
    userInputs?: string[],
  ) => {
    score: number;
    feedback: { warning: string | null };
    sequence: { pattern: string; dictionaryName?: string; matchedWord?: string }[];
  };
}> | null = null;

/**
 * The feedback messages of a zxcvbn translation by their own names, so the estimator's warning is
 * a key (the crack-time words, never shown, stay as they are).
 */
function messageNames(translations: TranslationKeys): TranslationKeys {
  const names = (group: object) => Object.fromEntries(Object.keys(group).map((k) => [k, k]));
  return {
    ...translations,
    warnings: names(translations.warnings),
    suggestions: names(translations.suggestions),
  } as TranslationKeys;
}

function loadEstimator() {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, { default: english }] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      // the names of the messages, which the auth catalog words in each language (strength.*);
      // the English word lists would add 80 MB for little gain
      import("@zxcvbn-ts/language-en/dist/translations.mjs" as string) as Promise<{
        default: TranslationKeys;
      }>,
    ]);
    return new ZxcvbnFactory({
      translations: messageNames(english),
      graphs: common.adjacencyGraphs,
      dictionary: common.dictionary,
      maxLength: STRENGTH_MAX_LENGTH,
    });
  })();
  return estimator;
}

/** The English of the auth catalog's strength.nameInPassword. */
export const NAME_IN_PASSWORD =
  "Don't use your name, username or the community's name in your password.";

/** Lower case without accents, so "Zoë" and "zoe" are the same word. */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * The words of these names as someone would type them: each name whole ("sarah ellis",
 * "sarah.ellis"), its words ("sarah", "ellis") and its words run together ("sarahellis").
 */
function personalWords(names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const whole = fold(name).trim();
    const parts = whole.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    for (const w of [whole, ...parts, parts.join("")]) if (w) out.add(w);
  }
  return [...out];
}

/** The password, folded, with every personal word of three letters or more taken out. */
function withoutPersonalWords(password: string, words: readonly string[]): string {
  let rest = fold(password);
  // longest first, so "sarahellis" goes before "sarah" could split it
  for (const w of [...words].filter((w) => w.length >= 3).sort((a, b) => b.length - a.length))
    rest = rest.split(w).join("");
  return rest;
}

/**
 * Why a chosen password is too easy to guess, in words that say what to do (in the language of
 * `t`, the auth catalog's translator; English without one), or null when it is strong enough.
 * `personal` are the names someone who knows the person would try first: their
 * names, username, the community's name and subdomain. A password is refused when it leans on
 * them: when the estimator finds them in a weak password, or when what is left without them would
 * be weak on its own ("Margaret-Ellis", "Sunnybrook-Gardens-2026!").
 */
export async function passwordStrengthProblem(
  password: string,
  personal: readonly string[] = [],
  t: T = translator(DEFAULT_LANGUAGE, "auth"),
): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const words = personalWords(personal);
  const weighed = password.slice(0, STRENGTH_MAX_LENGTH);
  const result = zxcvbn.check(weighed, ["storyloom", ...words]);
  const usesName = result.sequence.some(
    (m) =>
      m.pattern === "dictionary" &&
      m.dictionaryName === "userInputs" &&
      words.includes(m.matchedWord ?? ""),
  );
  const advice = (why: string) => t("auth:strength.advice", { why: t(`auth:strength.${why}`) });
  if (result.score < MIN_STRENGTH_SCORE)
    return advice(
      usesName
        ? "nameInPassword"
        : result.feedback.warning
          ? `warning.${result.feedback.warning}`
          : "easyToGuess",
    );
  const rest = withoutPersonalWords(weighed, words);
  if (rest !== fold(weighed) && zxcvbn.check(rest, ["storyloom"]).score < MIN_STRENGTH_SCORE)
    return advice("nameInPassword");
  return null;
}
