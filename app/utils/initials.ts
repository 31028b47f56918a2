// Initials as people write their names: by grapheme (what a reader sees as one character), so an
// emoji, a flag, a letter with combining accents or a right-to-left letter is never cut in half.
// One helper for every avatar, badge and comment, run alike on the server and in the browser, so
// the two always draw the same text.

const graphemes =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter("en", { granularity: "grapheme" })
    : null;

/** The first grapheme of `text` ("" for none): "🌷" whole, "É" with its accent, "🇪🇸" both halves. */
export function firstGrapheme(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  if (graphemes) {
    for (const { segment } of graphemes.segment(trimmed)) return segment;
  }
  return Array.from(trimmed)[0] ?? "";
}

const LETTER = /\p{L}/u;

/** A grapheme in capitals when it has them, unless that changes its length ("ß" stays "ß"). */
function capital(grapheme: string): string {
  const upper = grapheme.toLocaleUpperCase("en");
  return (upper.length === grapheme.length ? upper : grapheme).normalize("NFC");
}

/** The first grapheme of each word that starts with a letter (an emoji or a number is no initial). */
function letterInitials(words: string[]): string[] {
  return words.map(firstGrapheme).filter((g) => LETTER.test(g));
}

/**
 * Up to two initials of a name: its first and last words that start with a letter ("Sarah Jensen
 * 🌷" is "SJ", "Émile Zola" "ÉZ", "محمد علي" "مع"). A name without a letter gives its first
 * grapheme; an empty one "?".
 */
export function initialsOf(name: string): string {
  const initials = letterInitials(name.trim().split(/\s+/).filter(Boolean));
  if (initials.length === 0) return firstGrapheme(name) || "?";
  const first = initials[0]!;
  const last = initials.length > 1 ? initials[initials.length - 1]! : "";
  return capital(first) + (last ? capital(last) : "");
}

/** One initial: the first of `initialsOf` ("Sarah Jensen 🌷" is "S"). */
export function firstInitial(name: string): string {
  return firstGrapheme(initialsOf(name));
}

/** A resident's two initials from her first and last names. */
export function initialsOfParts(firstName: string, lastName: string): string {
  const first = letterInitials(firstName.trim().split(/\s+/).filter(Boolean))[0];
  const last = letterInitials(lastName.trim().split(/\s+/).filter(Boolean))[0];
  if (!first && !last) return initialsOf(`${firstName} ${lastName}`);
  return (first ? capital(first) : "") + (last ? capital(last) : "");
}
