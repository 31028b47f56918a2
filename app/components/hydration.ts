// Whether React runs the page in the browser yet. Screens render the same markup on the server and
// in the first browser render; what needs JavaScript (a Copy button, a modal) appears after that.
import { useEffect, useState } from "react";

let hydratedOnce = false;

/** False in the server render and the first browser render, true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
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
