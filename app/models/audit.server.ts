// The audit log (control database): who signed in as whom, when and from where, and the super
// admin's changes to communities and staff. Every entry is written here, by writeAudit.
import { desc, eq } from "drizzle-orm";
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
  "staff.created": "Added staff member",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

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
  const actor = alias(users, "actor");
  const target = alias(users, "target");
  const rows = getControlDb()
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
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .all();
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
