import { describe, expect, it } from "vitest";
import { classifyHost } from "~/utils/host.server";
import { subdomainProblem } from "~/models/community.server";
import { safeRedirect } from "~/utils/auth.server";

describe("host classification", () => {
  const d = "storyloom.example";
  it("treats the bare domain and www as the marketing host", () => {
    expect(classifyHost("storyloom.example", d)).toEqual({ kind: "marketing" });
    expect(classifyHost("www.storyloom.example", d)).toEqual({ kind: "marketing" });
  });
  it("reads one label before the domain as a community", () => {
    expect(classifyHost("sunnybrook.storyloom.example", d)).toEqual({
      kind: "subdomain",
      subdomain: "sunnybrook",
    });
  });
  it("never reads a deeper name as a community", () => {
    expect(classifyHost("a.sunnybrook.storyloom.example", d)).toEqual({
      kind: "subdomain",
      subdomain: "",
    });
  });
  it("does not match a look-alike domain", () => {
    expect(classifyHost("evilstoryloom.example", d)).toEqual({ kind: "other" });
    expect(classifyHost("localhost", d)).toEqual({ kind: "other" });
    expect(classifyHost("127.0.0.1", d)).toEqual({ kind: "other" });
  });
});

describe("subdomain rules", () => {
  it("accepts lowercase letters, digits and inner hyphens, 3-40 long", () => {
    expect(subdomainProblem("oak-hill2")).toBeNull();
  });
  it("explains each refusal", () => {
    expect(subdomainProblem("ab")).toMatch(/3 to 40/);
    expect(subdomainProblem("a".repeat(41))).toMatch(/3 to 40/);
    expect(subdomainProblem("Oak_Hill")).toMatch(/lowercase letters, digits and hyphens/);
    expect(subdomainProblem("-oak")).toMatch(/lowercase/);
    expect(subdomainProblem("www")).toMatch(/reserved/);
    expect(subdomainProblem("admin")).toMatch(/reserved/);
  });
});

describe("safeRedirect", () => {
  it("keeps same-site paths only", () => {
    expect(safeRedirect("/admin?tab=news")).toBe("/admin?tab=news");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect(null, "/family")).toBe("/family");
  });
});
