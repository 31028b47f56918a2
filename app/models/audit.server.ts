// The audit log (control database): who signed in as whom, when and from where, the changes to
// communities and staff, erasures and exports. Every entry is written here, by writeAudit. The
// super admin reads all of it (Settings); a community's administrators read their community's
// entries (/admin/audit).
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { controlSchema, getControlDb } from "~/utils/db.server";
import type { RequestClient } from "~/utils/host.server";
import { newId } from "~/utils/ids.server";
import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, pseudoize, type T } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";

const { auditLog, users, communities } = controlSchema;

/**
 * Every action the log records, by its code. What an entry says is written from the code and its
 * details in the reader's language (audit.json: "action.<code>"), never stored as a sentence.
 */
export const AUDIT_ACTIONS = [
  "impersonation.requested",
  "impersonation.signed_in",
  "community.created",
  "community.deactivated",
  "community.reactivated",
  "community.language_changed",
  "impersonation.ended",
  "staff.created",
  "staff.updated",
  "staff.sign_in_reset",
  "staff.deactivated",
  "staff.reactivated",
  "family.removed",
  "family.deactivated",
  "family.reactivated",
  "export.residents",
  "export.families",
  "export.staff",
  "export.participation",
  // an erasure's entry says who erased and when, never what (the erased person is not named)
  "erasure.resident",
  "erasure.own_account",
  "kiosk.registered",
  "kiosk.setup_link",
  "kiosk.set_up",
  "kiosk.revoked",
  "kiosk.helped",
  "kiosk.staff_mode",
  // a kiosk has no user: these rows name the kiosk and the resident in their details
  "kiosk.turn_started",
  "kiosk.turn_ended",
  "kiosk.turn_resumed",
  "kiosk.pin_wrong",
  "kiosk.pin_paused",
  "kiosk.pin_capped",
  "kiosk.pin_refused",
  // the activities program: what an inspector may ask who did (details name the program and day)
  "program.occurrence_cancelled",
  "program.series_ended",
  "attendance.recorded",
  "participation.sharing_changed",
  "activity_note.signed",
  // stories: details name the story's title and, for a rejection, nothing of the note
  "story.approved",
  "story.rejected",
  "story.featured",
  "story.unfeatured",
  // people: details name the resident or family member (and, for family, whose)
  "resident.added",
  "resident.updated",
  "family.added",
  "family.updated",
  "family.accounts_merged",
  "family.follow_confirmed",
  "family.follow_declined",
  // invitations and sign-in links: made (shown to copy or print), emailed, revoked
  "invitation.created",
  "invitation.sent",
  "invitation.revoked",
  // forgotten passwords: asked for (by the person, or sent by staff from her row), and chosen
  "password.reset_requested",
  "password.reset_sent",
  "password.reset",
  "community.settings_changed",
  // an import's details count what it added and updated
  "import.completed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of entries a community's audit page filters by (named by audit.json's "kind.<kind>"). */
export const AUDIT_KINDS = {
  "sign-ins": { actions: ["impersonation.requested", "impersonation.signed_in", "impersonation.ended"] },
  staff: { actions: ["staff.created", "staff.updated", "staff.sign_in_reset", "staff.deactivated", "staff.reactivated"] },
  erasures: { actions: ["family.removed", "family.deactivated", "family.reactivated", "erasure.resident", "erasure.own_account"] },
  exports: {
    actions: ["export.residents", "export.families", "export.staff", "export.participation"],
  },
  kiosks: {
    actions: [
      "kiosk.registered",
      "kiosk.setup_link",
      "kiosk.set_up",
      "kiosk.revoked",
      "kiosk.helped",
      "kiosk.staff_mode",
      "kiosk.turn_started",
      "kiosk.turn_ended",
      "kiosk.turn_resumed",
      "kiosk.pin_wrong",
      "kiosk.pin_paused",
      "kiosk.pin_capped",
      "kiosk.pin_refused",
    ],
  },
  programs: {
    actions: [
      "program.occurrence_cancelled",
      "program.series_ended",
      "attendance.recorded",
      "participation.sharing_changed",
      "activity_note.signed",
    ],
  },
  stories: { actions: ["story.approved", "story.rejected", "story.featured", "story.unfeatured"] },
  people: {
    actions: [
      "resident.added",
      "resident.updated",
      "family.added",
      "family.updated",
      "family.accounts_merged",
      "family.follow_confirmed",
      "family.follow_declined",
      "invitation.created",
      "invitation.sent",
      "invitation.revoked",
      "password.reset_requested",
      "password.reset_sent",
      "password.reset",
      "import.completed",
    ],
  },
  settings: { actions: ["community.language_changed", "community.settings_changed"] },
} as const satisfies Record<string, { actions: readonly AuditAction[] }>;
export type AuditKind = keyof typeof AUDIT_KINDS;

export function writeAudit(entry: {
  client?: RequestClient;
  actorUserId: string | null;
  action: AuditAction;
  targetUserId?: string | null;
  tenantId?: string | null;
  details?: string | null;
}) {
  getControlDb()
    .insert(auditLog)
    .values({
      id: newId(),
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      tenantId: entry.tenantId ?? null,
      ip: entry.client?.ip ?? null,
      userAgent: entry.client?.userAgent ?? null,
      details: entry.details ?? null,
    })
    .run();
}

const BY_KIOSK = new Set<string>([
  "kiosk.turn_started",
  "kiosk.turn_ended",
  "kiosk.turn_resumed",
  "kiosk.pin_wrong",
  "kiosk.pin_paused",
  "kiosk.pin_capped",
  "kiosk.pin_refused",
]);

/** Whether an entry was written by a kiosk, where nobody is signed in (its details name the kiosk). */
export function auditIsByKiosk(action: string): boolean {
  return BY_KIOSK.has(action);
}

const KNOWN_ACTIONS = new Set<string>(AUDIT_ACTIONS);

/** What an action is called, in the reader's language (English without `t`); unknown actions show as recorded. */
export function auditActionLabel(action: string, t: T = translator(DEFAULT_LANGUAGE, "audit")): string {
  return KNOWN_ACTIONS.has(action) ? t(`action.${action}`) : action;
}

/** A language's name in the reader's language ("Spanish", "español"). */
function languageName(code: string, lang: string): string {
  try {
    const name = new Intl.DisplayNames([lang === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : lang], { type: "language" }).of(code) ?? code;
    return lang === PSEUDO_LANGUAGE ? pseudoize(name) : name;
  } catch {
    return code;
  }
}

// How the kiosk entries' details were written (kiosk.server.ts): "<kiosk>: <resident>: <what>".
const TURN_ENDS: Record<string, string> = {
  "she chose “I'm done”": "done",
  "her story was saved": "saved",
  "2 minutes without a tap": "idle",
  "another turn began": "replaced",
  "the kiosk was switched off": "off",
  "the kiosk was set up on another tablet": "moved",
};
const RESUMED_BY: Record<string, string> = { "her story": "story", "“I'm done”": "done" };
const PIN_REFUSED: Record<string, string> = {
  "PIN not checked, the kiosk asks for staff": "kiosk",
  "PIN not checked, her PIN is paused on this kiosk": "paused",
};
const EXPORTED = /^(\d+) (residents|family members|staff members)$/;
const EXPORT_KINDS: Record<string, string> = { residents: "residents", "family members": "families", "staff members": "staff" };
const METHODS: Record<string, string> = { "sign-in link": "link", "temporary password": "password" };

/** Splits "<who>: <rest>" at the last ": " before a known ending. */
function ending(details: string, pattern: RegExp): { who: string; m: RegExpExecArray } | null {
  const m = pattern.exec(details);
  if (!m || m.index < 2 || details.slice(m.index - 2, m.index) !== ": ") return null;
  return { who: details.slice(0, m.index - 2), m };
}

/**
 * An entry's details in the reader's language. The log keeps them as they were written (English
 * words around names); the known forms are read back and said again through the catalog, anything
 * else (a name, an address, an older wording) is shown as recorded.
 */
export function auditDetails(action: string, details: string | null, t: T, lang: string): string | null {
  if (details === null) return null;
  const said = sayDetails(action, details, t, lang);
  return said ?? details;
}

function sayDetails(action: string, details: string, t: T, lang: string): string | null {
  switch (action) {
    case "staff.created": {
      const m = /^(\w+), (sign-in link|temporary password)$/.exec(details);
      return m ? t("details.staffCreated", { role: m[1], method: METHODS[m[2]!] }) : null;
    }
    case "staff.sign_in_reset":
      return METHODS[details] ? t("details.method", { method: METHODS[details] }) : null;
    case "staff.deactivated":
    case "staff.reactivated":
      return /^\w+$/.test(details) ? t("details.role", { role: details }) : null;
    case "staff.updated": {
      if (details === "no change") return t("details.noChange");
      const parts = details.split(", ").map((part) => {
        if (part === "name" || part === "email") return t(`details.changed.${part}`);
        const role = /^role (\w+) -> (\w+)$/.exec(part);
        return role ? t("details.changed.role", { from: role[1], to: role[2] }) : null;
      });
      return parts.every(Boolean) ? parts.join(", ") : null;
    }
    case "export.residents":
    case "export.families":
    case "export.staff": {
      const m = EXPORTED.exec(details);
      return m ? t(`details.exported.${EXPORT_KINDS[m[2]!]}`, { count: Number(m[1]) }) : null;
    }
    case "community.language_changed":
      return languageName(details, lang);
    case "erasure.resident":
    case "erasure.own_account": {
      const m = /^(resident|family member), added (\d{4}-\d{2}-\d{2})$/.exec(details);
      return m ? t("details.erased", { role: m[1] === "resident" ? "resident" : "family", date: dayName(m[2]!, lang) }) : null;
    }
    case "kiosk.turn_ended": {
      const idle = ending(details, /2 minutes without a tap \((.+)\)$/);
      if (idle) return t("details.turnEndedIdle", { who: idle.who, at: idle.m[1] });
      const m = ending(details, new RegExp(`(${Object.keys(TURN_ENDS).map(escapeRe).join("|")})$`));
      return m ? t("details.turnEnded", { who: m.who, why: TURN_ENDS[m.m[1]!] }) : null;
    }
    case "kiosk.turn_resumed": {
      const m = ending(details, /(her story|“I'm done”) was sent after 2 minutes without a tap$/);
      return m ? t("details.turnResumed", { who: m.who, what: RESUMED_BY[m.m[1]!] }) : null;
    }
    case "kiosk.pin_wrong": {
      const m = ending(details, /wrong PIN \((\d+) of (\d+) for her, (\d+) of (\d+) on the kiosk within the hour\)$/);
      return m ? t("details.pinWrong", { who: m.who, hers: m.m[1], herLimit: m.m[2], onKiosk: m.m[3], kioskLimit: m.m[4] }) : null;
    }
    case "kiosk.pin_paused": {
      const m = ending(details, /her PIN is paused on this kiosk for (\d+) minutes$/);
      return m ? t("details.pinPaused", { who: m.who, minutes: Number(m.m[1]) }) : null;
    }
    case "kiosk.pin_capped": {
      const m = ending(details, /(\d+) wrong PINs within the hour; it takes no PINs for now and asks for staff$/);
      return m ? t("details.pinCapped", { who: m.who, count: Number(m.m[1]) }) : null;
    }
    case "kiosk.pin_refused": {
      const m = ending(details, new RegExp(`(${Object.keys(PIN_REFUSED).map(escapeRe).join("|")})$`));
      return m ? t("details.pinRefused", { who: m.who, why: PIN_REFUSED[m.m[1]!] }) : null;
    }
    default:
      return null;
  }
}

/** "12 March 2024" in the reader's language (a calendar day, shown as recorded). */
function dayName(isoDay: string, lang: string): string {
  const text = new Intl.DateTimeFormat(lang === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : lang, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDay}T12:00:00Z`));
  return lang === PSEUDO_LANGUAGE ? pseudoize(text) : text;
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export type AuditEntry = {
  id: string;
  at: string;
  action: string;
  actor: { id: string; username: string; displayName: string } | null;
  target: { id: string; username: string; displayName: string } | null;
  community: { name: string; subdomain: string } | null;
  ip: string | null;
  userAgent: string | null;
  details: string | null;
};

/** The newest entries first, with the usernames of actor and target and the community's name. */
export function listAuditLog(limit = 100): AuditEntry[] {
  return toEntries(auditQuery(undefined).limit(limit).all());
}

function auditWhere(tenantId: string | undefined, kind?: AuditKind | null) {
  return and(tenantId ? eq(auditLog.tenantId, tenantId) : undefined, kind ? inArray(auditLog.action, [...AUDIT_KINDS[kind].actions]) : undefined);
}

function auditQuery(where: ReturnType<typeof auditWhere>) {
  const actor = alias(users, "actor");
  const target = alias(users, "target");
  return getControlDb()
    .select({
      entry: auditLog,
      actorUsername: actor.username,
      actorName: actor.displayName,
      targetUsername: target.username,
      targetName: target.displayName,
      communityName: communities.name,
      communitySubdomain: communities.subdomain,
    })
    .from(auditLog)
    .leftJoin(actor, eq(auditLog.actorUserId, actor.id))
    .leftJoin(target, eq(auditLog.targetUserId, target.id))
    .leftJoin(communities, eq(auditLog.tenantId, communities.id))
    .where(where)
    // entries of the same millisecond in the order they were written
    .orderBy(desc(auditLog.at), desc(sql`${auditLog}.rowid`));
}

/** One community's entries, newest first, optionally of one kind: a page of them and how many there are. */
export function listCommunityAudit(tenantId: string, opts: { kind?: AuditKind | null; limit: number; offset: number }): { entries: AuditEntry[]; total: number } {
  const where = auditWhere(tenantId, opts.kind);
  const total = getControlDb().select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  return { entries: toEntries(auditQuery(where).limit(opts.limit).offset(opts.offset).all()), total };
}

/** The query of a community's audit page; exposed for the query-plan test. */
export function communityAuditQuery(tenantId: string, kind: AuditKind | null) {
  return auditQuery(auditWhere(tenantId, kind)).limit(25);
}

type AuditRow = ReturnType<ReturnType<typeof auditQuery>["all"]>[number];

function toEntries(rows: AuditRow[]): AuditEntry[] {
  return rows.map((r) => ({
    id: r.entry.id,
    at: r.entry.at,
    action: r.entry.action,
    actor: r.entry.actorUserId && r.actorUsername ? { id: r.entry.actorUserId, username: r.actorUsername, displayName: r.actorName ?? r.actorUsername } : null,
    target: r.entry.targetUserId && r.targetUsername ? { id: r.entry.targetUserId, username: r.targetUsername, displayName: r.targetName ?? r.targetUsername } : null,
    community: r.communityName && r.communitySubdomain ? { name: r.communityName, subdomain: r.communitySubdomain } : null,
    ip: r.entry.ip,
    userAgent: r.entry.userAgent,
    details: r.entry.details,
  }));
}
