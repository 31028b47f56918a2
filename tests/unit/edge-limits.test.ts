import { once } from "node:events";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  BodyMeter,
  BodyTooLargeError,
  bodyRuleOf,
  isBrowserForm,
  ReadBudget,
  tooLargeJson,
  tooLargePage,
} from "~/utils/body-limit.server";
import {
  EdgeLimiter,
  edgeRules,
  mentionsSession,
  requesterKey,
  routePath,
  tooManyPage,
  tooManyText,
  busyPage,
  Turnstile,
  UploadGate,
  type EdgeRule,
  type RateSubject,
} from "~/utils/edge-limits.server";

const rules: EdgeRule[] = [
  {
    name: "uploads",
    limit: 3,
    windowMs: 60_000,
    match: ({ rate }) => rate === "uploads",
  },
  {
    name: "API requests",
    limit: 5,
    windowMs: 60_000,
    match: ({ path }) => path.startsWith("/api/"),
  },
];
// a photo sent to the API: its route declares the uploads class
const photo: RateSubject = { method: "POST", path: "/api/family/photos", rate: "uploads" };
const get = (path: string): RateSubject => ({ method: "GET", path });

describe("edge rate limits", () => {
  it("refuses past the limit, per requester, until the window ends", () => {
    const limiter = new EdgeLimiter(rules);
    const t = 1_000_000;
    for (let i = 0; i < 3; i++) expect(limiter.check(photo, "s:a", t)).toBeNull();
    expect(limiter.check(photo, "s:a", t)).toEqual({
      rule: "uploads",
      retryAfterSeconds: 60,
    });
    // someone else is not affected
    expect(limiter.check(photo, "s:b", t)).toBeNull();
    // a minute later the window starts again
    expect(limiter.check(photo, "s:a", t + 60_001)).toBeNull();
  });

  it("counts every API path toward the API limit and leaves pages alone", () => {
    const limiter = new EdgeLimiter(rules);
    for (let i = 0; i < 5; i++) expect(limiter.check(get("/api/stats"), "ip:1", 0)).toBeNull();
    expect(limiter.check(get("/api/stories/recent"), "ip:1", 0)?.rule).toBe("API requests");
    for (let i = 0; i < 50; i++) expect(limiter.check(get("/family"), "ip:1", 0)).toBeNull();
  });

  it("counts a class's requests by what their route declares, and every request under /api/", () => {
    const [uploads, signInLinks, api] = edgeRules();
    expect(uploads!.match(photo)).toBe(true);
    expect(uploads!.match({ method: "PUT", path: "/uploads/tok", rate: "uploads" })).toBe(true);
    // a route that declares no class, or another one, is not counted with uploads
    expect(uploads!.match({ method: "POST", path: "/api/family/photos" })).toBe(false);
    expect(uploads!.match({ method: "POST", path: "/invite", rate: "sign-in links" })).toBe(false);
    expect(signInLinks!.match({ method: "POST", path: "/invite", rate: "sign-in links" })).toBe(
      true,
    );
    expect(api!.match(get("/api/stats"))).toBe(true);
    expect(api!.match(photo)).toBe(true);
    expect(api!.match(get("/family"))).toBe(false);
  });

  it("a limit of 0 switches a rule off", () => {
    const limiter = new EdgeLimiter([{ ...rules[1]!, limit: 0 }]);
    for (let i = 0; i < 100; i++) expect(limiter.check(get("/api/stats"), "ip:1", 0)).toBeNull();
  });

  it("keys verified sessions by session and everyone else by address", () => {
    expect(requesterKey("a-verified-session-id", "1.2.3.4")).toMatch(/^s:[0-9a-f]{32}$/);
    expect(requesterKey(null, "1.2.3.4")).toBe("ip:1.2.3.4");
    expect(mentionsSession("storyloom_session=abc.def; other=1")).toBe(true);
    expect(mentionsSession("__Host-storyloom_session=abc")).toBe(true);
    expect(mentionsSession("other=1")).toBe(false);
    expect(mentionsSession(undefined)).toBe(false);
  });

  it("explains the wait in plain words", () => {
    expect(tooManyPage("uploads", 120)).toContain("Please wait 2 minutes and try again.");
  });
});

describe("edge rate limits under concurrency", () => {
  it("N concurrent requests whose requester is looked up asynchronously spend N places: exactly the limit pass", async () => {
    const limiter = new EdgeLimiter(rules);
    // as in server/index.ts: the requester is verified (a database read) before the check
    const verify = () =>
      new Promise<string>((resolve) => setTimeout(() => resolve("ip:10.0.0.1"), Math.random() * 5));
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, async () => limiter.check(photo, await verify(), 5_000)),
    );
    expect(outcomes.filter((o) => o === null)).toHaveLength(3);
    expect(outcomes.filter((o) => o?.rule === "uploads")).toHaveLength(37);
  });

  it("counts Remix's data requests as the page's own posts", () => {
    const limiter = new EdgeLimiter([
      {
        name: "sign-in links",
        limit: 2,
        windowMs: 60_000,
        match: ({ method, path }) =>
          method === "POST" && (path === "/auth/token" || path === "/invite"),
      },
    ]);
    const post = (path: string): RateSubject => ({ method: "post", path });
    expect(limiter.applies(post("/invite.data"))).toBe(true);
    expect(limiter.check(post("/invite"), "ip:1", 0)).toBeNull();
    expect(limiter.check(post("/invite.data"), "ip:1", 0)).toBeNull();
    expect(limiter.check(post("/auth/token.data"), "ip:1", 0)?.rule).toBe("sign-in links");
    expect(routePath("/_root.data")).toBe("/");
  });
});

describe("the upload gate", () => {
  const MB = 1024 * 1024;
  it("lets bodies in while they fit the memory budget, the rest in turn, never more at once", async () => {
    const gate = new UploadGate(50 * MB, 2);
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const release = await gate.acquire(`s:user${i}`, 10 * MB, 10_000);
        expect(release).not.toBeNull();
        inside++;
        most = Math.max(most, inside);
        expect(gate.inUse).toBeLessThanOrEqual(50 * MB);
        await new Promise((r) => setTimeout(r, 2 + (i % 3)));
        inside--;
        order.push(i);
        release!();
      }),
    );
    expect(most).toBe(5);
    expect(order).toHaveLength(30);
    expect(gate.inUse).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it("one requester reads at most two bodies at once, whatever the budget", async () => {
    const gate = new UploadGate(1000 * MB, 2);
    const first = await gate.acquire("s:one", MB);
    const second = await gate.acquire("s:one", MB);
    let third: (() => void) | null = null;
    const waiting = gate.acquire("s:one", MB).then((r) => (third = r));
    // someone else is not held up
    expect(await gate.acquire("s:two", MB)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    expect(third).toBeNull();
    first!();
    await waiting;
    expect(third).not.toBeNull();
    second!();
    third!();
  });

  it("a body heavier than the budget still gets in, alone; a wait that runs out answers null", async () => {
    const gate = new UploadGate(50 * MB, 2);
    const recording = await gate.acquire("s:a", 60 * MB);
    expect(recording).not.toBeNull();
    expect(await gate.acquire("s:b", 10 * MB, 20)).toBeNull();
    expect(gate.waiting).toBe(0);
    recording!();
    recording!(); // a second release changes nothing
    expect(gate.inUse).toBe(0);
    expect(await gate.acquire("s:b", 10 * MB, 20)).not.toBeNull();
  });
});

describe("the body meter", () => {
  const KB = 1024;
  async function readAll(stream: ReadableStream<Uint8Array>) {
    let n = 0;
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return n;
      n += value.byteLength;
    }
  }
  function source(total: number, chunk = 16 * KB) {
    const s = new PassThrough();
    void (async () => {
      for (let left = total; left > 0; left -= chunk) {
        if (!s.write(Buffer.alloc(Math.min(chunk, left), 1))) await once(s, "drain");
      }
      s.end();
    })();
    return s;
  }

  it("passes a body within the limit through whole", async () => {
    const meter = new BodyMeter(source(100 * KB), 128 * KB);
    expect(await readAll(meter.stream())).toBe(100 * KB);
    expect(meter.ended).toBe(true);
    expect(meter.over).toBe(false);
  });

  it("errors the app's stream just past the limit, having read no more than a chunk beyond it", async () => {
    const meter = new BodyMeter(source(10 * 1024 * KB), 64 * KB);
    await expect(readAll(meter.stream())).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(meter.over).toBe(true);
    expect(meter.bytes).toBeLessThanOrEqual(64 * KB + 16 * KB);
  });

  it("drains what the app left, up to a cap", async () => {
    const small = new BodyMeter(source(300 * KB), 64 * KB);
    expect(await small.drain(1024 * KB)).toBe(true);
    const big = new BodyMeter(source(10 * 1024 * KB), 64 * KB);
    expect(await big.drain(1024 * KB)).toBe(false);
    expect(big.bytes).toBeLessThanOrEqual(1024 * KB + 16 * KB);
  });

  it("stops draining a body that stopped arriving", async () => {
    const s = new PassThrough();
    s.write(Buffer.alloc(KB));
    const meter = new BodyMeter(s, 64 * KB);
    const t0 = Date.now();
    expect(await meter.drain(1024 * KB, 50)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it("stops draining a body that trickles in past the time it is given in all", async () => {
    const s = new PassThrough();
    // a byte every 10 ms: never idle for long, never near the cap
    const trickle = setInterval(() => s.write(Buffer.alloc(1)), 10);
    try {
      const meter = new BodyMeter(s, 64 * KB);
      const t0 = Date.now();
      expect(await meter.drain(1024 * KB, 1000, 150)).toBe(false);
      expect(Date.now() - t0).toBeLessThan(1000);
    } finally {
      clearInterval(trickle);
    }
  });

  it("concurrent bodies are metered each on its own", async () => {
    const meters = Array.from(
      { length: 20 },
      (_, i) => new BodyMeter(source((i % 2 ? 200 : 50) * KB, 8 * KB), 64 * KB),
    );
    const results = await Promise.allSettled(meters.map((m) => readAll(m.stream())));
    results.forEach((r, i) => expect(r.status, `body ${i}`).toBe(i % 2 ? "rejected" : "fulfilled"));
  });
});

describe("body rules", () => {
  // which route gets which rule: tests/unit/route-policy.test.ts, on the real build
  it("are small for sign-in, forms and JSON, larger only where a route declares more", () => {
    expect(bodyRuleOf(null).limit).toBe(64 * 1024);
    expect(bodyRuleOf({ body: "form" }).limit).toBe(64 * 1024);
    expect(bodyRuleOf({ body: "long text" }).limit).toBe(256 * 1024);
    expect(bodyRuleOf({ body: "photo" }).limit).toBe(64 * 1024 * 1024);
    expect(bodyRuleOf({ body: "photo" }).drainCap).toBe(64 * 1024 * 1024);
    expect(bodyRuleOf({ body: "recording" }).limit).toBeGreaterThan(40 * 1024 * 1024);
    expect(bodyRuleOf({ body: "long text" }).drainCap).toBe(1024 * 1024);
    expect(bodyRuleOf({ body: "form", rate: "uploads" }).name).toBe("form");
  });

  it("know a browser's own form from an API call", () => {
    expect(isBrowserForm("/family", "multipart/form-data; boundary=x")).toBe(true);
    expect(isBrowserForm("/login", "application/x-www-form-urlencoded")).toBe(true);
    expect(isBrowserForm("/api/family/photos", "multipart/form-data; boundary=x")).toBe(false);
    expect(isBrowserForm("/login", "application/json")).toBe(false);
  });

  it("answer in plain words with a way back that stays on this site", () => {
    const page = tooLargePage(bodyRuleOf({ body: "photo" }), "/family.data?dialog=photo");
    expect(page).toContain("File too large");
    expect(page).toContain('href="/family?dialog=photo"');
    expect(tooLargePage(bodyRuleOf(null), "//evil.example/x")).toContain('href="/"');
    expect(JSON.parse(tooLargeJson(bodyRuleOf({ body: "form" }))).message).toMatch(/at most 64 KB/);
  });
});

describe("the read budget for large bodies", () => {
  const MB = 1024 * 1024;
  it("lets a burst through, then paces readers to the rate, shared by all of them", () => {
    const t = 1_000_000;
    const budget = new ReadBudget(64 * MB, 16 * MB, t);
    expect(budget.take(16 * MB, t)).toBe(0);
    // 20 concurrent readers each wanting 64 KB more wait their turn: together 1.25 MB at 64 MB/s
    const waits = Array.from({ length: 20 }, () => budget.take(64 * 1024, t));
    expect(waits[0]).toBe(1);
    expect(waits[19]).toBe(20);
    // a second later the bucket has refilled
    expect(budget.take(MB, t + 1_000)).toBe(0);
  });
  it("a rate of 0 switches it off", () => {
    expect(new ReadBudget(0).take(100 * MB)).toBe(0);
  });
});

describe("Turnstile: requests begin in turn, a few per turn of the event loop", () => {
  /** Turns of the loop run by hand: `turn()` runs what the last turn scheduled. */
  function manualLoop() {
    let scheduled: (() => void)[] = [];
    return {
      nextTurn: (run: () => void) => void scheduled.push(run),
      get pending() {
        return scheduled.length;
      },
      turn() {
        const now = scheduled;
        scheduled = [];
        for (const run of now) run();
      },
    };
  }
  const settled = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it("an idle server lets a request begin at once", () => {
    const loop = manualLoop();
    const turns = new Turnstile(1, loop.nextTurn);
    expect(turns.enter()).toBeNull();
  });

  it("past the turn's share, requests wait and begin one per turn in the order they came", async () => {
    const loop = manualLoop();
    const turns = new Turnstile(1, loop.nextTurn);
    const begun: string[] = [];
    expect(turns.enter()).toBeNull();
    for (const name of ["b", "c", "d"]) void turns.enter()!.then(() => begun.push(name));
    expect(turns.waiting).toBe(3);
    await settled();
    expect(begun).toEqual([]);
    loop.turn();
    await settled();
    expect(begun).toEqual(["b"]);
    // one that arrives now queues behind those already waiting, even though this turn has room
    void turns.enter()!.then(() => begun.push("e"));
    loop.turn();
    await settled();
    expect(begun).toEqual(["b", "c"]);
    loop.turn();
    loop.turn();
    await settled();
    expect(begun).toEqual(["b", "c", "d", "e"]);
    expect(turns.waiting).toBe(0);
  });

  it("gives `perTurn` starts a turn", async () => {
    const loop = manualLoop();
    const turns = new Turnstile(2, loop.nextTurn);
    const begun: number[] = [];
    expect(turns.enter()).toBeNull();
    expect(turns.enter()).toBeNull();
    for (const n of [3, 4, 5]) void turns.enter()!.then(() => begun.push(n));
    loop.turn();
    await settled();
    expect(begun).toEqual([3, 4]);
    loop.turn();
    await settled();
    expect(begun).toEqual([3, 4, 5]);
  });

  it("stops turning once nobody waits, and starts again with the next request", () => {
    const loop = manualLoop();
    const turns = new Turnstile(1, loop.nextTurn);
    expect(turns.enter()).toBeNull();
    expect(loop.pending).toBe(1);
    expect(turns.enter()).not.toBeNull(); // this turn's share is taken
    loop.turn(); // gives the waiting one its start
    expect(loop.pending).toBe(1);
    loop.turn(); // a turn with nothing to give and nobody waiting: no more turns scheduled
    expect(loop.pending).toBe(0);
    expect(turns.enter()).toBeNull();
    expect(loop.pending).toBe(1);
  });

  it("with the real event loop, many requests at once all begin, in order", async () => {
    const turns = new Turnstile();
    const begun: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const turn = turns.enter();
        if (turn) await turn;
        begun.push(i);
      }),
    );
    expect(begun).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe("the server's own pages, in the reader's language", () => {
  it("writes the 429 page and text and the busy page in Spanish for a Spanish reader", () => {
    const page = tooManyPage("uploads", 120, "es");
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("Desde aquí ha habido demasiados envíos de archivos. Espere 2 minutos");
    expect(tooManyPage("uploads", 60, "en")).toContain("Please wait 1 minute and try again.");
    expect(tooManyText("API requests", "es")).toBe(
      "Demasiados pedidos a la API. Espere y vuelva a intentarlo.",
    );
    expect(busyPage(60, "es")).toContain("Espere 1 minuto y vuelva a enviar el suyo.");
    expect(busyPage(60)).toContain("Please wait 1 minute and send yours again.");
  });
});
