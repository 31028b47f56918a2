// `npm run bench:phone`: how long a family member's phone on a slow mobile connection takes to
// load a page, in a real Chromium with JavaScript on and off, no cache. Every byte, the HTML
// included, goes through a throttling proxy in this process: one 400 kbit/s link shared by all the
// page's connections, 400 ms round trips (200 ms each way, and a round trip to open each
// connection). For each page it prints, on the page's own clock (from the start of navigation):
//   first paint: first contentful paint (the reader sees text);
//   load:        the load event (HTML, CSS, scripts, images, and the fonts the layout asked for
//                before it);
//   fonts in:    the last font file finished, after `document.fonts.ready` resolved: a font can
//                arrive after `load` (a preload the layout has not asked for yet does not hold it
//                up), so without this column a page could look done while its text is still
//                drawn in the fallback face.
// Each figure is the median of 3 loads (BENCH_RUNS to change), taken per column.
// Three fronts, one after the other: the app straight over HTTP/1.1; and, when caddy is installed,
// the production HTTPS front (deploy/Caddyfile with Caddy's own CA, which the browsers are
// launched trusting) over HTTP/2 (TCP and TLS 1.3: a phone's first visit) and over HTTP/3 (QUIC:
// a phone that has seen the front's Alt-Svc before, or read it from the name's HTTPS DNS record).
// The link is throttled before each, TCP and UDP alike; the handshakes' bytes go through the
// throttle like any others, so their round trips are paid as a phone pays them. Every wait is bounded
// (STEP_TIMEOUT_MS, default 60 s): a step that times out is named in its row's last column and the
// bench goes on.
//
//   npm run bench:phone                  # 400 kbit/s, 400 ms
//   npm run bench:phone -- 1600 150      # another link: kbit/s and round-trip ms
//   BENCH_VERBOSE=1 npm run bench:phone  # each resource's timing too, and the HTML's connection
import dgram from "node:dgram";
import net from "node:net";
import https from "node:https";
import { chromium, errors, type Browser, type BrowserContextOptions } from "@playwright/test";
import { APP_DOMAIN, machineLine, request, signInCookies, startServer } from "./lib";
import { CADDY_BIN, startCaddyFront, type CaddyFront } from "./caddy-front";

const [kbitArg, rttArg] = process.argv.slice(2);
const KBIT = Number(kbitArg ?? 400);
const RTT_MS = Number(rttArg ?? 400);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3293);
const proxyPort = port + 1;
// the HTTPS front: Caddy's https and http ports, and the throttling proxy in front of it
const caddyPort = port + 2;
const caddyHttpPort = port + 3;
const tlsProxyPort = port + 4;
const STEP_MS = Number(process.env.STEP_TIMEOUT_MS ?? 60_000);
const host = `sunnybrook.${APP_DOMAIN}`;

/** One shared downlink: bytes leave at KBIT, in order, whichever connection they belong to. */
function makeLink(bytesPerSecond: number) {
  let freeAt = 0;
  return (size: number): number => {
    const now = performance.now();
    const start = Math.max(now, freeAt);
    freeAt = start + (size / bytesPerSecond) * 1000;
    return freeAt - now; // when this chunk has fully arrived, from now
  };
}

function startProxy(target: number, listen: number): Promise<net.Server> {
  const down = makeLink((KBIT * 1000) / 8);
  const up = makeLink((KBIT * 1000) / 8);
  const oneWay = RTT_MS / 2;
  const server = net.createServer((client) => {
    client.setNoDelay(true);
    const opened = performance.now() + RTT_MS; // the connection's own handshake round trip
    const upstream = net.connect(target, "127.0.0.1");
    upstream.setNoDelay(true);
    const forward = (from: net.Socket, to: net.Socket, link: (n: number) => number) => {
      // one queue a direction, drained by one timer: bytes arrive in the order they were sent and
      // the end after the last of them. (A timer per chunk let a response's 5-byte end-of-body
      // chunk, due 0.1 ms after the body, overtake it: the browser then read the body's tail as the
      // next response, ERR_INVALID_HTTP_RESPONSE.)
      const queue: { at: number; chunk: Buffer | null }[] = [];
      let timer: NodeJS.Timeout | null = null;
      let lastAt = 0;
      const pump = () => {
        timer = null;
        while (queue.length && queue[0]!.at <= performance.now() + 0.5) {
          const { chunk } = queue.shift()!;
          if (chunk === null) to.end();
          else if (to.writable) to.write(chunk);
        }
        if (queue.length) timer = setTimeout(pump, Math.max(0, queue[0]!.at - performance.now()));
      };
      const send = (at: number, chunk: Buffer | null) => {
        lastAt = Math.max(at, lastAt);
        queue.push({ at: lastAt, chunk });
        timer ??= setTimeout(pump, Math.max(0, lastAt - performance.now()));
      };
      from.on("data", (chunk: Buffer) =>
        send(Math.max(performance.now() + link(chunk.length) + oneWay, opened), chunk),
      );
      from.on("end", () => send(performance.now() + oneWay, null));
      from.on("error", () => to.destroy());
    };
    forward(client, upstream, up);
    forward(upstream, client, down);
  });
  return new Promise((resolve) => server.listen(listen, "127.0.0.1", () => resolve(server)));
}

/**
 * The same link for QUIC: a UDP relay with the shared 400 kbit/s each way and 200 ms each way.
 * QUIC has no connection of its own to open (its handshake is TLS's, carried in its first
 * datagrams), so no round trip is charged before the first one. Datagrams keep their order and none
 * is lost, as on the TCP proxy. Listening on `::` takes both ::1 and 127.0.0.1, the two addresses
 * Chromium tries for a `*.localhost` name.
 */
function startUdpProxy(target: number, listen: number): Promise<{ close: () => void }> {
  const down = makeLink((KBIT * 1000) / 8);
  const up = makeLink((KBIT * 1000) / 8);
  const oneWay = RTT_MS / 2;
  const delayed = () => {
    const queue: { at: number; send: () => void }[] = [];
    let timer: NodeJS.Timeout | null = null;
    let lastAt = 0;
    const pump = () => {
      timer = null;
      while (queue.length && queue[0]!.at <= performance.now() + 0.5) queue.shift()!.send();
      if (queue.length) timer = setTimeout(pump, Math.max(0, queue[0]!.at - performance.now()));
    };
    return (at: number, send: () => void) => {
      lastAt = Math.max(at, lastAt);
      queue.push({ at: lastAt, send });
      timer ??= setTimeout(pump, Math.max(0, lastAt - performance.now()));
    };
  };
  let closed = false;
  const toServer = delayed();
  const toClient = delayed();
  const front = dgram.createSocket({ type: "udp6", ipv6Only: false });
  // one upstream socket per client address: Caddy tells its clients apart by their source port
  const upstreams = new Map<string, { socket: dgram.Socket; send: (m: Buffer) => void }>();
  const upstreamFor = (client: dgram.RemoteInfo) => {
    const key = `${client.address}:${client.port}`;
    const known = upstreams.get(key);
    if (known) return known;
    const socket = dgram.createSocket("udp4");
    // held until connected: the first datagram can be due before `connect` has finished
    let connected = false;
    const waiting: Buffer[] = [];
    socket.connect(target, "127.0.0.1", () => {
      connected = true;
      for (const m of waiting.splice(0)) socket.send(m);
    });
    socket.on("message", (reply) =>
      toClient(performance.now() + down(reply.length) + oneWay, () => {
        if (!closed) front.send(reply, client.port, client.address);
      }),
    );
    socket.on("error", () => undefined);
    const entry = {
      socket,
      send: (m: Buffer) => {
        if (closed) return;
        if (connected) socket.send(m);
        else waiting.push(m);
      },
    };
    upstreams.set(key, entry);
    return entry;
  };
  front.on("message", (msg, client) => {
    const { send } = upstreamFor(client);
    toServer(performance.now() + up(msg.length) + oneWay, () => send(msg));
  });
  return new Promise((resolve) =>
    front.bind(listen, "::", () =>
      resolve({
        close: () => {
          closed = true;
          for (const u of upstreams.values()) u.socket.close();
          front.close();
        },
      }),
    ),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A step that did not finish in time: named in the row, never a hang. */
class StepTimeout extends Error {
  constructor(readonly step: string) {
    super(`${step} timed out`);
  }
}

function bounded<T>(step: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepTimeout(step)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Signs in over HTTPS through the front (its Host as the browser will send it). */
function signInOverTls(
  to: number,
  hostHeader: string,
  username: string,
): Promise<{ name: string; value: string }[]> {
  const body = new URLSearchParams({ username, password: "storyloom-demo" }).toString();
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        port: to,
        servername: host,
        rejectUnauthorized: false,
        method: "POST",
        path: "/login",
        headers: {
          Host: hostHeader,
          Origin: `https://${hostHeader}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        if (res.statusCode !== 302) return reject(new Error(`sign-in answered ${res.statusCode}`));
        resolve(
          ([] as string[]).concat(res.headers["set-cookie"] ?? []).map((c) => {
            const pair = c.split(";")[0]!;
            const i = pair.indexOf("=");
            return { name: pair.slice(0, i), value: pair.slice(i + 1) };
          }),
        );
      },
    );
    req.setTimeout(STEP_MS, () => req.destroy(new Error("sign-in timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

const server = await startServer(port, { TRUST_PROXY: "1" });
const proxy = await startProxy(port, proxyPort);
// the HTTPS front before the browser: the browser starts trusting the front's CA, as a phone trusts
// a public one. (Playwright's ignoreHTTPSErrors is not that: Chromium aborts the first handshake
// on the untrusted certificate and, told to go on, opens a second connection: about 0.65 s more
// on every load here, which no phone pays.)
const front: CaddyFront | null = CADDY_BIN
  ? await startCaddyFront({
      appPort: port,
      httpsPort: caddyPort,
      httpPort: caddyHttpPort,
      domain: APP_DOMAIN,
    })
  : null;
const tlsProxy: net.Server | null = front ? await startProxy(caddyPort, tlsProxyPort) : null;
// HTTP/3 through the same front: Caddy answers QUIC on its https port (UDP), relayed on the same
// port number as the TCP proxy, so the origin, its certificate and its cookies are the same
const quicProxy = front ? await startUdpProxy(caddyPort, tlsProxyPort) : null;
const launch = (extraArgs: string[]) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      ...(front ? [`--ignore-certificate-errors-spki-list=${front.caSpki.join(",")}`] : []),
      ...extraArgs,
    ],
  });
// TCP only: Caddy's Alt-Svc (h3) is not followed, as on a phone's first visit
const browser = await launch(["--disable-quic"]);
// a phone that already knows the front speaks HTTP/3: told by an earlier visit's Alt-Svc (Caddy's
// lasts 30 days) or by the name's HTTPS DNS record. Chromium connects over QUIC from the first
// request, so each load still opens its connection and does its full handshake; no cache, no
// session resumed.
const quicBrowser = front
  ? await launch(["--enable-quic", `--origin-to-force-quic-on=${host}:${tlsProxyPort}`])
  : null;
const secs = (ms: number | null) => (ms === null ? "-" : `${(ms / 1000).toFixed(2)} s`);

type Front = {
  label: string;
  /** what the HTML must have come over (the navigation's nextHopProtocol), or the run fails */
  protocol: "http/1.1" | "h2" | "h3";
  browser: Browser;
  origin: string;
  cookies: { name: string; value: string }[];
  context: BrowserContextOptions;
};

/** One page, JavaScript on or off, RUNS times: the row's cells and the steps that timed out. */
async function measure(front: Front, path: string, javaScriptEnabled: boolean) {
  const paints: number[] = [];
  const loads: number[] = [];
  const fontsIn: (number | null)[] = [];
  const timedOut: string[] = [];
  let bytes = 0;
  let scripts = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await bounded(
      "new context",
      STEP_MS,
      front.browser.newContext({
        ...front.context,
        javaScriptEnabled,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      }),
    );
    try {
      // host-only, as the server set them (a production server's cookies are __Host- and Secure:
      // set for the https origin, the browser sends them to http://*.localhost too, a secure context)
      await context.addCookies(
        front.cookies.map((c) => ({
          ...c,
          url: `${/^__(Host|Secure)-/.test(c.name) ? "https" : "http"}://${new URL(front.origin).host}/`,
          httpOnly: true,
          sameSite: "Lax" as const,
          secure: /^__(Host|Secure)-/.test(c.name),
        })),
      );
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_MS);
      let js = 0;
      page.on("request", (r) => {
        if (r.resourceType() === "script") js++;
      });
      let res;
      try {
        res = await page.goto(`${front.origin}${path}`, { waitUntil: "load", timeout: STEP_MS });
      } catch (error) {
        if (error instanceof errors.TimeoutError) throw new StepTimeout("navigation");
        throw error;
      }
      if (res?.status() !== 200) throw new Error(`${path} answered ${res?.status()}`);
      const protocol = await bounded(
        "protocol",
        STEP_MS,
        page.evaluate(
          () =>
            (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
              .nextHopProtocol,
        ),
      );
      if (protocol !== front.protocol)
        throw new Error(`${front.label}: ${path} came over ${protocol}, not ${front.protocol}`);
      // the page's own clock, so the three figures are comparable. Everything in the page is
      // read synchronously and polled from here: with JavaScript off the page's timers and
      // promises may never run (an awaited `document.fonts.ready` or a paint observer hung the
      // bench there), so no wait happens inside the page, and each poll is bounded.
      const poll = async <T>(
        step: string,
        read: () => Promise<T>,
        done: (value: T) => boolean,
        ms: number,
      ): Promise<{ value: T; late: boolean }> => {
        const t0 = Date.now();
        for (;;) {
          const value = await bounded(step, STEP_MS, read());
          if (done(value)) return { value, late: false };
          if (Date.now() - t0 > ms) return { value, late: true };
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      // every font the page has asked for so far is loaded (or failed)
      const fontsReady = await poll(
        "fonts.ready",
        () => page.evaluate(() => document.fonts.status),
        (status) => status === "loaded",
        Math.min(STEP_MS, 20_000),
      );
      // the paint entry is queued once the frame is shown, which can be just after the load
      const paint = await poll(
        "first paint",
        () =>
          page.evaluate(
            () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
          ),
        (value) => value !== null,
        5_000,
      );
      const measured = await bounded(
        "measuring",
        STEP_MS,
        page.evaluate(() => {
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          // font files fetched for this page's text (a prefetch for the next page is not one of them)
          const drawsInFonts = [...document.fonts].some((f) => f.status === "loaded");
          const fonts = drawsInFonts
            ? (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
                (e) => /\.woff2(\?|$)/.test(e.name),
              )
            : [];
          return {
            load: nav.loadEventStart,
            fontsIn: fonts.length ? Math.max(...fonts.map((e) => e.responseEnd)) : null,
          };
        }),
      );
      const t = {
        fontsReady: !fontsReady.late,
        paint: paint.value,
        load: measured.load,
        fontsIn: measured.fontsIn,
      };
      if (!t.fontsReady) timedOut.push("fonts.ready");
      if (t.paint === null) timedOut.push("first paint");
      loads.push(t.load);
      if (t.paint !== null) paints.push(t.paint);
      fontsIn.push(t.fontsIn);
      // bytes over the wire: the document and every resource it loaded (Resource Timing), fonts
      // that arrived after the load event included
      bytes = await bounded(
        "counting bytes",
        STEP_MS,
        page.evaluate(() =>
          (performance.getEntriesByType("navigation") as PerformanceResourceTiming[])
            .concat(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
            .reduce((n, e) => n + e.transferSize, 0),
        ),
      );
      if (process.env.BENCH_VERBOSE) {
        const entries = await bounded(
          "listing resources",
          STEP_MS,
          page.evaluate(() => {
            const nav = performance.getEntriesByType(
              "navigation",
            )[0] as PerformanceNavigationTiming;
            // where the time before the HTML goes: the connection, its TLS handshake, the answer
            // (no named helper in here: tsx wraps one in `__name`, which the page does not have)
            const html = `HTML (${nav.nextHopProtocol}): connect ${Math.round(nav.connectStart)}, TLS ${nav.secureConnectionStart ? Math.round(nav.secureConnectionStart) : "-"}, connected ${Math.round(nav.connectEnd)}, request ${Math.round(nav.requestStart)}, first byte ${Math.round(nav.responseStart)}, end ${Math.round(nav.responseEnd)} ms`;
            return [html].concat(
              (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
                (e) =>
                  `${e.name.replace(/^https?:\/\/[^/]+/, "")} ${e.transferSize} B, ${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ms`,
              ),
            );
          }),
        );
        console.log(
          `  ${front.label} ${path} js=${javaScriptEnabled}: first paint ${secs(t.paint)}, load ${secs(t.load)}, fonts in ${secs(t.fontsIn)}\n    ${entries.join("\n    ")}`,
        );
      }
      scripts = js;
      // what the page fetches after its load (a reading page's font prefetches) finishes before
      // the context goes: a connection cut mid-answer is not what this measures
      // (polled from here: with JavaScript off the page cannot run a waiting function itself)
      let settled = false;
      for (let waited = 0; waited < 20_000; waited += 200) {
        const pending = await bounded(
          "prefetches",
          STEP_MS,
          page.evaluate(() => {
            const done = new Set(performance.getEntriesByType("resource").map((e) => e.name));
            return [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].filter(
              (l) => !done.has(l.href),
            ).length;
          }),
        );
        if (pending === 0) {
          settled = true;
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      if (!settled) timedOut.push("prefetches");
    } catch (error) {
      if (!(error instanceof StepTimeout)) throw error;
      timedOut.push(error.step);
    } finally {
      await bounded("closing", 10_000, context.close()).catch(() => timedOut.push("closing"));
    }
  }
  // a page that drew no font at all in some run counts as "-" only if it drew none in every run
  const withFonts = fontsIn.filter((x): x is number => x !== null);
  const cells = [
    secs(paints.length ? median(paints) : null),
    loads.length ? secs(median(loads)) : "timeout",
    secs(withFonts.length ? median(withFonts) : null),
    `${(bytes / 1024).toFixed(1)} KB`,
  ];
  return { cells, scripts: String(scripts), timedOut };
}

try {
  // signed in through the proxy: the session is bound to the host and port the browser uses
  const cookies = await signInCookies(proxyPort, host, "sarah.ellis");
  const recent = JSON.parse(
    (
      await request({
        port,
        host,
        path: "/api/stories/recent?limit=1",
        headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      })
    ).body.toString(),
  ) as { id: string }[];
  const pages: [string, string][] = [
    ["story page", `/stories/${recent[0]?.id}`],
    ["community home", "/"],
    ["family page", "/family"],
    ["news", "/news"],
    ["events", "/events"],
    ["notifications", "/notifications"],
    ["gazette", "/family/gazette"],
  ];
  const fronts: Front[] = [
    {
      label: "HTTP/1.1",
      protocol: "http/1.1",
      browser,
      origin: `http://${host}:${proxyPort}`,
      cookies,
      context: {},
    },
  ];
  if (front && quicBrowser) {
    // Caddy's own CA, made for this run, trusted by the browsers' launch flags: certificate
    // errors are not ignored, so a CA the browser does not trust fails the run
    const tlsCookies = await signInOverTls(caddyPort, `${host}:${tlsProxyPort}`, "sarah.ellis");
    const origin = `https://${host}:${tlsProxyPort}`;
    fronts.push(
      { label: "HTTP/2 Caddy", protocol: "h2", browser, origin, cookies: tlsCookies, context: {} },
      {
        label: "HTTP/3 Caddy",
        protocol: "h3",
        browser: quicBrowser,
        origin,
        cookies: tlsCookies,
        context: {},
      },
    );
  }
  console.log(`bench-phone on ${machineLine()}, ${new Date().toISOString().slice(0, 10)}`);
  console.log(
    `link: ${KBIT} kbit/s shared, ${RTT_MS} ms round trips, HTML included; Chromium at 390x844, no cache; median of ${RUNS} loads`,
  );
  console.log(
    "first paint, load and fonts in: seconds from the start of navigation; fonts in: the last font file finished (- when the page used none:",
  );
  console.log(
    "a reading page opened by a browser not yet sent the fonts draws in the system's faces and prefetches them after its load, ADR 019)",
  );
  console.log(
    `front: HTTP/1.1 straight to the app${CADDY_BIN ? "; through deploy/Caddyfile (Caddy's internal CA trusted by the browser): HTTP/2 over TCP and TLS 1.3, as on a first visit, and HTTP/3 over QUIC, as a phone that has seen the front's Alt-Svc" : " (caddy is not installed: no HTTPS front)"}; timed out: steps that did not finish in ${STEP_MS / 1000} s`,
  );
  console.log(
    "page            | front        | JS on: first paint | load   | fonts in | bytes   | scripts | JS off: first paint | load   | fonts in | bytes    | timed out",
  );
  for (const [name, path] of pages) {
    for (const f of fronts) {
      const on = await measure(f, path, true);
      const off = await measure(f, path, false);
      const [p1, l1, f1, b1] = on.cells as [string, string, string, string];
      const [p2, l2, f2, b2] = off.cells as [string, string, string, string];
      const late = [
        ...on.timedOut.map((s) => `JS on: ${s}`),
        ...off.timedOut.map((s) => `JS off: ${s}`),
      ];
      console.log(
        `${name.padEnd(15)} | ${f.label.padEnd(12)} | ${p1.padStart(18)} | ${l1.padStart(6)} | ${f1.padStart(8)} | ${b1.padStart(7)} | ${on.scripts.padStart(7)} | ${p2.padStart(19)} | ${l2.padStart(6)} | ${f2.padStart(8)} | ${b2.padStart(8)} | ${late.length ? late.join(", ") : "-"}`,
      );
    }
  }
} finally {
  await bounded("closing the browser", 10_000, browser.close()).catch(() => undefined);
  if (quicBrowser)
    await bounded("closing the browser", 10_000, quicBrowser.close()).catch(() => undefined);
  proxy.close();
  tlsProxy?.close();
  quicProxy?.close();
  await front?.stop();
  await server.stop();
}
