// Signed tokens for links that work without signing in (upload URLs, unsubscribe links, the life
// book's recording links): `payload.mac`, where the MAC is HMAC-SHA256 with the server's secret
// over `purpose:payload`. Nobody without the secret can make or alter one, and the purpose mixed
// into the MAC means a token made for one kind of link never verifies as another kind.
import crypto from "node:crypto";

/** What a token is for: part of what is signed. */
export type TokenPurpose = "upload" | "unsubscribe" | "listen" | "kiosk-turn" | "kiosk-staff";

// longer than any token this app makes: a longer one is refused before any work is done on it
const MAX_TOKEN_LENGTH = 1024;

type MacOptions = {
  /** the MAC cut to this many characters (a shorter link, e.g. one printed as a QR code) */
  macLength?: number;
};

function mac(purpose: TokenPurpose, payload: string, secret: string, macLength?: number): string {
  const full = crypto
    .createHmac("sha256", secret)
    .update(`${purpose}:${payload}`)
    .digest("base64url");
  return macLength ? full.slice(0, macLength) : full;
}

/** `payload.mac`: the payload as given, which must be URL-safe text without a dot. */
export function signPayload(
  purpose: TokenPurpose,
  payload: string,
  secret: string,
  { macLength }: MacOptions = {},
): string {
  if (!payload || payload.includes("."))
    throw new Error("A signed payload is non-empty and has no dot");
  return `${payload}.${mac(purpose, payload, secret, macLength)}`;
}

/** The payload of a token signed for `purpose` with `secret`, else null. */
export function verifyPayload(
  purpose: TokenPurpose,
  token: string,
  secret: string,
  { macLength, maxLength = MAX_TOKEN_LENGTH }: MacOptions & { maxLength?: number } = {},
): string | null {
  if (token.length > maxLength) return null;
  const [payload, given, ...rest] = token.split(".");
  if (!payload || !given || rest.length) return null;
  const good = Buffer.from(mac(purpose, payload, secret, macLength));
  const sent = Buffer.from(given);
  if (good.length !== sent.length || !crypto.timingSafeEqual(good, sent)) return null;
  return payload;
}

/**
 * A token carrying `fields` (as base64url JSON) and, with `expiresAt` (milliseconds since the
 * epoch), its expiry as the last element of the JSON array.
 */
export function sign(
  purpose: TokenPurpose,
  fields: readonly string[],
  { secret, expiresAt }: { secret: string; expiresAt?: number },
): string {
  const values = expiresAt === undefined ? [...fields] : [...fields, expiresAt];
  const payload = Buffer.from(JSON.stringify(values)).toString("base64url");
  return signPayload(purpose, payload, secret);
}

export type VerifyOptions = {
  secret: string;
  /** how many fields the token carries (its expiry not counted) */
  fields: number;
  /** the token carries an expiry, and is refused after it (plus `graceMs`) */
  expiring?: boolean;
  now?: number;
  graceMs?: number;
  maxLength?: number;
};

/**
 * The fields (and expiry) of a token made by `sign` for `purpose`: null when the signature is not
 * good, the fields are not `fields` strings, or the token has expired.
 */
export function verify(
  purpose: TokenPurpose,
  token: string,
  { secret, fields, expiring = false, now = Date.now(), graceMs = 0, maxLength }: VerifyOptions,
): { fields: string[]; expiresAt: number | null } | null {
  const payload = verifyPayload(purpose, token, secret, { maxLength });
  if (payload === null) return null;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values.length !== fields + (expiring ? 1 : 0)) return null;
  const strings = values.slice(0, fields);
  if (!strings.every((v): v is string => typeof v === "string")) return null;
  if (!expiring) return { fields: strings, expiresAt: null };
  const expiresAt: unknown = values[fields];
  if (typeof expiresAt !== "number" || now > expiresAt + graceMs) return null;
  return { fields: strings, expiresAt };
}
