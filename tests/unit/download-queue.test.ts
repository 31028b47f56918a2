// The queue PDFs and zips are made through: a few slots, a short waiting line behind them, a
// longest wait; first come, first served; a waiter who leaves gives up their place.
import { describe, expect, it } from "vitest";
import { busyAnswer, WorkQueue } from "~/utils/download-queue.server";

const queue = (slots = 2, waiting = 4, maxWaitMs = 10_000) =>
  new WorkQueue({ slots: () => slots, waiting, maxWaitMs });

describe("WorkQueue", () => {
  it("gives the slots at once, lines the next ones up, and refuses past the line", async () => {
    const q = queue(2, 4);
    const running = [await q.enter(), await q.enter()];
    expect(running.every(Boolean)).toBe(true);
    const waiting = [q.enter(), q.enter(), q.enter(), q.enter()];
    expect(q.stats).toEqual({ running: 2, waiting: 4 });
    expect(await q.enter()).toBeNull();
    // a slot let go goes to the first in line
    const order: number[] = [];
    waiting.forEach((w, i) => void w.then(() => order.push(i)));
    running[0]!();
    running[0]!(); // a second release changes nothing
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0]);
    expect(q.stats).toEqual({ running: 2, waiting: 3 });
    running[1]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0, 1]);
    for (const w of waiting) (await w)?.();
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
  });

  it("answers null to a wait past the longest wait, and to a waiter who leaves", async () => {
    const q = queue(1, 4, 50);
    const held = await q.enter();
    const timedOut = q.enter();
    const leaving = new AbortController();
    const left = q.enter(leaving.signal);
    leaving.abort();
    expect(await left).toBeNull();
    expect(q.stats.waiting).toBe(1);
    expect(await timedOut).toBeNull();
    expect(q.stats).toEqual({ running: 1, waiting: 0 });
    held!();
    expect(q.stats.running).toBe(0);
    // one already gone is not lined up at all
    expect(await q.enter(AbortSignal.abort())).toBeNull();
  });
});

describe("the busy answer", () => {
  const busy = { what: "books", back: { href: "/residents/r1/book", label: "Back to Ada's book" } };

  it("is a page in plain words with a link back for a browser", async () => {
    const res = busyAnswer(
      new Request("http://x.example/residents/r1/book.pdf", {
        headers: { Accept: "text/html,*/*" },
      }),
      busy,
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain("Many books are being made right now. Please try again in a minute.");
    expect(page).toContain('<a href="/residents/r1/book">Back to Ada&#39;s book</a>');
  });

  it("is JSON for an API client", async () => {
    const res = busyAnswer(
      new Request("http://x.example/residents/r1/book.pdf", {
        headers: { Accept: "application/json" },
      }),
      busy,
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(await res.json()).toEqual({
      error: "busy",
      message: "Many books are being made right now. Please try again in a minute.",
      retryAfterSeconds: 60,
    });
  });
});
