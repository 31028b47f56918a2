import { useEffect, useState } from "react";

/** False in the server render and the first browser render, true once JavaScript runs the page. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
