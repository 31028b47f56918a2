// The mail worker of the server process: sends each community's queued email (one message at a
// time, so a slow mail server never competes with page requests for long), retries at the times
// the queue gives, and queues the weekly digests when a community's hour comes. Started once by
// scripts/start.ts; state lives on globalThis because the Remix build and the scripts are two
// copies of these modules in one process.
import { getCommunityBySubdomain, listCommunities } from "./community.server";
import { getTenantDb } from "~/utils/db.server";
import { drainOutbox, mailSignal, nextDueAt, requeueInterrupted } from "./email-outbox.server";
import { nextScheduledDigest, runScheduledDigest } from "./digest.server";

type WorkerState = {
  started: boolean;
  stopping: boolean;
  pending: Set<string>;
  running: Promise<void> | null;
  retryTimers: Map<string, NodeJS.Timeout>;
  /** when each community's digest is next due (ms); missing: read it from its database */
  digestDue: Map<string, number | null>;
  ticker: NodeJS.Timeout | null;
};

const g = globalThis as typeof globalThis & { __storyloomMailWorker?: WorkerState };
const state: WorkerState = (g.__storyloomMailWorker ??= {
  started: false,
  stopping: false,
  pending: new Set(),
  running: null,
  retryTimers: new Map(),
  digestDue: new Map(),
  ticker: null,
});

const MAX_TIMER_MS = 2 ** 31 - 1;

function wake(subdomain: string) {
  state.pending.add(subdomain);
  void pump();
}

function pump(): Promise<void> {
  if (state.running) return state.running;
  const run = async () => {
    // yield first: the promise is stored before the loop can end and clear it
    await Promise.resolve();
    try {
      while (state.pending.size && !state.stopping) {
        const subdomain = state.pending.values().next().value as string;
        state.pending.delete(subdomain);
        await drainCommunity(subdomain);
      }
    } finally {
      state.running = null;
    }
  };
  state.running = run();
  return state.running;
}

function retryAt(subdomain: string, atMs: number) {
  clearTimeout(state.retryTimers.get(subdomain));
  const timer = setTimeout(() => {
    state.retryTimers.delete(subdomain);
    wake(subdomain);
  }, Math.min(MAX_TIMER_MS, Math.max(0, atMs - Date.now())));
  timer.unref();
  state.retryTimers.set(subdomain, timer);
}

async function drainCommunity(subdomain: string) {
  try {
    const community = getCommunityBySubdomain(subdomain);
    // an inactive community's mail waits until it is active again (or the next start)
    if (!community || !community.isActive) return;
    const db = getTenantDb(community);
    await drainOutbox(db, community, { shouldStop: () => state.stopping });
    const next = nextDueAt(db);
    if (next) retryAt(subdomain, Date.parse(next));
  } catch (error) {
    console.error(`Mail for ${subdomain} could not be sent; trying again in a minute`, error);
    retryAt(subdomain, Date.now() + 60_000);
  }
}

/** Queues the digests whose hour has come. Cheap when none is due: times are kept in memory. */
export function checkDigests(now = new Date()) {
  for (const community of listCommunities()) {
    if (!community.isActive) continue;
    const due = state.digestDue.get(community.subdomain);
    if (due !== undefined && due !== null && due > now.getTime()) continue;
    try {
      const db = getTenantDb(community);
      const ran = runScheduledDigest(db, community, now);
      if (ran) console.log(`Weekly digest for ${community.subdomain}: ${ran.queued} queued, ${ran.plan.quiet} with nothing new`);
      state.digestDue.set(community.subdomain, nextScheduledDigest(db, community.timeZone)?.getTime() ?? null);
    } catch (error) {
      console.error(`The weekly digest of ${community.subdomain} could not be prepared`, error);
    }
  }
}

/**
 * Starts the worker: messages a stopped server was sending go back in the queue, everything due
 * is sent, and the digest clock is checked every minute. Safe to call twice.
 */
export function startMailWorker(opts: { digestCheckMs?: number } = {}): { requeued: number; waiting: number } {
  if (state.started) return { requeued: 0, waiting: 0 };
  state.started = true;
  state.stopping = false;
  const signal = mailSignal();
  signal.kick = wake;
  signal.scheduleChanged = (subdomain) => state.digestDue.delete(subdomain);
  let requeued = 0;
  let waiting = 0;
  for (const community of listCommunities()) {
    try {
      const db = getTenantDb(community);
      requeued += requeueInterrupted(db);
      if (nextDueAt(db)) {
        waiting++;
        state.pending.add(community.subdomain);
      }
    } catch (error) {
      console.error(`The email queue of ${community.subdomain} could not be read`, error);
    }
  }
  void pump();
  checkDigests();
  state.ticker = setInterval(() => checkDigests(), opts.digestCheckMs ?? 60_000);
  state.ticker.unref();
  return { requeued, waiting };
}

/** Stops taking new messages; resolves when the message being sent is done. */
export async function stopMailWorker() {
  state.stopping = true;
  if (state.ticker) clearInterval(state.ticker);
  state.ticker = null;
  for (const t of state.retryTimers.values()) clearTimeout(t);
  state.retryTimers.clear();
  const signal = mailSignal();
  signal.kick = undefined;
  signal.scheduleChanged = undefined;
  await state.running;
  state.started = false;
  state.pending.clear();
  state.digestDue.clear();
}
