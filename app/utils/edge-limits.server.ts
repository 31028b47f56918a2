// Request-rate limits applied at the server's edge (server/index.ts), before any parsing: every
// /api/ request, and the classes a route declares in its `policy` export (ADR 023).
// In memory: one server process (ADR 006). Sign-in failures and the contact form keep their own
// limits in the control database.
import crypto from "node:crypto";
import { env } from "./env.server";
import { escapeHtml } from "./html";
import { DEFAULT_LANGUAGE } from "./i18n";
import { isLanguage, translator } from "./i18n.server";

/**
 * The rate classes a route may declare in its `policy` export (RoutePolicy, body-limit.server.ts):
 * every request that runs its action counts toward that class's limit.
 */
export const RATE_CLASSES = ["uploads", "sign-in links"] as const;
export type RateClass = (typeof RATE_CLASSES)[number];

/** What a rule sees of a request: its method, its path, and the rate class its route declares. */
export type RateSubject = { method: string; path: string; rate?: RateClass | null };

export type EdgeRule = {
  name: string;
  limit: number;
  windowMs: number;
  match: (request: RateSubject) => boolean;
};

export function edgeRules(): EdgeRule[] {
  const config = env();
  return [
    {
      name: "uploads",
      limit: config.UPLOAD_RATE_LIMIT,
      windowMs: 10 * 60_000,
      match: ({ rate }) => rate === "uploads",
    },
    {
      name: "sign-in links",
      limit: config.TOKEN_RATE_LIMIT,
      windowMs: 15 * 60_000,
      match: ({ rate }) => rate === "sign-in links",
    },
    {
      name: "API requests",
      limit: config.API_RATE_LIMIT_PER_MINUTE,
      windowMs: 60_000,
      // every request under /api/, whatever its route and method
      match: ({ path }) => path.startsWith("/api/"),
    },
  ];
}

type Window = { count: number; resetAt: number };

/** The route a request is for: Remix's data requests (`/invite.data`, `/_root.data`) count as the page's. */
export function routePath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

// Remix's data requests (/invite.data) are the page's own posts
const subjectOf = ({ method, path, rate }: RateSubject): RateSubject => ({
  method: method.toUpperCase(),
  path: routePath(path),
  rate,
});

export class EdgeLimiter {
  private windows = new Map<string, Window>();
  constructor(private rules: EdgeRule[] = edgeRules()) {}

  /** Whether any rule counts this request (only then is the requester worth looking up). */
  applies(request: RateSubject): boolean {
    const r = subjectOf(request);
    return this.rules.some((rule) => rule.limit !== 0 && rule.match(r));
  }

  /** The refusal for this request, or null. `who` is requesterKey(): a verified session or the address. */
  check(
    request: RateSubject,
    who: string,
    now = Date.now(),
  ): { rule: string; retryAfterSeconds: number } | null {
    const r = subjectOf(request);
    for (const rule of this.rules) {
      if (rule.limit === 0 || !rule.match(r)) continue;
      const key = `${rule.name}:${who}`;
      let w = this.windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + rule.windowMs };
        this.windows.set(key, w);
      }
      w.count++;
      if (w.count > rule.limit)
        return { rule: rule.name, retryAfterSeconds: Math.ceil((w.resetAt - now) / 1000) };
    }
    if (this.windows.size > 50_000) this.sweep(now);
    return null;
  }

  sweep(now = Date.now()) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/**
 * Who is asking: a session only once it has been verified (signed cookie, live row, this host), so
 * a made-up cookie per request is just its address; a shared kiosk network is not one bucket for
 * the people signed in on it.
 */
export function requesterKey(verifiedSessionId: string | null, ip: string): string {
  return verifiedSessionId
    ? `s:${crypto.createHash("sha256").update(verifiedSessionId).digest("hex").slice(0, 32)}`
    : `ip:${ip}`;
}

/** Whether a Cookie header names a session at all (when it does not, there is nothing to verify). */
export function mentionsSession(cookieHeader: string | undefined): boolean {
  return /(?:^|;\s*)(?:__Host-)?storyloom_session=[^;]/.test(cookieHeader ?? "");
}

export type GateRelease = () => void;
type Waiter = {
  key: string;
  weight: number;
  grant: (release: GateRelease | null) => void;
  timer: ReturnType<typeof setTimeout>;
};

/**
 * How many upload bodies are read at once. Each upload route holds what it reads in memory (a
 * photo up to 5 MB, a recording up to 40 MB), so a crowd of uploads, signed in, could hold
 * gigabytes; here the bodies being read share a memory budget, and one requester reads at most
 * `perRequester` at a time. The others wait their turn without being read (the network holds
 * them), and after `timeoutMs` are told to try again.
 */
export class UploadGate {
  private used = 0;
  private perKey = new Map<string, number>();
  private queue: Waiter[] = [];
  constructor(
    readonly capacity = env().UPLOAD_MEMORY_MB * 1024 * 1024,
    readonly perRequester = 2,
  ) {}

  get inUse() {
    return this.used;
  }

  get waiting() {
    return this.queue.length;
  }

  private fits(key: string, weight: number) {
    if ((this.perKey.get(key) ?? 0) >= this.perRequester) return false;
    // one body heavier than the whole budget still gets in, alone
    return this.used === 0 || this.used + weight <= this.capacity;
  }

  private take(key: string, weight: number): GateRelease {
    this.used += weight;
    this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= weight;
      const n = (this.perKey.get(key) ?? 1) - 1;
      if (n > 0) this.perKey.set(key, n);
      else this.perKey.delete(key);
      this.admit();
    };
  }

  private admit() {
    for (let i = 0; i < this.queue.length;) {
      const w = this.queue[i]!;
      if (this.fits(w.key, w.weight)) {
        this.queue.splice(i, 1);
        clearTimeout(w.timer);
        w.grant(this.take(w.key, w.weight));
      } else i++;
    }
  }

  /** A release to call once the body is read, or null when the wait ran out. */
  acquire(key: string, weight: number, timeoutMs = 60_000): Promise<GateRelease | null> {
    if (this.capacity === 0 || weight === 0) return Promise.resolve(() => {});
    // first come, first in, among those that fit: one held back by its own requester's count
    // does not hold up anyone else
    if (this.fits(key, weight) && !this.queue.some((w) => this.fits(w.key, w.weight)))
      return Promise.resolve(this.take(key, weight));
    return new Promise((resolve) => {
      const waiter: Waiter = {
        key,
        weight,
        grant: resolve,
        timer: setTimeout(() => {
          this.queue = this.queue.filter((w) => w !== waiter);
          resolve(null);
        }, timeoutMs),
      };
      this.queue.push(waiter);
    });
  }
}

/**
 * Turns to begin, in the order requests came, a few per turn of the event loop (ADR 021).
 *
 * Node 20's libuv accepts one new connection per turn of the loop (libuv#3696), and while the
 * server is saturated a turn serves every request that is ready on the connections already
 * open. Connections that arrive together then wait in the kernel's queue, one admitted per
 * turn: in `bench:load` at 200 clients the last of 190 new connections was accepted 20 s after
 * it connected, while the requests on open connections went on being answered in about a
 * second. Starting at most `perTurn` requests per turn keeps turns short, so new connections
 * are accepted promptly and join this queue behind the others: a busy server shares its delay
 * among everyone instead of shutting newcomers out. An idle server gives the turn at once.
 * Only the start is rationed; a request once begun (an event stream, a long upload) holds nothing.
 */
export class Turnstile {
  private queue: (() => void)[] = [];
  private given = 0;
  private pumping = false;

  constructor(
    readonly perTurn = 1,
    private readonly nextTurn: (run: () => void) => void = (run) => setImmediate(run),
  ) {}

  get waiting() {
    return this.queue.length;
  }

  /** null when this request may begin at once; otherwise a promise kept when its turn comes. */
  enter(): Promise<void> | null {
    if (!this.pumping) {
      this.pumping = true;
      this.nextTurn(this.pump);
    }
    if (this.queue.length === 0 && this.given < this.perTurn) {
      this.given++;
      return null;
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private pump = () => {
    this.given = 0;
    while (this.queue.length > 0 && this.given < this.perTurn) {
      this.given++;
      this.queue.shift()!();
    }
    // a turn with nothing given and nobody waiting ends the pumping until the next request
    if (this.given > 0 || this.queue.length > 0) this.nextTurn(this.pump);
    else this.pumping = false;
  };
}

/** A page the server answers before the app runs, in `lang` (edgeLanguage), English by default. */
function edgePage(lang: string, title: string, body: string, home: string): string {
  const htmlLang = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  return `<!doctype html><html lang="${escapeHtml(htmlLang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;font-size:1.25rem;line-height:1.6;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><p><a href="/">${escapeHtml(home)}</a></p></body></html>`;
}

export function busyPage(retryAfterSeconds: number, lang: string = DEFAULT_LANGUAGE): string {
  const t = translator(lang, "errors");
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return edgePage(lang, t("busy.title"), t("edge.busy", { minutes }), t("edge.home"));
}

// the edge's rules by name: each a phrase of its own in every language
const RULE_KEYS: Record<string, string> = {
  uploads: "edge.rule.uploads",
  "sign-in links": "edge.rule.signInLinks",
  "API requests": "edge.rule.apiRequests",
};

export function tooManyPage(
  rule: string,
  retryAfterSeconds: number,
  lang: string = DEFAULT_LANGUAGE,
): string {
  const t = translator(lang, "errors");
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const what = RULE_KEYS[rule] ? t(RULE_KEYS[rule]) : rule;
  return edgePage(
    lang,
    t("edge.tooManyTitle"),
    t("edge.tooMany", { what, minutes }),
    t("edge.home"),
  );
}

/** The 429 text for an API client, in `lang`. */
export function tooManyText(rule: string, lang: string = DEFAULT_LANGUAGE): string {
  const t = translator(lang, "errors");
  return t("edge.tooManyApi", { what: RULE_KEYS[rule] ? t(RULE_KEYS[rule]) : rule });
}
