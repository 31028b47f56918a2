// Programs that repeat: the rules a person or a client may give, the days they fall on in the
// community's calendar, the form's choices both ways, and the rule in words.
import { describe, expect, it } from "vitest";
import {
  checkRule,
  describeRule,
  fieldsFromRule,
  isRuleDate,
  lastRuleDate,
  ruleDates,
  ruleEndingBefore,
  ruleFromDate,
  ruleFromFields,
  type RecurrenceFields,
} from "~/models/recurrence.server";
import { translator } from "~/utils/i18n.server";

const fields = (f: Partial<RecurrenceFields>): RecurrenceFields => ({
  repeat: "weekly",
  interval: 1,
  weekdays: ["TU"],
  monthlyBy: "date",
  ends: "never",
  until: null,
  count: null,
  ...f,
});

describe("checkRule", () => {
  it("takes a weekly rule, with or without the RRULE: prefix, and writes it one way", () => {
    expect(checkRule("RRULE:freq=weekly;byday=tu", "2026-12-01")).toEqual({
      ok: true,
      rule: "FREQ=WEEKLY;BYDAY=TU",
    });
    expect(checkRule("FREQ=MONTHLY;BYDAY=+2TU;UNTIL=20270601T000000Z", "2026-12-08")).toEqual({
      ok: true,
      rule: "FREQ=MONTHLY;BYDAY=+2TU;UNTIL=20270601",
    });
  });
  it("refuses what cannot be read, more often than daily, and ends before the start", () => {
    expect(checkRule("every tuesday", "2026-12-01")).toEqual({ ok: false, problem: "malformed" });
    expect(checkRule("FREQ=SOMETIMES", "2026-12-01")).toEqual({ ok: false, problem: "malformed" });
    expect(checkRule("FREQ=WEEKLY;BYDAY=XX", "2026-12-01")).toEqual({
      ok: false,
      problem: "malformed",
    });
    expect(checkRule("FREQ=HOURLY", "2026-12-01")).toEqual({ ok: false, problem: "tooOften" });
    expect(checkRule("FREQ=MINUTELY;INTERVAL=5", "2026-12-01")).toEqual({
      ok: false,
      problem: "tooOften",
    });
    expect(checkRule("FREQ=DAILY;INTERVAL=0", "2026-12-01")).toEqual({
      ok: false,
      problem: "interval",
    });
    expect(checkRule("FREQ=DAILY;COUNT=100000", "2026-12-01")).toEqual({
      ok: false,
      problem: "count",
    });
    expect(checkRule("FREQ=DAILY;UNTIL=20261101", "2026-12-01")).toEqual({
      ok: false,
      problem: "untilBeforeStart",
    });
    expect(checkRule("FREQ=DAILY;DTSTART=20261201", "2026-12-01")).toEqual({
      ok: false,
      problem: "malformed",
    });
  });
});

describe("ruleDates", () => {
  it("gives each Tuesday of three months, the same days across the daylight-saving change", () => {
    // New York falls back on 2026-11-01 and springs forward on 2027-03-14: days do not move
    const days = ruleDates("FREQ=WEEKLY;BYDAY=TU", "2026-10-06", "2026-10-01", "2026-12-31");
    expect(days).toHaveLength(13);
    expect(days.slice(0, 6)).toEqual([
      "2026-10-06",
      "2026-10-13",
      "2026-10-20",
      "2026-10-27",
      "2026-11-03",
      "2026-11-10",
    ]);
    for (const d of days) expect(new Date(`${d}T00:00:00Z`).getUTCDay()).toBe(2);
  });
  it("gives the second Tuesday of each month, every other week, and a count", () => {
    expect(ruleDates("FREQ=MONTHLY;BYDAY=+2TU", "2026-12-08", "2026-12-01", "2027-03-31")).toEqual([
      "2026-12-08",
      "2027-01-12",
      "2027-02-09",
      "2027-03-09",
    ]);
    expect(
      ruleDates("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-11-30", "2026-11-30", "2026-12-31"),
    ).toEqual(["2026-11-30", "2026-12-03", "2026-12-14", "2026-12-17", "2026-12-28", "2026-12-31"]);
    expect(ruleDates("FREQ=DAILY;COUNT=3", "2026-12-01", "2026-11-01", "2027-12-31")).toEqual([
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
    ]);
  });
  it("knows its days, its last day, and goes on without an end", () => {
    expect(isRuleDate("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", "2026-12-15")).toBe(true);
    expect(isRuleDate("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", "2026-12-16")).toBe(false);
    expect(isRuleDate("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", "2026-11-24")).toBe(false);
    expect(isRuleDate("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", "2026-02-30")).toBe(false);
    expect(lastRuleDate("FREQ=WEEKLY;BYDAY=TU;COUNT=4", "2026-12-01")).toBe("2026-12-22");
    expect(lastRuleDate("FREQ=WEEKLY;BYDAY=TU;UNTIL=20261220", "2026-12-01")).toBe("2026-12-15");
    expect(lastRuleDate("FREQ=WEEKLY;BYDAY=TU", "2026-12-01")).toBeNull();
    expect(ruleDates("FREQ=DAILY", "2020-01-01", "2036-01-01", "2036-01-03")).toHaveLength(3);
  });
});

describe("splitting a series", () => {
  it("ends a series the day before a date, or says nothing would be left", () => {
    expect(ruleEndingBefore("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", "2027-01-05")).toBe(
      "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270104",
    );
    expect(ruleEndingBefore("FREQ=WEEKLY;BYDAY=TU;COUNT=10", "2026-12-01", "2026-12-15")).toBe(
      "FREQ=WEEKLY;BYDAY=TU;UNTIL=20261214",
    );
    expect(ruleEndingBefore("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", "2026-12-01")).toBeNull();
  });
  it("gives the later part the occurrences a count has left", () => {
    expect(ruleFromDate("FREQ=WEEKLY;BYDAY=TU;COUNT=10", "2026-12-01", "2026-12-15")).toBe(
      "FREQ=WEEKLY;BYDAY=TU;COUNT=8",
    );
    expect(ruleFromDate("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", "2026-12-15")).toBe(
      "FREQ=WEEKLY;BYDAY=TU",
    );
  });
});

describe("the event form's choices", () => {
  it("make rules, and are read back from them", () => {
    expect(ruleFromFields(fields({}), "2026-12-01")).toEqual({
      ok: true,
      rule: "FREQ=WEEKLY;BYDAY=TU",
    });
    expect(ruleFromFields(fields({ repeat: "none" }), "2026-12-01")).toEqual({
      ok: true,
      rule: null,
    });
    const monthly = ruleFromFields(
      fields({ repeat: "monthly", monthlyBy: "weekday", ends: "after", count: 6 }),
      "2026-12-08",
    );
    expect(monthly).toEqual({ ok: true, rule: "FREQ=MONTHLY;BYDAY=2TU;COUNT=6" });
    expect(fieldsFromRule("FREQ=MONTHLY;BYDAY=2TU;COUNT=6", "2026-12-08")).toMatchObject({
      repeat: "monthly",
      monthlyBy: "weekday",
      ends: "after",
      count: 6,
    });
    expect(
      ruleFromFields(
        fields({ interval: 2, weekdays: ["TH", "MO"], ends: "on", until: "2027-03-01" }),
        "2026-11-30",
      ),
    ).toEqual({ ok: true, rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270301" });
    expect(
      fieldsFromRule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270301", "2026-11-30"),
    ).toMatchObject({
      interval: 2,
      weekdays: ["MO", "TH"],
      ends: "on",
      until: "2027-03-01",
    });
  });
  it("say what is wrong rather than store a rule that is", () => {
    expect(ruleFromFields(fields({ weekdays: [] }), "2026-12-01")).toEqual({
      ok: false,
      problem: "noWeekday",
    });
    expect(ruleFromFields(fields({ interval: 0 }), "2026-12-01")).toEqual({
      ok: false,
      problem: "interval",
    });
    expect(ruleFromFields(fields({ ends: "on", until: "2026-11-01" }), "2026-12-01")).toEqual({
      ok: false,
      problem: "untilBeforeStart",
    });
    expect(ruleFromFields(fields({ ends: "after", count: 0 }), "2026-12-01")).toEqual({
      ok: false,
      problem: "count",
    });
  });
});

describe("describeRule", () => {
  it("says the rule in the reader's language", () => {
    const en = translator("en", "programs");
    const es = translator("es", "programs");
    expect(describeRule("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", en, "en")).toBe(
      "Every week on Tuesday",
    );
    expect(describeRule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-11-30", en, "en")).toBe(
      "Every 2 weeks on Monday and Thursday",
    );
    expect(describeRule("FREQ=MONTHLY;BYDAY=2TU;COUNT=6", "2026-12-08", en, "en")).toBe(
      "Every month on the second Tuesday, 6 times",
    );
    expect(describeRule("FREQ=DAILY;UNTIL=20270301", "2026-12-01", en, "en")).toBe(
      "Every day, until March 1, 2027",
    );
    expect(describeRule("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", es, "es")).toBe(
      "Cada semana el martes",
    );
  });
});
