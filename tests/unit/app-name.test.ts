// Page titles name the product through the root loader's APP_NAME, never by hand.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appNameOf, DEFAULT_APP_NAME, pageTitle } from "~/utils/app-name";

const matches = (rootData: unknown) =>
  [
    { id: "root", data: rootData },
    { id: "routes/_auth+/login", data: null },
  ] as unknown as Parameters<typeof pageTitle>[0];

describe("page titles", () => {
  it("end with the name the root loader sent", () => {
    expect(pageTitle(matches({ appName: "Lifebook" }), "Sign in")).toBe("Sign in · Lifebook");
    expect(pageTitle(matches({ appName: "Lifebook" }), "Audit", "Admin")).toBe(
      "Audit · Admin · Lifebook",
    );
  });

  it("fall back to the default name when the root loader sent none", () => {
    expect(appNameOf(matches(undefined))).toBe(DEFAULT_APP_NAME);
    expect(pageTitle(matches({ appName: "" }), "News")).toBe(`News · ${DEFAULT_APP_NAME}`);
  });

  it("are never written with the product's name in a route module", () => {
    const named = fs
      .readdirSync("app/routes", { recursive: true, encoding: "utf8" })
      .map((f) => path.join("app/routes", f))
      .filter((f) => /\.tsx?$/.test(f) && fs.readFileSync(f, "utf8").includes("Storyloom"));
    expect(named).toEqual([]);
  });
});
