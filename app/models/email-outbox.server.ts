// The email queue of one community: a row per message in its own database, written in the same
// transaction as what caused it, sent later by the worker (models/mail-worker.server.ts) so that no
// request waits for a mail server. A message is claimed (queued -> sending) before it is sent and
// marked sent right after the server accepts it; a restart puts rows left "sending" back in the
// queue. Failures are retried with growing pauses; a refusal for good (5xx) is not retried.
import { and, asc, count, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { deliverMail, DeliveryError, type Delivery } from "~/utils/mailer.server";

const { emailOutbox } = tenantSchema;

export type OutboxRow = typeof emailOutbox.$inferSelect;

export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_PAUSE_MS = 6 * 60 * 60_000;

/** The pause before attempt `attempts + 1`: 30 s, 1 min, 2 min, ... at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_PAUSE_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export type NewEmail = {
  kind: OutboxRow["kind"];
  toUserId: string | null;
  toAddress: string;
  toName: string | null;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string | null;
  dedupeKey?: string | null;
  /** not sent before this time (default: as soon as the worker can) */
  notBefore?: Date | null;
};

/** Queues a message. Returns its id, or null when a message with the same dedupe key exists. */
export function enqueueEmail(db: TenantQueries, email: NewEmail): string | null {
  const id = newId();
  const result = db
    .insert(emailOutbox)
    .values({
      id,
      kind: email.kind,
      toUserId: email.toUserId,
      toAddress: email.toAddress,
      toName: email.toName,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      unsubscribeUrl: email.unsubscribeUrl,
      dedupeKey: email.dedupeKey ?? null,
      ...(email.notBefore ? { nextAttemptAt: email.notBefore.toISOString() } : {}),
    })
    .onConflictDoNothing()
    .run();
  return result.changes === 1 ? id : null;
}

/** The message whose dedupe key is the greatest of those starting with `prefix`, or undefined. */
export function lastEmailKeyed(db: TenantQueries, prefix: string): OutboxRow | undefined {
  // keys that start with the prefix sort between it and the prefix with its last character raised
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return db
    .select()
    .from(emailOutbox)
    .where(and(gte(emailOutbox.dedupeKey, prefix), lt(emailOutbox.dedupeKey, end)))
    .orderBy(desc(emailOutbox.dedupeKey))
    .limit(1)
    .get();
}

/** Whether the worker has not yet tried to send this message (so its words may still change). */
export function isUntried(row: Pick<OutboxRow, "status" | "attempts">): boolean {
  return row.status === "queued" && row.attempts === 0;
}

/**
 * Writes new words into a message nobody has tried to send yet. Returns false when the worker has
 * taken it meanwhile (then it goes as it was).
 */
export function rewriteUntriedEmail(db: TenantQueries, id: string, email: Pick<NewEmail, "subject" | "text" | "html">): boolean {
  return (
    db
      .update(emailOutbox)
      .set({ subject: email.subject, textBody: email.text, htmlBody: email.html })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "queued"), eq(emailOutbox.attempts, 0)))
      .run().changes === 1
  );
}

/** After a restart: messages a stopped process was sending go back in the queue. Returns how many. */
export function requeueInterrupted(db: TenantDb): number {
  return db.update(emailOutbox).set({ status: "queued" }).where(eq(emailOutbox.status, "sending")).run().changes;
}

/** Takes the next message that is due, or undefined. Only one caller can take a row. */
export function claimNextEmail(db: TenantDb, now = new Date()): OutboxRow | undefined {
  for (;;) {
    const next = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, now.toISOString())))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
      .limit(1)
      .get();
    if (!next) return undefined;
    const taken = db
      .update(emailOutbox)
      .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, next.id), eq(emailOutbox.status, "queued")))
      .returning()
      .get();
    if (taken) return taken;
  }
}

function markSent(db: TenantDb, id: string) {
  db.update(emailOutbox).set({ status: "sent", sentAt: new Date().toISOString(), lastError: null }).where(eq(emailOutbox.id, id)).run();
}

function markFailed(db: TenantDb, row: OutboxRow, error: string, permanent: boolean, now: Date) {
  const giveUp = permanent || row.attempts >= MAX_ATTEMPTS;
  db.update(emailOutbox)
    .set({
      status: giveUp ? "failed" : "queued",
      lastError: error.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
    })
    .where(eq(emailOutbox.id, row.id))
    .run();
}

export type DrainResult = { sent: number; retrying: number; failed: number };

/**
 * Sends every message of the community that is due, one at a time. `deliver` is the mailer unless
 * a test gives another. Stops early when `shouldStop` says so (server shutting down).
 */
export async function drainOutbox(
  db: TenantDb,
  community: Pick<Community, "name" | "subdomain">,
  opts: { now?: () => Date; deliver?: typeof deliverMail; shouldStop?: () => boolean } = {},
): Promise<DrainResult> {
  const now = opts.now ?? (() => new Date());
  const deliver = opts.deliver ?? deliverMail;
  const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    if (opts.shouldStop?.()) break;
    const row = claimNextEmail(db, now());
    if (!row) break;
    let delivery: Delivery | null = null;
    try {
      delivery = await deliver({
        id: row.id,
        subdomain: community.subdomain,
        fromName: community.name,
        to: { name: row.toName, address: row.toAddress },
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        unsubscribeUrl: row.unsubscribeUrl,
      });
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      markFailed(db, row, (error as Error).message, permanent, now());
      if (permanent || row.attempts >= MAX_ATTEMPTS) result.failed++;
      else result.retrying++;
      console.warn(`Email ${community.subdomain}/${row.id} to ${row.toAddress} not sent (attempt ${row.attempts}): ${(error as Error).message}`);
    }
    if (delivery) {
      markSent(db, row.id);
      result.sent++;
    }
  }
  return result;
}

/** When the next queued message is due (UTC ISO), or null when nothing waits. */
export function nextDueAt(db: TenantDb): string | null {
  return (
    db
      .select({ at: emailOutbox.nextAttemptAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "queued"))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(1)
      .get()?.at ?? null
  );
}

export function outboxCounts(db: TenantDb): Record<OutboxRow["status"], number> {
  const out = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of db.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status).all()) out[r.status] = r.n;
  return out;
}

export function recentEmails(db: TenantDb, limit = 50): OutboxRow[] {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit).all();
}

// --- waking the worker ---
// The worker runs in the server process (started by scripts/start.ts); the Remix build and the
// scripts share it through globalThis. Without a worker (tests, scripts) a kick does nothing.

type MailSignal = { kick?: (subdomain: string) => void; scheduleChanged?: (subdomain: string) => void };
const g = globalThis as typeof globalThis & { __storyloomMailSignal?: MailSignal };

export function mailSignal(): MailSignal {
  return (g.__storyloomMailSignal ??= {});
}

/** Tells the worker that this community has mail to send. */
export function kickMailWorker(subdomain: string) {
  mailSignal().kick?.(subdomain);
}

/** Tells the worker that this community chose another day or hour for its digest. */
export function digestScheduleChanged(subdomain: string) {
  mailSignal().scheduleChanged?.(subdomain);
}
