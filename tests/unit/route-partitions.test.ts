// The server hands Remix a smaller build per first path segment (route-partitions.server.ts). Every
// path must match exactly the routes it matches against the whole build: checked here for a path
// made from every route of the real build (`npm test` builds before it runs the tests), in upper
// case, with a trailing slash, as a data request, and for paths no route names.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import {
  firstLiteralSegment,
  partitionBuild,
  partitionKeyOf,
} from "~/utils/route-partitions.server";

const buildFile = path.resolve(process.env.REMIX_BUILD_DIR || "build", "index.js");
let build: ServerBuild;

beforeAll(async () => {
  if (!fs.existsSync(buildFile))
    throw new Error(`${buildFile} is missing: run \`npx remix build\` first`);
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
});

/** The route tree Remix builds from a build's manifest (ids, paths, index, case), in the build's order. */
function tree(routes: ServerBuild["routes"], parentId?: string): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => {
      const children = tree(routes, r.id);
      return r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children };
    }) as AgnosticRouteObject[];
}

const matchedIds = (routes: ServerBuild["routes"], pathname: string) =>
  (matchRoutes(tree(routes), pathname) ?? []).map((m) => m.route.id!);

function fullPath(routes: ServerBuild["routes"], id: string): string {
  const r = routes[id]!;
  const above = r.parentId ? fullPath(routes, r.parentId) : "";
  return [above, r.path ?? ""].filter(Boolean).join("/");
}

/** A path each route matches: parameters filled in, a splat given two segments, optionals kept. */
function examplePath(pattern: string): string {
  const segments = pattern
    .split("/")
    .filter(Boolean)
    .map((s) => (s === "*" ? "a/b" : s.replace(/\?$/, "").replace(/^:.*/, "x1Y")));
  return `/${segments.join("/")}`;
}

describe("route partitions", () => {
  it("match every path of the real build exactly as the whole build does", () => {
    const partitions = partitionBuild(build);
    const made = Object.keys(build.routes).map((id) => examplePath(fullPath(build.routes, id)));
    const odd = [
      "/",
      "/nowhere",
      "/nowhere/deeper",
      "/STORIES/abc",
      "/Admin/Residents",
      "/stories/",
      "/%E2%82%AC",
      "/admin%2Fresidents",
      "//admin",
      "/api",
      "/api/nothing-here",
      "/kiosk/x/y/z",
    ];
    const paths = [
      ...made,
      ...made.map((p) => p.toUpperCase()),
      ...made.map((p) => `${p}/`),
      ...odd,
    ];
    expect(made.length).toBeGreaterThan(100);
    for (const p of new Set(paths)) {
      const narrowed = partitions.buildFor(p);
      expect({ path: p, ids: matchedIds(narrowed.routes, p) }).toEqual({
        path: p,
        ids: matchedIds(build.routes, p),
      });
      // the page's module and the browser's manifest entry are there for each route matched
      for (const id of matchedIds(build.routes, p))
        expect(narrowed.assets.routes[id]).toBe(build.assets.routes[id]);
    }
  });

  it("give a data request its page's routes, and lazy route discovery the whole build", () => {
    const partitions = partitionBuild(build);
    const page = examplePath(fullPath(build.routes, "routes/_community+/stories+/$storyId"));
    expect(partitions.buildFor(`${page}.data`)).toBe(partitions.buildFor(page));
    expect(matchedIds(partitions.buildFor("/_root.data").routes, "/")).toEqual(
      matchedIds(build.routes, "/"),
    );
    expect(partitions.buildFor("/__manifest")).toBe(build);
  });

  it("leave `/` a handful of routes to try, where it tried all of them", () => {
    const partitions = partitionBuild(build);
    const all = Object.keys(build.routes).length;
    expect(Object.keys(partitions.buildFor("/").routes).length).toBeLessThanOrEqual(5);
    expect(Object.keys(partitions.buildFor("/stories/abc").routes).length).toBeLessThan(all / 10);
    expect(Object.keys(partitions.buildFor("/admin/residents").routes).length).toBeLessThan(
      all / 2,
    );
  });

  it("read a path's first segment the way Remix compares it", () => {
    expect(partitionKeyOf("/")).toBe("");
    expect(partitionKeyOf("/Stories/x")).toBe("stories");
    expect(partitionKeyOf("/caf%C3%A9")).toBe("café");
    expect(partitionKeyOf("/%E0%A4%A")).toBeNull();
    expect(partitionKeyOf("/news.data")).toBe("news");
    expect(partitionKeyOf("/_root.data")).toBe("");
    expect(firstLiteralSegment("stories/:storyId")).toBe("stories");
    expect(firstLiteralSegment(":lang?/about")).toBeNull();
    expect(firstLiteralSegment("*")).toBeNull();
    expect(firstLiteralSegment(":token/audio")).toBeNull();
    expect(firstLiteralSegment("")).toBeNull();
  });
});
