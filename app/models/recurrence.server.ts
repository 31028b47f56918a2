// Programs that repeat: an event's RFC 5545 RRULE ("FREQ=WEEKLY;BYDAY=TU"), counted from the
// event's first date, expanded by the `rrule` library into the days it falls on.
//
// An event's days and times are the community's wall clock (YYYY-MM-DD and HH:MM in its time
// zone), so the rule is expanded over calendar days, never instants: "every Tuesday at 2 PM" is at
// 2 PM on each Tuesday on either side of a daylight-saving change. Turning a day and a time into
// an instant (an .ics file) is done per occurrence, in the community's time zone.
import rrulePackage from "rrule";
import type { Options, Weekday } from "rrule";
import type { T } from "~/utils/i18n";
import { PSEUDO_LANGUAGE, pseudoize } from "~/utils/pseudo-locale";
import { addDaysToDate, isCalendarDate } from "./event-dates";

const { RRule } = rrulePackage;

export const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

export const REPEATS = ["none", "daily", "weekly", "monthly"] as const;
export type Repeat = (typeof REPEATS)[number];

/** The repeat choices of the event form, as a person sets them. */
export type RecurrenceFields = {
  repeat: Repeat;
  /** every N days, weeks or months */
  interval: number;
  /** weekly: the days it falls on */
  weekdays: WeekdayCode[];
  /** monthly: on the first date's day of the month (the 14th) or its weekday ("the second Tuesday") */
  monthlyBy: "date" | "weekday";
  ends: "never" | "on" | "after";
  /** YYYY-MM-DD, the last day it may fall on */
  until: string | null;
  count: number | null;
};

/** Why a rule was refused; each has a message in the `programs` catalog (`rule.problem.*`). */
export type RuleProblem =
  | "malformed"
  | "tooOften"
  | "interval"
  | "count"
  | "untilBeforeStart"
  | "noWeekday";

export const MAX_INTERVAL = 99;
export const MAX_COUNT = 730;
// how far one listing expands a rule without an end (a listing without a last day: the upcoming)
export const OPEN_HORIZON_DAYS = 366;

const FREQ_NAMES: Record<string, Repeat | "yearly" | "faster"> = {
  DAILY: "daily",
  WEEKLY: "weekly",
  MONTHLY: "monthly",
  YEARLY: "yearly",
  HOURLY: "faster",
  MINUTELY: "faster",
  SECONDLY: "faster",
};
const ALLOWED_PARTS = new Set(["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "UNTIL", "COUNT", "WKST", "BYSETPOS"]);

function ymdToUtc(ymd: string): Date {
  return new Date(`${ymd}T00:00:00Z`);
}

function utcToYmd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function untilToYmd(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value);
  if (!m) return null;
  const ymd = `${m[1]}-${m[2]}-${m[3]}`;
  return isCalendarDate(ymd) ? ymd : null;
}

/**
 * Checks a rule as a person or a client sent it ("RRULE:" prefix allowed) and writes it the one
 * way it is stored: upper case, no DTSTART (the event's date is its start), UNTIL as a day.
 */
export function checkRule(
  text: string,
  startDate: string,
): { ok: true; rule: string } | { ok: false; problem: RuleProblem } {
  const body = text.trim().replace(/^RRULE:/i, "");
  if (!body || body.length > 300 || /[\r\n]/.test(body)) return { ok: false, problem: "malformed" };
  const parts = new Map<string, string>();
  for (const piece of body.split(";")) {
    const eq = piece.indexOf("=");
    if (eq <= 0) return { ok: false, problem: "malformed" };
    const key = piece.slice(0, eq).trim().toUpperCase();
    const value = piece.slice(eq + 1).trim().toUpperCase();
    if (!ALLOWED_PARTS.has(key) || !value || parts.has(key)) return { ok: false, problem: "malformed" };
    parts.set(key, value);
  }
  const freq = FREQ_NAMES[parts.get("FREQ") ?? ""];
  if (!freq) return { ok: false, problem: "malformed" };
  if (freq === "faster") return { ok: false, problem: "tooOften" };
  if (parts.has("INTERVAL")) {
    const n = Number(parts.get("INTERVAL"));
    if (!Number.isInteger(n) || n < 1 || n > MAX_INTERVAL) return { ok: false, problem: "interval" };
  }
  if (parts.has("COUNT")) {
    const n = Number(parts.get("COUNT"));
    if (!Number.isInteger(n) || n < 1 || n > MAX_COUNT) return { ok: false, problem: "count" };
  }
  if (parts.has("COUNT") && parts.has("UNTIL")) return { ok: false, problem: "malformed" };
  if (parts.has("UNTIL")) {
    const until = untilToYmd(parts.get("UNTIL")!);
    if (!until) return { ok: false, problem: "malformed" };
    if (until < startDate) return { ok: false, problem: "untilBeforeStart" };
    parts.set("UNTIL", until.replace(/-/g, ""));
  }
  if (parts.has("BYDAY")) {
    const days = parts.get("BYDAY")!.split(",");
    if (!days.every((d) => /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/.test(d)))
      return { ok: false, problem: "malformed" };
    // more than one a day is impossible by day; a daily rule narrowed by weekday is fine
  }
  if (parts.has("BYMONTHDAY")) {
    const days = parts.get("BYMONTHDAY")!.split(",");
    if (!days.every((d) => /^-?\d{1,2}$/.test(d) && Math.abs(Number(d)) >= 1 && Math.abs(Number(d)) <= 31))
      return { ok: false, problem: "malformed" };
  }
  const rule = [...parts].map(([k, v]) => `${k}=${v}`).join(";");
  try {
    const r = makeRule(rule, startDate);
    // a rule that never falls on a day (BYMONTHDAY=31 in February only) is no program
    if (!r.after(ymdToUtc(addDaysToDate(startDate, -1)), true)) return { ok: false, problem: "malformed" };
  } catch {
    return { ok: false, problem: "malformed" };
  }
  return { ok: true, rule };
}

function makeRule(rule: string, startDate: string) {
  const options: Partial<Options> = RRule.parseString(rule);
  return new RRule({ ...options, dtstart: ymdToUtc(startDate) });
}

/** The days a rule falls on from `from` up to and including `to` (YYYY-MM-DD each). */
export function ruleDates(rule: string, startDate: string, from: string, to: string): string[] {
  const start = from > startDate ? from : startDate;
  if (to < start) return [];
  return makeRule(rule, startDate)
    .between(ymdToUtc(start), ymdToUtc(to), true)
    .map(utcToYmd);
}

/** Whether `date` is one of the days the rule gives (before any occurrence is moved). */
export function isRuleDate(rule: string, startDate: string, date: string): boolean {
  if (!isCalendarDate(date) || date < startDate) return false;
  return ruleDates(rule, startDate, date, date).length === 1;
}

/** The last day the rule falls on, or null when it goes on. */
export function lastRuleDate(rule: string, startDate: string): string | null {
  const r = makeRule(rule, startDate);
  if (!r.options.until && !r.options.count) return null;
  const all = r.all((_, i) => i < MAX_COUNT + 1);
  return all.length ? utcToYmd(all[all.length - 1]!) : startDate;
}

/**
 * The rule ending on the day before `date` ("cancel this and every later one"), or null when no
 * day of it would be left (the whole series goes).
 */
export function ruleEndingBefore(rule: string, startDate: string, date: string): string | null {
  const last = addDaysToDate(date, -1);
  if (last < startDate) return null;
  if (ruleDates(rule, startDate, startDate, last).length === 0) return null;
  const kept = rule
    .split(";")
    .filter((p) => !p.startsWith("UNTIL=") && !p.startsWith("COUNT="));
  return [...kept, `UNTIL=${last.replace(/-/g, "")}`].join(";");
}

/** The rule of a "this and every later one" copy that starts on `date`: the same days, its own end. */
export function ruleFromDate(rule: string, startDate: string, date: string): string {
  const r = makeRule(rule, startDate);
  const parts = rule.split(";").filter((p) => !p.startsWith("COUNT="));
  if (r.options.count) {
    const done = ruleDates(rule, startDate, startDate, addDaysToDate(date, -1)).length;
    parts.push(`COUNT=${Math.max(1, r.options.count - done)}`);
  }
  return parts.join(";");
}

function weekdayOf(ymd: string): WeekdayCode {
  // getUTCDay: 0 is Sunday
  return WEEKDAY_CODES[(ymdToUtc(ymd).getUTCDay() + 6) % 7]!;
}

/** Which of its weekday in the month a day is: 1 to 4, or -1 for the last. */
function nthOfMonth(ymd: string): number {
  const day = Number(ymd.slice(8, 10));
  const n = Math.ceil(day / 7);
  return n >= 5 ? -1 : n;
}

/**
 * The rule the event form's choices make for an event first on `startDate`, or null for one
 * that does not repeat. Problems are returned, not thrown, for the form to show.
 */
export function ruleFromFields(
  f: RecurrenceFields,
  startDate: string,
): { ok: true; rule: string | null } | { ok: false; problem: RuleProblem } {
  if (f.repeat === "none") return { ok: true, rule: null };
  const parts = [`FREQ=${f.repeat.toUpperCase()}`];
  if (!Number.isInteger(f.interval) || f.interval < 1 || f.interval > MAX_INTERVAL)
    return { ok: false, problem: "interval" };
  if (f.interval > 1) parts.push(`INTERVAL=${f.interval}`);
  if (f.repeat === "weekly") {
    if (f.weekdays.length === 0) return { ok: false, problem: "noWeekday" };
    const days = WEEKDAY_CODES.filter((d) => f.weekdays.includes(d));
    parts.push(`BYDAY=${days.join(",")}`);
  }
  if (f.repeat === "monthly") {
    if (f.monthlyBy === "weekday") parts.push(`BYDAY=${nthOfMonth(startDate)}${weekdayOf(startDate)}`);
    else parts.push(`BYMONTHDAY=${Number(startDate.slice(8, 10))}`);
  }
  if (f.ends === "on") {
    if (!f.until || !isCalendarDate(f.until)) return { ok: false, problem: "malformed" };
    if (f.until < startDate) return { ok: false, problem: "untilBeforeStart" };
    parts.push(`UNTIL=${f.until.replace(/-/g, "")}`);
  }
  if (f.ends === "after") {
    if (!f.count || !Number.isInteger(f.count) || f.count < 1 || f.count > MAX_COUNT)
      return { ok: false, problem: "count" };
    parts.push(`COUNT=${f.count}`);
  }
  const checked = checkRule(parts.join(";"), startDate);
  return checked.ok ? { ok: true, rule: checked.rule } : checked;
}

/** The event form's choices for a stored rule (or the defaults for an event first on `startDate`). */
export function fieldsFromRule(rule: string | null, startDate: string): RecurrenceFields {
  const fields: RecurrenceFields = {
    repeat: "none",
    interval: 1,
    weekdays: isCalendarDate(startDate) ? [weekdayOf(startDate)] : [],
    monthlyBy: "date",
    ends: "never",
    until: null,
    count: null,
  };
  if (!rule) return fields;
  const parts = new Map(rule.split(";").map((p) => p.split("=") as [string, string]));
  const freq = FREQ_NAMES[parts.get("FREQ") ?? ""];
  if (freq === "daily" || freq === "weekly" || freq === "monthly") fields.repeat = freq;
  fields.interval = Number(parts.get("INTERVAL") ?? 1);
  const byday = parts.get("BYDAY");
  if (fields.repeat === "weekly" && byday)
    fields.weekdays = byday.split(",").map((d) => d.slice(-2) as WeekdayCode);
  if (fields.repeat === "monthly" && byday) fields.monthlyBy = "weekday";
  if (parts.has("UNTIL")) {
    fields.ends = "on";
    fields.until = untilToYmd(parts.get("UNTIL")!);
  } else if (parts.has("COUNT")) {
    fields.ends = "after";
    fields.count = Number(parts.get("COUNT"));
  }
  return fields;
}

/** The form's fields, read from a submitted form (names as the event form writes them). */
export function fieldsFromForm(form: FormData): RecurrenceFields {
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.trim() : "";
  };
  const repeat = (REPEATS as readonly string[]).includes(str("repeat")) ? (str("repeat") as Repeat) : "none";
  const interval = str("interval") === "" ? 1 : Number(str("interval"));
  const ends = str("ends") === "on" || str("ends") === "after" ? (str("ends") as "on" | "after") : "never";
  return {
    repeat,
    interval,
    weekdays: form
      .getAll("weekdays")
      .filter((d): d is WeekdayCode => (WEEKDAY_CODES as readonly string[]).includes(String(d))),
    monthlyBy: str("monthlyBy") === "weekday" ? "weekday" : "date",
    ends,
    until: str("until") || null,
    count: str("count") === "" ? null : Number(str("count")),
  };
}

const WEEKDAY_INDEX: Record<WeekdayCode, number> = { MO: 0, TU: 1, WE: 2, TH: 3, FR: 4, SA: 5, SU: 6 };

/** A weekday's name in the reader's language (2026-11-23 was a Monday). */
/** Intl's words in the reader's language (the pseudo-locale's are English ones, made pseudo). */
function intlWords(lang: string, write: (intlLang: string) => string): string {
  return lang === PSEUDO_LANGUAGE ? pseudoize(write("en")) : write(lang);
}

function weekdayName(code: WeekdayCode, lang: string): string {
  const date = new Date(Date.UTC(2026, 10, 23 + WEEKDAY_INDEX[code]));
  return intlWords(lang, (l) =>
    new Intl.DateTimeFormat(l, { weekday: "long", timeZone: "UTC" }).format(date),
  );
}

function listOf(items: string[], lang: string): string {
  // the items are words already in the reader's language: only the joining words are Intl's
  if (lang !== PSEUDO_LANGUAGE)
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
  return new Intl.ListFormat("en", { style: "long", type: "conjunction" })
    .formatToParts(items)
    .map((p) => (p.type === "literal" ? pseudoize(p.value) : p.value))
    .join("");
}

/**
 * The rule in words, in the reader's language: "Every Tuesday", "Every 2 weeks on Monday and
 * Thursday, until March 1, 2027", "Monthly on the second Tuesday, 10 times".
 */
export function describeRule(rule: string, startDate: string, t: T, lang: string): string {
  const f = fieldsFromRule(rule, startDate);
  let text: string;
  const n = f.interval;
  if (f.repeat === "daily") text = t("programs:rule.daily", { n });
  else if (f.repeat === "weekly")
    text = t("programs:rule.weekly", { n, days: listOf(f.weekdays.map((d) => weekdayName(d, lang)), lang) });
  else if (f.repeat === "monthly" && f.monthlyBy === "weekday")
    text = t("programs:rule.monthlyWeekday", {
      n,
      nth: nthOfMonth(startDate),
      day: weekdayName(weekdayOf(startDate), lang),
    });
  else if (f.repeat === "monthly") text = t("programs:rule.monthlyDate", { n, date: Number(startDate.slice(8, 10)) });
  else text = t("programs:rule.custom");
  if (f.ends === "on" && f.until) {
    const until = intlWords(lang, (l) =>
      new Intl.DateTimeFormat(l, { dateStyle: "long", timeZone: "UTC" }).format(ymdToUtc(f.until!)),
    );
    text = t("programs:rule.until", { rule: text, date: until });
  } else if (f.ends === "after" && f.count) text = t("programs:rule.times", { rule: text, count: f.count });
  return text;
}

export type { Weekday };
