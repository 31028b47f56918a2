// A value carried once to the next page in a small cookie of its own, signed with SESSION_SECRET
// (a toast, a sign-in link just made): never in the URL, so neither a refresh nor the browser's
// history shows it again. The page that reads it clears it.
import { createCookieSessionStorage } from "@remix-run/node";
import { env } from "./env.server";

export type FlashCookie<T> = ReturnType<typeof makeFlashCookie<T>>;

const made = new Map<string, FlashCookie<unknown>>();

/**
 * The flash cookie named `name` that holds one value under `key`; with `maxAge` (seconds) the
 * browser drops it after that long even if no page read it. Made once per name, so a route module
 * may ask for it in its loader or action each time.
 */
export function flashCookie<T>(name: string, key: string, opts: { maxAge?: number } = {}) {
  let cookie = made.get(name);
  if (!cookie) made.set(name, (cookie = makeFlashCookie<unknown>(name, key, opts)));
  return cookie as FlashCookie<T>;
}

function makeFlashCookie<T>(name: string, key: string, { maxAge }: { maxAge?: number }) {
  type Flash = Record<string, T>;
  let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, Flash>> | null =
    null;
  const store = () =>
    (storage ??= createCookieSessionStorage<Record<string, never>, Flash>({
      cookie: {
        name,
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: env().isProduction,
        ...(maxAge === undefined ? {} : { maxAge }),
        secrets: [env().SESSION_SECRET],
      },
    }));
  return {
    /** Headers that send `value` to the next page. */
    async headers(value: T): Promise<Headers> {
      const session = await store().getSession();
      session.flash(key, value);
      return new Headers({ "Set-Cookie": await store().commitSession(session) });
    },
    /**
     * What the request carries (as sent: check it before use) and, when it carries anything, the
     * headers that clear the cookie, to go out with the response.
     */
    async take(request: Request): Promise<{ value: unknown; headers: Headers | null }> {
      const session = await store().getSession(request.headers.get("Cookie"));
      const value: unknown = session.get(key);
      if (value === undefined) return { value, headers: null };
      return {
        value,
        headers: new Headers({ "Set-Cookie": await store().destroySession(session) }),
      };
    },
  };
}
