// Each route declares what its action takes in its own module (`export const policy = ... satisfies
// RoutePolicy`, body-limit.server.ts), and the server reads it from the build before a byte of the
// body is read. Checked here on the real build (`npm test` builds before it runs the tests): every
// route with an action declares one, the admin's and the staff's copies of a screen share theirs,
// requests find their route's policy as Remix finds the action, and none of it reaches the browser.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { bodyRuleOf, declaredPolicy, requestPolicies } from "~/utils/body-limit.server";

const buildDir = path.resolve(process.env.REMIX_BUILD_DIR || "build");
let build: ServerBuild;

beforeAll(async () => {
  const buildFile = path.join(buildDir, "index.js");
  if (!fs.existsSync(buildFile))
    throw new Error(`${buildFile} is missing: run \`npx remix build\` first`);
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
});

type Module = { action?: unknown; policy?: unknown };
const moduleOf = (id: string) => build.routes[id]!.module as Module;

function urlOf(id: string): string {
  const r = build.routes[id]!;
  const above = r.parentId ? urlOf(r.parentId) : "";
  return `${above.replace(/\/$/, "")}/${r.path ?? ""}`;
}

describe("route policies", () => {
  it("are declared by every route with an action", () => {
    const withAction = Object.keys(build.routes).filter((id) => moduleOf(id).action);
    expect(withAction.length).toBeGreaterThan(50);
    const undeclared = withAction
      .filter((id) => moduleOf(id).policy === undefined)
      .map((id) => `${id} (${urlOf(id)})`);
    expect(
      undeclared,
      `These routes have an action but no \`export const policy = { body: ... } satisfies RoutePolicy\`:\n  ${undeclared.join("\n  ")}`,
    ).toEqual([]);
  });

  it("are well formed, so the server starts", () => {
    expect(() => requestPolicies(build)).not.toThrow();
    expect(() => declaredPolicy("routes/x", { body: "huge" })).toThrow(/routes\/x/);
    expect(() => declaredPolicy("routes/x", { body: "form", rate: "everything" })).toThrow();
    expect(() => declaredPolicy("routes/x", { body: "form", bdy: "photo" })).toThrow();
    expect(declaredPolicy("routes/x", undefined)).toBeNull();
  });

  it("are one declaration for a screen served at two addresses (/admin and /staff)", () => {
    const byAction = new Map<unknown, string[]>();
    for (const id of Object.keys(build.routes)) {
      const action = moduleOf(id).action;
      if (action) byAction.set(action, [...(byAction.get(action) ?? []), id]);
    }
    const shared = [...byAction.values()].filter((ids) => ids.length > 1);
    expect(shared.length).toBeGreaterThan(10);
    for (const ids of shared) {
      const first = moduleOf(ids[0]!).policy;
      for (const id of ids.slice(1))
        expect(moduleOf(id).policy, `${id} and ${ids[0]} run one action`).toBe(first);
    }
  });

  it("are found for a request as Remix finds the action it runs", () => {
    const policies = requestPolicies(build);
    const body = (method: string, url: string) => bodyRuleOf(policies.of(method, url)).name;
    // a news post (20,000 characters) is one long-text limit, whoever writes it
    expect(body("POST", "/admin/news/new")).toBe("long text");
    expect(body("POST", "/staff/news/new")).toBe("long text");
    expect(body("POST", "/staff/news/new.data")).toBe("long text");
    expect(body("POST", "/admin/news/p1")).toBe("long text");
    expect(body("POST", "/staff/news/p1")).toBe("long text");
    expect(body("POST", "/staff/news/p1/delete")).toBe("form");
    // the old address forwards a post whole to the new one
    expect(body("POST", "/staff/bulletin/new")).toBe("long text");
    expect(body("POST", "/api/community-news")).toBe("long text");
    // forms and JSON
    expect(body("POST", "/login")).toBe("form");
    expect(body("POST", "/?index")).toBe("form");
    expect(body("POST", "/api/residents")).toBe("form");
    expect(body("POST", "/admin/residents/r1/invitation")).toBe("form");
    expect(body("POST", "/admin/residents/bulk")).toBe("form");
    // photos: an index route's action by `?index`, or as the route with the path
    expect(body("POST", "/family?index")).toBe("photo");
    expect(body("POST", "/family.data?index")).toBe("photo");
    expect(body("POST", "/family?dialog=photo")).toBe("photo");
    expect(body("POST", "/resident/stories/abc/edit")).toBe("photo");
    expect(body("POST", "/admin/residents/new")).toBe("photo");
    expect(body("POST", "/staff/residents/r1")).toBe("photo");
    expect(body("PUT", "/uploads/tok")).toBe("photo");
    // recordings
    expect(body("POST", "/resident/record")).toBe("recording");
    expect(body("POST", "/kiosk/record")).toBe("recording");
    expect(body("POST", "/api/transcribe-audio")).toBe("recording");
    // paths are matched as Remix matches them: case, trailing slash
    expect(body("POST", "/STAFF/News/New")).toBe("long text");
    expect(body("POST", "/staff/news/new/")).toBe("long text");
    // a GET never gets an upload's allowance; nor does a path no route has
    expect(policies.of("GET", "/family")).toBeNull();
    expect(policies.of("HEAD", "/admin/news/new")).toBeNull();
    expect(policies.of("POST", "/nowhere/at/all")).toBeNull();
    expect(body("POST", "/nowhere/at/all")).toBe("form");
  });

  it("name the rate class a route's requests count toward", () => {
    const policies = requestPolicies(build);
    const rate = (method: string, url: string) => policies.of(method, url)?.rate;
    expect(rate("POST", "/auth/token")).toBe("sign-in links");
    expect(rate("POST", "/invite.data")).toBe("sign-in links");
    expect(rate("POST", "/kiosk/setup/tok")).toBe("sign-in links");
    // any method that runs the action counts, not only the one its form uses
    expect(rate("PUT", "/auth/token")).toBe("sign-in links");
    expect(rate("PUT", "/uploads/tok")).toBe("uploads");
    expect(rate("POST", "/api/objects/upload")).toBe("uploads");
    expect(rate("POST", "/api/family/photos")).toBe("uploads");
    expect(rate("POST", "/api/stories/recorded")).toBe("uploads");
    expect(rate("POST", "/login")).toBeUndefined();
    expect(rate("GET", "/auth/token")).toBeUndefined();
  });

  it("stay on the server: the browser's route modules carry no policy", () => {
    const files = fs
      .readdirSync(path.join(buildDir, "client"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".js"));
    expect(files.length).toBeGreaterThan(20);
    const leaked = files.filter((f) =>
      /\bbody:\s*"(form|long text|photo|recording)"/.test(
        fs.readFileSync(path.join(buildDir, "client", f), "utf8"),
      ),
    );
    expect(leaked).toEqual([]);
    // and the server build does carry them
    expect(fs.readFileSync(path.join(buildDir, "index.js"), "utf8")).toMatch(/body:\s*"long text"/);
  });
});
