// The catalogs on the server, and whose language a request is read in (ADR 028).
//
// app/locales/{lang}/{namespace}.json hold ICU messages by key; a folder is a language. English is
// complete by definition; a key another language lacks reads in English. The catalogs are read and
// compiled once, at the first use, and registered with the shared runtime (i18n.ts), so components
// rendered on the server translate synchronously.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { createCookie } from "@remix-run/node";
import {
  addCatalog,
  DEFAULT_LANGUAGE,
  PSEUDO_LANGUAGE,
  pseudoize,
  tFor,
  type CompiledCatalog,
  type I18nPayload,
  type T,
} from "~/utils/i18n";
import { eq } from "drizzle-orm";
import { env } from "~/utils/env.server";
import { getOptionalUser, type SessionUser } from "~/utils/auth.server";
import { resolveHost } from "~/utils/host.server";
import { getTenantDb, tenantSchema, type Community } from "~/utils/db.server";
import { kioskTurnLanguageSubject } from "~/utils/kiosk-turn-language.server";

type Catalogs = {
  /** lang -> namespace -> key -> compiled message */
  compiled: Map<string, Map<string, CompiledCatalog>>;
  /** the languages offered, each in its own name, English first */
  languages: { code: string; name: string }[];
  version: string;
};

let catalogs: Catalogs | null = null;

const LANGUAGE_FOLDER = /^[a-z]{2,3}(-[A-Z][A-Za-z0-9]{1,7})?$/;
const NAMESPACE_FILE = /^([a-z][A-Za-z0-9-]*)\.json$/;

/** A catalog file's messages by key; nested objects are keys joined with dots. */
function flatten(value: unknown, prefix: string, out: Record<string, string>, file: string) {
  if (typeof value === "string") {
    out[prefix] = value;
    return;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value))
      flatten(v, prefix ? `${prefix}.${k}` : k, out, file);
    return;
  }
  throw new Error(`${file}: "${prefix}" must be a message (a string)`);
}

/** Every catalog of one language folder, as written: namespace -> key -> ICU message. */
export function readLanguageFolder(dir: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const file of fs.readdirSync(dir).sort()) {
    const m = NAMESPACE_FILE.exec(file);
    if (!m) continue;
    const full = path.join(dir, file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(full, "utf8"));
    } catch (error) {
      throw new Error(`${full} is not valid JSON: ${(error as Error).message}`);
    }
    const messages: Record<string, string> = {};
    flatten(parsed, "", messages, full);
    out.set(m[1]!, messages);
  }
  return out;
}

function compileCatalog(
  messages: Record<string, string>,
  file: string,
  transform?: (s: string) => string,
) {
  const compiled: CompiledCatalog = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      compiled[key] = transform
        ? pseudoCompiled(compileMessage(message), transform)
        : compileMessage(message);
    } catch (error) {
      throw new Error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** The pseudo-locale's message: the literal text changed, placeholders and plurals kept. */
function pseudoCompiled(message: unknown, transform: (s: string) => string): unknown {
  if (typeof message === "string") return transform(message);
  if (!Array.isArray(message)) return message;
  // a message is a list of parts: literal text, or a placeholder [name, type?, options?] whose
  // plural or select options are messages again
  return message.map((part: unknown) => {
    if (typeof part === "string") return transform(part);
    if (!Array.isArray(part) || part.length < 3 || typeof part[2] !== "object" || !part[2])
      return part;
    const options = Object.fromEntries(
      Object.entries(part[2] as Record<string, unknown>).map(([k, v]) => [
        k,
        k === "offset" ? v : pseudoCompiled(v, transform),
      ]),
    );
    return [part[0], part[1], options];
  });
}

function load(): Catalogs {
  const dir = env().LOCALES_DIR;
  const folders = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && LANGUAGE_FOLDER.test(d.name))
    .map((d) => d.name);
  if (!folders.includes(DEFAULT_LANGUAGE))
    throw new Error(
      `${dir} has no "${DEFAULT_LANGUAGE}" folder: English is every catalog's fallback`,
    );
  const raw = new Map(folders.map((lang) => [lang, readLanguageFolder(path.join(dir, lang))]));
  const english = raw.get(DEFAULT_LANGUAGE)!;
  const compiled = new Map<string, Map<string, CompiledCatalog>>();
  const hash = crypto.createHash("sha256");
  const compileLanguage = (
    lang: string,
    source: Map<string, Record<string, string>>,
    transform?: (s: string) => string,
  ) => {
    const byNs = new Map<string, CompiledCatalog>();
    for (const [ns, en] of english) {
      // a key this language lacks reads in English
      const messages = { ...en, ...(source.get(ns) ?? {}) };
      const catalog = compileCatalog(messages, path.join(dir, lang, `${ns}.json`), transform);
      byNs.set(ns, catalog);
      addCatalog(lang, ns, catalog);
      hash.update(`${lang}/${ns}\n${JSON.stringify(catalog)}\n`);
    }
    compiled.set(lang, byNs);
  };
  for (const [lang, source] of raw) compileLanguage(lang, source);
  const languages = folders
    .map((code) => ({ code, name: tFor(code, "common")("language.name") }))
    .sort((a, b) =>
      a.code === DEFAULT_LANGUAGE
        ? -1
        : b.code === DEFAULT_LANGUAGE
          ? 1
          : a.name.localeCompare(b.name),
    );
  if (env().PSEUDO_LOCALE) {
    compileLanguage(PSEUDO_LANGUAGE, english, pseudoize);
    languages.push({ code: PSEUDO_LANGUAGE, name: pseudoize("Pseudo") });
  }
  return { compiled, languages, version: hash.digest("hex").slice(0, 12) };
}

function get(): Catalogs {
  return (catalogs ??= load());
}

/** Reads the catalogs again (tests that write a language folder). */
export function reloadCatalogs() {
  catalogs = null;
  get();
}

/** The languages a person can choose, each in its own name ("Español"). */
export function languageOptions(): { code: string; name: string }[] {
  return get().languages;
}

export function isLanguage(code: unknown): code is string {
  return typeof code === "string" && get().compiled.has(code);
}

/** One namespace's compiled messages (the /locales resource route, the page's payload). */
export function compiledCatalog(lang: string, ns: string): CompiledCatalog | null {
  return get().compiled.get(lang)?.get(ns) ?? null;
}

export function catalogVersion(): string {
  return get().version;
}

/** What the page sends the browser: the namespaces its render used, in the reader's language. */
export function payloadFor(lang: string, namespaces: Iterable<string>): I18nPayload {
  const out: I18nPayload["catalogs"] = {};
  for (const ns of namespaces) {
    const c = compiledCatalog(lang, ns);
    if (c) out[ns] = c;
  }
  return { lang, version: catalogVersion(), catalogs: out };
}

/** A translator for a language known to the catalogs (English otherwise). */
export function translator(lang: string | null | undefined, ns: string): T {
  get();
  return tFor(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, ns);
}

// --- whose language ---

/** A signed-out visitor's choice, for this browser. */
const languageCookie = createCookie("storyloom_lang", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

export async function languageCookieHeader(lang: string): Promise<string> {
  return languageCookie.serialize(lang);
}

async function cookieLanguage(request: Request): Promise<string | null> {
  const value: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  return isLanguage(value) ? value : null;
}

/**
 * The best of the offered languages for an Accept-Language header: by the browser's order of
 * preference (q), an exact tag first, then its base language ("es-MX" finds "es").
 */
export function negotiateLanguage(header: string | null, offered: string[]): string | null {
  if (!header) return null;
  const wanted = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: (tag ?? "").trim().toLowerCase(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((w) => w.tag && w.tag !== "*" && w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const lower = new Map(offered.map((o) => [o.toLowerCase(), o]));
  for (const w of wanted) {
    const exact = lower.get(w.tag);
    if (exact) return exact;
    const base = lower.get(w.tag.split("-")[0]!);
    if (base) return base;
  }
  return null;
}

export type LanguageSubject = {
  /** the account's own choice (users.language) */
  language?: string | null;
  /** a resident's language (the one her stories are transcribed in), when she has not chosen */
  residentLanguage?: string | null;
} | null;

/**
 * The language a request is read in: the signed-in person's choice, else (a resident) the
 * language she speaks, else this browser's choice, else the browser's Accept-Language, else the
 * community's default, else English.
 */
export async function resolveLanguage(
  request: Request,
  subject: LanguageSubject,
  communityDefault: string | null | undefined,
): Promise<string> {
  if (isLanguage(subject?.language)) return subject.language;
  if (isLanguage(subject?.residentLanguage)) return subject.residentLanguage;
  if (!subject) {
    const chosen = await cookieLanguage(request);
    if (chosen) return chosen;
    const offered = get()
      .languages.map((l) => l.code)
      .filter((c) => c !== PSEUDO_LANGUAGE);
    const asked = negotiateLanguage(request.headers.get("Accept-Language"), offered);
    if (asked) return asked;
  }
  if (isLanguage(communityDefault)) return communityDefault;
  return DEFAULT_LANGUAGE;
}

const requestLanguages = new WeakMap<Request, Promise<string>>();

/** A resident's language, as her stories are transcribed in; null when it is not one offered. */
function residentLanguageOf(user: SessionUser, community: Community | null): string | null {
  if (!community || !user.residentId) return null;
  const row = getTenantDb(community)
    .select({ lang: tenantSchema.residents.preferredLanguage })
    .from(tenantSchema.residents)
    .where(eq(tenantSchema.residents.id, user.residentId))
    .get();
  return row?.lang ?? null;
}

/** The language this request is read in (resolveLanguage), worked out once per request. */
export function requestLanguage(request: Request): Promise<string> {
  let pending = requestLanguages.get(request);
  if (!pending) {
    pending = (async () => {
      const ctx = resolveHost(request);
      const community = ctx.kind === "tenant" ? ctx.community : null;
      const user = await getOptionalUser(request);
      const subject: LanguageSubject = user
        ? { language: user.language, residentLanguage: residentLanguageOf(user, community) }
        : // the lounge kiosk signs nobody in: the pages of a resident's turn there are in her
          // language, its shared screens as a signed-out browser's (kiosk-turn-language.server.ts)
          await kioskTurnLanguageSubject(request);
      return resolveLanguage(request, subject, community?.defaultLanguage);
    })();
    requestLanguages.set(request, pending);
  }
  return pending;
}

/** The translator for `ns` in this request's reader's language (loaders, actions, API routes). */
export async function getT(request: Request, ns: string): Promise<T> {
  return translator(await requestLanguage(request), ns);
}
