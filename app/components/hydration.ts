// Whether React runs the page in the browser yet. Screens render the same markup on the server and
// in the first browser render; what needs JavaScript (a Copy button, a modal) appears after that.
import { useEffect, useSyncExternalStore } from "react";

let hydratedOnce = false;

const noSubscription = () => () => {};

/**
 * False in the server render and while React hydrates the server's markup, true after that and in
 * anything rendered later (a client navigation). Read from React's hydration itself rather than a
 * flag an effect sets: a part of the page inside a Suspense boundary hydrates after the root's
 * effects have run, and must still match the server's markup first.
 */
export function useHydrated(): boolean {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  useEffect(() => {
    hydratedOnce = true;
  }, []);
  return hydrated;
}

/** True when the page was already running in the browser before this render (a client navigation). */
export function wasHydrated(): boolean {
  return hydratedOnce;
}

/** Notes that the page has hydrated; layouts call it so that screens reached later know. */
export function useMarkHydrated() {
  useEffect(() => {
    hydratedOnce = true;
  }, []);
}
