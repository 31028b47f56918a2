// Request body limits, enforced at the server's edge (server/index.ts) before any route reads a
// byte, whatever the transfer encoding: a declared Content-Length over the limit is refused at
// once; a chunked body is counted as it streams and cut off at the limit. See ADR 006. Which limit
// a request gets is its route's to say: the `policy` export of the route module (RoutePolicy below,
// ADR 023).
import type { Readable } from "node:stream";
import { MAX_AUDIO_BYTES, MAX_PHOTO_UPLOAD_BYTES, PHOTO_FORM_HARD_CAP } from "./media-limits";
import type { ServerBuild } from "@remix-run/node";
import { RATE_CLASSES, routePath, type RateClass } from "./edge-limits.server";
import { actionRouteOf, partitionBuild, type PartitionedBuild } from "./route-partitions.server";
import { env } from "./env.server";
import { escapeHtml } from "./html";
import { DEFAULT_LANGUAGE, type T } from "./i18n";
import { isLanguage, requestLanguage, translator } from "./i18n.server";
import { safeRedirect } from "./safe-redirect";

const KB = 1024;
const MB = 1024 * 1024;

/** Sign-in, every ordinary form and JSON body. */
export const FORM_BODY_LIMIT = 64 * KB;
/** Forms and JSON that carry a story or a news post (20,000 characters, percent-encoded). */
export const LONG_TEXT_BODY_LIMIT = 256 * KB;
/** The text fields and multipart framing beside the files of an upload form. */
export const FORM_OVERHEAD_BYTES = 512 * KB;
/**
 * A form with one photo: the upload readers take a file over 25 MB (a phone's photo as sent) to its end (so the form
 * can say 'File too large' and keep what was typed) and refuse a body four times that.
 */
// the photo forms read a too-large photo to its end and answer the form again with the typed text
// kept, so their limit is the readers' own hard cap, PHOTO_FORM_HARD_CAP (64 MB)
export const PHOTO_BODY_LIMIT = PHOTO_FORM_HARD_CAP;
/** The record wizard and the recording API: one recording and one photo as a phone sends it. */
export const RECORDING_BODY_LIMIT = MAX_AUDIO_BYTES + MAX_PHOTO_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
/**
 * How much of an over-limit upload from a browser form is read and thrown away so that the person
 * sees the 'File too large' page instead of a broken connection (a phone's 21 MB photo). Past it
 * the connection is closed.
 */
export const UPLOAD_DRAIN_CAP = 64 * MB;
const FORM_DRAIN_CAP = 1 * MB;
// a body that stops arriving while it is drained: the connection is closed
const DRAIN_IDLE_MS = 10_000;
/**
 * An answer given before the body was read whole closes its connection, and first reads and
 * throws away what is left of the body, up to this much and for this long, so that the client
 * reads the answer instead of a reset. Past either, nothing more is read.
 */
export const AFTER_ANSWER_DRAIN_CAP = FORM_DRAIN_CAP;
export const AFTER_ANSWER_DRAIN_MS = 5_000;

export type BodyRuleName = "form" | "long text" | "photo" | "recording";
export type BodyRule = {
  name: BodyRuleName;
  limit: number;
  /** what a browser form over the limit may still send before the connection is closed */
  drainCap: number;
  /** the memory a route may hold for one such body while reading it (the upload gate's weight) */
  memory: number;
};

const RULES: Record<BodyRuleName, BodyRule> = {
  form: { name: "form", limit: FORM_BODY_LIMIT, drainCap: FORM_DRAIN_CAP, memory: 0 },
  "long text": {
    name: "long text",
    limit: LONG_TEXT_BODY_LIMIT,
    drainCap: FORM_DRAIN_CAP,
    memory: 0,
  },
  // the photo readers keep one file of at most 25 MB as a phone sends it (and its copy while it
  // is joined)
  photo: {
    name: "photo",
    limit: PHOTO_BODY_LIMIT,
    drainCap: UPLOAD_DRAIN_CAP,
    memory: 2 * MAX_PHOTO_UPLOAD_BYTES,
  },
  recording: {
    name: "recording",
    limit: RECORDING_BODY_LIMIT,
    drainCap: UPLOAD_DRAIN_CAP,
    memory: MAX_AUDIO_BYTES + MAX_PHOTO_UPLOAD_BYTES,
  },
};

/**
 * What a route's action takes, declared by the route module itself:
 *
 *     export const policy = { body: "long text" } satisfies RoutePolicy;
 *
 * `body` names its body limit (the rules above); `rate`, the per-requester rate class its requests
 * count toward (edge-limits.server.ts). The server reads it from the build's route manifest before
 * a byte of the body is read; the browser bundle keeps only Remix's own exports, so it stays on
 * the server. It governs the requests that run the action (POST, PUT, PATCH, DELETE): loaders take
 * no body. Every route with an action declares one (tests/unit/route-policy.test.ts); a request
 * whose route declares none gets the "form" limit. Screens served at two addresses (/admin and
 * /staff) export the policy with the action from their shared module, so both have one limit.
 */
export type RoutePolicy = { body: BodyRuleName; rate?: RateClass };

const ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A route module's `policy` export, checked: a malformed one stops the server as it starts. */
export function declaredPolicy(routeId: string, policy: unknown): RoutePolicy | null {
  if (policy === undefined) return null;
  const p = (policy ?? {}) as Record<string, unknown>;
  const valid =
    typeof policy === "object" &&
    policy !== null &&
    typeof p.body === "string" &&
    Object.hasOwn(RULES, p.body) &&
    (p.rate === undefined || (RATE_CLASSES as readonly unknown[]).includes(p.rate)) &&
    Object.keys(p).every((key) => key === "body" || key === "rate");
  if (!valid)
    throw new Error(
      `The route ${routeId} exports a policy that is not a RoutePolicy: ${JSON.stringify(policy)}. ` +
        `body is one of ${Object.keys(RULES).join(", ")}; rate, if given, one of ${RATE_CLASSES.join(", ")}.`,
    );
  return policy as RoutePolicy;
}

export type RequestPolicies = {
  /**
   * The policy of the route whose action a request runs (`url`: path and query, as in the request
   * line); null for GET and HEAD, for a path no route matches, and for a route that declares none.
   */
  of(method: string, url: string): RoutePolicy | null;
};

/** The policies a build's routes declare, looked up per request. */
export function requestPolicies(
  build: ServerBuild,
  partitions: PartitionedBuild = partitionBuild(build),
): RequestPolicies {
  const declared = new Map<string, RoutePolicy>();
  for (const route of Object.values(build.routes)) {
    const policy = declaredPolicy(route.id, (route.module as { policy?: unknown }).policy);
    if (policy) declared.set(route.id, policy);
  }
  return {
    of(method, url) {
      if (!ACTION_METHODS.has(method.toUpperCase())) return null;
      const q = url.indexOf("?");
      const pathname = q === -1 ? url : url.slice(0, q);
      const search = q === -1 ? "" : url.slice(q);
      // a route matches over its path's partition, as Remix matches it (route-partitions.server.ts)
      const routes = partitions.buildFor(pathname).routes;
      const route = actionRouteOf(routes, routePath(pathname), search);
      return route ? (declared.get(route.id) ?? null) : null;
    },
  };
}

/** The body rule of a request whose route's policy is `policy` (RequestPolicies.of). */
export function bodyRuleOf(policy: RoutePolicy | null): BodyRule {
  return policy ? RULES[policy.body] : RULES.form;
}

/** The declared Content-Length, or null for none (chunked) or nonsense. */
export function declaredLength(header: string | undefined | null): number | null {
  if (header == null || header === "") return null;
  if (!/^\d+$/.test(header.trim())) return null;
  const n = Number(header);
  return Number.isSafeInteger(n) ? n : null;
}

/** Whether a request carries a body at all. */
export function hasBody(headers: {
  "content-length"?: string;
  "transfer-encoding"?: string;
}): boolean {
  return (
    Boolean(headers["transfer-encoding"]) || (declaredLength(headers["content-length"]) ?? 0) > 0
  );
}

/**
 * A browser's own form post (no JavaScript needed): the person reads our answer as a page, so an
 * over-limit body is read to its end first (up to the drain cap). API clients get JSON at once.
 */
export function isBrowserForm(path: string, contentType: string | undefined): boolean {
  if (routePath(path).startsWith("/api/")) return false;
  return /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType ?? "");
}

/**
 * How fast large bodies (uploads, and what is drained of any body) are read, all together: a
 * token bucket. An upload over a facility's network or a phone never comes near it; clients on a
 * fast link sending body after body to be refused are slowed to it, which keeps the server's
 * CPU, and the memory that reading at wire speed churns through, for everyone else.
 */
export class ReadBudget {
  private tokens: number;
  private last: number;
  constructor(
    readonly bytesPerSecond: number,
    readonly burst: number = bytesPerSecond / 4,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes `bytes`; answers how long to wait before reading more (0: at once). */
  take(bytes: number, now = Date.now()): number {
    if (this.bytesPerSecond === 0) return 0;
    this.tokens = Math.min(
      this.burst,
      this.tokens + ((now - this.last) / 1000) * this.bytesPerSecond,
    );
    this.last = now;
    this.tokens -= bytes;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.bytesPerSecond) * 1000);
  }
}

let sharedReadBudget: ReadBudget | null = null;
/** The one budget of this server process (UPLOAD_READ_MB_PER_SECOND, 0 switches it off). */
export function uploadReadBudget(): ReadBudget {
  return (sharedReadBudget ??= new ReadBudget(env().UPLOAD_READ_MB_PER_SECOND * MB));
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
  }
}

/**
 * Counts a request body as it is read. The app gets `stream()`, which errors with
 * BodyTooLargeError once the limit is passed (so no route holds more than the limit); what the app
 * leaves unread is drained by `drain()`, up to a cap, so the connection can carry the answer.
 * Built on the source's own events, with no promise or timer per chunk: under a flood of bodies
 * the garbage it makes is what the bytes themselves are.
 */
export class BodyMeter {
  bytes = 0;
  ended = false;
  over = false;
  failed = false;
  private doneListeners: (() => void)[] = [];
  private stopWaiting: (() => void) | null = null;

  constructor(
    private source: Readable,
    readonly limit: number,
    /** large bodies are read within the shared budget; small ones (read whole at the edge) are not */
    private budget: ReadBudget | null = limit > 1024 * 1024 ? uploadReadBudget() : null,
  ) {
    source.once("end", () => {
      this.ended = true;
      this.settle();
    });
    const lost = () => {
      if (this.ended) return;
      this.failed = true;
      this.settle();
    };
    // a client that goes away mid-body (an IncomingMessage reports it only to listeners)
    source.once("error", lost);
    source.once("close", lost);
  }

  /** Whether the body has been read to its end, cut off, or lost. */
  get settled() {
    return this.ended || this.over || this.failed;
  }

  /** Called once when the body is settled (the upload gate lets the next one in). */
  onSettled(listener: () => void) {
    if (this.settled) listener();
    else this.doneListeners.push(listener);
  }

  private settle() {
    const listeners = this.doneListeners;
    this.doneListeners = [];
    for (const l of listeners) l();
  }

  /** The body for the app, cut off at the limit. */
  stream(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>(
      {
        pull: (controller) =>
          new Promise<void>((resolve) => {
            const attempt = () => {
              this.stopWaiting = null;
              if (this.failed) {
                controller.error(new Error("The request body was cut off"));
                return resolve();
              }
              const chunk = this.source.read() as Buffer | null;
              if (chunk !== null) {
                this.bytes += chunk.byteLength;
                if (this.bytes > this.limit) {
                  this.over = true;
                  this.settle();
                  controller.error(new BodyTooLargeError(this.limit));
                } else
                  controller.enqueue(
                    new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength),
                  );
                // over the budget: the next read waits its turn
                const wait = this.budget?.take(chunk.byteLength) ?? 0;
                if (wait > 0) setTimeout(resolve, wait);
                else resolve();
                return;
              }
              if (this.ended || this.source.readableEnded) {
                controller.close();
                return resolve();
              }
              const wake = () => {
                this.source.off("readable", wake).off("end", wake).off("close", wake);
                attempt();
              };
              this.source.on("readable", wake).on("end", wake).on("close", wake);
              // the drain takes over from an app that stopped reading: its read is let go
              this.stopWaiting = () => {
                this.source.off("readable", wake).off("end", wake).off("close", wake);
                controller.error(new Error("The rest of the request body was not needed"));
                resolve();
              };
            };
            attempt();
          }),
      },
      { highWaterMark: 0 },
    );
  }

  /**
   * The whole body, read before the app sees any of it, or null once it passes the limit (then
   * `over` is set and the rest is left for `drain`). For the small limits only: it is held.
   */
  collect(): Promise<Buffer | null> {
    const source = this.source;
    if (this.ended || source.readableEnded) return Promise.resolve(Buffer.alloc(0));
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      const finish = (body: Buffer | null) => {
        source.off("data", onData).off("end", onEnd).off("close", onGone);
        source.pause();
        resolve(body);
      };
      const onData = (chunk: Buffer) => {
        this.bytes += chunk.byteLength;
        if (this.bytes > this.limit) {
          this.over = true;
          this.settle();
          finish(null);
        } else chunks.push(chunk);
      };
      const onEnd = () => finish(Buffer.concat(chunks));
      const onGone = () => finish(null);
      source.on("data", onData).once("end", onEnd).once("close", onGone);
      source.resume();
    });
  }

  /**
   * Reads and discards the rest, up to `cap` bytes in all. True when the body ended within the cap
   * (the connection can carry an answer and the next request); false when it was cut off, lost,
   * nothing came for `idleMs` (a client that stopped sending does not hold the connection), or it
   * took longer than `totalMs` in all.
   */
  drain(cap: number, idleMs = DRAIN_IDLE_MS, totalMs?: number): Promise<boolean> {
    this.stopWaiting?.();
    this.stopWaiting = null;
    const source = this.source;
    if (this.ended || source.readableEnded) return Promise.resolve(this.bytes <= cap);
    if (this.failed || this.bytes > cap) return Promise.resolve(false);
    return new Promise((resolve) => {
      const finish = (ok: boolean) => {
        done = true;
        clearTimeout(timer);
        clearTimeout(deadline);
        source.off("data", onData).off("end", onEnd).off("close", onGone).off("error", onGone);
        source.pause();
        resolve(ok);
      };
      const timer = setTimeout(() => finish(false), idleMs);
      const deadline = totalMs === undefined ? undefined : setTimeout(() => finish(false), totalMs);
      let done = false;
      const onData = (chunk: Buffer) => {
        this.bytes += chunk.byteLength;
        timer.refresh();
        if (this.bytes > cap) return finish(false);
        // thrown away, but read within the shared budget all the same
        const wait = uploadReadBudget().take(chunk.byteLength);
        if (wait > 0) {
          source.pause();
          setTimeout(() => {
            if (!done) source.resume();
          }, wait);
        }
      };
      const onEnd = () => finish(this.bytes <= cap);
      const onGone = () => finish(false);
      source.on("data", onData).once("end", onEnd).once("close", onGone).once("error", onGone);
      source.resume();
    });
  }
}

/**
 * The language of a request answered at the edge, before the app sees it (a 413), worked out as
 * the app works it out (requestLanguage: the account's choice, this browser's, Accept-Language, the
 * community's default); English when it cannot be.
 */
export async function edgeLanguage(
  url: string,
  headers: { cookie?: string | null; acceptLanguage?: string | null },
): Promise<string> {
  try {
    const h = new Headers();
    if (headers.cookie) h.set("Cookie", headers.cookie);
    if (headers.acceptLanguage) h.set("Accept-Language", headers.acceptLanguage);
    return await requestLanguage(new Request(url, { headers: h }));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function sizeLabel(bytes: number, t: T) {
  return bytes >= MB
    ? t("errors:size.mb", { n: Math.round(bytes / MB) })
    : t("errors:size.kb", { n: Math.round(bytes / KB) });
}

/**
 * What to tell the person, in the words of the file forms, in `lang` (the requester's: the edge
 * works it out from the request as the app would; English when it is not given).
 */
export function tooLargeMessage(
  rule: BodyRule,
  lang?: string | null,
): { title: string; description: string } {
  const t = translator(lang, "errors");
  if (rule.name === "photo")
    return { title: t("tooLarge.fileTitle"), description: t("tooLarge.photo") };
  if (rule.name === "recording")
    return { title: t("tooLarge.fileTitle"), description: t("tooLarge.recording") };
  return {
    title: t("tooLarge.formTitle"),
    description: t("tooLarge.form", { size: sizeLabel(rule.limit, t) }),
  };
}

/** The 413 page for a browser: where the form was, and what to do, in `lang` (English if not given). */
export function tooLargePage(rule: BodyRule, backPath: string, lang?: string | null): string {
  const t = translator(lang, "errors");
  const { title, description } = tooLargeMessage(rule, lang);
  const [path = "/", ...query] = backPath.split("?");
  const back = escapeHtml(
    safeRedirect(routePath(path) + (query.length ? `?${query.join("?")}` : ""), "/"),
  );
  const htmlLang = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  return `<!doctype html><html lang="${escapeHtml(htmlLang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;font-size:1.25rem;line-height:1.6;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p><p><a href="${back}">${escapeHtml(t("tooLarge.back"))}</a></p></body></html>`;
}

/** The 413 body for API clients, in `lang` (English when not given). */
export function tooLargeJson(rule: BodyRule, lang?: string | null): string {
  const t = translator(lang, "api");
  if (rule.name === "photo")
    return JSON.stringify({ message: t("tooLarge.photo"), limitBytes: rule.limit });
  if (rule.name === "recording")
    return JSON.stringify({ message: t("tooLarge.recording"), limitBytes: rule.limit });
  return JSON.stringify({
    message: t("tooLarge.request", { size: sizeLabel(rule.limit, t) }),
    limitBytes: rule.limit,
  });
}
