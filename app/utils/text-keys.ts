// How people expect names and rooms to sort and to be found: without regard to case or accents
// ("Élise" beside "Elise", "DeLuca" after "Delgado"), and rooms in natural order (2 < 10 < 10B).
// Pure functions: the models store these keys on every write (indexed sort columns), the list
// queries compare search words against them, and SQLite gets `fold()` for other columns.

// letters that do not decompose into a base letter plus accents under NFKD
const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lowercase, without accents, punctuation or repeated spaces: "  Élise O'Brien-Ward " -> "elise obrienward". */
export function foldText(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(/[^\p{L}\p{N}\s]+/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A person's sort key: family name first, then given name ("ellis margaret"). */
export function personSortKey(firstName: string, lastName: string): string {
  return `${foldText(lastName)} ${foldText(firstName)}`.trim();
}

/** A single name's sort key (family members, staff, communities). */
export function nameSortKey(name: string): string {
  return foldText(name);
}

// sorts after every folded key: residents without a room come last
export const NO_ROOM_KEY = "\uffff";
const NUMBER_WIDTH = 9;

/** A room's sort key, numbers padded so that 2 < 10 < 10B < 11 and "A-2" < "A-10". */
export function roomSortKey(room: string | null | undefined): string {
  const folded = foldText(room ?? "").replace(/ /g, "");
  if (!folded) return NO_ROOM_KEY;
  return folded.replace(/\d+/g, (digits) =>
    digits.replace(/^0+(?=\d)/, "").padStart(NUMBER_WIDTH, "0"),
  );
}

/** A room as typed, without a leading "Room" ("Room 14" and "room14" are stored as "14"). */
export function normalizeRoom(room: string | null | undefined): string | null {
  const trimmed = (room ?? "").trim();
  // "Room 14", "room14", "Room #3B", but not "Roomy suite"
  const stripped = trimmed.replace(/^room(?![a-z])[\s.:#-]*/i, "").trim();
  // "Room" alone is not a room number
  return stripped || (trimmed && !/^room$/i.test(trimmed) ? trimmed : null);
}

/** The words of a search box, folded; at most 6 words of at most 40 characters each. */
export function searchWords(q: string | null | undefined): string[] {
  return foldText(q ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, 6)
    .map((w) => w.slice(0, 40));
}

// the word a list puts before a room number ("Room 10B"), in the languages offered, folded
const ROOM_WORDS = new Set(["room", "rm", "habitacion", "hab"]);

/**
 * The words of a search over residents by name or room: as searchWords, without the word "Room"
 * that the list shows before a number, so "Room 10B" finds what "10b" finds.
 */
export function residentSearchWords(q: string | null | undefined): string[] {
  const words = searchWords(q);
  const rest = words.filter((w) => !ROOM_WORDS.has(w));
  return rest.length ? rest : words;
}

/** A LIKE pattern that finds `word` anywhere, with % and _ taken literally (ESCAPE '\'). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
