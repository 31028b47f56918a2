// The translation layer, the same on the server and in the browser (ADR 028). Every string a
// person reads comes from a catalog, app/locales/{lang}/{namespace}.json, in ICU MessageFormat
// ("{count, plural, one {# story} other {# stories}}"), formatted by Lingui's small runtime.
//
// In a component: `const t = useT("family")`, then `t("title")` or `t("common:cancel")`, with
// values as the second argument. On the server outside React: `tFor(lang, "email")`, or
// `getT(request, ns)` from i18n.server.ts.
//
// The server holds every catalog. The browser holds only the namespaces of the pages it has
// shown: the server sends the ones the page used with the page, and a namespace a later page
// needs is fetched once from /locales/{lang}/{ns}.json (the component waits in Suspense).
import { setupI18n, type I18n } from "@lingui/core";
import { createContext, useContext, useEffect, useReducer } from "react";
import { useRouteLoaderData } from "@remix-run/react";

export type CompiledCatalog = Record<string, unknown>;
export type TranslationValues = Record<string, string | number | null | undefined>;
/** Translates a key of its namespace ("title") or of another ("common:cancel"). */
export type T = (key: string, values?: TranslationValues) => string;

export const DEFAULT_LANGUAGE = "en";
export { PSEUDO_LANGUAGE, pseudoize } from "~/utils/pseudo-locale";

/** What the server puts in the page for the browser: the language and the namespaces it used. */
export type I18nPayload = {
  lang: string;
  /** changes whenever any catalog changes: the fetched catalogs are cached under it */
  version: string;
  catalogs: Record<string, CompiledCatalog>;
};

declare global {
  interface Window {
    __i18n?: I18nPayload;
  }
}

const instances = new Map<string, I18n>();
const loaded = new Map<string, Set<string>>();
const pending = new Map<string, Promise<void>>();
let catalogVersion = "";

function instance(lang: string): I18n {
  let i18n = instances.get(lang);
  if (!i18n) {
    i18n = setupI18n({ locale: lang, messages: { [lang]: {} } });
    instances.set(lang, i18n);
  }
  return i18n;
}

/** Adds a namespace's compiled messages for a language (the server at start, the browser as it goes). */
export function addCatalog(lang: string, ns: string, catalog: CompiledCatalog) {
  const prefixed: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalog)) prefixed[`${ns}:${key}`] = message;
  instance(lang).load(lang, prefixed as never);
  let set = loaded.get(lang);
  if (!set) loaded.set(lang, (set = new Set()));
  set.add(ns);
  for (const listener of listeners) listener();
}

// what has rendered with a catalog missing (a page title) renders again once it is there
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function hasCatalog(lang: string, ns: string): boolean {
  return loaded.get(lang)?.has(ns) ?? false;
}

/** Takes the catalogs the server sent with the page (entry.client, before hydrating). */
export function loadPayload(payload: I18nPayload | undefined) {
  if (!payload) return;
  catalogVersion = payload.version;
  for (const [ns, catalog] of Object.entries(payload.catalogs))
    addCatalog(payload.lang, ns, catalog);
}

/** A translator for one language and namespace; a missing key reads as the key itself. */
export function tFor(lang: string, ns: string): T {
  const i18n = instance(lang);
  return (key, values) => {
    const id = key.includes(":") ? key : `${ns}:${key}`;
    return i18n._(id, values as Record<string, unknown> | undefined);
  };
}

/**
 * A validation or error message carried as data (a zod schema's message, an action's error)
 * rather than as text: "validation:tooLong" or, with values, "validation:tooLong|{"max":100}".
 * Translated where it is shown (`translateMessage`), in the reader's language.
 */
export function msg(key: string, values?: TranslationValues): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

const MESSAGE_KEY = /^([a-z][A-Za-z0-9-]*:[A-Za-z0-9_.-]+)(?:\|(\{.*\}))?$/s;

/** The text of a message made by `msg`; any other text (already translated, typed) as it is. */
export function translateMessage(t: T, message: string): string {
  const m = MESSAGE_KEY.exec(message);
  if (!m) return message;
  let values: TranslationValues | undefined;
  if (m[2]) {
    try {
      values = JSON.parse(m[2]) as TranslationValues;
    } catch {
      return message;
    }
  }
  return t(m[1]!, values);
}

// the namespaces meta functions used on the server, by request: a meta function is not a
// component and cannot read a context, so they are kept by the root loader's data of the request
// (one object per request, the same one entry.server.tsx reads), never in a global that requests
// rendered side by side would share
const metaNamespaces = new WeakMap<object, Set<string>>();

/** The namespaces the titles of the request whose root data this is used (entry.server). */
export function metaNamespacesOf(rootData: unknown): Set<string> {
  if (!rootData || typeof rootData !== "object") return new Set();
  return metaNamespaces.get(rootData) ?? new Set();
}

/**
 * The translator for a route's meta function: the root loader's language (titles). On the server
 * its namespace goes to the browser with the page; in the browser one not yet there is fetched,
 * and the title is written again when it arrives (useT's components render again).
 */
export function metaT(matches: readonly { id: string; data?: unknown }[], ns: string): T {
  const root = matches.find((m) => m.id === "root")?.data as { lang?: unknown } | undefined;
  const lang = typeof root?.lang === "string" ? root.lang : DEFAULT_LANGUAGE;
  if (typeof document === "undefined") {
    if (root && typeof root === "object") {
      const set = metaNamespaces.get(root) ?? new Set<string>();
      set.add(ns);
      metaNamespaces.set(root, set);
    }
  } else if (!hasCatalog(lang, ns)) void fetchCatalog(lang, ns);
  return tFor(lang, ns);
}

/** Namespaces the server's render used, collected per request (entry.server.tsx). */
export const UsedNamespaces = createContext<Set<string> | null>(null);

/** The reader's language: the root loader's, or the document's (an error page before it ran). */
export function useLang(): string {
  const root = useRouteLoaderData("root") as { lang?: string } | undefined;
  if (root?.lang) return root.lang;
  if (typeof document !== "undefined" && document.documentElement.lang)
    return document.documentElement.lang;
  return DEFAULT_LANGUAGE;
}

function fetchCatalog(lang: string, ns: string): Promise<void> {
  const key = `${lang}/${ns}`;
  let p = pending.get(key);
  if (!p) {
    p = fetch(`/locales/${lang}/${ns}.json?v=${encodeURIComponent(catalogVersion)}`)
      .then((res) => (res.ok ? (res.json() as Promise<CompiledCatalog>) : {}))
      .then(
        (catalog) => addCatalog(lang, ns, catalog),
        // offline or refused: the keys show rather than the page waiting forever
        () => addCatalog(lang, ns, {}),
      );
    pending.set(key, p);
  }
  return p;
}

/**
 * The translator for `ns` in the reader's language. In the browser a namespace not yet loaded is
 * fetched first (the component suspends; a navigation keeps the last page until it is there).
 */
export function useT(ns: string): T {
  const lang = useLang();
  // rendered again when a catalog arrives (a title written before its namespace was there); an
  // effect, not an external store: a catalog arriving while React hydrates must not undo it
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => subscribe(rerender), []);
  const used = useContext(UsedNamespaces);
  const need = (namespace: string) => {
    if (used) used.add(namespace);
    else if (typeof document !== "undefined" && !hasCatalog(lang, namespace))
      throw fetchCatalog(lang, namespace);
  };
  need(ns);
  const t = tFor(lang, ns);
  // another namespace's key ("common:cancel", a carried "validation:..." message) needs that
  // namespace too: sent with the page from the server, fetched first in the browser
  return (key, values) => {
    const colon = key.indexOf(":");
    if (colon > 0) need(key.slice(0, colon));
    return t(key, values);
  };
}
