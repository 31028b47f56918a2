// ADR 019: a reading page's full page load carries the stylesheet in a <style> element. What goes
// in must mean what the linked file meant, must not end the element early, and is read from the
// build once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  builtAssetFile,
  inlineStylesheet,
  inlineStyleText,
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
