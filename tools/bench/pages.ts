// `npm run bench:pages`: page weight and server speed of the pages families open on their phones.
// Bytes over the wire (compressed) for the community home, a story page and the family page, with
// and without JavaScript; then requests per second and p50/p99 of the community home against the
// same server's static file of the same size, at several concurrencies, printed as ratios.
import fs from "node:fs";
import path from "node:path";
import {
  APP_DOMAIN,
  decoded,
  machineLine,
  percentile,
  request,
  runLoad,
  signIn,
  startServer,
  type LoadResult,
} from "./lib";

const port = Number(process.env.BENCH_PORT ?? 3291);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const gz = { "Accept-Encoding": "gzip, br" };
const server = await startServer(port);
const host = `sunnybrook.${APP_DOMAIN}`;
const staticFile = path.resolve("public/bench-static.html");

function attr(html: string, re: RegExp): string[] {
  return [...html.matchAll(re)].map((m) => m[1]!).filter(Boolean);
}

async function weigh(pagePath: string, cookie: string | undefined, onHost = host) {
  const page = await request({ port, host: onHost, path: pagePath, cookie, headers: gz });
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}`);
  const html = decoded(page);
  // a linked stylesheet is a request of its own (the CSS column); a reading page's is inline in its
  // <style> (ADR 019), so its bytes are in the HTML column, compressed with the page as sent
  const css = attr(html, /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const inlineCss = attr(html, /<style\b[^>]*>([\s\S]*?)<\/style>/g);
  const js = [
    ...new Set([
      ...attr(html, /<script[^>]+src="([^"]+)"/g),
      ...attr(html, /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ]),
  ];
  const imgs = attr(html, /<img[^>]+src="([^"]+)"/g);
  const sum = async (urls: string[]) => {
    let n = 0;
    for (const u of urls)
      n += (await request({ port, host: onHost, path: u, cookie, headers: gz })).body.length;
    return n;
  };
  // fonts (ADR 015): the faces this page draws text in, as the browser fetches them (woff2 is
  // compressed already): the interface face always, the reading face where story text is shown
  const cssText = [
    ...inlineCss,
    ...(await Promise.all(
      css.map(async (u) =>
        decoded(await request({ port, host: onHost, path: u, cookie, headers: gz })),
      ),
    )),
  ].join("\n");
  const faces = [
    ...cssText.matchAll(/@font-face\{[^}]*font-family:\s*"?([^";]+)"?;[^}]*?url\(([^)]+)\)/g),
  ].map((m) => ({ family: m[1]!, url: m[2]!.replace(/["']/g, "") }));
  const usesReading = /font-reading|story-text/.test(html);
  const fontUrls = [
    ...new Set(faces.filter((f) => f.family !== "Literata" || usesReading).map((f) => f.url)),
  ];
  const fontHeaders: string[] = [];
  let fonts = 0;
  for (const u of fontUrls) {
    const res = await request({ port, host: onHost, path: u, headers: gz });
    fonts += res.body.length;
    fontHeaders.push(String(res.headers["cache-control"] ?? ""));
  }
  const r = {
    text: html,
    html: page.body.length,
    htmlRaw: Buffer.byteLength(html),
    inlineCss: inlineCss.length > 0,
    css: await sum(css),
    js: await sum(js),
    images: await sum(imgs),
    imageCount: imgs.length,
    fonts,
    fontUrls,
    fontHeaders,
  };
  return r;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Runs of one kind of request taken in turns, added up: requests a second over all, p50 and p99 over all. */
class Slices {
  private latencies: number[] = [];
  private seconds = 0;
  errors = 0;
  add(run: LoadResult) {
    this.latencies.push(...run.latencies);
    this.seconds += run.seconds;
    this.errors += run.errors;
  }
  get rps() {
    return this.latencies.length / this.seconds;
  }
  private sorted() {
    return [...this.latencies].sort((a, b) => a - b);
  }
  get p50() {
    return percentile(this.sorted(), 50);
  }
  get p99() {
    return percentile(this.sorted(), 99);
  }
}

try {
  const family = await signIn(port, "sunnybrook", "sarah.ellis");
  const recent = JSON.parse(
    (await request({ port, host, path: "/api/stories/recent", cookie: family })).body.toString(),
  ) as { id: string }[];
  const resident = await signIn(port, "sunnybrook", "margaret.ellis");
  const admin = await signIn(port, "sunnybrook", "linda.admin");
  // the pages families open on their phones first; then the other kinds of screen, for the JS budget
  const pages: [string, string, string | undefined, string?][] = [
    ["community home", "/", family],
    ["story page", `/stories/${recent[0]?.id}`, family],
    ["family page", "/family", family],
    ["resident page", "/resident", resident],
    ["record wizard", "/resident/record", resident],
    ["admin overview", "/admin", admin],
    ["admin families", "/admin/families", admin],
    ["sign-in page", "/login", undefined],
    ["landing page", "/", undefined, APP_DOMAIN],
  ];
  console.log(`bench-pages on ${machineLine()}, ${new Date().toISOString().slice(0, 10)}`);
  console.log(
    "page            | HTML (gz) | CSS (gz) | JS (gz)  | fonts    | images        | JS off, before images | JS on, before images",
  );
  const weights: Record<string, Awaited<ReturnType<typeof weigh>>> = {};
  for (const [name, p, cookie, onHost] of pages) {
    const w = await weigh(p, cookie, onHost);
    weights[name] = w;
    console.log(
      `${name.padEnd(15)} | ${kb(w.html).padStart(9)} | ${(w.inlineCss ? "inline" : kb(w.css)).padStart(8)} | ${kb(w.js).padStart(8)} | ${kb(w.fonts).padStart(8)} | ${`${kb(w.images)} (${w.imageCount})`.padStart(13)} | ${kb(w.html + w.css).padStart(21)} | ${kb(w.html + w.css + w.js).padStart(20)}`,
    );
  }
  const story = weights["story page"]!;
  console.log(
    'CSS "inline": the stylesheet is in the page\'s <style> (ADR 019), its bytes counted in the HTML column',
  );
  console.log(
    `budget: story page readable without JS under 30 KB compressed before images: ${kb(story.html + story.css)} -> ${story.html + story.css < 30 * 1024 ? "met" : "NOT met"}`,
  );
  // a first visit fetches each font file once, whichever pages it opens; later visits fetch none
  const allFonts = new Map<string, number>();
  for (const w of Object.values(weights)) w.fontUrls.forEach((u, i) => allFonts.set(u, i));
  let firstVisitFonts = 0;
  for (const u of allFonts.keys())
    firstVisitFonts += (await request({ port, host, path: u })).body.length;
  const cached = Object.values(weights).every((w) =>
    w.fontHeaders.every((h) => /immutable/.test(h) && /max-age=31536000/.test(h)),
  );
  console.log(
    `budget: fonts at most 60 KB on a first visit (${allFonts.size} files, all pages): ${kb(firstVisitFonts)} -> ${firstVisitFonts <= 60 * 1024 ? "met" : "NOT met"}; later visits: ${cached ? "0 KB (immutable, a year)" : "NOT cached for a year"}`,
  );
  const maxJs = Math.max(...Object.values(weights).map((w) => w.js));
  console.log(
    `budget: JavaScript under 120 KB compressed on any page: largest ${kb(maxJs)} -> ${maxJs < 120 * 1024 ? "met" : "NOT met"}`,
  );

  // throughput: the home page against a static file of the same size on the same server: the home's
  // own HTML saved as a file, so that compressing it costs the same
  const homeSize = weights["community home"]!.htmlRaw;
  fs.writeFileSync(staticFile, weights["community home"]!.text);
  console.log(
    `\nthroughput, ${seconds} turns of 1 s each, in rotation, community home (signed in, ${kb(homeSize)} raw) vs the same HTML as a static file;`,
  );
  console.log(
    "the sign-in page (a Remix page with the root's loader only) shows the framework's own floor:",
  );
  // a server in service has run these paths many times over: V8 optimises a function only after
  // it has run hot, so the first seconds after a start are slower (up to a third for the home) and
  // would be measured as the 1-client figure. Each request is warmed first, unmeasured.
  const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 4);
  for (const path of ["/", "/login", "/bench-static.html"]) {
    await runLoad(10, warmSeconds, () =>
      request({ port, host, path, cookie: path === "/" ? family : undefined, headers: gz }),
    );
  }
  console.log(`(each warmed for ${warmSeconds} s with 10 clients first, not counted)`);
  console.log(
    "clients | home req/s | home p50 / p99 ms | sign-in req/s | static req/s | static p50 / p99 ms | home/static | sign-in/static",
  );
  for (const clients of [1, 10, 50]) {
    // the three are measured in turns of one second, `seconds` turns each, so that a slower or
    // faster spell of a shared machine falls on all three alike rather than on one of them
    const home = new Slices();
    const login = new Slices();
    const stat = new Slices();
    for (let turn = 0; turn < seconds; turn++) {
      home.add(
        await runLoad(clients, 1, () =>
          request({ port, host, path: "/", cookie: family, headers: gz }),
        ),
      );
      login.add(
        await runLoad(clients, 1, () => request({ port, host, path: "/login", headers: gz })),
      );
      stat.add(
        await runLoad(clients, 1, () =>
          request({ port, host, path: "/bench-static.html", headers: gz }),
        ),
      );
    }
    const errors = home.errors + login.errors + stat.errors;
    console.log(
      `${String(clients).padStart(7)} | ${home.rps.toFixed(0).padStart(10)} | ${`${home.p50.toFixed(1)} / ${home.p99.toFixed(1)}`.padStart(17)} | ${login.rps.toFixed(0).padStart(13)} | ${stat.rps.toFixed(0).padStart(12)} | ${`${stat.p50.toFixed(1)} / ${stat.p99.toFixed(1)}`.padStart(19)} | ${(home.rps / stat.rps).toFixed(2).padStart(11)} | ${(login.rps / stat.rps).toFixed(2).padStart(14)}${errors ? `  (errors: ${errors})` : ""}`,
    );
  }
} finally {
  fs.rmSync(staticFile, { force: true });
  await server.stop();
}
