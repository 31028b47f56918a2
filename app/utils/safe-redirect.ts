/**
 * A redirect target that stays on this site, or the fallback. Used on server and client.
 *
 * The target is parsed as a URL against `origin` (the request's origin on the server) instead of
 * being pattern-matched: only a path of that very origin is accepted, and what comes back is the
 * parsed path, so what was checked is what is sent. Control characters (browsers drop tabs and
 * newlines from URLs, which turns "/\t/evil.example" into "//evil.example") and backslashes
 * (which browsers read as slashes) are refused outright.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
  origin = "http://localhost",
): string {
  if (!to || typeof to !== "string") return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point of this test
  if (!to.startsWith("/") || /[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin || opensAnotherHost(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * Whether a path would be read as another host: it starts with two slashes, or a slash and a
 * backslash ("//evil.example" is a host to a browser), as it is or once its %-escapes are decoded
 * (by a server, proxy or router that decodes the path and redirects again). Parsing makes such
 * paths out of harmless-looking ones ("/.//evil.example", "/..//evil.example"), so the parsed path
 * is what is tested. Escapes are decoded byte by byte until nothing changes; a path still changing
 * after a few rounds is refused too.
 */
function opensAnotherHost(path: string): boolean {
  let current = path;
  for (let round = 0; round < 4; round++) {
    // eslint-disable-next-line no-control-regex -- a tab or newline between the slashes is stripped by browsers
    if (/^[/\\][\u0000-\u0020\u007f-\u009f]*[/\\]/.test(current)) return true;
    const decoded = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}
