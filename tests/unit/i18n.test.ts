// The translation layer's own rules: which offered language a browser asks for, messages carried
// as data, plurals and values in each language, and the pseudo-locale.
import { describe, expect, it } from "vitest";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { addCatalog, msg, tFor, translateMessage } from "~/utils/i18n";
import { pseudoize } from "~/utils/pseudo-locale";
import {
  languageOptions,
  negotiateLanguage,
  reloadCatalogs,
  translator,
} from "~/utils/i18n.server";
import { resetEnvForTests } from "~/utils/env.server";

describe("negotiateLanguage", () => {
  const offered = ["en", "es", "pt-BR"];
  it("takes the browser's most wanted language the product has, by q then by order", () => {
    expect(negotiateLanguage("es-MX,es;q=0.9,en;q=0.8", offered)).toBe("es");
    expect(negotiateLanguage("fr;q=0.9, en;q=0.5, es;q=0.7", offered)).toBe("es");
    expect(negotiateLanguage("de, en-GB", offered)).toBe("en");
    expect(negotiateLanguage("pt-br", offered)).toBe("pt-BR");
  });
  it("answers null for nothing it has, an empty header, a wildcard or q=0", () => {
    expect(negotiateLanguage("fr, de", offered)).toBeNull();
    expect(negotiateLanguage(null, offered)).toBeNull();
    expect(negotiateLanguage("*", offered)).toBeNull();
    expect(negotiateLanguage("es;q=0", offered)).toBeNull();
  });
});

describe("messages", () => {
  addCatalog("en", "test", {
    stories: compileMessage("{count, plural, one {# story} other {# stories}} by {name}"),
    tooLong: compileMessage("Use at most {max} characters"),
  });
  addCatalog("es", "test", {
    stories: compileMessage("{count, plural, one {# historia} other {# historias}} de {name}"),
    tooLong: compileMessage("Use como máximo {max} caracteres"),
  });

  it("plurals and values in the reader's language", () => {
    expect(tFor("en", "test")("stories", { count: 1, name: "Ada" })).toBe("1 story by Ada");
    expect(tFor("en", "test")("stories", { count: 3, name: "Ada" })).toBe("3 stories by Ada");
    expect(tFor("es", "test")("stories", { count: 1, name: "Ada" })).toBe("1 historia de Ada");
    expect(tFor("es", "test")("stories", { count: 0, name: "Ada" })).toBe("0 historias de Ada");
    // another namespace's key, by its prefix
    expect(tFor("es", "other")("test:tooLong", { max: 5 })).toBe("Use como máximo 5 caracteres");
  });

  it("a message carried as data is translated where it is shown; other text passes as it is", () => {
    const carried = msg("test:tooLong", { max: 100 });
    expect(translateMessage(tFor("es", "x"), carried)).toBe("Use como máximo 100 caracteres");
    expect(translateMessage(tFor("en", "x"), carried)).toBe("Use at most 100 characters");
    expect(translateMessage(tFor("es", "x"), "Ya está traducido: 3 cosas")).toBe(
      "Ya está traducido: 3 cosas",
    );
    expect(translateMessage(tFor("es", "x"), "Time: 10:30")).toBe("Time: 10:30");
  });
});

describe("the pseudo-locale", () => {
  it("accents every Latin letter and doubles the vowels, leaving digits and punctuation", () => {
    expect(pseudoize("Sign in")).toBe("Šîîĝñ îîñ");
    expect(pseudoize("3 stories, 10:30!")).toBe("3 šţööŕîîééš, 10:30!");
    expect(pseudoize("Sign in").length).toBeGreaterThanOrEqual(Math.round("Sign in".length * 1.25));
    expect(/[A-Za-z]/.test(pseudoize("The quick brown fox jumps over the lazy dog"))).toBe(false);
  });
});

describe("the pseudo-locale's catalogs", () => {
  it("are English made pseudo, with values, plurals and choices still working", async () => {
    process.env.PSEUDO_LOCALE = "1";
    resetEnvForTests();
    reloadCatalogs();
    try {
      const t = translator("en-XA", "common");
      expect(t("header.signedInAs", { name: "Ada Lovelace" })).toBe(
        "Šîîĝñééð îîñ ááš Ada Lovelace",
      );
      expect(t("role", { role: "staff" })).toBe("Šţááƒƒ");
      expect(t("skipToContent")).toBe(pseudoize("Skip to main content"));
      expect(languageOptions().map((l) => l.code)).toContain("en-XA");
    } finally {
      delete process.env.PSEUDO_LOCALE;
      resetEnvForTests();
      reloadCatalogs();
    }
    expect(languageOptions().map((l) => l.code)).not.toContain("en-XA");
  });
});

describe("text outside the catalogs", () => {
  it("is a run of plain English that is not what people wrote", async () => {
    const { untranslatedRuns } = await import("../helpers/untranslated");
    const corpus = [
      "Margaret Ellis",
      "Sunnybrook Senior Living",
      "The Farmhouse Kitchen in Cork",
    ].join("\n");
    expect(untranslatedRuns([pseudoize("Stories by ") + "Margaret Ellis"], corpus)).toEqual([]);
    expect(untranslatedRuns(["Margaret'" + pseudoize("s stories")], corpus)).toEqual([]);
    expect(untranslatedRuns(["The Farmhouse Kitchen in Cork", "12 · 3:30"], corpus)).toEqual([]);
    expect(untranslatedRuns(["Read more about Margaret Ellis"], corpus)).toEqual([
      "Read more about Margaret Ellis",
    ]);
    expect(untranslatedRuns([`${pseudoize("Stories")} by Margaret`], corpus)).toEqual([
      "by Margaret",
    ]);
    // a username is a stored value on its own, lowercase or not; a word inside a story is not
    const withUser = `${corpus}\nsuperadmin`;
    expect(untranslatedRuns(["Margaret Ellis (superadmin)"], withUser)).toEqual([]);
    expect(untranslatedRuns(["Margaret Ellis in"], withUser)).toEqual(["Margaret Ellis in"]);
  });
});

describe("names that are not words", () => {
  it("lets a host name and a name's initials through, not a word of the interface", async () => {
    const { untranslatedRuns } = await import("../helpers/untranslated");
    expect(untranslatedRuns(["harborview.storyloom.localhost", "EM", "FD"], "")).toEqual([]);
    expect(untranslatedRuns(["Edit"], "")).toEqual(["Edit"]);
  });
});

describe("refused pictures, in the reader's language", () => {
  it("says a file too large in Spanish on the API, the forms and the kiosk", async () => {
    const { mediaErrorText } = await import("~/routes/api+/__messages.server");
    const { IMAGE_ERRORS, photoTooLargeMessage } = await import("~/utils/media-limits");
    const es = translator("es", "api");
    const en = translator("en", "api");
    expect(mediaErrorText(en, IMAGE_ERRORS.tooLarge)).toBe(
      "File too large: File size must be less than 5MB",
    );
    // a photo as sent over what is taken: the real limit, in the reader's language
    expect(mediaErrorText(en, IMAGE_ERRORS.uploadTooLarge)).toBe(
      "File too large: File size must be less than 25MB",
    );
    expect(mediaErrorText(es, IMAGE_ERRORS.uploadTooLarge)).toBe(
      `${translator("es", "story")("media.fileTooLarge")}: ${translator("es", "photos")("uploadTooLarge")}`,
    );
    expect(mediaErrorText(es, IMAGE_ERRORS.uploadTooLarge)).toContain("25 MB");
    const spanish = mediaErrorText(es, IMAGE_ERRORS.tooLarge);
    expect(spanish).not.toMatch(/File|size|less/);
    expect(spanish).toBe(
      `${translator("es", "story")("media.fileTooLarge")}: ${translator("es", "story")("media.imageTooLarge")}`,
    );
    expect(photoTooLargeMessage(31 * 1024 * 1024, translator("es", "care"))).toBe(
      translator("es", "story")("media.photoTooLarge", { size: 31, max: 25 }),
    );
  });
});
