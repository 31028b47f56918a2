// The pseudo-locale: English made visibly foreign, so a test can tell text that came through the
// catalogs (every letter accented) from text that bypassed them, and layouts meet longer words.

/** The pseudo-locale tests render every screen in (offered only with PSEUDO_LOCALE=1). */
export const PSEUDO_LANGUAGE = "en-XA";

const ACCENTED: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "î",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "û",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Å",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Î",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ö",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Û",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

/**
 * Text in the pseudo-locale: every Latin letter accented and every vowel doubled (about 40% longer,
 * word by word), so a test can tell catalog text from text that bypassed the catalogs, and
 * layouts meet longer words.
 */
export function pseudoize(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const a = ACCENTED[c] ?? c;
    return "aeiouAEIOU".includes(c) ? a + a : a;
  });
}
