import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/safe-redirect";

const origin = "http://sunnybrook.storyloom.localhost:3000";

describe("safeRedirect parses the target against the origin", () => {
  it("keeps paths of this origin, normalised", () => {
    expect(safeRedirect("/admin/news?tab=1#top", "/", origin)).toBe("/admin/news?tab=1#top");
    expect(safeRedirect("/a/../family", "/", origin)).toBe("/family");
    // non-ASCII comes back percent-encoded, so it is always a valid Location header
    expect(safeRedirect("/stories?q=café", "/", origin)).toBe("/stories?q=caf%C3%A9");
  });

  it("refuses other origins, however they are spelled", () => {
    for (const target of [
      "//evil.example",
      "///evil.example",
      "https://evil.example",
      `${origin}/admin`, // absolute, even our own: only paths are taken
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "evil.example",
      " /admin",
    ]) {
      expect(safeRedirect(target, "/home", origin), JSON.stringify(target)).toBe("/home");
    }
  });

  it("refuses control characters, which browsers strip on the way to another site", () => {
    for (const target of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/%0a\n",
      "/admin\u0000",
      "/x\u007f",
      "/x\u0085",
    ]) {
      expect(safeRedirect(target, "/home", origin), JSON.stringify(target)).toBe("/home");
    }
  });

  it("never returns a path that starts with // or /\\, however the target was dotted or escaped", () => {
    for (const target of [
      "/.//evil.example/",
      "/..//evil.example",
      "/a/..//evil.example",
      "/./\\evil.example",
      "/./\\\\evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5C%5Cevil.example",
      "/%5c/evil.example",
      "/%252F%252Fevil.example",
      "/%25252F%25252F%25252F%25252Fevil.example",
      "/%09/evil.example",
      "/./%2F/evil.example",
    ]) {
      const out = safeRedirect(target, "/home", origin);
      expect(out, JSON.stringify(target)).toBe("/home");
    }
  });

  it("keeps escaped slashes and dots that stay inside this site", () => {
    expect(safeRedirect("/a/%2F%2Fb", "/", origin)).toBe("/a/%2F%2Fb");
    expect(safeRedirect("/./family", "/", origin)).toBe("/family");
    expect(safeRedirect("/stories?q=%2F%2Fx", "/", origin)).toBe("/stories?q=%2F%2Fx");
    expect(safeRedirect("/100%", "/", origin)).toBe("/100%");
  });

  it("falls back for nothing at all", () => {
    expect(safeRedirect(null, "/family")).toBe("/family");
    expect(safeRedirect("", "/family")).toBe("/family");
    expect(safeRedirect(new File([], "x"), "/family")).toBe("/family");
  });
});
