// The community's calendar as an iCalendar file (RFC 5545) that a staff member's calendar program
// subscribes to: one event per occurrence, each at its instant in UTC, worked out from the
// community's wall clock (2 PM stays 2 PM across a daylight-saving change), cancelled ones marked.
// The subscription's address holds a secret per staff member (a calendar program cannot sign
// in), kept as a hash: making a new one ends the old.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { instantAt } from "~/utils/zoned-time";
import { addDaysToDate, todayInTimeZone } from "./event-dates";
import { listOccurrences, type CalendarEventView } from "./event.server";

const { calendarFeeds } = tenantSchema;

/** How far back and ahead the feed reaches. */
export const FEED_DAYS_BACK = 90;
export const FEED_DAYS_AHEAD = 365;

function hash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A new subscription secret for the staff member; the one before stops working. */
export function newCalendarFeedToken(db: TenantDb, userId: string): string {
  const token = crypto.randomBytes(24).toString("base64url");
  db.insert(calendarFeeds)
    .values({ userId, tokenHash: hash(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hash(token), createdAt: new Date().toISOString() },
    })
    .run();
  return token;
}

/** Whether the staff member has a subscription, and since when. */
export function calendarFeedOf(db: TenantDb, userId: string): { createdAt: string } | undefined {
  return db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .get();
}

/** The staff member whose subscription this secret is, or undefined. */
export function userOfCalendarFeed(db: TenantDb, token: string): string | undefined {
  if (!token || token.length > 200) return undefined;
  return db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hash(token)))
    .get()?.userId;
}

/** Text escaped for a property value (RFC 5545 3.3.11). */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** A content line folded at 75 octets, never inside a character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // the first line holds 75 octets; each continuation a space and 74
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

function instantOf(timeZone: string, ymd: string, hhmm: string): Date {
  const [year, month, day] = ymd.split("-").map(Number) as [number, number, number];
  const [hour, minute] = hhmm.split(":").map(Number) as [number, number];
  return instantAt(timeZone, { year, month, day, hour, minute });
}

/** The lines of one occurrence's VEVENT. */
function eventLines(e: CalendarEventView, timeZone: string, host: string, stamp: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${e.id}-${e.occurrenceDate}@${host}`,
    `DTSTAMP:${stamp}`,
  ];
  if (e.startTime) {
    const start = instantOf(timeZone, e.eventDate, e.startTime);
    const end =
      e.endTime && e.endTime > e.startTime
        ? instantOf(timeZone, e.eventDate, e.endTime)
        : new Date(start.getTime() + 60 * 60_000);
    lines.push(`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(end)}`);
  } else {
    lines.push(
      `DTSTART;VALUE=DATE:${e.eventDate.replace(/-/g, "")}`,
      `DTEND;VALUE=DATE:${addDaysToDate(e.eventDate, 1).replace(/-/g, "")}`,
    );
  }
  lines.push(`SUMMARY:${icsText(e.title)}`);
  if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
  if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
  lines.push(`STATUS:${e.isActive ? "CONFIRMED" : "CANCELLED"}`, "END:VEVENT");
  return lines;
}

/** The calendar file of these occurrences, lines ended by CRLF as the standard asks. */
export function calendarIcs(opts: {
  name: string;
  host: string;
  timeZone: string;
  events: CalendarEventView[];
  now?: Date;
}): string {
  const stamp = utcStamp(opts.now ?? new Date());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${opts.host}//calendar//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsText(opts.name)}`,
    `X-WR-TIMEZONE:${opts.timeZone}`,
    ...opts.events.flatMap((e) => eventLines(e, opts.timeZone, opts.host, stamp)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** The community's feed: every occurrence from 90 days back to a year ahead. */
export function communityCalendarIcs(
  db: TenantDb,
  community: { name: string; timeZone: string },
  host: string,
  now = new Date(),
): string {
  const today = todayInTimeZone(community.timeZone, now);
  const events = listOccurrences(
    db,
    community.timeZone,
    addDaysToDate(today, -FEED_DAYS_BACK),
    addDaysToDate(today, FEED_DAYS_AHEAD),
    { limit: 20_000, now },
  );
  return calendarIcs({ name: community.name, host, timeZone: community.timeZone, events, now });
}
