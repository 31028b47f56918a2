// Escaping text for markup written by hand (emails, the exported story pages, the plain page the
// edge answers with, caption files): React escapes what it renders, and these never pass through it.

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const MARKUP = /[&<>"']/g;
const MARKUP_BUT_QUOTES = /[&<>]/g;

/**
 * `text` made safe to stand in HTML, as element content or inside a quoted attribute value.
 * With `quotes: false` only &, < and > are escaped: for formats that read markup but know no
 * reference for a quote (WebVTT cue text shows `&quot;` as written in some players).
 */
export function escapeHtml(text: string, { quotes = true }: { quotes?: boolean } = {}): string {
  return text.replace(quotes ? MARKUP : MARKUP_BUT_QUOTES, (c) => ENTITIES[c]!);
}
