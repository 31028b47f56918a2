// Signed upload URLs (spec section 7: POST /api/objects/upload answers { uploadURL }). The token is
// short-lived, HMAC-signed with SESSION_SECRET and bound to one community and one user; it also
// names the media id the upload will get, so one token stores at most one file.
import crypto from "node:crypto";
import { env } from "~/utils/env.server";
import { newId } from "~/utils/ids.server";

export const UPLOAD_TOKEN_TTL_MS = 10 * 60_000;
// after the upload, the client turns the URL into an image path; that may come a little later
export const UPLOAD_CLAIM_GRACE_MS = 24 * 60 * 60_000;

export type UploadClaim = { mediaId: string; communityId: string; userId: string; expiresAt: number };

function sign(payload: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`upload:${payload}`).digest("base64url");
}

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
  const payload = Buffer.from(JSON.stringify([claim.mediaId, claim.communityId, claim.userId, claim.expiresAt])).toString("base64url");
  return { token: `${payload}.${sign(payload, secret)}`, claim };
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
  if (!Array.isArray(parts) || parts.length !== 4) return null;
  const [mediaId, communityId, userId, expiresAt] = parts as [unknown, unknown, unknown, unknown];
  if (typeof mediaId !== "string" || typeof communityId !== "string" || typeof userId !== "string" || typeof expiresAt !== "number") return null;
  if (communityId !== expect.communityId || userId !== expect.userId) return null;
  if ((expect.now ?? Date.now()) > expiresAt + (expect.graceMs ?? 0)) return null;
  return { mediaId, communityId, userId, expiresAt };
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

