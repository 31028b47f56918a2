import crypto from "node:crypto";

/** Random, unguessable text id (128 bits, URL-safe). */
export function newId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

export function nowIso(): string {
  return new Date().toISOString();
}
