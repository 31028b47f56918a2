// The production server: express + Remix, compression, long-lived caching of fingerprinted assets.
// Everything a request passes before the app sees it lives here (ADR 006): security headers, the
// cross-site check, per-requester rate limits, and request body limits.
import path from "node:path";
import { pathToFileURL } from "node:url";
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import compression from "compression";
import { precompressedAssets } from "./precompressed";
import zlib from "node:zlib";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { env, envOrExit } from "~/utils/env.server";
import { closeAllDatabases } from "~/utils/db.server";
import { partitionBuild } from "~/utils/route-partitions.server";
import {
  contentSecurityPolicy,
  isCrossOriginWrite,
  STATIC_SECURITY_HEADERS,
} from "~/utils/security.server";
import {
  busyPage,
  EdgeLimiter,
  mentionsSession,
  requesterKey,
  tooManyPage,
  tooManyText,
  Turnstile,
  UploadGate,
} from "~/utils/edge-limits.server";
import {
  AFTER_ANSWER_DRAIN_CAP,
  AFTER_ANSWER_DRAIN_MS,
  BodyMeter,
  bodyRuleOf,
  declaredLength,
  hasBody,
  isBrowserForm,
  requestPolicies,
  edgeLanguage,
  tooLargeJson,
  tooLargePage,
  type BodyRule,
} from "~/utils/body-limit.server";
import { getOptionalUser } from "~/utils/auth.server";

type EdgeState = { rule: BodyRule; who: string | null };

// bodies up to this limit are read whole at the edge before the app is called
const SMALL_BODY = 1024 * 1024;

// headers a proxy sets: with TRUST_PROXY off they are whatever the client wrote, so they go
const PROXY_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "forwarded",
];

/** Requests whose body the client was told not to send ("Expect: 100-continue", no "100 Continue"). */
const unasked = new WeakSet<IncomingMessage>();

/**
 * Every answer given before its request's body was read whole (a refusal at the edge, a route that
 * did not read an upload, a redirect, an error) ends its connection. Said "keep-alive" and closed
 * anyway, the connection would reset the client's next request (behind a proxy that keeps
 * connections to the app, a 502 for someone else's request); kept open, it would make us read
 * whatever the client sends. So the answer says "Connection: close", and while it goes out the
 * rest of the body is read and thrown away, up to AFTER_ANSWER_DRAIN_CAP and
 * AFTER_ANSWER_DRAIN_MS. Read to its end, the connection closes cleanly once the answer is out.
 * Cut off, nothing more is read (the client's sending stalls in the network, costing us nothing)
 * and the socket closes a second later: closing at once, or sending a FIN (a client that cannot
 * half-close then fails its next write), would reset the connection under a client still sending
 * and lose the answer. An answer given after the whole body arrived keeps the connection.
 */
function closeIfBodyUnread(req: express.Request, res: express.Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) endAfterAnswer(req, res);
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
}

function endAfterAnswer(req: express.Request, res: express.Response) {
  const socket = req.socket;
  res.setHeader("Connection", "close");
  // node ends the socket once an answer that says so is out (socket.destroySoon)
  if (closing >= MAX_CLOSING) {
    // each closing connection holds what it read: under a flood, none waits
    socket.destroySoon = () => socket.destroy();
    return;
  }
  closing++;
  socket.once("close", () => closing--);
  // the meter the app read through, whose pending read the drain takes over
  const meter = (res.locals.meter as BodyMeter | null | undefined) ?? new BodyMeter(req, Infinity);
  const whole = unasked.has(req)
    ? Promise.resolve(true)
    : meter.drain(
        meter.bytes + AFTER_ANSWER_DRAIN_CAP,
        AFTER_ANSWER_DRAIN_MS,
        AFTER_ANSWER_DRAIN_MS,
      );
  const end = socket.destroySoon.bind(socket);
  socket.destroySoon = () =>
    void whole.then((read) => {
      if (read) return end();
      req.pause();
      socket.pause();
      setTimeout(() => socket.destroy(), 1_000).unref();
    });
}
let closing = 0;
const MAX_CLOSING = 256;

/**
 * Sends the app's Response through express, as @remix-run/express does, with two differences:
 * the compressor is not flushed after each piece (the adapter's `writeReadableStreamToWritable`
 * does; a flush is a compressing pass of its own, and a page is one piece, ADR 020), except for
 * an event stream, whose events must leave as they come; and a client reading slowly holds the
 * reading of the body (a large file is not read into memory ahead of the connection).
 */
async function sendResponse(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  const live = /text\/event-stream/i.test(response.headers.get("Content-Type") ?? "");
  if (live) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const more = res.write(value);
      if (live) (res as express.Response & { flush?: () => void }).flush?.();
      if (!more && !res.destroyed)
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off("drain", go);
            res.off("close", go);
            resolve();
          };
          res.on("drain", go);
          res.on("close", go);
        });
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

export async function startServer() {
  const config = env();
  const buildDir = config.REMIX_BUILD_DIR;
  const buildPath = path.join(buildDir, "index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  // one Remix handler per first path segment, each matching only the routes such a path can match
  // (app/utils/route-partitions.server.ts, ADR 020)
  const mode = config.NODE_ENV === "production" ? "production" : "development";
  const partitions = partitionBuild(build);
  // each route's own request policy (its module's `policy` export): body limit and rate class
  const policies = requestPolicies(build, partitions);
  const handlers = new Map<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handleRequest = (request: Request, context: { cspNonce: string }) => {
    const partition = partitions.buildFor(new URL(request.url).pathname);
    let handler = handlers.get(partition);
    if (!handler) {
      handler = createRequestHandler(partition, mode);
      handlers.set(partition, handler);
    }
    return handler(request, context);
  };

  const app = express();
  const limiter = new EdgeLimiter();
  const uploads = new UploadGate();
  const turns = new Turnstile();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  /** The host (and port) the request was for: `Host` alone, unless a trusted proxy forwarded it. */
  function hostOf(req: express.Request): string {
    const forwarded = config.TRUST_PROXY
      ? req.get("x-forwarded-host")?.split(",")[0]?.trim()
      : undefined;
    return forwarded || req.get("host") || "localhost";
  }

  /** The language the server's own answers (413, 429, 503) are written in: the app's rule. */
  function languageOf(req: express.Request): Promise<string> {
    return edgeLanguage(`${req.protocol}://${hostOf(req)}${req.originalUrl}`, {
      cookie: req.get("cookie"),
      acceptLanguage: req.get("accept-language"),
    });
  }

  /** Who is asking: a session once verified (signed cookie, live row, this host), else the address. */
  async function requester(req: express.Request): Promise<string> {
    const ip = String(req.headers["x-real-ip"]);
    const cookie = req.get("cookie");
    if (!mentionsSession(cookie)) return requesterKey(null, ip);
    try {
      const user = await getOptionalUser(
        new Request(`${req.protocol}://${hostOf(req)}/`, { headers: { cookie: cookie! } }),
      );
      return requesterKey(user?.sessionId ?? null, ip);
    } catch {
      return requesterKey(null, ip);
    }
  }

  /**
   * 413. A browser form's body is read and thrown away first, up to the rule's cap, so the person
   * sees the page instead of a broken connection; past the cap, or for API clients, the
   * connection closes after the answer (closeIfBodyUnread).
   */
  async function refuseTooLarge(
    req: express.Request,
    res: express.Response,
    rule: BodyRule,
    meter: BodyMeter,
    declared: number | null,
  ) {
    const browser = isBrowserForm(req.path, req.get("content-type"));
    // a client waiting for "100 Continue" (not sent: see checkContinue below) has sent no body
    const waiting = declared !== null && /100-continue/i.test(req.get("expect") ?? "");
    res.locals.meter = meter;
    if (browser && !waiting && (declared === null || declared <= rule.drainCap))
      await meter.drain(rule.drainCap);
    if (res.headersSent || res.destroyed) return;
    res.status(413).setHeader("Cache-Control", "no-store");
    const lang = await languageOf(req);
    if (browser) res.type("html").send(tooLargePage(rule, req.originalUrl, lang));
    else res.type("application/json").send(tooLargeJson(rule, lang));
  }

  /** The Request the app sees: host and port from Host alone unless TRUST_PROXY=1; the body metered. */
  function remixRequest(
    req: express.Request,
    meter: BodyMeter | null,
    signal: AbortSignal,
    collected: Buffer | null,
  ): Request {
    const url = new URL(`${req.protocol}://${hostOf(req)}${req.originalUrl}`);
    const headers = new Headers();
    for (const [key, values] of Object.entries(req.headers)) {
      if (values === undefined) continue;
      if (Array.isArray(values)) for (const value of values) headers.append(key, value);
      else headers.set(key, values);
    }
    const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
    if (req.method !== "GET" && req.method !== "HEAD" && meter) {
      init.body = collected ? (collected as unknown as BodyInit) : meter.stream();
      init.duplex = "half";
    }
    return new Request(url.href, init);
  }

  app.use(async (req, res, next) => {
    try {
      for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS))
        res.setHeader(name, value);
      if (config.isProduction && req.secure)
        res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      // the client's address as express sees it (X-Forwarded-For only counts with TRUST_PROXY=1);
      // nothing a client sends itself can set it
      req.headers["x-real-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
      if (!config.TRUST_PROXY) for (const name of PROXY_HEADERS) delete req.headers[name];
      if (hasBody(req.headers)) closeIfBodyUnread(req, res);
      // no state changes from another site's page, sibling community subdomains included
      if (
        isCrossOriginWrite(
          req.method,
          req.get("host"),
          req.get("origin"),
          req.get("sec-fetch-site"),
        )
      ) {
        res.status(403).type("text/plain").send("Forbidden: this request came from another site.");
        return;
      }
      const policy = policies.of(req.method, req.originalUrl);
      const subject = { method: req.method, path: req.path, rate: policy?.rate };
      let who: string | null = null;
      if (limiter.applies(subject)) {
        who = await requester(req);
        const refusal = limiter.check(subject, who);
        if (refusal) {
          res.setHeader("Retry-After", String(refusal.retryAfterSeconds));
          res.setHeader("Cache-Control", "no-store");
          if (req.path.startsWith("/api/"))
            res
              .status(429)
              .type("text/plain")
              .send(tooManyText(refusal.rule, await languageOf(req)));
          else
            res
              .status(429)
              .type("html")
              .send(tooManyPage(refusal.rule, refusal.retryAfterSeconds, await languageOf(req)));
          return;
        }
      }
      // a body that says it is too large is refused before a byte of it is used
      const rule = bodyRuleOf(policy);
      const declared = declaredLength(req.get("content-length"));
      if (declared !== null && declared > rule.limit) {
        await refuseTooLarge(req, res, rule, new BodyMeter(req, rule.limit), declared);
        return;
      }
      res.locals.edge = { rule, who } satisfies EdgeState;
      next();
    } catch (error) {
      next(error);
    }
  });
  // the build's scripts and stylesheets, compressed once at brotli's smallest
  const assets = precompressedAssets(path.join(buildDir, "client"));
  app.use("/build", assets.middleware);
  // brotli at the middleware's quality 4, with a 256 KB window instead of zlib's 4 MB: pages and
  // stylesheets are far smaller, so not a byte larger, and each response no longer sets up a 4 MB
  // window (a quarter of the compressing time of a page)
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
  // fingerprinted assets never change
  app.use(
    "/build",
    express.static(path.join(buildDir, "client"), { immutable: true, maxAge: "1y", index: false }),
  );
  // public/ holds files only (favicon.ico, images/*.webp): a path without a file extension is a
  // page, and is not looked for on disk first (a file-system call on every page's way in)
  const publicFiles = express.static("public", { maxAge: "1h", index: false });
  app.use((req, res, next) =>
    /\.[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next(),
  );
  app.use((_req, res, next) => {
    // pages are private by default; a route that may be shared sets its own Cache-Control
    res.setHeader("Cache-Control", "private, no-store");
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(res.locals.cspNonce, config.APP_DOMAIN),
    );
    // the Remix adapter appends a route's headers; one the route sets itself replaces the default
    // above (e.g. /media's "private, max-age" instead of a second, contradicting Cache-Control)
    const append = res.append.bind(res);
    res.append = ((field: string, value?: string | string[]) => {
      if (field.toLowerCase() === "set-cookie" || !res.hasHeader(field) || value === undefined)
        return append(field, value);
      res.setHeader(field, value);
      return res;
    }) as typeof res.append;
    next();
  });
  app.all("*", async (req, res, next) => {
    const { rule, who } = res.locals.edge as EdgeState;
    const meter = hasBody(req.headers) ? new BodyMeter(req, rule.limit) : null;
    res.locals.meter = meter;
    const browser = isBrowserForm(req.path, req.get("content-type"));
    let release: (() => void) | null = null;
    try {
      // upload routes hold what they read in memory: their bodies are read a few at a time.
      // Signed out, a route refuses before reading, so only verified sessions queue.
      if (meter && rule.memory > 0) {
        const key = who ?? (await requester(req));
        if (key.startsWith("s:")) {
          release = await uploads.acquire(key, rule.memory);
          if (!release) {
            if (browser) await meter.drain(rule.drainCap);
            res.status(503).setHeader("Retry-After", "60");
            if (browser) res.type("html").send(busyPage(60, await languageOf(req)));
            else
              res
                .type("text/plain")
                .send("Many uploads are arriving at once. Please wait a minute and try again.");
            return;
          }
          meter.onSettled(release);
        }
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      // past the limit the route's work is moot (the edge answers 413): aborted, it is not logged
      meter?.onSettled(() => {
        if (meter.over) controller.abort();
      });
      // a small body (sign-in, forms, JSON) is read whole here first: one over its limit never
      // reaches the app
      let collected: Buffer | null = null;
      if (meter && rule.limit <= SMALL_BODY && req.method !== "GET" && req.method !== "HEAD") {
        collected = await meter.collect();
        if (!collected) {
          if (meter.over) await refuseTooLarge(req, res, rule, meter, null);
          else req.socket.destroy();
          return;
        }
      }
      let request: Request;
      try {
        request = remixRequest(req, meter, controller.signal, collected);
      } catch {
        res.status(400).type("text/plain").send("Bad Request: the Host header is not a host name.");
        return;
      }
      // the app's work begins in turn (Turnstile): a saturated server still accepts new connections
      const turn = turns.enter();
      if (turn) {
        await turn;
        if (res.destroyed) return;
      }
      let response: Response | null = null;
      let failure: unknown = null;
      try {
        response = await handleRequest(request, { cspNonce: res.locals.cspNonce as string });
      } catch (error) {
        failure = error;
      }
      // the route has answered: what it held of the body is let go, so the next upload may start
      release?.();
      // the app read past the limit (a chunked body): whatever it answered, this is the answer
      if (meter?.over) return await refuseTooLarge(req, res, rule, meter, null);
      if (failure || !response) throw failure;
      // the app answered without reading the whole body: a browser gets the answer once it has
      // sent everything (up to the cap); an API client gets it at once, and the connection ends
      if (browser && meter && !meter.settled) await meter.drain(rule.drainCap);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    } finally {
      release?.();
    }
  });

  // under a second of one core: every asset goes out small from the first request, and the
  // memory compressing takes is taken before anyone is served
  await assets.ready;
  const server = app.listen(config.PORT, () => {
    console.log(
      `Storyloom listening on http://localhost:${config.PORT} (APP_DOMAIN ${config.APP_DOMAIN}, DATA_DIR ${config.DATA_DIR})`,
    );
    if (config.DEFAULT_TENANT)
      console.log(
        `  community site: http://${config.DEFAULT_TENANT}.${config.APP_DOMAIN}:${config.PORT}`,
      );
    console.log(`  marketing site: http://${config.APP_DOMAIN}:${config.PORT}`);
    if (config.DEV_LOGIN)
      console.log(`  development login: http://${config.APP_DOMAIN}:${config.PORT}/dev-login`);
  });
  // "Expect: 100-continue": a client told its body is too large need not send it at all
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const rule = bodyRuleOf(policies.of(req.method ?? "GET", req.url ?? "/"));
    const declared = declaredLength(req.headers["content-length"]);
    if (declared === null || declared <= rule.limit) res.writeContinue();
    else unasked.add(req);
    server.emit("request", req, res);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then closing the databases`);
    server.close(() => {
      closeAllDatabases();
      process.exit(0);
    });
    server.closeIdleConnections?.();
    // requests that hang do not hold the shutdown forever
    setTimeout(() => {
      closeAllDatabases();
      process.exit(0);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  envOrExit();
  await startServer();
}
