import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isCrossOriginWrite } from "~/utils/security.server";

describe("cross-site write check", () => {
  const host = "sunnybrook.storyloom.localhost:3000";
  it("lets reads through from anywhere", () => {
    expect(isCrossOriginWrite("GET", host, "http://evil.example", "cross-site")).toBe(false);
  });
  it("allows a form posted by a page of the same host", () => {
    expect(isCrossOriginWrite("POST", host, `http://${host}`, "same-origin")).toBe(false);
  });
  it("refuses a sibling community's page: same site, other origin", () => {
    expect(
      isCrossOriginWrite("POST", host, "http://maplewood.storyloom.localhost:3000", "same-site"),
    ).toBe(true);
    expect(isCrossOriginWrite("DELETE", host, undefined, "same-site")).toBe(true);
  });
  it("refuses other sites and opaque origins", () => {
    expect(isCrossOriginWrite("POST", host, "https://evil.example", "cross-site")).toBe(true);
    expect(isCrossOriginWrite("POST", host, "null", undefined)).toBe(true);
    expect(isCrossOriginWrite("PATCH", host, "not a url", undefined)).toBe(true);
  });
  it("lets non-browser clients (no Origin, no Sec-Fetch-Site) through", () => {
    expect(isCrossOriginWrite("POST", host, undefined, undefined)).toBe(false);
  });
});

describe("content security policy", () => {
  it("allows scripts only with the nonce and forbids framing", () => {
    const csp = contentSecurityPolicy("abc123", "storyloom.example");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("https://*.storyloom.example:*");
  });

  it("allows a <style> element only with the nonce where the browser knows style-src-elem (ADR 019)", () => {
    const csp = contentSecurityPolicy("abc123", "storyloom.example");
    const directive = (name: string) => csp.split("; ").find((d) => d.split(" ")[0] === name);
    expect(directive("style-src-elem")).toBe("style-src-elem 'self' 'nonce-abc123'");
    // React's style={...} attributes still apply
    expect(directive("style-src-attr")).toBe("style-src-attr 'unsafe-inline'");
    // an older browser falls back to style-src: it must allow both, so no nonce there (a nonce
    // would make it ignore 'unsafe-inline', attributes included)
    expect(directive("style-src")).toBe("style-src 'self' 'unsafe-inline'");
  });
});
