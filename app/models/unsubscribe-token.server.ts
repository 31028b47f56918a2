// Unsubscribe links in emails: HMAC-SHA256 (SESSION_SECRET) over the community and the person, so
// they work without signing in, cannot be forged, and never expire (a link in an old email must
// still stop the emails). A token names one person of one community and nothing else.
import crypto from "node:crypto";
import { env } from "~/utils/env.server";

export type UnsubscribeClaim = { communityId: string; userId: string };

function sign(payload: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url");
}

export function createUnsubscribeToken(claim: UnsubscribeClaim, secret = env().SESSION_SECRET): string {
  const payload = Buffer.from(JSON.stringify([claim.communityId, claim.userId])).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

/** The claim of a well-signed token issued for this community, else null. */
export function readUnsubscribeToken(token: string, communityId: string, secret = env().SESSION_SECRET): UnsubscribeClaim | null {
  if (token.length > 400) return null;
  const [payload, mac, ...rest] = token.split(".");
  if (!payload || !mac || rest.length) return null;
  const good = Buffer.from(sign(payload, secret));
  const given = Buffer.from(mac);
  if (good.length !== given.length || !crypto.timingSafeEqual(good, given)) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 2 || typeof parts[0] !== "string" || typeof parts[1] !== "string") return null;
  if (parts[0] !== communityId) return null;
  return { communityId: parts[0], userId: parts[1] };
}
