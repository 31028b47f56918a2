// How often one person may comment, react, ask questions and share photos. The models enforce these
// limits, so the screens and the API obey the same ones. Comments, questions and photos are counted
// from the community's activity rows, written in the same transaction as what they record: they
// outlast a deleted comment, a restart and a second process, and the count and the new row are one
// write (transactions take the write lock as they begin). A reaction taken back leaves no row, so
// reactions are counted in the control database's rate-limit table instead.
import { and, desc, eq, gt } from "drizzle-orm";
import { tenantSchema, type TenantQueries } from "~/utils/db.server";
import { hitRateLimit } from "~/utils/rate-limit.server";
import type { ActivityType } from "./activity.server";

const { activity } = tenantSchema;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type LimitedAction = "comment" | "reaction" | "question" | "photo";
export type LimitRule = { max: number; windowMs: number };

/** At most `max` in any `windowMs` (a sliding window), per person, for each rule of the action. */
export const PERSON_LIMITS: Record<LimitedAction, readonly LimitRule[]> = {
  comment: [
    { max: 10, windowMs: MINUTE },
    { max: 100, windowMs: DAY },
  ],
  reaction: [{ max: 60, windowMs: MINUTE }],
  question: [{ max: 10, windowMs: HOUR }],
  photo: [{ max: 30, windowMs: HOUR }],
};

const COUNTED_AS: Record<Exclude<LimitedAction, "reaction">, ActivityType> = {
  comment: "comment_added",
  question: "question_asked",
  photo: "photo_shared",
};

/** One more would go over a limit: what to tell the person, and when to try again. */
export class PersonLimitError extends Error {
  readonly status = 429;
  constructor(
    readonly action: LimitedAction,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export type LimitVerdict = { ok: true } | { ok: false; rule: LimitRule; retryAfterSeconds: number };

/**
 * Whether one more is allowed now, given when the person's latest ones happened (any order). When
 * a rule is full, the wait lasts until enough of them have left its window; the longest wait wins.
 */
export function judgeLimits(rules: readonly LimitRule[], times: readonly (string | Date)[], now: Date): LimitVerdict {
  const at = times.map((t) => (typeof t === "string" ? Date.parse(t) : t.getTime())).sort((a, b) => b - a);
  let worst: LimitVerdict = { ok: true };
  for (const rule of rules) {
    const inWindow = at.filter((t) => t > now.getTime() - rule.windowMs);
    if (inWindow.length < rule.max) continue;
    // the rule's max-th newest must leave the window before one more fits
    const waitMs = inWindow[rule.max - 1]! + rule.windowMs - now.getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    if (worst.ok || retryAfterSeconds > worst.retryAfterSeconds) worst = { ok: false, rule, retryAfterSeconds };
  }
  return worst;
}

/** "a minute", "4 minutes", "an hour", "3 hours": how long to wait, rounded up. */
export function waitWords(seconds: number): string {
  if (seconds <= 60) return "a minute";
  if (seconds < HOUR / 1000) return `${Math.ceil(seconds / 60)} minutes`;
  const hours = Math.ceil(seconds / 3600);
  return hours === 1 ? "an hour" : `${hours} hours`;
}

const DONE_A_LOT: Record<LimitedAction, string> = {
  comment: "You've posted a lot of comments",
  reaction: "You've reacted a lot",
  question: "You've asked a lot of questions",
  photo: "You've shared a lot of photos",
};

export function limitMessage(action: LimitedAction, rule: LimitRule, retryAfterSeconds: number): string {
  const when = rule.windowMs >= DAY ? "in one day" : "in a short time";
  return `${DONE_A_LOT[action]} ${when}. Please wait ${waitWords(retryAfterSeconds)} and try again.`;
}

function refuse(action: LimitedAction, verdict: LimitVerdict) {
  if (!verdict.ok) throw new PersonLimitError(action, limitMessage(action, verdict.rule, verdict.retryAfterSeconds), verdict.retryAfterSeconds);
}

/**
 * Throws PersonLimitError when one more comment, question or photo from this person would go over
 * a limit. Call it inside the transaction that writes the row and its activity.
 */
export function assertWithinLimits(db: TenantQueries, action: Exclude<LimitedAction, "reaction">, userId: string, now = new Date()) {
  const rules = PERSON_LIMITS[action];
  const longest = Math.max(...rules.map((r) => r.windowMs));
  const most = Math.max(...rules.map((r) => r.max));
  const times = db
    .select({ at: activity.createdAt })
    .from(activity)
    .where(and(gt(activity.createdAt, new Date(now.getTime() - longest).toISOString()), eq(activity.type, COUNTED_AS[action]), eq(activity.actorUserId, userId)))
    .orderBy(desc(activity.createdAt))
    .limit(most)
    .all()
    .map((r) => r.at);
  refuse(action, judgeLimits(rules, times, now));
}

/** Counts one reaction press (given or taken back) by this person; throws PersonLimitError past the limit. */
export function spendReaction(userId: string, now = new Date()) {
  const [rule] = PERSON_LIMITS.reaction;
  const result = hitRateLimit(`reactions:${userId}`, rule!.max, rule!.windowMs, now.getTime());
  if (!result.ok) refuse("reaction", { ok: false, rule: rule!, retryAfterSeconds: Math.max(1, result.retryAfterSeconds) });
}
