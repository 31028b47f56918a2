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
  if (url.origin !== base.origin) return fallback;
  return url.pathname + url.search + url.hash;
}
