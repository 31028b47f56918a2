// The product's name (APP_NAME) in page titles. The root loader sends it with every page; a route's
// meta function reads it from the root match, so a title never names the product by hand.
import type { MetaArgs } from "@remix-run/node";

/** APP_NAME when it is not set. */
export const DEFAULT_APP_NAME = "Storyloom";

type Matches = MetaArgs["matches"];

/** The name the root loader sent; the default when there is none (its loader failed). */
export function appNameOf(matches: Matches): string {
  const root = matches.find((m) => m.id === "root")?.data as { appName?: unknown } | undefined;
  return typeof root?.appName === "string" && root.appName ? root.appName : DEFAULT_APP_NAME;
}

/** A page's title: its own words, then the product's name ("Sign in · Storyloom"). */
export function pageTitle(matches: Matches, ...parts: string[]): string {
  return [...parts, appNameOf(matches)].join(" · ");
}
