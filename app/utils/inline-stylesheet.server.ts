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
