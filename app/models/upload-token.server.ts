// Signed upload URLs (POST /api/objects/upload answers { uploadURL }). The token is
// short-lived, HMAC-signed with SESSION_SECRET and bound to one community and one user; it also
// names the media id the upload will get, so one token stores at most one file.
import { env } from "~/utils/env.server";
import { newId } from "~/utils/ids.server";
import { sign, verify } from "~/utils/signed-token.server";

export const UPLOAD_TOKEN_TTL_MS = 10 * 60_000;
// after the upload, the client turns the URL into an image path; that may come a little later
export const UPLOAD_CLAIM_GRACE_MS = 24 * 60 * 60_000;

export type UploadClaim = { mediaId: string; communityId: string; userId: string; expiresAt: number };

export function createUploadToken(
  opts: { communityId: string; userId: string; now?: number; ttlMs?: number },
  secret = env().SESSION_SECRET,
): { token: string; claim: UploadClaim } {
  const claim: UploadClaim = {
    mediaId: newId(),
    communityId: opts.communityId,
    userId: opts.userId,
    expiresAt: (opts.now ?? Date.now()) + (opts.ttlMs ?? UPLOAD_TOKEN_TTL_MS),
  };
  const fields = [claim.mediaId, claim.communityId, claim.userId];
  return { token: sign("upload", fields, { secret, expiresAt: claim.expiresAt }), claim };
}

/**
 * The token's claim when its signature is good, it was issued for this community and this user,
 * and it has not expired (plus `graceMs`); otherwise null.
 */
export function readUploadToken(
  token: string,
  expect: { communityId: string; userId: string; now?: number; graceMs?: number },
  secret = env().SESSION_SECRET,
): UploadClaim | null {
  const read = verify("upload", token, {
    secret,
    fields: 3,
    expiring: true,
    now: expect.now,
    graceMs: expect.graceMs,
  });
  if (!read) return null;
  const [mediaId, communityId, userId] = read.fields as [string, string, string];
  if (communityId !== expect.communityId || userId !== expect.userId) return null;
  return { mediaId, communityId, userId, expiresAt: read.expiresAt! };
}

export function uploadPath(token: string): string {
  return `/uploads/${token}`;
}

/**
 * What an `imageUrl` sent by the client points at: an upload URL (absolute or a path) or a media
 * path `/media/{id}` (the `objectPath` answered by PUT /api/story-images).
 */
export function parseImageUrl(imageUrl: string): { kind: "upload"; token: string } | { kind: "media"; mediaId: string } | null {
  let pathname: string;
  try {
    pathname = new URL(imageUrl, "http://placeholder.invalid").pathname;
  } catch {
    return null;
  }
  const upload = /^\/uploads\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(pathname);
  if (upload) return { kind: "upload", token: upload[1]! };
  const media = /^\/media\/([A-Za-z0-9_-]{10,64})$/.exec(pathname);
  if (media) return { kind: "media", mediaId: media[1]! };
  return null;
}

