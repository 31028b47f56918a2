// `npm run bench:pages`: page weight and server speed of the pages families open on their phones.
// Bytes over the wire (compressed) for the community home, a story page and the family page, with
// and without JavaScript; then requests per second and p50/p99 of the community home against the
// same server's static file of the same size, at several concurrencies, printed as ratios.
import fs from "node:fs";
import path from "node:path";
import { APP_DOMAIN, decoded, machineLine, request, runLoad, signIn, startServer } from "./bench/lib";

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
  const css = attr(html, /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const js = [...new Set([...attr(html, /<script[^>]+src="([^"]+)"/g), ...attr(html, /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)])];
  const imgs = attr(html, /<img[^>]+src="([^"]+)"/g);
  const sum = async (urls: string[]) => {
    let n = 0;
    for (const u of urls) n += (await request({ port, host: onHost, path: u, cookie, headers: gz })).body.length;
    return n;
  };
  const r = { text: html, html: page.body.length, htmlRaw: Buffer.byteLength(html), css: await sum(css), js: await sum(js), images: await sum(imgs), imageCount: imgs.length };
  return r;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

try {
  const family = await signIn(port, "sunnybrook", "sarah.ellis");
  const recent = JSON.parse((await request({ port, host, path: "/api/stories/recent", cookie: family })).body.toString()) as { id: string }[];
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
  console.log("page            | HTML (gz) | CSS (gz) | JS (gz)  | images        | JS off, before images | JS on, before images");
  const weights: Record<string, Awaited<ReturnType<typeof weigh>>> = {};
  for (const [name, p, cookie, onHost] of pages) {
    const w = await weigh(p, cookie, onHost);
    weights[name] = w;
    console.log(
      `${name.padEnd(15)} | ${kb(w.html).padStart(9)} | ${kb(w.css).padStart(8)} | ${kb(w.js).padStart(8)} | ${`${kb(w.images)} (${w.imageCount})`.padStart(13)} | ${kb(w.html + w.css).padStart(21)} | ${kb(w.html + w.css + w.js).padStart(20)}`,
    );
  }
  const story = weights["story page"]!;
  console.log(`budget: story page readable without JS under 30 KB compressed before images: ${kb(story.html + story.css)} -> ${story.html + story.css < 30 * 1024 ? "met" : "NOT met"}`);
  const maxJs = Math.max(...Object.values(weights).map((w) => w.js));
  console.log(`budget: JavaScript under 120 KB compressed on any page: largest ${kb(maxJs)} -> ${maxJs < 120 * 1024 ? "met" : "NOT met"}`);

  // throughput: the home page against a static file of the same size on the same server: the home's
  // own HTML saved as a file, so that compressing it costs the same
  const homeSize = weights["community home"]!.htmlRaw;
  fs.writeFileSync(staticFile, weights["community home"]!.text);
  console.log(`\nthroughput, ${seconds} s per run, community home (signed in, ${kb(homeSize)} raw) vs the same HTML as a static file:`);
  console.log("clients | home req/s | home p50 / p99 ms | static req/s | static p50 / p99 ms | home/static");
  for (const clients of [1, 10, 50]) {
    const home = await runLoad(clients, seconds, () => request({ port, host, path: "/", cookie: family, headers: gz }));
    const stat = await runLoad(clients, seconds, () => request({ port, host, path: "/bench-static.html", headers: gz }));
    console.log(
      `${String(clients).padStart(7)} | ${home.rps.toFixed(0).padStart(10)} | ${`${home.p50.toFixed(1)} / ${home.p99.toFixed(1)}`.padStart(17)} | ${stat.rps.toFixed(0).padStart(12)} | ${`${stat.p50.toFixed(1)} / ${stat.p99.toFixed(1)}`.padStart(19)} | ${(home.rps / stat.rps).toFixed(2).padStart(11)}${home.errors + stat.errors ? `  (errors: ${home.errors + stat.errors})` : ""}`,
    );
  }
} finally {
  fs.rmSync(staticFile, { force: true });
  await server.stop();
}
