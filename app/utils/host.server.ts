// The host selects the community; it never authorizes (see auth.server.ts for that).
import { eq, sql } from "drizzle-orm";
import {
  controlSchema,
  getControlDb,
  getTenantDb,
  prepared,
  type Community,
  type TenantDb,
} from "./db.server";
import { env } from "./env.server";
import { msg } from "./i18n";
// the language of a page that has no community: only the browser says which it wants
import { languageOptions, negotiateLanguage, translator } from "./i18n.server";

export type HostContext =
  | { kind: "marketing"; hostname: string }
  | { kind: "tenant"; hostname: string; community: Community }
  | {
      kind: "missing";
      hostname: string;
      reason: "unknown" | "inactive";
      /** the paused community (inactive only), for its own not-available page */ community?: Community;
    };

const cache = new WeakMap<Request, HostContext>();

export function hostnameOf(request: Request): string {
  return new URL(request.url).hostname.toLowerCase().replace(/\.$/, "");
}

export function classifyHost(
  hostname: string,
  appDomain: string,
): { kind: "marketing" } | { kind: "subdomain"; subdomain: string } | { kind: "other" } {
  if (hostname === appDomain || hostname === `www.${appDomain}`) return { kind: "marketing" };
  if (hostname.endsWith(`.${appDomain}`)) {
    const subdomain = hostname.slice(0, -(appDomain.length + 1));
    // a.b.storyloom.example is not a community
    if (subdomain.includes(".")) return { kind: "subdomain", subdomain: "" };
    return { kind: "subdomain", subdomain };
  }
  return { kind: "other" };
}

export function findCommunityBySubdomain(subdomain: string): Community | undefined {
  if (!subdomain) return undefined;
  return prepared(getControlDb(), "community-by-subdomain", (db) =>
    db
      .select()
      .from(controlSchema.communities)
      .where(eq(controlSchema.communities.subdomain, sql.placeholder("subdomain")))
      .prepare(),
  ).get({ subdomain });
}

export function resolveHost(request: Request): HostContext {
  const hit = cache.get(request);
  if (hit) return hit;
  const { APP_DOMAIN, DEFAULT_TENANT } = env();
  const hostname = hostnameOf(request);
  const kind = classifyHost(hostname, APP_DOMAIN);
  let ctx: HostContext;
  if (kind.kind === "marketing") {
    ctx = { kind: "marketing", hostname };
  } else {
    const subdomain = kind.kind === "subdomain" ? kind.subdomain : (DEFAULT_TENANT ?? "");
    const community = findCommunityBySubdomain(subdomain);
    if (!community) ctx = { kind: "missing", hostname, reason: "unknown" };
    else if (!community.isActive)
      ctx = { kind: "missing", hostname, reason: "inactive", community };
    else ctx = { kind: "tenant", hostname, community };
  }
  cache.set(request, ctx);
  return ctx;
}

/**
 * The body of a 404 for a page that is not here: the common catalog's message, which the error
 * page draws in the reader's language, the same in the server's render and in the browser.
 */
export const NOT_FOUND_TEXT = msg("common:error.notFound");
const NO_COMMUNITY = "error.noCommunity";
const INACTIVE_COMMUNITY = "error.inactiveCommunity";

function notFound(message: string): Response {
  return new Response(message, {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The 404 for an address where no community lives, or whose site is paused: in the language the
 * browser asks for (nobody is known here: there is no community to sign in to), as plain text
 * for any client and as the error page's message for a browser.
 */
export function missingCommunityResponse(
  ctx: Extract<HostContext, { kind: "missing" }>,
  request: Request,
) {
  const offered = languageOptions().map((l) => l.code);
  const lang = negotiateLanguage(request.headers.get("accept-language"), offered);
  const t = translator(lang, "common");
  return notFound(t(ctx.reason === "inactive" ? INACTIVE_COMMUNITY : NO_COMMUNITY));
}

/**
 * For routes that only exist on a community host. Throws a 404 on the marketing host and for an
 * unknown or inactive community. Returns the community row and its database handle.
 */
export function requireTenant(request: Request): { community: Community; db: TenantDb } {
  const ctx = resolveHost(request);
  if (ctx.kind === "marketing") throw notFound(NOT_FOUND_TEXT);
  if (ctx.kind === "missing") throw missingCommunityResponse(ctx, request);
  return { community: ctx.community, db: getTenantDb(ctx.community) };
}

/** For routes on any host (login, dev-login, super-admin): refuses only unknown communities. */
export function requireKnownHost(request: Request): Exclude<HostContext, { kind: "missing" }> {
  const ctx = resolveHost(request);
  if (ctx.kind === "missing") throw missingCommunityResponse(ctx, request);
  return ctx;
}

/** Absolute origin of a community's site, with the scheme and port of the current request. */
export function communityOrigin(request: Request, subdomain: string | null): string {
  const url = new URL(request.url);
  const port = url.port ? `:${url.port}` : "";
  const host = subdomain ? `${subdomain}.${env().APP_DOMAIN}` : env().APP_DOMAIN;
  return `${url.protocol}//${host}${port}`;
}

/** Builds the absolute origin of a community's site (null: the marketing site) for this request. */
export type OriginOf = (subdomain: string | null) => string;

export function originsFor(request: Request): OriginOf {
  return (subdomain) => communityOrigin(request, subdomain);
}

/** Who sent a request, as the audit log records it. */
export type RequestClient = { ip: string | null; userAgent: string | null };

export function clientOf(request: Request): RequestClient {
  // x-real-ip is set by server/index.ts from the socket (or the trusted proxy's X-Forwarded-For)
  return {
    ip: request.headers.get("x-real-ip") || null,
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
  };
}
