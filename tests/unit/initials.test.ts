// Initials by grapheme: never half an emoji's character pair, a flag's two halves or a letter
// without its combining accent, the same on server and browser.
import { describe, expect, it } from "vitest";
import { firstGrapheme, firstInitial, initialsOf, initialsOfParts } from "~/utils/initials";

describe("initials by grapheme", () => {
  it("skips words that start with an emoji and keeps the letters", () => {
    expect(initialsOf("Sarah Jensen 🌷")).toBe("SJ");
    expect(initialsOf("🌷 Sarah Jensen")).toBe("SJ");
    expect(initialsOf("🇪🇸 Ana")).toBe("A");
    expect(initialsOfParts("Sarah 🌷", "Jensen")).toBe("SJ");
    expect(firstInitial("🌷 sarah")).toBe("S");
  });

  it("keeps a letter with its combining accent whole, written as one character", () => {
    const decomposed = "E\u0301mile Zola";
    expect(initialsOf(decomposed)).toBe("\u00c9Z");
    expect(initialsOf("émile zola")).toBe("ÉZ");
    expect(initialsOfParts("a\u0308da", "o\u0308berg")).toBe("ÄÖ");
  });

  it("takes right-to-left and uncased letters as they are", () => {
    expect(initialsOf("محمد علي")).toBe("مع");
    expect(initialsOf("李 小龍")).toBe("李小");
    expect(initialsOfParts("יעל", "כהן")).toBe("יכ");
  });

  it("never cuts an emoji, a flag or a family sequence in half", () => {
    expect(firstGrapheme("🌷abc")).toBe("🌷");
    expect(firstGrapheme("🇪🇸 España")).toBe("🇪🇸");
    expect(firstGrapheme("👩‍👩‍👧 family")).toBe("👩‍👩‍👧");
    expect(initialsOf("🌷")).toBe("🌷");
    for (const name of ["🌷 🌻", "🇪🇸", "👩‍👩‍👧"]) {
      // no lone surrogate: every UTF-16 unit of a pair has its partner
      expect(initialsOf(name)).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
    }
  });

  it("answers ? for an empty name, and leaves ß as it is", () => {
    expect(initialsOf("   ")).toBe("?");
    expect(initialsOfParts("", "")).toBe("?");
    expect(initialsOf("ßara Ohm")).toBe("ßO");
  });
});
