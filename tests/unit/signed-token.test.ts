import { describe, expect, it } from "vitest";
import { sign, signPayload, verify, verifyPayload } from "~/utils/signed-token.server";

const SECRET = "s".repeat(40);

describe("signed tokens", () => {
  it("round-trip their fields and expiry", () => {
    const token = sign("upload", ["m1", "c1", "u1"], { secret: SECRET, expiresAt: 2_000 });
    expect(
      verify("upload", token, { secret: SECRET, fields: 3, expiring: true, now: 2_000 }),
    ).toEqual({
      fields: ["m1", "c1", "u1"],
      expiresAt: 2_000,
    });
    const forever = sign("unsubscribe", ["c1", "u1"], { secret: SECRET });
    expect(verify("unsubscribe", forever, { secret: SECRET, fields: 2 })).toEqual({
      fields: ["c1", "u1"],
      expiresAt: null,
    });
  });

  it("keep the wire format of the links already sent out", () => {
    expect(sign("unsubscribe", ["c1", "u1"], { secret: SECRET })).toBe(
      "WyJjMSIsInUxIl0.Ng-vGaYMFG6KHxvkXChOlQiKdh1ba0aeaqyiKmIEu9Q",
    );
    expect(sign("upload", ["m1", "c1", "u1"], { secret: SECRET, expiresAt: 1_000_000 })).toBe(
      "WyJtMSIsImMxIiwidTEiLDEwMDAwMDBd.WpOymm9i59MryzoeWq9Pm-sYW-0G64tx-LsO9hXMxm8",
    );
    expect(signPayload("listen", "abc", SECRET, { macLength: 32 })).toBe(
      "abc.D9a8YTlLtB19qQ367sbJvjQJ6QbNfDvf",
    );
    expect(
      verifyPayload("listen", "abc.D9a8YTlLtB19qQ367sbJvjQJ6QbNfDvf", SECRET, { macLength: 32 }),
    ).toBe("abc");
  });

  it("refuse a tampered token", () => {
    const token = sign("unsubscribe", ["c1", "u1"], { secret: SECRET });
    const [payload, mac] = token.split(".") as [string, string];
    const other = Buffer.from(JSON.stringify(["c1", "u2"])).toString("base64url");
    const read = (t: string) => verify("unsubscribe", t, { secret: SECRET, fields: 2 });
    expect(read(`${other}.${mac}`)).toBeNull();
    expect(read(`${payload}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(read(`${payload}.${mac}x`)).toBeNull();
    expect(read(`${token}.x`)).toBeNull();
    expect(read(payload)).toBeNull();
    expect(read("")).toBeNull();
    expect(read("x".repeat(2_000))).toBeNull();
    expect(verify("unsubscribe", token, { secret: "t".repeat(40), fields: 2 })).toBeNull();
    // well signed, but not the fields expected
    expect(verify("unsubscribe", token, { secret: SECRET, fields: 3 })).toBeNull();
    expect(verify("unsubscribe", token, { secret: SECRET, fields: 1, expiring: true })).toBeNull();
  });

  it("refuse an expired token, allowing the grace asked for", () => {
    const token = sign("upload", ["m1"], { secret: SECRET, expiresAt: 1_000 });
    const read = (now: number, graceMs?: number) =>
      verify("upload", token, { secret: SECRET, fields: 1, expiring: true, now, graceMs });
    expect(read(1_000)).not.toBeNull();
    expect(read(1_001)).toBeNull();
    expect(read(1_500, 500)).not.toBeNull();
    expect(read(1_501, 500)).toBeNull();
  });

  it("never verify a token made for another purpose", () => {
    const unsubscribe = sign("unsubscribe", ["c1", "u1"], { secret: SECRET });
    expect(verify("upload", unsubscribe, { secret: SECRET, fields: 2 })).toBeNull();
    expect(verifyPayload("listen", unsubscribe, SECRET)).toBeNull();
    const listen = signPayload("listen", "abc", SECRET, { macLength: 32 });
    expect(verifyPayload("upload", listen, SECRET, { macLength: 32 })).toBeNull();
    expect(verifyPayload("listen", listen, SECRET, { macLength: 32 })).toBe("abc");
  });

  it("refuse to sign a payload that would not read back", () => {
    expect(() => signPayload("listen", "a.b", SECRET)).toThrow();
    expect(() => signPayload("listen", "", SECRET)).toThrow();
  });
});
