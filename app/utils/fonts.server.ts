// Whether a browser has the interface and reading fonts yet, for the reading pages' full page loads
// (ADR 019). A font the layout asks for holds the page's load until it arrives, and on a phone with
// 400 ms round trips any font file costs at least a round trip after the HTML, however small: the
// story page was drawn at 0.9 s and finished at 2.5 s, waiting for 56 KB of fonts. So a reading
// page opened by a browser that has not been sent the fonts yet is drawn in the system's own faces
// (the stacks' next names: ui-sans-serif, system-ui...; Georgia for story text), and the fonts are
// fetched after the page has loaded (`rel=prefetch`: idle priority, into the cache for a year),
// ready for every page after it. A page that ships the app links the stylesheet and preloads the
// interface face as before. Which browsers have been sent the fonts: a cookie any page sets, naming
// the stylesheet it was sent (its file name changes with its content, the font files' names too).
import { createCookie } from "@remix-run/node";

const fontsCookie = createCookie("storyloom_fonts", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  // as long as /build's files are cached
  maxAge: 60 * 60 * 24 * 365,
});

/** The version of the page styles a stylesheet URL names: its file name, content hash included. */
export function stylesVersion(stylesheetHref: string): string {
  return stylesheetHref.split("/").pop() ?? stylesheetHref;
}

/**
 * Whether this browser was sent these styles' fonts before (by any page of the site); and the
 * Set-Cookie that says so from now on when it was not (this page sends them: linked or prefetched).
 */
export async function fontsState(
  request: Request,
  stylesheetHref: string,
): Promise<{ cached: boolean; setCookie: string | null }> {
  const version = stylesVersion(stylesheetHref);
  const sent = await fontsCookie.parse(request.headers.get("Cookie"));
  if (sent === version) return { cached: true, setCookie: null };
  return {
    cached: false,
    setCookie: await fontsCookie.serialize(version, {
      secure: new URL(request.url).protocol === "https:",
    }),
  };
}

const FONT_FACE = /@font-face\s*\{[^}]*\}/gi;

/** The font files a stylesheet's @font-face rules name, in order, once each. */
export function fontFilesOf(css: string): string[] {
  const files = new Set<string>();
  for (const face of css.match(FONT_FACE) ?? []) {
    for (const m of face.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/gi)) files.add(m[2]!);
  }
  return [...files];
}

/** The stylesheet without its @font-face rules: text falls to the next face in each stack. */
export function withoutFontFaces(css: string): string {
  return css.replace(FONT_FACE, "");
}
