// Route matching, done over the routes a path can match instead of all 175 (ADR 020).
// Remix matches every request's path against the whole route table several times a request (the
// server's match, the data router's, the render's, and the render's manifest for lazy route
// discovery), compiling a pattern for each route it tries; for `/`, which ranks last, that was all
// of them, each time: a quarter of a page's CPU. Remix takes the route table from the build it is
// given, so the server gives it smaller builds: one per first path segment ("admin", "stories",
// "api", ...), each holding the routes whose path begins with that segment plus those that can match
// any path (the root, `/` itself, routes that begin with a parameter or a splat) and their parents.
// A path whose first segment no route names gets the build of the latter alone (the 404 splat).
//
// Why the answer is the same: a route can only match a path whose first segment equals the route's
// first literal segment (matching ignores case, as here), so every route that could match a path is
// in its partition; Remix ranks each route by its own path and keeps the build's order for ties,
// and a partition keeps that order, so the best match among the candidates is the best of all.
// The lazy route discovery endpoint (`/__manifest`) answers for any path: it gets the whole build.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";

type RouteManifest = ServerBuild["routes"];
type Route = RouteManifest[string];

/** A route's whole path from the root: its parents' paths and its own, joined. */
function fullPathOf(routes: RouteManifest, route: Route): string {
  const own = route.path ?? "";
  const parent = route.parentId ? routes[route.parentId] : undefined;
  const above = parent ? fullPathOf(routes, parent) : "";
  return [above, own].filter(Boolean).join("/").replace(/\/+/g, "/").replace(/^\//, "");
}

/**
 * The literal first segment a route's path begins with, lower-cased; null when the route can match
 * a path whatever its first segment (no path: the root, an index or a layout; or a parameter, a
 * splat, an optional segment first).
 */
export function firstLiteralSegment(path: string): string | null {
  const first = path.split("/").filter(Boolean)[0];
  if (!first || first.startsWith(":") || first === "*" || first.endsWith("?")) return null;
  return first.toLowerCase();
}

/**
 * The partition a request path belongs to: its first segment, decoded and lower-cased, the way
 * Remix compares it; "" for `/`; null for the whole build (lazy route discovery, or a segment that
 * cannot be decoded). A single-fetch data path (`/stories/abc.data`, `/_root.data`) is the page's.
 */
export function partitionKeyOf(pathname: string): string | null {
  let path = pathname;
  if (path.startsWith("/__manifest")) return null;
  if (path.endsWith(".data")) path = path.slice(0, -".data".length).replace(/^\/_root$/, "/");
  const first = path.split("/").filter(Boolean)[0];
  if (first === undefined) return "";
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return null;
  }
}

function pick<T>(all: Record<string, T>, ids: ReadonlySet<string>): Record<string, T> {
  // the build's order is kept: Remix breaks ties in rank by it
  const out: Record<string, T> = {};
  for (const [id, value] of Object.entries(all)) if (ids.has(id)) out[id] = value;
  return out;
}

export type PartitionedBuild = {
  /** The build to use for a request path: its partition's, or the whole build. */
  buildFor: (pathname: string) => ServerBuild;
};

export function partitionBuild(build: ServerBuild): PartitionedBuild {
  const routes = build.routes;
  const withAncestors = (ids: Iterable<string>) => {
    const out = new Set<string>();
    for (const id of ids) {
      let current: string | undefined = id;
      while (current && !out.has(current)) {
        out.add(current);
        current = routes[current]?.parentId;
      }
    }
    return out;
  };
  const anywhere: string[] = [];
  const bySegmentIds = new Map<string, string[]>();
  for (const route of Object.values(routes)) {
    const first = firstLiteralSegment(fullPathOf(routes, route));
    if (first === null) anywhere.push(route.id);
    else bySegmentIds.set(first, [...(bySegmentIds.get(first) ?? []), route.id]);
  }
  const narrowed = (ids: Iterable<string>): ServerBuild => {
    const keep = withAncestors(ids);
    return {
      ...build,
      routes: pick(build.routes, keep),
      assets: { ...build.assets, routes: pick(build.assets.routes, keep) },
    };
  };
  const rest = narrowed(anywhere);
  const bySegment = new Map(
    [...bySegmentIds].map(([segment, ids]) => [segment, narrowed([...anywhere, ...ids])] as const),
  );
  return {
    buildFor(pathname) {
      const key = partitionKeyOf(pathname);
      if (key === null) return build;
      return bySegment.get(key) ?? rest;
    },
  };
}

/** The route tree Remix builds from a build's manifest (ids, paths, index, case), in its order. */
function routeTree(routes: RouteManifest): AgnosticRouteObject[] {
  const byParent = new Map<string, Route[]>();
  for (const route of Object.values(routes)) {
    const parent = route.parentId ?? "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  const childrenOf = (parentId: string): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
    );
  return childrenOf("");
}
const trees = new WeakMap<RouteManifest, AgnosticRouteObject[]>();

/**
 * The route whose action a request runs, chosen as Remix chooses it: of the routes matching the
 * path, the deepest; an index route only when the query has a bare `index` (`?index`), otherwise
 * the deepest one with a path of its own. `pathname` is the page's (a data request's `.data`
 * taken off). Null when no route matches.
 */
export function actionRouteOf(
  routes: RouteManifest,
  pathname: string,
  search: string,
): Route | null {
  let tree = trees.get(routes);
  if (!tree) {
    tree = routeTree(routes);
    trees.set(routes, tree);
  }
  const matches = matchRoutes(tree, pathname);
  if (!matches?.length) return null;
  const last = matches[matches.length - 1]!;
  const indexAsked = new URLSearchParams(search).getAll("index").some((v) => v === "");
  const target =
    last.route.index && indexAsked
      ? last
      : matches.filter((m, i) => i === 0 || Boolean(m.route.path)).pop()!;
  return routes[target.route.id!] ?? null;
}
