// HTTP security policy: headers for every response and the cross-site request check.
// See docs/decisions/006-security-headers-and-forgery.md.

/** Content-Security-Policy for one response. Scripts run only with this response's nonce. */
export function contentSecurityPolicy(nonce: string, appDomain: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // style attributes (React style={...}) need 'unsafe-inline'. <style> elements: only the
    // reading pages' inlined stylesheet (ADR 019), which carries this response's nonce. A browser
    // that knows the CSP 3 directives below uses them instead: <style> only with the nonce,
    // attributes as before; an older one falls back to style-src, which allows both.
    "style-src 'self' 'unsafe-inline'",
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // sign-in links and login-as hop from one of our hosts to a community's host
    `form-action 'self' http://*.${appDomain}:* https://*.${appDomain}:* http://${appDomain}:* https://${appDomain}:*`,
    "frame-ancestors 'none'",
  ].join("; ");
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), geolocation=(), microphone=(self)",
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from a page of this very host. Sibling community
 * subdomains are "same-site", so SameSite cookies alone would let community A's pages post to B.
 * Browsers send Origin on every cross-origin POST; Sec-Fetch-Site covers the rest. Requests with
 * neither (curl, server-to-server API clients) carry no ambient browser credentials of a victim.
 */
export function isCrossOriginWrite(
  method: string,
  host: string | undefined,
  origin: string | undefined,
  secFetchSite: string | undefined,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin && origin !== "null") {
    try {
      return new URL(origin).host.toLowerCase() !== (host ?? "").toLowerCase();
    } catch {
      return true;
    }
  }
  if (origin === "null") return true;
  if (secFetchSite) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  return false;
}
