// Which host names the HTTPS front may get a certificate for, on demand at a visitor's first
// connection: the marketing host (bare and www.) and the host of every existing, active community.
// Anything else is refused, so that a stranger pointing names at the server cannot make it ask a
// certificate authority for certificates (and spend its rate limits). The answer is yes or no and
// nothing more: a paused community and a name nobody registered are refused alike.
import { env } from "~/utils/env.server";
import { classifyHost, findCommunityBySubdomain } from "~/utils/host.server";
import { RESERVED_SUBDOMAINS, SUBDOMAIN_RULE } from "./community.server";

// a DNS name: letters, digits, hyphens and inner dots, at most 253 characters
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * True when a certificate may be issued for `domain` (as the proxy sends it: a bare host name, no
 * port, no trailing dot). Upper-case letters are read as lower-case, as DNS does; anything that is
 * not a plain host name (a port, a path, a wildcard, an IP address of this machine's) is refused.
 */
export function certificateAllowed(domain: string | null | undefined): boolean {
  if (typeof domain !== "string") return false;
  const name = domain.toLowerCase();
  if (!HOST_NAME.test(name)) return false;
  const kind = classifyHost(name, env().APP_DOMAIN);
  if (kind.kind === "marketing") return true;
  if (kind.kind !== "subdomain") return false;
  const sub = kind.subdomain;
  if (sub.length < 3 || sub.length > 40 || !SUBDOMAIN_RULE.test(sub)) return false;
  if (RESERVED_SUBDOMAINS.has(sub)) return false;
  return findCommunityBySubdomain(sub)?.isActive === true;
}

/** The answer to the proxy's question `?domain=`: 200 to issue, 404 to refuse, 400 for a bad query. */
export function tlsAskResponse(request: Request): Response {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  const params = new URL(request.url).searchParams;
  const domains = params.getAll("domain");
  if (domains.length !== 1 || [...params.keys()].length !== 1)
    return new Response("Bad Request: one domain= expected", { status: 400, headers });
  return certificateAllowed(domains[0])
    ? new Response("yes", { status: 200, headers })
    : new Response("no", { status: 404, headers });
}
