// Request-rate limits applied at the server's edge (scripts/server.ts), before any parsing.
// In memory: one server process (ADR 006). Sign-in failures and the contact form keep their own
// limits in the control database.
import crypto from "node:crypto";

export type EdgeRule = { name: string; limit: number; windowMs: number; match: (method: string, path: string) => boolean };

const envLimit = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function edgeRules(): EdgeRule[] {
  return [
    {
      name: "uploads",
      limit: envLimit("UPLOAD_RATE_LIMIT", 60),
      windowMs: 10 * 60_000,
      match: (m, p) => m !== "GET" && (p.startsWith("/uploads/") || ["/api/objects/upload", "/api/family/photos", "/api/transcribe-audio", "/api/stories/recorded"].includes(p)),
    },
    {
      name: "sign-in links",
      limit: envLimit("TOKEN_RATE_LIMIT", 60),
      windowMs: 15 * 60_000,
      match: (m, p) => m === "POST" && (p === "/auth/token" || p === "/invite"),
    },
    {
      name: "API requests",
      limit: envLimit("API_RATE_LIMIT_PER_MINUTE", 600),
      windowMs: 60_000,
      match: (_m, p) => p.startsWith("/api/"),
    },
  ];
}

type Window = { count: number; resetAt: number };

export class EdgeLimiter {
  private windows = new Map<string, Window>();
  constructor(private rules: EdgeRule[] = edgeRules()) {}

  /** The refusal for this request, or null. `who` is the session cookie or the client address. */
  check(method: string, path: string, who: string, now = Date.now()): { rule: string; retryAfterSeconds: number } | null {
    for (const rule of this.rules) {
      if (rule.limit === 0 || !rule.match(method.toUpperCase(), path)) continue;
      const key = `${rule.name}:${who}`;
      let w = this.windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + rule.windowMs };
        this.windows.set(key, w);
      }
      w.count++;
      if (w.count > rule.limit) return { rule: rule.name, retryAfterSeconds: Math.ceil((w.resetAt - now) / 1000) };
    }
    if (this.windows.size > 50_000) this.sweep(now);
    return null;
  }

  sweep(now = Date.now()) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** Who is asking: the signed session cookie when there is one (so a shared kiosk network is not one bucket), else the address. */
export function requesterKey(cookieHeader: string | undefined, ip: string): string {
  const session = /(?:^|;\s*)(?:__Host-)?storyloom_session=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  return session ? `s:${crypto.createHash("sha256").update(session).digest("hex").slice(0, 32)}` : `ip:${ip}`;
}

export function tooManyPage(rule: string, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many attempts</title></head><body style="font-family:system-ui,sans-serif;font-size:1.25rem;line-height:1.6;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111"><h1>Too many attempts</h1><p>There have been too many ${rule} from here. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.</p><p><a href="/">Go to the home page</a></p></body></html>`;
}
