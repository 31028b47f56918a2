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
//
//   npm run bench:phone                  # 400 kbit/s, 400 ms
//   npm run bench:phone -- 1600 150      # another link: kbit/s and round-trip ms
//   BENCH_VERBOSE=1 npm run bench:phone  # each resource's timing too
import net from "node:net";
import { chromium } from "@playwright/test";
import { APP_DOMAIN, machineLine, request, signInCookies, startServer } from "./lib";

const [kbitArg, rttArg] = process.argv.slice(2);
const KBIT = Number(kbitArg ?? 400);
const RTT_MS = Number(rttArg ?? 400);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3293);
const proxyPort = port + 1;
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = await startServer(port);
const proxy = await startProxy(port, proxyPort);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic"],
});
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
  ];
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
    "page            | JS on: first paint | load   | fonts in | bytes   | scripts | JS off: first paint | load   | fonts in | bytes",
  );
  const secs = (ms: number | null) => (ms === null ? "-" : `${(ms / 1000).toFixed(2)} s`);
  for (const [name, path] of pages) {
    const row: string[] = [];
    for (const javaScriptEnabled of [true, false]) {
      const paints: number[] = [];
      const loads: number[] = [];
      const fontsIn: (number | null)[] = [];
      let bytes = 0;
      let scripts = 0;
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({
          javaScriptEnabled,
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        // host-only, as the server set them (a production server's cookies are __Host- and Secure: set for
        // the https origin, the browser sends them to http://*.localhost too, a secure context)
        await context.addCookies(
          cookies.map((c) => ({
            ...c,
            url: `${/^__(Host|Secure)-/.test(c.name) ? "https" : "http"}://${host}:${proxyPort}/`,
            httpOnly: true,
            sameSite: "Lax" as const,
            secure: /^__(Host|Secure)-/.test(c.name),
          })),
        );
        const page = await context.newPage();
        let js = 0;
        page.on("request", (r) => {
          if (r.resourceType() === "script") js++;
        });
        const res = await page.goto(`http://${host}:${proxyPort}${path}`, {
          waitUntil: "load",
          timeout: 120_000,
        });
        if (res?.status() !== 200) throw new Error(`${path} answered ${res?.status()}`);
        // the page's own clock, so the three figures are comparable; the evaluation itself runs in
        // the page (it works with JavaScript off too: the page's scripts are off, not the debugger's)
        const t = await page.evaluate(async () => {
          // every font the page has asked for so far is loaded (or failed) once this resolves
          await document.fonts.ready;
          // the paint entry is queued once the frame is shown, which can be just after the load
          // (no named functions in here: the bundler would wrap them in a helper the page lacks)
          const paint = await new Promise<number | null>((resolve) => {
            const first = performance.getEntriesByName("first-contentful-paint")[0];
            if (first) return resolve(first.startTime);
            new PerformanceObserver((list, observer) => {
              const entry = list.getEntriesByName("first-contentful-paint")[0];
              if (!entry) return;
              observer.disconnect();
              resolve(entry.startTime);
            }).observe({ type: "paint", buffered: true });
            setTimeout(
              () =>
                resolve(
                  performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
                ),
              5_000,
            );
          });
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
            paint,
            fontsIn: fonts.length ? Math.max(...fonts.map((e) => e.responseEnd)) : null,
          };
        });
        loads.push(t.load);
        if (t.paint !== null) paints.push(t.paint);
        fontsIn.push(t.fontsIn);
        // bytes over the wire: the document and every resource it loaded (Resource Timing), fonts
        // that arrived after the load event included
        bytes = await page.evaluate(() =>
          (performance.getEntriesByType("navigation") as PerformanceResourceTiming[])
            .concat(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
            .reduce((n, e) => n + e.transferSize, 0),
        );
        if (process.env.BENCH_VERBOSE) {
          const entries = await page.evaluate(() =>
            (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
              (e) =>
                `${e.name.replace(/^https?:\/\/[^/]+/, "")} ${e.transferSize} B, ${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ms`,
            ),
          );
          const html = (await page.evaluate(
            () => performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming,
          )) as { responseStart: number; responseEnd: number };
          console.log(
            `  ${path} js=${javaScriptEnabled}: first paint ${secs(t.paint)}, load ${secs(t.load)}, fonts in ${secs(t.fontsIn)}; HTML ${Math.round(html.responseStart)}-${Math.round(html.responseEnd)} ms\n    ${entries.join("\n    ")}`,
          );
        }
        scripts = js;
        // what the page fetches after its load (a reading page's font prefetches) finishes before
        // the context goes: a connection cut mid-answer is not what this measures
        // (polled from here: with JavaScript off the page cannot run a waiting function itself)
        for (let waited = 0; waited < 20_000; waited += 200) {
          const pending = await page.evaluate(() => {
            const done = new Set(performance.getEntriesByType("resource").map((e) => e.name));
            return [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].filter(
              (l) => !done.has(l.href),
            ).length;
          });
          if (pending === 0) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        await context.close();
      }
      // a page that drew no font at all in some run counts as "-" only if it drew none in every run
      const withFonts = fontsIn.filter((x): x is number => x !== null);
      row.push(
        secs(paints.length ? median(paints) : null),
        secs(median(loads)),
        secs(withFonts.length ? median(withFonts) : null),
        `${(bytes / 1024).toFixed(1)} KB`,
      );
      if (javaScriptEnabled) row.push(String(scripts));
    }
    const [p1, l1, f1, b1, s1, p2, l2, f2, b2] = row as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    console.log(
      `${name.padEnd(15)} | ${p1.padStart(18)} | ${l1.padStart(6)} | ${f1.padStart(8)} | ${b1.padStart(7)} | ${s1.padStart(7)} | ${p2.padStart(19)} | ${l2.padStart(6)} | ${f2.padStart(8)} | ${b2}`,
    );
  }
} finally {
  await browser.close();
  proxy.close();
  await server.stop();
}
