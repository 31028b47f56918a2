// Notifications: a row per recipient in the community's database, shown under the bell and at
// /notifications, and, as each person chose, emailed at once, gathered into the weekly digest, or
// never emailed. Creating them also queues the emails, in one transaction. A person gets at most
// one email about a story in EMAIL_SPACING_MS: what happens about it in between is held for one
// more email at the end of that time, which lists it all.
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { prepared, tenantSchema, type Community, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { newId } from "~/utils/ids.server";
import { publicCommunityOrigin } from "~/utils/public-origin.server";
import type { Role } from "~/utils/roles";
import type { Person } from "./community-people.server";
import { enqueueEmail, isUntried, kickMailWorker, lastEmailKeyed, rewriteUntriedEmail, type NewEmail } from "./email-outbox.server";
import { renderEmail } from "./email-templates.server";
import { defaultEmailMode, isEmailMode, isNotificationKind, kindsForRole, type EmailMode, type NotificationKind } from "./notification-kinds";
import { REACTIONS } from "./categories";
import { recipientLanguages } from "./recipient-language.server";
import { createUnsubscribeToken } from "./unsubscribe-token.server";

const { notifications, notificationSettings } = tenantSchema;

export type NotificationRow = typeof notifications.$inferSelect;
export type NoticeCommunity = Pick<Community, "id" | "name" | "subdomain" | "timeZone"> & { defaultLanguage?: string | null };

// --- the words: a notice is kept as its kind and values, and written in each reader's language ---

/** What a notice's sentence needs (notify.json); kept as JSON in notifications.values. */
export type NoticeValues = {
  /** the story's or post's title */
  title: string;
  /** the story is the reader's own ("Your story", "your story") */
  own?: boolean;
  /** the resident: first name (reviewed, answered) or full name (new story); null: "A resident" */
  resident?: string | null;
  /** who commented or reacted */
  actor?: string;
  /** the reaction given */
  emoji?: string;
};

/** Kinds whose sentence differs when the story is the reader's own. */
const OWN_OR_OTHER = new Set<NotificationKind>(["story_approved", "story_rejected", "story_featured", "comment", "reaction"]);

/** A reaction's name key in notify.json ("Praying hands" -> "prayingHands"). */
export function reactionNameKey(emoji: string | null | undefined): string | null {
  const label = REACTIONS.find((r) => r.emoji === emoji)?.label;
  if (!label) return null;
  const [first = "", ...rest] = label.toLowerCase().split(" ");
  return `reactionName.${first}${rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("")}`;
}

/** A notice's sentence in `lang`, as the bell, the list and the email show it. */
export function noticeText(lang: string, kind: NotificationKind, v: NoticeValues): string {
  const t = translator(lang, "notify");
  const key = OWN_OR_OTHER.has(kind) ? `${kind}.${v.own ? "own" : "other"}` : kind;
  const reaction = reactionNameKey(v.emoji);
  return t(key, {
    title: v.title,
    resident: v.resident ?? t("someResident"),
    actor: v.actor ?? "",
    emoji: v.emoji ?? "",
    reaction: reaction ? t(reaction) : "",
  });
}

/** A stored notice's values, or null (a row written before values were kept, or unreadable). */
export function parseNoticeValues(json: string | null | undefined): NoticeValues | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" && typeof (v as NoticeValues).title === "string" ? (v as NoticeValues) : null;
  } catch {
    return null;
  }
}

/** A stored notice's sentence in `lang`: from its kind and values, else its English `text` as it is. */
export function renderedText(lang: string, row: Pick<NotificationRow, "kind" | "text" | "values">): string {
  const v = parseNoticeValues(row.values);
  return v ? noticeText(lang, row.kind, v) : row.text;
}

/** GET /api/notifications and the /notifications page. */
export type NotificationView = { id: string; kind: NotificationKind; text: string; link: string; read: boolean; createdAt: string };

export function toNotificationView(row: NotificationRow, lang: string = DEFAULT_LANGUAGE): NotificationView {
  return { id: row.id, kind: row.kind, text: renderedText(lang, row), link: row.link, read: row.readAt !== null, createdAt: row.createdAt };
}

// --- settings ---

export type NotificationSettings = { enabledKinds: NotificationKind[]; emailMode: EmailMode; emailModeChosen: boolean };

export function getNotificationSettings(db: TenantDb, person: { id: string; role: Role }): NotificationSettings {
  const row = db.select().from(notificationSettings).where(eq(notificationSettings.userId, person.id)).get();
  const disabled = new Set((row?.disabledKinds ?? "").split(",").filter(isNotificationKind));
  return {
    enabledKinds: kindsForRole(person.role).filter((k) => !disabled.has(k)),
    emailMode: row?.emailMode && isEmailMode(row.emailMode) ? row.emailMode : defaultEmailMode(person.role),
    emailModeChosen: Boolean(row?.emailMode),
  };
}

/** Saves which kinds a person wants (the others are turned off) and how they want email. */
export function saveNotificationSettings(db: TenantDb, person: { id: string; role: Role }, input: { enabledKinds: readonly NotificationKind[]; emailMode: EmailMode }) {
  const disabled = kindsForRole(person.role).filter((k) => !input.enabledKinds.includes(k));
  const values = { userId: person.id, disabledKinds: disabled.join(","), emailMode: input.emailMode, updatedAt: new Date().toISOString() };
  db.insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { disabledKinds: values.disabledKinds, emailMode: values.emailMode, updatedAt: values.updatedAt } })
    .run();
}

/** Stops every email to the person (the unsubscribe link); their other choices stay. */
export function setEmailMode(db: TenantDb, userId: string, emailMode: EmailMode) {
  const updatedAt = new Date().toISOString();
  db.insert(notificationSettings).values({ userId, emailMode, updatedAt }).onConflictDoUpdate({ target: notificationSettings.userId, set: { emailMode, updatedAt } }).run();
}

type SettingsRow = typeof notificationSettings.$inferSelect;

function settingsOf(db: TenantDb, ids: string[]): Map<string, SettingsRow> {
  if (!ids.length) return new Map();
  const rows = db
    .select()
    .from(notificationSettings)
    .where(sql`${notificationSettings.userId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
    .all();
  return new Map(rows.map((r) => [r.userId, r]));
}

/** How a person wants email, given their saved settings (or none). */
export function effectiveEmailMode(person: Pick<Person, "role" | "email" | "joined">, saved: Pick<SettingsRow, "emailMode"> | undefined): EmailMode {
  if (!person.joined || !person.email.includes("@")) return "never";
  return saved?.emailMode && isEmailMode(saved.emailMode) ? saved.emailMode : defaultEmailMode(person.role);
}

// --- creating ---

/** The email's button (email.json `action.*`). */
export type NoticeAction = "readStory" | "seeStory" | "readAnswer" | "readComment" | "readNews";

export type Notice = {
  kind: NotificationKind;
  /** what the bell and the email say, written in each reader's language (noticeText) */
  values?: NoticeValues;
  /** without values: a sentence in no catalog, shown as it is */
  text?: string;
  link: string;
  subjectId?: string | null;
  actorUserId?: string | null;
  /** shown in the email under the heading: a comment, a review note */
  quote?: string | null;
  /** the email's button; "Open it" when none */
  action?: NoticeAction;
  /** without values: what it is about, as an email gathering several notices names it */
  topic?: string | null;
};

/** The notice's sentence in `lang`. */
function sentenceOf(lang: string, n: Pick<Notice, "kind" | "values" | "text">): string {
  return n.values ? noticeText(lang, n.kind, n.values) : (n.text ?? "");
}

/** What the notice is about, as an email gathering several names it (`your story "Engines"`). */
function topicOf(lang: string, n: Pick<Notice, "values" | "topic">): string | null {
  if (!n.values) return n.topic ?? null;
  return translator(lang, "email")(n.values.own ? "topic.ownStory" : "topic.title", { title: n.values.title });
}

export function unsubscribeUrl(community: Pick<Community, "id" | "subdomain">, userId: string): string {
  return `${publicCommunityOrigin(community.subdomain)}/unsubscribe/${createUnsubscribeToken({ communityId: community.id, userId })}`;
}

function emailReason(lang: string, kind: NotificationKind): string {
  return translator(lang, "email")(kind === "pinned_post" ? "reason.member" : "reason.settings");
}

/** At most one email to a person about one story (or post) in this time. */
export const EMAIL_SPACING_MS = 10 * 60_000;

type Listed = Pick<Notice, "kind" | "values" | "text" | "link" | "quote" | "action" | "topic">;

/**
 * The email of one notice, or of several about one subject (newest last), listed by their words,
 * in the person's language.
 */
function noticeEmail(community: NoticeCommunity, person: Person, lang: string, listed: readonly Listed[]): Omit<NewEmail, "dedupeKey" | "notBefore"> {
  const t = translator(lang, "email");
  const origin = publicCommunityOrigin(community.subdomain);
  const url = unsubscribeUrl(community, person.id);
  const newest = listed[listed.length - 1]!;
  const several = listed.length > 1;
  const heading = several
    ? t("notice.several", { count: listed.length, topic: topicOf(lang, newest) ?? t("topic.anything") })
    : sentenceOf(lang, newest);
  // the same words again (three comments by one person) are listed once, with how often
  const counted = new Map<string, { text: string; url: string; times: number }>();
  for (const n of listed) {
    const text = sentenceOf(lang, n);
    const seen = counted.get(text);
    if (seen) seen.times++;
    else counted.set(text, { text, url: `${origin}${n.link}`, times: 1 });
  }
  const body = renderEmail({
    lang,
    communityName: community.name,
    origin,
    heading,
    quote: several ? null : newest.quote,
    sections: several
      ? [{ title: t("notice.since"), items: [...counted.values()].map((c) => ({ text: c.text, url: c.url, meta: c.times > 1 ? t("notice.times", { count: c.times }) : null })) }]
      : undefined,
    action: { label: t(newest.action ? `action.${newest.action}` : "action.open"), url: `${origin}${newest.link}` },
    unsubscribeUrl: url,
    reason: emailReason(lang, newest.kind),
  });
  return { kind: "notification", toUserId: person.id, toAddress: person.email, toName: person.displayName, subject: heading, text: body.text, html: body.html, unsubscribeUrl: url };
}

const LATER = ":later";

/**
 * Emails a notice about a subject, one email per person and subject in EMAIL_SPACING_MS. The
 * person's emails about it carry the dedupe key `about:{person}:{subject}:{when it may go}`, with
 * `:later` on one that waits for its time. No email in the last EMAIL_SPACING_MS: one now
 * ("queued"). Otherwise the notice is "held" in the email that goes when that time is over,
 * written again to list every notice it holds until the worker takes it; a notice held in an
 * email that has gone becomes "queued". Returns null when no email was queued.
 */
function emailAboutSubject(tx: TenantQueries, community: NoticeCommunity, person: Person, lang: string, notice: Notice & { subjectId: string }, now: Date): "queued" | "held" | null {
  const prefix = `about:${person.id}:${notice.subjectId}:`;
  const last = lastEmailKeyed(tx, prefix);
  const rest = last?.dedupeKey?.slice(prefix.length) ?? "";
  const waiting = rest.endsWith(LATER);
  const lastAt = last ? Date.parse(waiting ? rest.slice(0, -LATER.length) : rest) : Number.NaN;
  const heldHere = and(eq(notifications.userId, person.id), eq(notifications.subjectId, notice.subjectId), eq(notifications.emailState, "held"));
  if (last && waiting && isUntried(last)) {
    const held = tx
      .select({ kind: notifications.kind, text: notifications.text, values: notifications.values, link: notifications.link })
      .from(notifications)
      .where(heldHere)
      .orderBy(asc(notifications.createdAt))
      .all()
      .map((n) => ({ ...n, values: parseNoticeValues(n.values) ?? undefined }));
    return rewriteUntriedEmail(tx, last.id, noticeEmail(community, person, lang, [...held, notice])) ? "held" : null;
  }
  // the notices the last email held have gone with it (or are going)
  tx.update(notifications).set({ emailState: "queued" }).where(heldHere).run();
  if (last && lastAt + EMAIL_SPACING_MS > now.getTime()) {
    const at = new Date(lastAt + EMAIL_SPACING_MS);
    const id = enqueueEmail(tx, { ...noticeEmail(community, person, lang, [notice]), dedupeKey: `${prefix}${at.toISOString()}${LATER}`, notBefore: at });
    return id ? "held" : null;
  }
  const id = enqueueEmail(tx, { ...noticeEmail(community, person, lang, [notice]), dedupeKey: `${prefix}${now.toISOString()}`, notBefore: now });
  return id ? "queued" : null;
}

/**
 * Gives each person their notice: a row for the bell, and an email now (or, about a story they
 * were emailed about in the last EMAIL_SPACING_MS, at the end of that time) or in the digest, as
 * they chose. People who turned the kind off get nothing. The row keeps the notice's kind and
 * values (and its sentence in English); the email is written in the person's language. Returns
 * how many were notified.
 */
export function notifyPeople(db: TenantDb, community: NoticeCommunity, people: readonly Person[], noticeFor: (person: Person) => Notice | null, now = new Date()): number {
  const unique = [...new Map(people.map((p) => [p.id, p])).values()];
  const saved = settingsOf(db, unique.map((p) => p.id));
  const languages = recipientLanguages(db, community, unique.map((p) => p.id));
  let queued = 0;
  let notified = 0;
  db.transaction((tx) => {
    for (const person of unique) {
      const notice = noticeFor(person);
      if (!notice) continue;
      const disabled = (saved.get(person.id)?.disabledKinds ?? "").split(",");
      if (disabled.includes(notice.kind) || !kindsForRole(person.role).includes(notice.kind)) continue;
      const mode = effectiveEmailMode(person, saved.get(person.id));
      const id = newId();
      let emailState: NotificationRow["emailState"] = mode === "immediate" ? "queued" : mode === "digest" ? "awaiting_digest" : "none";
      if (mode === "immediate") {
        const subjectId = notice.subjectId;
        const lang = languages.get(person.id) ?? DEFAULT_LANGUAGE;
        const outcome = subjectId
          ? emailAboutSubject(tx, community, person, lang, { ...notice, subjectId }, now)
          : enqueueEmail(tx, { ...noticeEmail(community, person, lang, [notice]), dedupeKey: `notification:${id}` }) && "queued";
        if (outcome) queued++;
        emailState = outcome || "none";
      }
      tx.insert(notifications)
        .values({
          id,
          userId: person.id,
          kind: notice.kind,
          text: sentenceOf(DEFAULT_LANGUAGE, notice),
          values: notice.values ? JSON.stringify(notice.values) : null,
          link: notice.link,
          subjectId: notice.subjectId ?? null,
          actorUserId: notice.actorUserId ?? null,
          emailState,
        })
        .run();
      notified++;
    }
  });
  if (queued) kickMailWorker(community.subdomain);
  return notified;
}

/** Whether the person already has an unread notice of this kind about this subject from this actor. */
export function hasUnreadNotice(db: TenantDb, userId: string, kind: NotificationKind, subjectId: string, actorUserId: string | null): boolean {
  return Boolean(
    db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, kind),
          eq(notifications.subjectId, subjectId),
          actorUserId ? eq(notifications.actorUserId, actorUserId) : undefined,
          isNull(notifications.readAt),
        ),
      )
      .get(),
  );
}

/** Whether anyone was ever told about this subject in this way (a post pinned again is not news). */
export function anyNoticeAbout(db: TenantDb, kind: NotificationKind, subjectId: string): boolean {
  return Boolean(db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.kind, kind), eq(notifications.subjectId, subjectId))).get());
}

// --- reading ---

/** The person's notifications, newest first, each written in `opts.lang` (the reader's; English when not given). */
export function listNotifications(db: TenantDb, userId: string, opts: { lang?: string; limit?: number; offset?: number } = {}): NotificationView[] {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit ?? 50)
    .offset(opts.offset ?? 0)
    .all()
    .map((row) => toNotificationView(row, opts.lang));
}

export function countNotifications(db: TenantDb, userId: string): number {
  return db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)).get()?.n ?? 0;
}

export function countUnread(db: TenantDb, userId: string): number {
  const unread = prepared(db, "unread-notifications", (d) =>
    d.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.readAt))).prepare(),
  );
  return unread.get({ userId })?.n ?? 0;
}

/** Marks all of the person's notifications read. Returns how many were unread. */
export function markAllRead(db: TenantDb, userId: string, now = new Date()): number {
  return db
    .update(notifications)
    .set({ readAt: now.toISOString() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .run().changes;
}
