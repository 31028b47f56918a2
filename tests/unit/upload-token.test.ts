import { describe, expect, it } from "vitest";
import { createUploadToken, parseImageUrl, readUploadToken } from "~/models/upload-token.server";

const SECRET = "s".repeat(40);
const bound = { communityId: "c1", userId: "u1" };

describe("signed upload tokens", () => {
  it("round-trips for the same community and user before expiry", () => {
    const now = 1_000_000;
    const { token, claim } = createUploadToken({ ...bound, now, ttlMs: 60_000 }, SECRET);
    expect(readUploadToken(token, { ...bound, now: now + 59_000 }, SECRET)).toEqual(claim);
    expect(claim.mediaId).toMatch(/^[\w-]{22}$/);
  });

  it("refuses another user, another community, expiry, another secret and tampering", () => {
    const now = 1_000_000;
    const { token } = createUploadToken({ ...bound, now, ttlMs: 60_000 }, SECRET);
    expect(readUploadToken(token, { communityId: "c1", userId: "u2", now }, SECRET)).toBeNull();
    expect(readUploadToken(token, { communityId: "c2", userId: "u1", now }, SECRET)).toBeNull();
    expect(readUploadToken(token, { ...bound, now: now + 61_000 }, SECRET)).toBeNull();
    expect(
      readUploadToken(token, { ...bound, now: now + 61_000, graceMs: 10_000 }, SECRET),
    ).not.toBeNull();
    expect(readUploadToken(token, { ...bound, now }, "t".repeat(40))).toBeNull();
    const [payload, mac] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify(["other-media-id-000000", "c1", "u1", now + 60_000]),
    ).toString("base64url");
    expect(readUploadToken(`${forged}.${mac}`, { ...bound, now }, SECRET)).toBeNull();
    expect(readUploadToken(`${payload}.${mac}x`, { ...bound, now }, SECRET)).toBeNull();
    expect(readUploadToken("garbage", { ...bound, now }, SECRET)).toBeNull();
  });
});

describe("parseImageUrl", () => {
  it("understands upload URLs and media paths, absolute or not", () => {
    expect(parseImageUrl("http://a.example/uploads/abc.def")).toEqual({
      kind: "upload",
      token: "abc.def",
    });
    expect(parseImageUrl("/uploads/abc.def")).toEqual({ kind: "upload", token: "abc.def" });
    expect(parseImageUrl("/media/AbCdEfGhIjKlMnOpQrStUv")).toEqual({
      kind: "media",
      mediaId: "AbCdEfGhIjKlMnOpQrStUv",
    });
    expect(parseImageUrl("/media/AbCdEfGhIjKlMnOpQrStUv?w=400")).toEqual({
      kind: "media",
      mediaId: "AbCdEfGhIjKlMnOpQrStUv",
    });
  });
  it("refuses anything else", () => {
    expect(parseImageUrl("/media/../../etc/passwd")).toBeNull();
    expect(parseImageUrl("https://evil.example/picture.jpg")).toBeNull();
    expect(parseImageUrl("")).toBeNull();
  });
});
