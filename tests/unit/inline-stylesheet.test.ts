// ADR 019: a reading page's full page load carries the stylesheet in a <style> element. What goes
// in must mean what the linked file meant, must not end the element early, and is read from the
// build once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  builtAssetFile,
  documentClasses,
  inlineStylesheet,
  inlineStyleText,
  parseStylesheet,
  requiredClasses,
  rulesUsedBy,
  TRIM_ATTRIBUTE,
  withUsedRulesOnly,
} from "~/utils/inline-stylesheet.server";
import { resetEnvForTests } from "~/utils/env.server";
import { pageShipsScripts, READING_PAGE, FAMILY_READING_PAGE } from "~/utils/page-scripts";
import { expectConsoleError } from "../helpers/fail-on-console-error";

describe("the stylesheet's text inside a page", () => {
  const href = "/build/_assets/tailwind-ABC123.css";

  it("keeps absolute, data: and other-origin urls as they are", () => {
    const css = `@font-face{src:url(/build/_assets/a-1.woff2) format("woff2")}.a{background:url("data:image/svg+xml;utf8,<svg/>")}.b{background:url('https://cdn.example/x.png')}.c{clip-path:url(#m)}`;
    expect(inlineStyleText(css, href)).toBe(css);
  });

  it("resolves relative urls against the stylesheet's URL, not the page's", () => {
    expect(inlineStyleText(".a{background:url(img/b.png)}", href)).toBe(
      ".a{background:url(/build/_assets/img/b.png)}",
    );
    expect(inlineStyleText(`.a{src:url("../fonts/f.woff2?v=2#x")}`, href)).toBe(
      `.a{src:url("/build/fonts/f.woff2?v=2#x")}`,
    );
    expect(inlineStyleText(".a{src:url( './f.woff2' )}", href)).toBe(
      ".a{src:url('/build/_assets/f.woff2')}",
    );
  });

  it("cannot close the <style> element early", () => {
    const text = inlineStyleText(
      `.a::after{content:"</style><script>alert(1)</script>"}.b::after{content:"</STYLE >"}`,
      href,
    )!;
    expect(text).not.toMatch(/<\/style/i);
    // `\/` is `/` in CSS: the content string reads the same
    expect(text).toContain(`content:"<\\/style><script>alert(1)</script>"`);
  });

  it("declines a stylesheet with @import (its relative string form would resolve against the page)", () => {
    expect(inlineStyleText(`@import "other.css";.a{color:red}`, href)).toBeNull();
  });
});

describe("the built file behind a /build/ URL", () => {
  it("is the file under the assets directory", () => {
    expect(builtAssetFile("/build/_assets/tailwind-ABC123.css", "/srv/app/build/client")).toBe(
      "/srv/app/build/client/_assets/tailwind-ABC123.css",
    );
  });
  it("is nothing for another URL or one that leaves the directory", () => {
    expect(builtAssetFile("/other/tailwind.css", "/srv/app/build/client")).toBeNull();
    expect(builtAssetFile("/build/../../etc/passwd", "/srv/app/build/client")).toBeNull();
    expect(builtAssetFile("/build/%2e%2e/index.js", "/srv/app/build/client")).toBeNull();
  });
});

describe("inlineStylesheet", () => {
  let dir: string;
  const saved = process.env.REMIX_BUILD_DIR;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "inline-css-"));
    fs.mkdirSync(path.join(dir, "client", "_assets"), { recursive: true });
    process.env.REMIX_BUILD_DIR = dir;
    resetEnvForTests();
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.REMIX_BUILD_DIR;
    else process.env.REMIX_BUILD_DIR = saved;
    resetEnvForTests();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads the built file once and keeps its text", () => {
    // a name no other test uses: the module keeps what it read for the life of the process
    const name = `tailwind-${path.basename(dir)}.css`;
    fs.writeFileSync(
      path.join(dir, "client", "_assets", name),
      "body{font-family:Atkinson}.x{src:url(f.woff2)}",
    );
    const read = vi.spyOn(fs, "readFileSync");
    const href = `/build/_assets/${name}`;
    expect(inlineStylesheet(href)).toBe(
      "body{font-family:Atkinson}.x{src:url(/build/_assets/f.woff2)}",
    );
    expect(inlineStylesheet(href)).toBe(
      "body{font-family:Atkinson}.x{src:url(/build/_assets/f.woff2)}",
    );
    expect(read.mock.calls.filter(([file]) => String(file).endsWith(name))).toHaveLength(1);
    read.mockRestore();
  });

  it("answers null for a file it cannot read, and says so (the page then links the stylesheet)", () => {
    expectConsoleError();
    expect(inlineStylesheet(`/build/_assets/missing-${path.basename(dir)}.css`)).toBeNull();
  });
});

describe("which pages get the inline stylesheet (no script: ADR 018)", () => {
  it("a reading page on the server, not a page that ships the app", () => {
    expect(pageShipsScripts([{ handle: undefined }, { handle: READING_PAGE }])).toBe(false);
    expect(pageShipsScripts([{ handle: undefined }, { handle: { ownHeader: true } }])).toBe(true);
  });

  it("the home and the notifications: a reading page for a family member, the app for anyone else", () => {
    const as = (role: string | null) => [
      { id: "root", handle: undefined, data: { user: role ? { role } : null } },
      { id: "routes/_index", handle: FAMILY_READING_PAGE, data: {} },
    ];
    expect(pageShipsScripts(as("family"))).toBe(false);
    for (const role of ["resident", "staff", "administrator", "super_admin", null])
      expect(pageShipsScripts(as(role)), String(role)).toBe(true);
  });
});

describe("a reading page's stylesheet cut to the rules its markup uses", () => {
  const sheet = [
    "*,:after,:before{box-sizing:border-box}",
    "html{line-height:1.5}",
    "[data-js] .toast-region{position:fixed}",
    '@font-face{font-family:X;src:url(/build/x.woff2) format("woff2")}',
    ".p-2{padding:.5rem}",
    ".p-4{padding:1rem}",
    ".group:hover .group-hover\\:underline{text-decoration-line:underline}",
    ".space-y-4>:not([hidden])~:not([hidden]){margin-top:1rem}",
    ".btn:not(.quiet){font-weight:700}",
    ".w-\\[calc\\(100\\%-2rem\\)\\]{width:calc(100% - 2rem)}",
    ".\\[\\&_\\[data-now\\]\\]\\:bg-amber-200 [data-now]{background:#fde68a}",
    ".a,.b{color:red}",
    "@keyframes spin{to{transform:rotate(1turn)}}",
    "@media (min-width:768px){.md\\:p-6{padding:1.5rem}.md\\:hidden{display:none}}",
    "@media print{.print\\:hidden{display:none}}",
    ".\\32xl\\:flex{display:flex}",
  ].join("");

  const used = (classes: string[]) => rulesUsedBy(sheet, new Set(classes));

  it("keeps rules that name no class, and @font-face and @keyframes, for any page", () => {
    const out = used([]);
    expect(out).toContain("*,:after,:before{box-sizing:border-box}");
    expect(out).toContain("html{line-height:1.5}");
    expect(out).toContain("@font-face{");
    expect(out).toContain("@keyframes spin{to{transform:rotate(1turn)}}");
    expect(out).not.toContain(".p-2");
    expect(out).not.toContain("@media");
  });

  it("keeps a rule when the page carries every class of one of its selectors, in order", () => {
    const out = used(["p-4", "b", "md:p-6"]);
    expect(out).toContain(".p-4{padding:1rem}");
    expect(out).not.toContain(".p-2{");
    expect(out).toContain(".a,.b{color:red}");
    expect(out).toContain("@media (min-width:768px){.md\\:p-6{padding:1.5rem}}");
    expect(out.indexOf(".p-4{")).toBeLessThan(out.indexOf("@media (min-width:768px)"));
    expect(used(["group-hover:underline"])).not.toContain("group-hover");
    expect(used(["group", "group-hover:underline"])).toContain("group-hover");
  });

  it("reads braces inside strings and comments as text, not as blocks", () => {
    const css = ".a{content:\"}\"}/* .x{} } */.b{content:'{'}@media print{.c{color:red}}";
    expect(rulesUsedBy(css, new Set(["b", "c"]))).toBe(
      ".b{content:'{'}@media print{.c{color:red}}",
    );
    expect(rulesUsedBy(css, new Set(["a"]))).toBe('.a{content:"}"}');
  });

  it("does not require the classes inside :not() and other parentheses", () => {
    expect(used(["btn"])).toContain(".btn:not(.quiet){font-weight:700}");
    expect(used(["space-y-4"])).toContain(".space-y-4>:not([hidden])");
  });

  it("reads escaped class names as the markup writes them", () => {
    expect(used(["w-[calc(100%-2rem)]"])).toContain(".w-\\[calc\\(100\\%-2rem\\)\\]{");
    expect(used(["[&_[data-now]]:bg-amber-200"])).toContain("[data-now]{background:#fde68a}");
    expect(used(["2xl:flex"])).toContain(".\\32xl\\:flex{display:flex}");
    expect(requiredClasses(".\\32xl\\:flex")).toEqual(["2xl:flex"]);
    expect(requiredClasses('a[href$=".pdf"].link')).toEqual(["link"]);
  });

  it("cuts the marked <style> of a whole document by the classes of its markup", () => {
    const html = `<!DOCTYPE html><html lang="en" class="reading-large"><head><style nonce="n" ${TRIM_ATTRIBUTE}="">${sheet}</style></head><body><p class="p-2 [&amp;_[data-now]]:bg-amber-200">x</p><svg class="md:hidden"></svg></body></html>`;
    const out = withUsedRulesOnly(Buffer.from(html)).toString();
    const style = /<style[^>]*>([\s\S]*)<\/style>/.exec(out)![1]!;
    expect(style).toContain(".p-2{padding:.5rem}");
    expect(style).toContain("[data-now]{background:#fde68a}");
    expect(style).toContain("@media (min-width:768px){.md\\:hidden{display:none}}");
    expect(style).not.toContain(".p-4{");
    expect(out.replace(style, "")).toBe(html.replace(sheet, ""));
    // a document without the mark is left alone
    const plain = html.replace(` ${TRIM_ATTRIBUTE}=""`, "");
    expect(withUsedRulesOnly(Buffer.from(plain)).toString()).toBe(plain);
  });

  it("reads classes from the markup as React escapes them", () => {
    expect([
      ...documentClasses(
        Buffer.from(
          `<a class="x  y&amp;z"></a><b class=""></b><i data-class="no"><p class="a\n b content-['→']">`,
        ),
      ),
    ]).toEqual(["x", "y&z", "a", "b", "content-['→']"]);
  });

  it("keeps what the built stylesheet's own rules need, and cuts the rest", () => {
    const built = fs
      .readdirSync(path.resolve("build/client/_assets"))
      .find((f) => /^tailwind-.*\.css$/.test(f));
    expect(built, "the built stylesheet (npm test builds the app before this)").toBeDefined();
    const css = fs.readFileSync(path.resolve("build/client/_assets", built!), "utf8");
    const none = rulesUsedBy(css, new Set());
    expect(none.length).toBeLessThan(css.length / 3);
    // every rule kept for a page with every class is the whole sheet, less nothing
    const every = new Set<string>();
    for (const node of parseStylesheet(css))
      if (node.kind === "rule") node.selectors.flat().forEach((c) => every.add(c));
      else if (node.kind === "group")
        for (const child of node.children)
          if (child.kind === "rule") child.selectors.flat().forEach((c) => every.add(c));
    expect(rulesUsedBy(css, every).replace(/\s/g, "")).toBe(
      css.replace(/\s|\/\*[\s\S]*?\*\//g, ""),
    );
  });
});
