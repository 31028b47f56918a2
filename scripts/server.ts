// The production server: express + Remix, compression, long-lived caching of fingerprinted assets.
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { closeAllDatabases } from "~/utils/db.server";
import crypto from "node:crypto";
import { contentSecurityPolicy, isCrossOriginWrite, STATIC_SECURITY_HEADERS } from "~/utils/security.server";
import { EdgeLimiter, requesterKey, tooManyPage } from "~/utils/edge-limits.server";

export async function startServer() {
  const config = env();
  const buildDir = path.resolve(process.env.REMIX_BUILD_DIR || "build");
  const buildPath = path.join(buildDir, "index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

  const app = express();
  const limiter = new EdgeLimiter();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
    if (config.isProduction && req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // no state changes from another site's page, sibling community subdomains included
    // the client's address as express sees it (X-Forwarded-For only counts with TRUST_PROXY=1);
    // nothing a client sends itself can set it
    req.headers["x-real-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
    if (!config.TRUST_PROXY) delete req.headers["x-forwarded-for"];
    if (isCrossOriginWrite(req.method, req.get("host"), req.get("origin"), req.get("sec-fetch-site"))) {
      res.status(403).type("text/plain").send("Forbidden: this request came from another site.");
      return;
    }
    const refusal = limiter.check(req.method, req.path, requesterKey(req.get("cookie"), String(req.headers["x-real-ip"])));
    if (refusal) {
      res.setHeader("Retry-After", String(refusal.retryAfterSeconds));
      res.setHeader("Cache-Control", "no-store");
      if (req.path.startsWith("/api/")) res.status(429).type("text/plain").send(`Too many ${refusal.rule}. Please wait and try again.`);
      else res.status(429).type("html").send(tooManyPage(refusal.rule, refusal.retryAfterSeconds));
      return;
    }
    next();
  });
  app.use(compression());
  // fingerprinted assets never change
  app.use("/build", express.static(path.join(buildDir, "client"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("public", { maxAge: "1h", index: false }));
  app.use((_req, res, next) => {
    // pages are private by default; a route that may be shared sets its own Cache-Control
    res.setHeader("Cache-Control", "private, no-store");
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.cspNonce, config.APP_DOMAIN));
    // the Remix adapter appends a route's headers; one the route sets itself replaces the default
    // above (e.g. /media's "private, max-age" instead of a second, contradicting Cache-Control)
    const append = res.append.bind(res);
    res.append = ((field: string, value?: string | string[]) => {
      if (field.toLowerCase() === "set-cookie" || !res.hasHeader(field) || value === undefined) return append(field, value);
      res.setHeader(field, value);
      return res;
    }) as typeof res.append;
    next();
  });
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );

  const server = app.listen(config.PORT, () => {
    console.log(`Storyloom listening on http://localhost:${config.PORT} (APP_DOMAIN ${config.APP_DOMAIN}, DATA_DIR ${config.DATA_DIR})`);
    if (config.DEFAULT_TENANT) console.log(`  community site: http://${config.DEFAULT_TENANT}.${config.APP_DOMAIN}:${config.PORT}`);
    console.log(`  marketing site: http://${config.APP_DOMAIN}:${config.PORT}`);
    if (config.DEV_LOGIN) console.log(`  development login: http://${config.APP_DOMAIN}:${config.PORT}/dev-login`);
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
  await startServer();
}
