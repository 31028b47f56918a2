// `npm run bench:load [-- CLIENTS SECONDS]`: a mix of reads and writes from many concurrent
// clients against a production-mode server on loopback. Prints requests per second, p50/p99
// latency and errors (which must be 0). Bounded in time; only 127.0.0.1 is contacted.
import { APP_DOMAIN, machineLine, request, runLoad, signIn, startServer, type Res } from "./bench/lib";

const clients = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3290);

const server = await startServer(port);
try {
  const host = `sunnybrook.${APP_DOMAIN}`;
  const family = await signIn(port, "sunnybrook", "sarah.ellis");
  const staff = await signIn(port, "sunnybrook", "marcus");
  // a story of the family member's own resident: the only ones they may comment on
  const own = await request({ port, host, path: "/api/family/stories", cookie: family });
  const stories = own.status === 200 ? (JSON.parse(own.body.toString()) as { id: string }[]) : [];
  const familyStory = stories[0]?.id;
  const json = (cookie: string, body: unknown) => ({
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/json", Origin: `http://${host}:${port}` },
    body: JSON.stringify(body),
  });

  type Step = { name: string; weight: number; run: (i: number) => Promise<Res> };
  const steps: Step[] = [
    { name: "GET / (family)", weight: 30, run: () => request({ port, host, path: "/", cookie: family }) },
    { name: "GET /family", weight: 15, run: () => request({ port, host, path: "/family", cookie: family }) },
    { name: "GET /api/stats", weight: 10, run: () => request({ port, host, path: "/api/stats", cookie: family }) },
    { name: "GET /staff (staff)", weight: 10, run: () => request({ port, host, path: "/staff", cookie: staff }) },
    { name: "GET /api/residents (staff)", weight: 10, run: () => request({ port, host, path: "/api/residents", cookie: staff }) },
  ];
  if (familyStory) {
    steps.push({ name: "GET /stories/{id}", weight: 15, run: () => request({ port, host, path: `/stories/${familyStory}`, cookie: family }) });
    steps.push({ name: "POST comment", weight: 5, run: (i) => request({ port, host, path: `/api/stories/${familyStory}/comments`, ...json(family, { content: `Lovely story (load test ${i})`, emoji: "❤️" }) }) });
  }
  steps.push({ name: "POST calendar event", weight: 5, run: (i) => request({ port, host, path: "/api/calendar-events", ...json(staff, { title: `Load test event ${i}`, eventDate: "2031-01-01" }) }) });

  const total = steps.reduce((n, s) => n + s.weight, 0);
  const pick = (i: number) => {
    let x = (i * 7919) % total;
    for (const s of steps) {
      if (x < s.weight) return s;
      x -= s.weight;
    }
    return steps[0]!;
  };
  // a warm-up pass checks every step answers as expected before the timed run
  for (const s of steps) {
    const res = await s.run(0);
    if (res.status >= 400) console.warn(`warning: ${s.name} answered ${res.status} in the warm-up`);
  }
  const result = await runLoad(clients, seconds, (i) => pick(i).run(i));
  console.log(`bench-load on ${machineLine()}`);
  console.log(`mix: ${steps.map((s) => `${s.name} ${s.weight}%`).join(", ")}`);
  console.log(
    `${clients} clients for ${seconds} s: ${result.requests} requests, ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}`,
  );
  console.log(`statuses: ${JSON.stringify(result.statuses)}`);
  process.exitCode = result.errors === 0 ? 0 : 1;
} finally {
  await server.stop();
}
