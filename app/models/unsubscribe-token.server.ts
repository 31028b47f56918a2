// Unsubscribe links in emails: HMAC-SHA256 (SESSION_SECRET) over the community and the person, so
// they work without signing in, cannot be forged, and never expire (a link in an old email must
// still stop the emails). A token names one person of one community and nothing else.
import { env } from "~/utils/env.server";
import { sign, verify } from "~/utils/signed-token.server";

export type UnsubscribeClaim = { communityId: string; userId: string };

export function createUnsubscribeToken(claim: UnsubscribeClaim, secret = env().SESSION_SECRET): string {
  return sign("unsubscribe", [claim.communityId, claim.userId], { secret });
}

/** The claim of a well-signed token issued for this community, else null. */
export function readUnsubscribeToken(token: string, communityId: string, secret = env().SESSION_SECRET): UnsubscribeClaim | null {
  const read = verify("unsubscribe", token, { secret, fields: 2, maxLength: 400 });
  if (!read || read.fields[0] !== communityId) return null;
  return { communityId, userId: read.fields[1]! };
}
