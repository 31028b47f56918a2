// Which browsers have been sent the fonts, and the stylesheet a first visit's reading page carries
// without them (fonts.server.ts, ADR 019).
import { describe, expect, it } from "vitest";
import { fontFilesOf, fontsState, withoutFontFaces } from "~/utils/fonts.server";

const css =
  'body{font-family:"Atkinson Hyperlegible",system-ui}' +
  '@font-face{font-family:"Atkinson Hyperlegible";font-weight:400;font-display:swap;src:url(/build/_assets/a-400.woff2) format("woff2")}' +
  "@font-face{font-family:Literata;src:url('/build/_assets/l-400.woff2') format(\"woff2\")}" +
  '.story{font-family:Literata,Georgia,serif}@font-face{font-family:"Atkinson Hyperlegible";src:url(/build/_assets/a-400.woff2)}';

describe("fonts on reading pages", () => {
  it("names each font file the @font-face rules name, once, in order", () => {
    expect(fontFilesOf(css)).toEqual(["/build/_assets/a-400.woff2", "/build/_assets/l-400.woff2"]);
    expect(fontFilesOf("body{background:url(/x.png)}")).toEqual([]);
  });

  it("leaves the rest of the stylesheet as it is when it takes the @font-face rules out", () => {
    expect(withoutFontFaces(css)).toBe(
      'body{font-family:"Atkinson Hyperlegible",system-ui}.story{font-family:Literata,Georgia,serif}',
    );
  });

  it("sets the cookie on a first visit, and knows the browser by it after, for this stylesheet only", async () => {
    const href = "/build/_assets/tailwind-ABC123.css";
    const first = await fontsState(new Request("https://sunnybrook.example.org/stories/1"), href);
    expect(first.cached).toBe(false);
    expect(first.setCookie).toMatch(
      /^storyloom_fonts=.+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const cookie = first.setCookie!.split(";")[0]!;
    const again = await fontsState(
      new Request("https://sunnybrook.example.org/news", { headers: { Cookie: cookie } }),
      href,
    );
    expect(again).toEqual({ cached: true, setCookie: null });
    // a new stylesheet (new font files too, perhaps): the browser is sent them again
    const changed = await fontsState(
      new Request("https://sunnybrook.example.org/news", { headers: { Cookie: cookie } }),
      "/build/_assets/tailwind-DEF456.css",
    );
    expect(changed.cached).toBe(false);
    // plain http (a local server): not Secure, or the browser would drop it
    expect(
      (await fontsState(new Request("http://sunnybrook.localhost/"), href)).setCookie,
    ).not.toMatch(/Secure/);
  });
});
