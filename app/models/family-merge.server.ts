// One person with two family accounts in a community (made before an email could follow several
// residents): the administrator sees them side by side and merges one into the other. The kept
// account then follows every resident of both; her reactions, comments, notices and settings move
// with her, and the other account (its sessions and links) is removed.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { controlSchema, getControlDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import type { RequestClient } from "~/utils/host.server";
import { ROLE } from "~/utils/roles";
import { writeAudit } from "./audit.server";
import { moveLinks } from "./family-links.server";

const { users, familyLinks } = controlSchema;
const t = tenantSchema;

export type DuplicateAccount = {
  userId: string;
  username: string;
  displayName: string;
  joined: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  /** the residents this account follows (or waits to), by name */
  residents: string[];
};

/** Accounts of the same email (without case), two or more: one person, several sign-ins. */
export type DuplicateGroup = { email: string; accounts: DuplicateAccount[] };

/** Every email that more than one active family account of the community signs in with. */
export function duplicateFamilyAccounts(db: TenantDb, tenantId: string): DuplicateGroup[] {
  const control = getControlDb();
  const rows = control
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.role, ROLE.family),
        eq(users.isActive, true),
        sql`lower(${users.email}) in (select lower(email) from users where tenant_id = ${tenantId} and role = 'family' and is_active = 1 group by lower(email) having count(*) > 1)`,
      ),
    )
    .orderBy(asc(sql`lower(${users.email})`), asc(users.createdAt))
    .all();
  if (!rows.length) return [];
  const links = control
    .select()
    .from(familyLinks)
    .where(and(eq(familyLinks.tenantId, tenantId), inArray(familyLinks.userId, rows.map((r) => r.id))))
    .all();
  const names = new Map(
    links.length
      ? db
          .select({ id: t.familyMembers.id, first: t.residents.firstName, last: t.residents.lastName })
          .from(t.familyMembers)
          .innerJoin(t.residents, eq(t.familyMembers.residentId, t.residents.id))
          .where(inArray(t.familyMembers.id, links.map((l) => l.familyMemberId)))
          .all()
          .map((m) => [m.id, `${m.first} ${m.last}`])
      : [],
  );
  const groups = new Map<string, DuplicateGroup>();
  for (const r of rows) {
    const key = r.email.trim().toLowerCase();
    const group = groups.get(key) ?? { email: r.email.trim(), accounts: [] };
    group.accounts.push({
      userId: r.id,
      username: r.username,
      displayName: r.displayName,
      joined: !!r.passwordHash,
      lastLoginAt: r.lastLoginAt,
      createdAt: r.createdAt,
      residents: links.filter((l) => l.userId === r.id).flatMap((l) => names.get(l.familyMemberId) ?? []),
    });
    groups.set(key, group);
  }
  return [...groups.values()];
}

export type MergeResult = { ok: true; kept: string; removed: string; residents: number } | { ok: false; reason: "notFound" | "sameAccount" | "differentEmail" };

/**
 * Merges the account `removeId` into `keepId` (two active family accounts of this community with
 * the same email). In the community's database her reactions (one of each kind per story), comments,
 * notices and uploads move to the kept account, whose own notification settings win; in the
 * control database her links move (confirmed: she asked for neither account to be two) and the
 * other account goes. Audited as family.accounts_merged.
 */
export function mergeFamilyAccounts(
  db: TenantDb,
  community: Pick<Community, "id">,
  keepId: string,
  removeId: string,
  actor: { id: string; client?: RequestClient },
): MergeResult {
  if (keepId === removeId) return { ok: false, reason: "sameAccount" };
  const control = getControlDb();
  const pick = (id: string) =>
    control
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.tenantId, community.id), eq(users.role, ROLE.family), eq(users.isActive, true)))
      .get();
  const keep = pick(keepId);
  const remove = pick(removeId);
  if (!keep || !remove) return { ok: false, reason: "notFound" };
  if (keep.email.trim().toLowerCase() !== remove.email.trim().toLowerCase()) return { ok: false, reason: "differentEmail" };

  db.transaction((tx) => {
    // one reaction of each kind per story and person: the kept account's stays
    tx.delete(t.reactions)
      .where(
        and(
          eq(t.reactions.userId, removeId),
          sql`exists (select 1 from ${t.reactions} k where k.story_id = ${t.reactions.storyId} and k.emoji = ${t.reactions.emoji} and k.user_id = ${keepId})`,
        ),
      )
      .run();
    tx.update(t.reactions).set({ userId: keepId }).where(eq(t.reactions.userId, removeId)).run();
    tx.update(t.comments).set({ authorUserId: keepId }).where(eq(t.comments.authorUserId, removeId)).run();
    tx.update(t.notifications).set({ userId: keepId }).where(eq(t.notifications.userId, removeId)).run();
    tx.update(t.activity).set({ actorUserId: keepId }).where(eq(t.activity.actorUserId, removeId)).run();
    tx.update(t.media).set({ uploadedByUserId: keepId }).where(eq(t.media.uploadedByUserId, removeId)).run();
    const keptSettings = tx.select().from(t.notificationSettings).where(eq(t.notificationSettings.userId, keepId)).get();
    if (keptSettings) tx.delete(t.notificationSettings).where(eq(t.notificationSettings.userId, removeId)).run();
    else tx.update(t.notificationSettings).set({ userId: keepId }).where(eq(t.notificationSettings.userId, removeId)).run();
  });
  const residents = moveLinks(community.id, removeId, keepId);
  writeAudit({
    client: actor.client,
    actorUserId: actor.id,
    action: "family.accounts_merged",
    targetUserId: keepId,
    tenantId: community.id,
    details: `${remove.username} into ${keep.username}`,
  });
  return { ok: true, kept: keep.username, removed: remove.username, residents };
}

/**
 * Merges every other active family account of this email into the one kept (`keepId`, one of
 * them). "nothing": no such group now (merged already, from another tab or a second tap);
 * "chooseOne": the account to keep is not one of them.
 */
export function mergeAccountsOfEmail(
  db: TenantDb,
  community: Pick<Community, "id">,
  email: string,
  keepId: string,
  actor: { id: string; client?: RequestClient },
): { ok: true; kept: string; removed: string[] } | { ok: false; reason: "nothing" | "chooseOne" } {
  const wanted = email.trim().toLowerCase();
  const group = duplicateFamilyAccounts(db, community.id).find((g) => g.email.toLowerCase() === wanted);
  if (!group) return { ok: false, reason: "nothing" };
  const kept = group.accounts.find((a) => a.userId === keepId);
  if (!kept) return { ok: false, reason: "chooseOne" };
  const removed: string[] = [];
  for (const other of group.accounts) {
    if (other.userId === keepId) continue;
    const result = mergeFamilyAccounts(db, community, keepId, other.userId, actor);
    if (result.ok) removed.push(result.removed);
  }
  return { ok: true, kept: kept.username, removed };
}
