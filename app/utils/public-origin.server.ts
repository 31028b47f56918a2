// Absolute links for messages sent outside a request (emails from the queue, the weekly digest):
// PUBLIC_URL is the marketing site's origin; a community's site is its subdomain of that host.
// Inside a request, prefer communityOrigin(request, subdomain) from host.server.ts.
import { env } from "./env.server";

export function publicCommunityOrigin(subdomain: string): string {
  const url = new URL(env().PUBLIC_URL);
  return `${url.protocol}//${subdomain}.${url.host}`;
}
