// The stylesheet as the text of a <style> element, for the reading pages' full page loads (ADR 019).
// A reading page ships no script (ADR 018), so nothing else it needs is in a file of its own but the
// stylesheet: on a slow phone that file costs a new connection (HTTP/1.1: the page's own is still
// busy), a request round trip and its transfer before the first paint. Inline, it arrives with the
// HTML. The built file is read once per URL (its name carries a content hash) and kept in memory.
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";
import { fontFilesOf, withoutFontFaces } from "./fonts.server";

// where the compiler writes /build/'s files: remix.config.js's assetsBuildDirectory, the directory
// server/index.ts serves /build from
const PUBLIC_PATH = "/build/";
const assetsDir = () => path.join(env().REMIX_BUILD_DIR, "client");

/** The built file behind a /build/ URL, or null for any other URL (or one that leaves the folder). */
export function builtAssetFile(href: string, dir: string, publicPath = PUBLIC_PATH): string | null {
  if (!href.startsWith(publicPath)) return null;
  const root = path.resolve(dir);
  const file = path.resolve(
    root,
    decodeURIComponent(href.slice(publicPath.length).split(/[?#]/)[0]!),
  );
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * A stylesheet's text as it must read inside the page: a relative `url()` is resolved against the
 * stylesheet's own URL (inline, it would resolve against the page's), and `</style` cannot end the
 * element early (in CSS `\/` is `/`). Null when it cannot be inlined as is: an `@import` (its
 * relative string form is not rewritten here).
 */
export function inlineStyleText(css: string, href: string): string | null {
  if (/@import\b/i.test(css)) return null;
  const base = new URL(href, "http://stylesheet.invalid");
  const withUrls = css.replace(
    /url\(\s*(["']?)([^"')]*)\1\s*\)/gi,
    (whole, quote: string, target: string) => {
      // absolute paths, other origins, data: and fragment references mean the same on any page
      if (target === "" || /^([a-z][a-z\d+.-]*:|\/|#)/i.test(target)) return whole;
      const resolved = new URL(target, base);
      return `url(${quote}${resolved.pathname}${resolved.search}${resolved.hash}${quote})`;
    },
  );
  return withUrls.replace(/<\/(style)/gi, "<\\/$1");
}

const texts = new Map<string, string | null>();

/**
 * The built stylesheet at `href` ready to inline, read at first use and kept; null when it cannot
 * be read or inlined, and the page then links it as any other page does (still styled, one round
 * trip later).
 */
export function inlineStylesheet(href: string): string | null {
  const known = texts.get(href);
  if (known !== undefined) return known;
  let text: string | null = null;
  const file = builtAssetFile(href, assetsDir());
  try {
    if (file) text = inlineStyleText(fs.readFileSync(file, "utf8"), href);
  } catch (error) {
    console.error(
      `Cannot read the stylesheet ${href} to inline it; the page links it instead`,
      error,
    );
  }
  texts.set(href, text);
  return text;
}

const withoutFonts = new Map<string, { css: string; prefetchFonts: string[] }>();

/**
 * What a reading page's head carries (ADR 019): the stylesheet inline; for a browser that has not
 * been sent the fonts yet (fonts.server.ts), without its @font-face rules, with the font files the
 * page then prefetches after it has loaded. Null: link the stylesheet instead.
 */
export function readingPageStyles(
  href: string,
  fontsCached: boolean,
): { css: string; prefetchFonts: string[] } | null {
  const css = inlineStylesheet(href);
  if (css === null) return null;
  if (fontsCached) return { css, prefetchFonts: [] };
  let plain = withoutFonts.get(href);
  if (!plain) {
    plain = { css: withoutFontFaces(css), prefetchFonts: fontFilesOf(css) };
    withoutFonts.set(href, plain);
  }
  return plain;
}

// ---------------------------------------------------------------------------------------------
// A reading page's inline stylesheet holds only the rules its document can use. The built sheet
// serves every screen (about 8.5 KB compressed); a reading page's markup uses a small part of it,
// and on a slow phone every kilobyte before the first paint is 20 ms at 400 kbit/s. The page is
// rendered whole before it is sent, so its classes are known: a rule is kept when one of its
// selectors names only classes the document carries (classes inside :not(), :is(), :where(),
// :has() and other parentheses are not required, so those rules are kept whenever the rest
// matches); rules that name no class (elements, attributes, :root) are always kept, and so are
// @font-face, @keyframes and @page. The order of the kept rules is the built sheet's.

/** Marks the inline stylesheet that may be cut down to the rules its page uses. */
export const TRIM_ATTRIBUTE = "data-used-rules";

type CssNode =
  | { kind: "rule"; selectors: string[][]; text: string }
  | { kind: "group"; prelude: string; children: CssNode[] }
  | { kind: "verbatim"; text: string };

// at-rules whose block holds rules, filtered like the top level
const GROUPING = new Set(["media", "supports", "container", "layer", "scope", "document"]);

/**
 * Where an escape, a string or a comment that starts at `i` ends (its last character), or -1 when
 * none starts there: what every scan below steps over whole.
 */
function skipped(css: string, i: number): number {
  const c = css[i];
  if (c === "\\") return i + 1;
  if (c === '"' || c === "'") return stringEnd(css, i);
  if (c === "/" && css[i + 1] === "*") {
    const close = css.indexOf("*/", i + 2);
    return close === -1 ? css.length : close + 1;
  }
  return -1;
}

/** Index just after the block that opens at `open` (a "{"). */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const skip = skipped(css, i);
    if (skip !== -1) i = skip;
    else if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

function stringEnd(css: string, open: number): number {
  const quote = css[open];
  for (let i = open + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** The next "{" or ";" outside strings, comments and parentheses, from `from`. */
function preludeEnd(css: string, from: number): number {
  let parens = 0;
  for (let i = from; i < css.length; i++) {
    const skip = skipped(css, i);
    const c = css[i];
    if (skip !== -1) i = skip;
    else if (c === "(") parens++;
    else if (c === ")") parens--;
    else if (parens === 0 && (c === "{" || c === ";")) return i;
  }
  return css.length;
}

export function parseStylesheet(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i]!)) i++;
    if (i >= css.length) break;
    if (css.startsWith("/*", i)) {
      i = css.indexOf("*/", i + 2) === -1 ? css.length : css.indexOf("*/", i + 2) + 2;
      continue;
    }
    const end = preludeEnd(css, i);
    const prelude = css.slice(i, end).trim();
    if (css[end] !== "{") {
      // a statement (@charset, @import, @layer a, b;) or a stray ";"
      if (prelude) nodes.push({ kind: "verbatim", text: `${prelude};` });
      i = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    const text = css.slice(i, close);
    const atRule = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
    if (atRule && GROUPING.has(atRule)) {
      nodes.push({
        kind: "group",
        prelude,
        children: parseStylesheet(css.slice(end + 1, close - 1)),
      });
    } else if (atRule) {
      nodes.push({ kind: "verbatim", text });
    } else {
      nodes.push({ kind: "rule", selectors: selectorList(prelude).map(requiredClasses), text });
    }
    i = close;
  }
  return nodes;
}

/** A selector list split at its top-level commas. */
function selectorList(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(prelude, i);
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  out.push(prelude.slice(start));
  return out;
}

/** One CSS escape at `at` (a backslash): the character it stands for and where it ends. */
function unescape(s: string, at: number): [string, number] {
  const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(s.slice(at + 1, at + 8));
  if (hex) return [String.fromCodePoint(parseInt(hex[0], 16) || 0xfffd), at + 1 + hex[0].length];
  return [s[at + 1] ?? "", at + 2];
}

/** The classes a selector needs the document to carry, outside any parentheses. */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let parens = 0;
  let brackets = 0;
  for (let i = 0; i < selector.length;) {
    const c = selector[i]!;
    if (c === "\\") {
      i = unescape(selector, i)[1];
    } else if (c === '"' || c === "'") {
      i = stringEnd(selector, i) + 1;
    } else if (c === "(" || c === ")") {
      parens += c === "(" ? 1 : -1;
      i++;
    } else if (c === "[" || c === "]") {
      brackets += c === "[" ? 1 : -1;
      i++;
    } else if (c === "." && parens === 0 && brackets === 0) {
      let name = "";
      i++;
      while (i < selector.length) {
        const d = selector[i]!;
        if (d === "\\") {
          const [ch, next] = unescape(selector, i);
          name += ch;
          i = next;
        } else if (/[\w-]/.test(d) || d.charCodeAt(0) > 0x7f) {
          name += d;
          i++;
        } else break;
      }
      if (name) classes.push(name);
    } else i++;
  }
  return classes;
}

function serialize(nodes: CssNode[], classes: Set<string>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "verbatim") out += node.text;
    else if (node.kind === "group") {
      const inner = serialize(node.children, classes);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else if (node.selectors.some((needs) => needs.every((name) => classes.has(name)))) {
      out += node.text;
    }
  }
  return out;
}

// each built sheet (and font variant) parsed once: a handful for the server's whole life
const parsed = new Map<string, { id: number; nodes: CssNode[] }>();
// the cuts made, by sheet and by the class attributes that asked for them
const trimmed = new Map<string, Buffer>();
const TRIMMED_KEPT = 200;

function sheetOf(css: string) {
  let sheet = parsed.get(css);
  if (!sheet) {
    if (parsed.size >= 8) parsed.clear();
    sheet = { id: parsed.size, nodes: parseStylesheet(css) };
    parsed.set(css, sheet);
    trimmed.clear();
  }
  return sheet;
}

/** The rules of `css` that a document carrying `classes` can use, in the sheet's order. */
export function rulesUsedBy(css: string, classes: Set<string>): string {
  return serialize(sheetOf(css).nodes, classes);
}

/** The class tokens of class attribute values. */
function tokensOf(values: Iterable<string>): Set<string> {
  const classes = new Set<string>();
  for (const value of values)
    for (const token of /[\t\n\r\f]/.test(value) ? value.split(/\s+/) : value.split(" "))
      if (token) classes.add(token);
  return classes;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  quot: '"',
  lt: "<",
  gt: ">",
  "#x27": "'",
  "#39": "'",
};

const CLASS_ATTRIBUTE = ' class="';

/**
 * The values of the class attributes in an HTML document's bytes from `from` to `to` (as React
 * writes them), each once. Read as latin1, one character a byte, which costs next to nothing; a
 * value with other than ASCII in it is read again as UTF-8.
 */
function classAttributes(html: Buffer, from: number, to: number, into: Set<string>) {
  const text = html.toString("latin1", from, to);
  for (let at = text.indexOf(CLASS_ATTRIBUTE); at !== -1;) {
    const begin = at + CLASS_ATTRIBUTE.length;
    const close = text.indexOf('"', begin);
    if (close === -1) break;
    let value = text.slice(begin, close);
    if (/[\u0080-\u00ff]/.test(value)) value = html.toString("utf8", from + begin, from + close);
    if (value.includes("&"))
      value = value.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, e: string) => ENTITIES[e]!);
    into.add(value);
    at = text.indexOf(CLASS_ATTRIBUTE, close);
  }
  return into;
}

/** Every class token in an HTML document's class attributes. */
export function documentClasses(html: Buffer): Set<string> {
  return tokensOf(classAttributes(html, 0, html.length, new Set()));
}

// the inline stylesheets seen, by their bytes: a handful for the server's whole life
const sheetTexts: { bytes: Buffer; css: string }[] = [];

function cssOf(bytes: Buffer): string {
  const known = sheetTexts.find((s) => s.bytes.equals(bytes));
  if (known) return known.css;
  const css = bytes.toString("utf8");
  if (sheetTexts.length >= 8) sheetTexts.length = 0;
  sheetTexts.push({ bytes: Buffer.from(bytes), css });
  return css;
}

const TRIM_MARK = Buffer.from(` ${TRIM_ATTRIBUTE}=`);
const STYLE_END = Buffer.from("</style>");

/**
 * The document with its marked inline stylesheet cut down to the rules the document uses; the
 * document as it was when it has no such stylesheet. Works on the bytes: the document is never
 * decoded whole, only its class attributes.
 */
export function withUsedRulesOnly(html: Buffer): Buffer {
  const mark = html.indexOf(TRIM_MARK);
  if (mark === -1) return html;
  const start = html.indexOf(">", mark) + 1;
  const end = html.indexOf(STYLE_END, start);
  if (start === 0 || end === -1) return html;
  const values = classAttributes(html, 0, start, new Set());
  classAttributes(html, end, html.length, values);
  const sheet = sheetOf(cssOf(html.subarray(start, end)));
  // pages of one kind carry the same class attributes, whatever their text: the cut is kept for
  // the next page like it, found without splitting a single class list
  const key = `${sheet.id}\n${[...values].join("\n")}`;
  let used = trimmed.get(key);
  if (!used) {
    used = Buffer.from(serialize(sheet.nodes, tokensOf(values)));
    if (trimmed.size >= TRIMMED_KEPT) trimmed.delete(trimmed.keys().next().value!);
    trimmed.set(key, used);
  }
  return Buffer.concat([html.subarray(0, start), used, html.subarray(end)]);
}
