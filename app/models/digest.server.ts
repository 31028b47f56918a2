// The weekly digest: for each person who wants email, one message with what is new since the last
// digest (their resident's new stories, pinned news, notifications saved for the digest) and the
// coming week's events, in the person's language. Nobody gets one in a quiet week. `npm run digest`
// and the server's scheduler (models/mail-worker.server.ts) both use these functions.
import { and, asc, eq, gt, inArray, lte, or } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, pseudoize } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { publicCommunityOrigin } from "~/utils/public-origin.server";
import { ROLE } from "~/utils/roles";
import { peopleOfCommunity } from "./community-people.server";
import { getDigestSettings, setLastDigestAt } from "./community-settings.server";
import { latestSlot, nextSlot } from "./digest-schedule";
import { enqueueEmail, kickMailWorker } from "./email-outbox.server";
import { renderEmail, type EmailSection } from "./email-templates.server";
import { addDaysToDate } from "./event-dates";
import { listEvents } from "./event.server";
import { formatShortDate, localDateIn } from "./local-time";
import { storyIsForFamily } from "./story.server";
import { effectiveEmailMode, renderedText, unsubscribeUrl, type NoticeCommunity } from "./notification.server";
import { recipientLanguages } from "./recipient-language.server";

const { stories, residents, familyMembers, newsPosts, notifications, notificationSettings } = tenantSchema;

export type DigestWindow = { from: string; to: string };

export type DigestRecipient = {
  userId: string;
  /** the language the digest is written in */
  lang: string;
  name: string;
  email: string;
  /** the residents whose new stories the digest lists, in the order she came to follow them */
  residents: { id: string; firstName: string }[];
  stories: { id: string; title: string; residentId: string; residentName: string }[];
  pinned: { id: string; title: string }[];
  notices: { id: string; text: string; link: string }[];
  /** notifications this digest delivers (listed or covered by the sections above) */
  noticeIds: string[];
  events: { id: string; title: string; date: string; startTime: string | null }[];
};

export type DigestPlan = { window: DigestWindow; recipients: DigestRecipient[]; quiet: number };

const WEEK_MS = 7 * 24 * 60 * 60_000;

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** An event's day and start time in `lang`: "Apr 5, 2025, 3:00 PM" ("5 abr 2025, 15:00"). */
export function eventWhen(date: string, startTime: string | null, lang: string): string {
  const day = formatShortDate(`${date}T12:00:00.000Z`, "UTC", lang);
  const m = startTime ? /^(\d{2}):(\d{2})/.exec(startTime) : null;
  if (!m) return day;
  const intlLang = lang === PSEUDO_LANGUAGE ? "en" : lang;
  let clock = clockFormats.get(intlLang);
  if (!clock) clockFormats.set(intlLang, (clock = new Intl.DateTimeFormat(intlLang, { hour: "numeric", minute: "2-digit", timeZone: "UTC" })));
  // a plain space before AM/PM (Intl writes a narrow one many mail programs show as a box)
  const time = clock.format(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])))).replace(/[\u202f\u00a0]/g, " ");
  return `${day}, ${lang === PSEUDO_LANGUAGE ? pseudoize(time) : time}`;
}

function eventsOfComingWeek(db: TenantDb, timeZone: string, at: Date) {
  const start = localDateIn(timeZone, at);
  return listEvents(db, timeZone, { from: start, before: addDaysToDate(start, 7), activeOnly: true, limit: 20, now: at }).map((e) => ({
    id: e.id,
    title: e.title,
    date: e.eventDate,
    startTime: e.startTime,
  }));
}

/** Pinned, published posts that became news in the window (written then, or pinned then). */
function pinnedNews(db: TenantDb, window: DigestWindow) {
  const pinnedThen = db
    .selectDistinct({ id: notifications.subjectId })
    .from(notifications)
    .where(and(eq(notifications.kind, "pinned_post"), gt(notifications.createdAt, window.from), lte(notifications.createdAt, window.to)))
    .all()
    .map((r) => r.id ?? "");
  return db
    .select({ id: newsPosts.id, title: newsPosts.title })
    .from(newsPosts)
    .where(
      and(
        eq(newsPosts.isPublished, true),
        eq(newsPosts.isPinned, true),
        or(and(gt(newsPosts.createdAt, window.from), lte(newsPosts.createdAt, window.to)), pinnedThen.length ? inArray(newsPosts.id, pinnedThen) : undefined),
      ),
    )
    .all();
}

/** Who would get a digest for this window, with what. Reads only. */
export function planDigest(db: TenantDb, community: NoticeCommunity, window: DigestWindow, now = new Date(window.to)): DigestPlan {
  const saved = new Map(db.select().from(notificationSettings).all().map((s) => [s.userId, s]));
  const wanting = peopleOfCommunity(community.id).filter((p) => effectiveEmailMode(p, saved.get(p.id)) !== "never");
  const languages = recipientLanguages(db, community, wanting.map((p) => p.id));
  const pinned = pinnedNews(db, window);
  const events = eventsOfComingWeek(db, community.timeZone, now);
  const residentOfMember = new Map(
    db
      .select({ memberId: familyMembers.id, resident: residents })
      .from(familyMembers)
      .innerJoin(residents, eq(familyMembers.residentId, residents.id))
      .all()
      .map((r) => [r.memberId, r.resident]),
  );
  const newStories = db
    .select({ id: stories.id, title: stories.title, residentId: stories.residentId })
    .from(stories)
    // a family hears of the stories it may see: approved, not withdrawn, for family or everyone
    .where(and(storyIsForFamily, gt(stories.publishedAt, window.from), lte(stories.publishedAt, window.to)))
    .orderBy(asc(stories.publishedAt))
    .all();
  const waiting = wanting.length
    ? db
        .select()
        .from(notifications)
        .where(and(eq(notifications.emailState, "awaiting_digest"), lte(notifications.createdAt, window.to), inArray(notifications.userId, wanting.map((p) => p.id))))
        .orderBy(asc(notifications.createdAt))
        .all()
    : [];

  const recipients: DigestRecipient[] = [];
  let quiet = 0;
  for (const person of wanting) {
    // a family member hears of the stories of every resident she follows
    const followed = new Map(
      person.role === ROLE.family
        ? person.familyMemberIds.flatMap((id) => {
            const r = residentOfMember.get(id);
            return r ? [[r.id, r] as const] : [];
          })
        : [],
    );
    const theirStories = newStories.flatMap((s) => {
      const r = followed.get(s.residentId);
      return r ? [{ id: s.id, title: s.title, residentId: r.id, residentName: `${r.firstName} ${r.lastName}` }] : [];
    });
    const mine = waiting.filter((n) => n.userId === person.id);
    // new stories and pinned posts have their own sections; other notices are listed
    const lang = languages.get(person.id) ?? DEFAULT_LANGUAGE;
    const notices = mine.filter((n) => n.kind !== "new_story" && n.kind !== "pinned_post").map((n) => ({ id: n.id, text: renderedText(lang, n), link: n.link }));
    if (!theirStories.length && !pinned.length && !notices.length) {
      quiet++;
      continue;
    }
    recipients.push({
      userId: person.id,
      lang,
      name: person.displayName,
      email: person.email,
      residents: [...followed.values()].filter((r) => theirStories.some((s) => s.residentId === r.id)).map((r) => ({ id: r.id, firstName: r.firstName })),
      stories: theirStories,
      pinned,
      notices,
      noticeIds: mine.map((n) => n.id),
      events,
    });
  }
  return { window, recipients, quiet };
}

function subjectOf(community: NoticeCommunity, r: DigestRecipient): string {
  const t = translator(r.lang, "email");
  if (r.stories.length && r.residents.length) {
    const resident = new Intl.ListFormat(r.lang, { type: "conjunction" }).format(r.residents.map((x) => x.firstName));
    return t("digest.subjectStories", { community: community.name, count: r.stories.length, resident });
  }
  return t("digest.subject", { community: community.name });
}

/** One person's digest, in their language (r.lang). */
export function renderDigest(community: NoticeCommunity, r: DigestRecipient) {
  const t = translator(r.lang, "email");
  const origin = publicCommunityOrigin(community.subdomain);
  const sections: EmailSection[] = [];
  // one section for each resident she follows whose stories are new
  for (const resident of r.residents) {
    const theirs = r.stories.filter((s) => s.residentId === resident.id);
    if (theirs.length) sections.push({ title: t("digest.newStories", { resident: resident.firstName }), items: theirs.map((s) => ({ text: s.title, url: `${origin}/stories/${s.id}` })) });
  }
  if (r.pinned.length) sections.push({ title: t("digest.pinned"), items: r.pinned.map((p) => ({ text: p.title, url: `${origin}/news/${p.id}` })) });
  if (r.notices.length) sections.push({ title: t("digest.alsoForYou"), items: r.notices.map((n) => ({ text: n.text, url: `${origin}${n.link}` })) });
  if (r.events.length) sections.push({ title: t("digest.comingUp"), items: r.events.map((e) => ({ text: e.title, meta: eventWhen(e.date, e.startTime, r.lang), url: `${origin}/events` })) });
  const url = unsubscribeUrl(community, r.userId);
  const body = renderEmail({
    lang: r.lang,
    communityName: community.name,
    origin,
    heading: t("digest.heading", { community: community.name }),
    paragraphs: [t("digest.hello", { name: r.name.split(" ")[0] || r.name })],
    sections,
    action: { label: t("digest.visit"), url: `${origin}/` },
    unsubscribeUrl: url,
    reason: t("reason.digest"),
  });
  return { subject: subjectOf(community, r), ...body, unsubscribeUrl: url };
}

/**
 * Queues the plan's emails (at most one per person and window), marks the notifications they
 * deliver, and records the window's end as the last digest. Returns how many were queued.
 */
export function queueDigest(db: TenantDb, community: NoticeCommunity, plan: DigestPlan): number {
  let queued = 0;
  db.transaction((tx) => {
    for (const r of plan.recipients) {
      const mail = renderDigest(community, r);
      const id = enqueueEmail(tx, {
        kind: "digest",
        toUserId: r.userId,
        toAddress: r.email,
        toName: r.name,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        unsubscribeUrl: mail.unsubscribeUrl,
        dedupeKey: `digest:${r.userId}:${plan.window.to}`,
      });
      if (!id) continue;
      queued++;
      if (r.noticeIds.length) tx.update(notifications).set({ emailState: "in_digest" }).where(inArray(notifications.id, r.noticeIds)).run();
    }
    setLastDigestAt(tx, plan.window.to);
  });
  if (queued) kickMailWorker(community.subdomain);
  return queued;
}

/** The window a digest sent now would cover: since the last digest (or a week), until now. */
export function windowUntil(db: TenantDb, now: Date): DigestWindow {
  const last = getDigestSettings(db).lastDigestAt;
  const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
  return { from: last && last < now.toISOString() ? last : weekAgo, to: now.toISOString() };
}

/** When the scheduled digest is next due for this community, or null until the first run starts the clock. */
export function nextScheduledDigest(db: TenantDb, timeZone: string): Date | null {
  const s = getDigestSettings(db);
  if (!s.lastDigestAt) return null;
  const after = s.scheduleChangedAt && s.scheduleChangedAt > s.lastDigestAt ? s.scheduleChangedAt : s.lastDigestAt;
  return nextSlot(s, timeZone, new Date(after));
}

/**
 * The scheduler's step for one community: queues the digest when its slot has come. The first run
 * only starts the clock (the first digest reports from then on). Returns what it queued, or null.
 */
export function runScheduledDigest(db: TenantDb, community: NoticeCommunity, now = new Date()): { queued: number; plan: DigestPlan } | null {
  const s = getDigestSettings(db);
  if (!s.lastDigestAt) {
    setLastDigestAt(db, now.toISOString());
    return null;
  }
  const slot = latestSlot(s, community.timeZone, now);
  const slotIso = slot.toISOString();
  if (slotIso <= s.lastDigestAt || (s.scheduleChangedAt && slotIso < s.scheduleChangedAt)) return null;
  const plan = planDigest(db, community, { from: s.lastDigestAt, to: slotIso }, now);
  return { queued: queueDigest(db, community, plan), plan };
}

export function describePlan(community: NoticeCommunity, plan: DigestPlan): string[] {
  const lines = [`Weekly digest for ${community.name} (${community.subdomain}): new since ${plan.window.from} until ${plan.window.to}`];
  if (!plan.recipients.length) {
    lines.push(`Nothing to send: nothing new for anyone (${plan.quiet} ${plan.quiet === 1 ? "person" : "people"} with email turned on).`);
    return lines;
  }
  lines.push(`${plan.recipients.length} ${plan.recipients.length === 1 ? "email" : "emails"}; ${plan.quiet} ${plan.quiet === 1 ? "person has" : "people have"} nothing new:`);
  for (const r of plan.recipients) {
    const parts = [
      r.stories.length ? `${r.stories.length} new ${r.stories.length === 1 ? "story" : "stories"}` : null,
      r.pinned.length ? `${r.pinned.length} pinned ${r.pinned.length === 1 ? "post" : "posts"}` : null,
      r.notices.length ? `${r.notices.length} ${r.notices.length === 1 ? "notification" : "notifications"}` : null,
      `${r.events.length} coming ${r.events.length === 1 ? "event" : "events"}`,
    ].filter(Boolean);
    lines.push(`  to ${r.name} <${r.email}>: ${parts.join(", ")}`);
  }
  return lines;
}
