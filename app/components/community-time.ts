// The community's time zone for components: every date a person reads is written in it (one rule,
// models/local-time.ts), the same on the server and in the browser.
import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

export function useCommunityTimeZone(): string {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.facility?.timeZone ?? "UTC";
}
