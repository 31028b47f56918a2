// The audit log (control database): who signed in as whom, when and from where, the changes to
// communities and staff, erasures and exports. Every entry is written here, by writeAudit. The
// super admin reads all of it (Settings); a community's administrators read their community's
// entries (/admin/audit).
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { controlSchema, getControlDb } from "~/utils/db.server";
import type { RequestClient } from "~/utils/host.server";
import { newId } from "~/utils/ids.server";

const { auditLog, users, communities } = controlSchema;

export const AUDIT_ACTIONS = {
  "impersonation.requested": "Asked to log in as",
  "impersonation.signed_in": "Signed in as",
  "community.created": "Created community",
  "community.deactivated": "Deactivated community",
  "community.reactivated": "Reactivated community",
  "impersonation.ended": "Stopped signing in as",
  "staff.created": "Added staff member",
  "staff.updated": "Changed staff member",
  "staff.sign_in_reset": "Made a new sign-in for",
  "staff.deactivated": "Deactivated staff member",
  "staff.reactivated": "Reactivated staff member",
  "family.removed": "Removed family member and their sign-in",
  "family.deactivated": "Switched off the sign-in of",
  "family.reactivated": "Switched on the sign-in of",
  "export.residents": "Exported the residents list",
  "export.families": "Exported the families list",
  "export.staff": "Exported the staff list",
  // an erasure's entry says who erased and when, never what (the erased person is not named)
  "erasure.resident": "Erased a resident and everything of theirs",
  "erasure.own_account": "A family member erased their own account",
  "kiosk.registered": "Registered the kiosk",
  "kiosk.setup_link": "Made a new setup link for the kiosk",
  "kiosk.set_up": "Set up the kiosk",
  "kiosk.revoked": "Switched off the kiosk",
  "kiosk.helped": "Helped a resident at the kiosk",
  // a kiosk has no user: these rows name the kiosk and the resident in their details
  "kiosk.turn_started": "A resident started a turn at the kiosk with her PIN",
  "kiosk.turn_ended": "A resident's turn at the kiosk ended",
  "kiosk.turn_resumed": "A form sent after the turn ended took the turn up again",
  "kiosk.pin_wrong": "A wrong PIN at the kiosk",
  "kiosk.pin_paused": "A resident's PIN was paused on the kiosk after wrong PINs",
  "kiosk.pin_capped": "The kiosk stopped taking PINs and asks for staff",
  "kiosk.pin_refused": "A PIN at the kiosk was not checked (paused, or the kiosk asks for staff)",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The kinds of entries a community's audit page filters by. */
export const AUDIT_KINDS = {
  "sign-ins": { label: "Sign-ins as your users", actions: ["impersonation.requested", "impersonation.signed_in", "impersonation.ended"] },
  staff: { label: "Staff changes", actions: ["staff.created", "staff.updated", "staff.sign_in_reset", "staff.deactivated", "staff.reactivated"] },
  erasures: { label: "Removals and sign-ins switched off", actions: ["family.removed", "family.deactivated", "family.reactivated", "erasure.resident", "erasure.own_account"] },
  exports: { label: "Exports", actions: ["export.residents", "export.families", "export.staff"] },
  kiosks: {
    label: "Kiosks",
    actions: [
      "kiosk.registered",
      "kiosk.setup_link",
      "kiosk.set_up",
      "kiosk.revoked",
      "kiosk.helped",
      "kiosk.turn_started",
      "kiosk.turn_ended",
      "kiosk.turn_resumed",
      "kiosk.pin_wrong",
      "kiosk.pin_paused",
      "kiosk.pin_capped",
      "kiosk.pin_refused",
    ],
  },
} as const satisfies Record<string, { label: string; actions: readonly AuditAction[] }>;
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

/** The words the Settings page shows for an action; unknown actions show as recorded. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
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
    .orderBy(desc(auditLog.at), desc(auditLog.id));
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
