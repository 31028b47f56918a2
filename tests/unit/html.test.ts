import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/utils/html";

describe("escapeHtml", () => {
  it("escapes what HTML reads as markup, in content and in quoted attributes", () => {
    expect(escapeHtml(`<b class="x">Tom & Jerry's</b>`)).toBe(
      "&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;",
    );
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
    expect(escapeHtml("plain words")).toBe("plain words");
  });

  it("leaves quotes alone when asked (WebVTT cue text)", () => {
    expect(escapeHtml(`"I'm home" --> <i>`, { quotes: false })).toBe(`"I'm home" --&gt; &lt;i&gt;`);
  });
});
