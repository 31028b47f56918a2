import { describe, expect, it } from "vitest";
import { EdgeLimiter, mentionsSession, requesterKey, tooManyPage } from "~/utils/edge-limits.server";

const rules = [
  { name: "uploads", limit: 3, windowMs: 60_000, match: (m: string, p: string) => m === "POST" && p === "/api/family/photos" },
  { name: "API requests", limit: 5, windowMs: 60_000, match: (_m: string, p: string) => p.startsWith("/api/") },
];

describe("edge rate limits", () => {
  it("refuses past the limit, per requester, until the window ends", () => {
    const limiter = new EdgeLimiter(rules);
    const t = 1_000_000;
    for (let i = 0; i < 3; i++) expect(limiter.check("POST", "/api/family/photos", "s:a", t)).toBeNull();
    expect(limiter.check("POST", "/api/family/photos", "s:a", t)).toEqual({ rule: "uploads", retryAfterSeconds: 60 });
    // someone else is not affected
    expect(limiter.check("POST", "/api/family/photos", "s:b", t)).toBeNull();
    // a minute later the window starts again
    expect(limiter.check("POST", "/api/family/photos", "s:a", t + 60_001)).toBeNull();
  });

  it("counts every API path toward the API limit and leaves pages alone", () => {
    const limiter = new EdgeLimiter(rules);
    for (let i = 0; i < 5; i++) expect(limiter.check("GET", "/api/stats", "ip:1", 0)).toBeNull();
    expect(limiter.check("GET", "/api/stories/recent", "ip:1", 0)?.rule).toBe("API requests");
    for (let i = 0; i < 50; i++) expect(limiter.check("GET", "/family", "ip:1", 0)).toBeNull();
  });

  it("a limit of 0 switches a rule off", () => {
    const limiter = new EdgeLimiter([{ ...rules[1]!, limit: 0 }]);
    for (let i = 0; i < 100; i++) expect(limiter.check("GET", "/api/stats", "ip:1", 0)).toBeNull();
  });

  it("keys verified sessions by session and everyone else by address", () => {
    expect(requesterKey("a-verified-session-id", "1.2.3.4")).toMatch(/^s:[0-9a-f]{32}$/);
    expect(requesterKey(null, "1.2.3.4")).toBe("ip:1.2.3.4");
    expect(mentionsSession("storyloom_session=abc.def; other=1")).toBe(true);
    expect(mentionsSession("__Host-storyloom_session=abc")).toBe(true);
    expect(mentionsSession("other=1")).toBe(false);
    expect(mentionsSession(undefined)).toBe(false);
  });

  it("explains the wait in plain words", () => {
    expect(tooManyPage("uploads", 120)).toContain("Please wait 2 minutes and try again.");
  });
});
