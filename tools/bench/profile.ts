// `npm run bench:profile`: where a server's request time goes. Starts the production server with
// V8's CPU profiler on (`--cpu-prof`), sends N sequential requests for a page as a signed-in family
// member, stops the server, and saves under profiles/ (git-ignored):
//   - the raw profile (`.cpuprofile`: open it in Chrome DevTools' Performance panel or speedscope),
//   - a flame graph (`flame.svg`: width is time, each bar a function above the one that called it),
// and prints the self time by place (the app, each package, Node) and the heaviest functions.
// The figures include the server's start (loading its modules), spread over the requests.
//
//   npm run bench:profile                   # 1,000 requests for the community home
//   npm run bench:profile -- /family 500
//   npm run bench:profile -- /login 2000 --signed-out   # a page for visitors not signed in
import fs from "node:fs";
import path from "node:path";
import { APP_DOMAIN, request, signIn, startServer } from "./lib";

const args = process.argv.slice(2).filter((a) => a !== "--signed-out");
const signedOut = process.argv.includes("--signed-out");
const pagePath = args[0] ?? "/";
const count = Number(args[1] ?? 1000);
const port = Number(process.env.BENCH_PORT ?? 3295);
const outDir = path.resolve("profiles");
const profDir = path.join(outDir, `raw-${Date.now()}`);
fs.mkdirSync(profDir, { recursive: true });

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** Where a function lives: the app, a package, or Node itself. */
function placeOf(url: string): string {
  if (!url) return "(V8: idle, GC, native)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return "node";
  if (/\/build\/index\.js$/.test(url)) return "app (build/index.js)";
  if (/\/server\//.test(url)) return "app (server/index.ts)";
  return url.replace(/^file:\/\//, "").replace(process.cwd(), ".");
}

// the demo data is made by a first start, unprofiled; the profiled server only starts and serves
await (await startServer(port)).stop();
const server = await startServer(port, { KEEP_DATA: "1" }, [
  "--cpu-prof",
  `--cpu-prof-dir=${profDir}`,
]);
try {
  const cookie = signedOut ? undefined : await signIn(port, "sunnybrook", "sarah.ellis");
  const host = `sunnybrook.${APP_DOMAIN}`;
  for (let i = 0; i < 30; i++)
    await request({
      port,
      host,
      path: pagePath,
      cookie,
      headers: { "Accept-Encoding": "gzip, br" },
    });
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const res = await request({
      port,
      host,
      path: pagePath,
      cookie,
      headers: { "Accept-Encoding": "gzip, br" },
    });
    if (res.status !== 200) throw new Error(`${pagePath} answered ${res.status}`);
  }
  const ms = (performance.now() - t0) / count;
  console.log(
    `${count} sequential requests for ${pagePath}: ${ms.toFixed(1)} ms each on average (profiler on, which slows it)`,
  );
} finally {
  await server.stop();
}

// the server process writes its profile as it exits; the largest file is the server's
const files = fs.readdirSync(profDir).filter((f) => f.endsWith(".cpuprofile"));
if (!files.length) throw new Error(`no profile was written in ${profDir}`);
const file = files
  .map((f) => path.join(profDir, f))
  .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const saved = path.join(outDir, "server.cpuprofile");
fs.copyFileSync(file, saved);
fs.rmSync(profDir, { recursive: true, force: true });

// self time per node (microseconds), from the samples
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) =>
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
);
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const busy = (n: ProfileNode) =>
  !["(idle)", "(program)", "(garbage collector)"].includes(n.callFrame.functionName);
const total = [...self.entries()]
  .filter(([id]) => busy(byId.get(id)!))
  .reduce((s, [, t]) => s + t, 0);
const gc = [...self.entries()]
  .filter(([id]) => byId.get(id)!.callFrame.functionName === "(garbage collector)")
  .reduce((s, [, t]) => s + t, 0);

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  if (!busy(n)) continue;
  const place = placeOf(n.callFrame.url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + t);
  const key = `${n.callFrame.functionName || "(anonymous)"}  ${place}:${n.callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + t);
}
const perRequest = (us: number) => `${(us / 1000 / count).toFixed(2)} ms`;
console.log(
  `CPU busy ${(total / 1000).toFixed(0)} ms in all (${perRequest(total)} a request), garbage collection ${perRequest(gc)} a request`,
);
console.log("\nself time by place, per request:");
for (const [place, t] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(
    `  ${perRequest(t).padStart(9)}  ${((100 * t) / total).toFixed(1).padStart(5)}%  ${place}`,
  );
console.log("\nheaviest functions (self time), per request:");
for (const [fn, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${perRequest(t).padStart(9)}  ${fn}`);

// a flame graph: inclusive time per node, children side by side under their caller
const inclusive = new Map<number, number>();
function inc(id: number): number {
  const n = byId.get(id)!;
  const t = (self.get(id) ?? 0) + (n.children ?? []).reduce((s, c) => s + inc(c), 0);
  inclusive.set(id, t);
  return t;
}
const root = profile.nodes.find((n) => !parent.has(n.id))!;
inc(root.id);
const width = 1600;
const row = 16;
const rects: string[] = [];
let maxDepth = 0;
const rootBusy =
  (root.children ?? [])
    .filter((c) => busy(byId.get(c)!))
    .reduce((s, c) => s + inclusive.get(c)!, 0) || 1;
function draw(id: number, x: number, depth: number) {
  const n = byId.get(id)!;
  const w = (inclusive.get(id)! / rootBusy) * width;
  if (w < 0.5) return;
  maxDepth = Math.max(maxDepth, depth);
  const name = `${n.callFrame.functionName || "(anonymous)"} ${placeOf(n.callFrame.url)}`;
  const title = `${name}: ${perRequest(inclusive.get(id)!)} a request`.replace(
    /[<>&"]/g,
    (c) => `&#${c.charCodeAt(0)};`,
  );
  const hue = placeOf(n.callFrame.url).startsWith("app")
    ? 120
    : n.callFrame.url.includes("node_modules")
      ? 30
      : 210;
  rects.push(
    `<g><title>${title}</title><rect x="${x.toFixed(1)}" y="${depth * row}" width="${w.toFixed(1)}" height="${row - 1}" fill="hsl(${hue},60%,${55 + (id % 5) * 5}%)"/>` +
      (w > 60
        ? `<text x="${(x + 3).toFixed(1)}" y="${depth * row + 12}" font-size="11" font-family="monospace">${title.slice(0, Math.floor(w / 7))}</text>`
        : "") +
      "</g>",
  );
  let cx = x;
  for (const c of n.children ?? []) {
    if (!busy(byId.get(c)!)) continue;
    draw(c, cx, depth + 1);
    cx += (inclusive.get(c)! / rootBusy) * width;
  }
}
let x0 = 0;
for (const c of root.children ?? []) {
  if (!busy(byId.get(c)!)) continue;
  draw(c, x0, 0);
  x0 += (inclusive.get(c)! / rootBusy) * width;
}
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${(maxDepth + 1) * row}">${rects.join("")}</svg>`;
fs.writeFileSync(path.join(outDir, "flame.svg"), svg);
console.log(
  `\nsaved ${path.relative(process.cwd(), saved)} and profiles/flame.svg (green: the app, orange: packages, blue: Node)`,
);
