// The languages whisper.cpp 1.5.0 knows (g_lang in whisper.cpp), by the code its `-l` option takes.
// English-only models (`.en`) transcribe English whatever is asked; multilingual ones take any of these.
// Their names are Intl's, in the reader's language (languageName).
import { PSEUDO_LANGUAGE, pseudoize } from "~/utils/pseudo-locale";

export const WHISPER_LANGUAGES = [
  { code: "en" },
  { code: "zh" },
  { code: "de" },
  { code: "es" },
  { code: "ru" },
  { code: "ko" },
  { code: "fr" },
  { code: "ja" },
  { code: "pt" },
  { code: "tr" },
  { code: "pl" },
  { code: "ca" },
  { code: "nl" },
  { code: "ar" },
  { code: "sv" },
  { code: "it" },
  { code: "id" },
  { code: "hi" },
  { code: "fi" },
  { code: "vi" },
  { code: "he" },
  { code: "uk" },
  { code: "el" },
  { code: "ms" },
  { code: "cs" },
  { code: "ro" },
  { code: "da" },
  { code: "hu" },
  { code: "ta" },
  { code: "no" },
  { code: "th" },
  { code: "ur" },
  { code: "hr" },
  { code: "bg" },
  { code: "lt" },
  { code: "la" },
  { code: "mi" },
  { code: "ml" },
  { code: "cy" },
  { code: "sk" },
  { code: "te" },
  { code: "fa" },
  { code: "lv" },
  { code: "bn" },
  { code: "sr" },
  { code: "az" },
  { code: "sl" },
  { code: "kn" },
  { code: "et" },
  { code: "mk" },
  { code: "br" },
  { code: "eu" },
  { code: "is" },
  { code: "hy" },
  { code: "ne" },
  { code: "mn" },
  { code: "bs" },
  { code: "kk" },
  { code: "sq" },
  { code: "sw" },
  { code: "gl" },
  { code: "mr" },
  { code: "pa" },
  { code: "si" },
  { code: "km" },
  { code: "sn" },
  { code: "yo" },
  { code: "so" },
  { code: "af" },
  { code: "oc" },
  { code: "ka" },
  { code: "be" },
  { code: "tg" },
  { code: "sd" },
  { code: "gu" },
  { code: "am" },
  { code: "yi" },
  { code: "lo" },
  { code: "uz" },
  { code: "fo" },
  { code: "ht" },
  { code: "ps" },
  { code: "tk" },
  { code: "nn" },
  { code: "mt" },
  { code: "sa" },
  { code: "lb" },
  { code: "my" },
  { code: "bo" },
  { code: "tl" },
  { code: "mg" },
  { code: "as" },
  { code: "tt" },
  { code: "haw" },
  { code: "ln" },
  { code: "ha" },
  { code: "ba" },
  { code: "jw" },
  { code: "su" },
  { code: "yue" },
] as const;

export type WhisperLanguage = (typeof WHISPER_LANGUAGES)[number]["code"];

export const DEFAULT_LANGUAGE: WhisperLanguage = "en";

export function isWhisperLanguage(code: unknown): code is WhisperLanguage {
  return typeof code === "string" && WHISPER_LANGUAGES.some((l) => l.code === code);
}

/** Whisper's codes that are not the language's standard tag (BCP 47) */
const STANDARD_TAG: Record<string, string> = { jw: "jv" };

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A Whisper language's name in the reader's language, as it stands alone in a list ("Spanish",
 * "Español"); an unknown code reads as English. The pseudo-locale's names are English ones, made
 * pseudo.
 */
export function languageName(code: string | null | undefined, lang = "en"): string {
  const known = WHISPER_LANGUAGES.find((l) => l.code === code)?.code ?? DEFAULT_LANGUAGE;
  const intlLang = lang === PSEUDO_LANGUAGE ? "en" : lang;
  let names = displayNames.get(intlLang);
  if (!names) {
    names = new Intl.DisplayNames([intlLang, "en"], { type: "language", fallback: "code" });
    displayNames.set(intlLang, names);
  }
  const name = names.of(STANDARD_TAG[known] ?? known) ?? known;
  const standalone = name.charAt(0).toLocaleUpperCase(intlLang) + name.slice(1);
  return lang === PSEUDO_LANGUAGE ? pseudoize(standalone) : standalone;
}
