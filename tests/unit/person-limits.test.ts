// The per-person limits on comments, reactions, questions and photos: sliding windows, the wait
// until one more fits, and the words the screens and the API say.
import { describe, expect, it } from "vitest";
import {
  judgeLimits,
  limitMessage,
  PERSON_LIMITS,
  waitWords,
  type LimitRule,
} from "~/models/person-limits.server";

const now = new Date("2026-03-01T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("the limits chosen", () => {
  it("comments 10 a minute and 100 a day, reactions 60 a minute, questions 10 and photos 30 an hour", () => {
    expect(PERSON_LIMITS).toEqual({
      comment: [
        { max: 10, windowMs: MINUTE },
        { max: 100, windowMs: DAY },
      ],
      reaction: [{ max: 60, windowMs: MINUTE }],
      question: [{ max: 10, windowMs: HOUR }],
      photo: [{ max: 30, windowMs: HOUR }],
    });
  });
});

describe("judgeLimits", () => {
  const perMinute: LimitRule[] = [{ max: 3, windowMs: MINUTE }];

  it("allows while fewer than the limit fall in the window", () => {
    expect(judgeLimits(perMinute, [], now)).toEqual({ ok: true });
    expect(judgeLimits(perMinute, [ago(1 * SECOND), ago(2 * SECOND)], now)).toEqual({ ok: true });
  });

  it("refuses the one over the limit until the oldest that counts leaves the window", () => {
    const verdict = judgeLimits(
      perMinute,
      [ago(5 * SECOND), ago(10 * SECOND), ago(20 * SECOND)],
      now,
    );
    expect(verdict).toEqual({ ok: false, rule: perMinute[0], retryAfterSeconds: 40 });
  });

  it("slides: what left the window no longer counts, exactly at its edge", () => {
    expect(judgeLimits(perMinute, [ago(5 * SECOND), ago(10 * SECOND), ago(MINUTE)], now)).toEqual({
      ok: true,
    });
    expect(
      judgeLimits(perMinute, [ago(5 * SECOND), ago(10 * SECOND), ago(MINUTE - 1)], now),
    ).toMatchObject({ ok: false, retryAfterSeconds: 1 });
  });

  it("takes the times in any order, as strings or dates, and counts only the newest that matter", () => {
    const times = [ago(50 * SECOND), new Date(now.getTime() - 2 * SECOND), ago(30 * SECOND)];
    // four in the minute and room for three: one more fits once only two are left, when the
    // third newest (50 s ago) leaves
    expect(judgeLimits(perMinute, [...times, ago(55 * SECOND)], now)).toMatchObject({
      ok: false,
      retryAfterSeconds: 10,
    });
  });

  it("the longest wait of several rules wins: the day's limit outlasts the minute's", () => {
    const rules = PERSON_LIMITS.comment;
    // 100 comments spread over the last 20 hours, none in the last minute
    const day = Array.from({ length: 100 }, (_, i) => ago(HOUR + i * 10 * MINUTE));
    const verdict = judgeLimits(rules, day, now);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.rule.windowMs).toBe(DAY);
    // the oldest of the hundred was 17.5 hours ago: free again in 6.5 hours
    expect(verdict.retryAfterSeconds).toBe((DAY - (HOUR + 99 * 10 * MINUTE)) / SECOND);
    // ten in the last minute as well: still the day's wait, the longer one
    const both = judgeLimits(rules, [...day.slice(10), ...Array(10).fill(ago(SECOND))], now);
    expect(both).toMatchObject({ ok: false, rule: { windowMs: DAY } });
    // ten in the last minute and a quiet day: the minute's wait
    expect(judgeLimits(rules, Array(10).fill(ago(20 * SECOND)), now)).toEqual({
      ok: false,
      rule: rules[0],
      retryAfterSeconds: 40,
    });
  });

  it("never says to wait less than a second", () => {
    expect(judgeLimits(perMinute, [ago(MINUTE - 10), ago(1), ago(0)], now)).toMatchObject({
      retryAfterSeconds: 1,
    });
  });
});

describe("the words", () => {
  it("rounds the wait up to minutes, then hours", () => {
    expect(waitWords(1)).toBe("a minute");
    expect(waitWords(60)).toBe("a minute");
    expect(waitWords(61)).toBe("2 minutes");
    expect(waitWords(59 * 60)).toBe("59 minutes");
    expect(waitWords(3600)).toBe("an hour");
    expect(waitWords(3601)).toBe("2 hours");
  });

  it("says what was done a lot, and how long to wait", () => {
    const [minute, day] = PERSON_LIMITS.comment;
    expect(limitMessage("comment", minute!, 40)).toBe(
      "You've posted a lot of comments in a short time. Please wait a minute and try again.",
    );
    expect(limitMessage("comment", day!, 5 * 3600 + 10)).toBe(
      "You've posted a lot of comments in one day. Please wait 6 hours and try again.",
    );
    expect(limitMessage("reaction", PERSON_LIMITS.reaction[0]!, 12)).toBe(
      "You've reacted a lot in a short time. Please wait a minute and try again.",
    );
    expect(limitMessage("question", PERSON_LIMITS.question[0]!, 25 * 60)).toBe(
      "You've asked a lot of questions in a short time. Please wait 25 minutes and try again.",
    );
    expect(limitMessage("photo", PERSON_LIMITS.photo[0]!, 90)).toBe(
      "You've shared a lot of photos in a short time. Please wait 2 minutes and try again.",
    );
  });
});
