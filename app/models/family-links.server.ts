// Which residents a family account follows (family_links in the control database): one family
// member record per resident, each with its relationship, all signed in to with one account. A
// link made for an account she already had waits for her to confirm it. Shared by sign-in (the
// session's viewer), the family page's switcher, invitations, the families list and merging.
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { controlSchema, getControlDb, tenantSchema, type TenantDb } from "~/utils/db.server";
import { storyIsForFamily } from "./story.server";
import { ROLE } from "~/utils/roles";

const { familyLinks, users, sessions, loginTokens } = controlSchema;

export { familyViewOf, linksOfAccount, type FamilyLinkRow } from "~/utils/family-view.server";
import { linksOfAccount, type FamilyLinkRow } from "~/utils/family-view.server";

/** The account that signs in as this family member record, if any (confirmed or waiting). */
export function accountOfMember(tenantId: string, familyMemberId: string): FamilyLinkRow | undefined {
  return getControlDb()
    .select()
    .from(familyLinks)
    .where(and(eq(familyLinks.tenantId, tenantId), eq(familyLinks.familyMemberId, familyMemberId)))
    .get();
}

/** The accounts of these family member records: member id to link. */
export function accountsOfMembers(
  tenantId: string,
  familyMemberIds: readonly string[],
): Map<string, FamilyLinkRow> {
  const out = new Map<string, FamilyLinkRow>();
  const unique = [...new Set(familyMemberIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = getControlDb()
      .select()
      .from(familyLinks)
      .where(and(eq(familyLinks.tenantId, tenantId), inArray(familyLinks.familyMemberId, unique.slice(i, i + 500))))
      .all();
    for (const r of rows) out.set(r.familyMemberId, r);
  }
  return out;
}

/** The account ids of these family member records (confirmed or waiting). */
export function accountIdsOfMembers(tenantId: string, familyMemberIds: readonly string[]): string[] {
  return [...new Set([...accountsOfMembers(tenantId, familyMemberIds).values()].map((l) => l.userId))];
}

/** Links a family member record to an account: confirmed at once, or waiting for her. */
export function linkMemberToAccount(input: {
  tenantId: string;
  familyMemberId: string;
  userId: string;
  confirmed: boolean;
  createdByUserId?: string | null;
}): void {
  const at = new Date().toISOString();
  getControlDb()
    .insert(familyLinks)
    .values({
      tenantId: input.tenantId,
      familyMemberId: input.familyMemberId,
      userId: input.userId,
      confirmedAt: input.confirmed ? at : null,
      createdByUserId: input.createdByUserId ?? null,
      createdAt: at,
    })
    .onConflictDoNothing()
    .run();
}

/** The links made for this account that wait for her answer, oldest first. */
export function waitingLinks(tenantId: string, userId: string): FamilyLinkRow[] {
  return linksOfAccount(tenantId, userId).filter((l) => !l.confirmedAt);
}

/** She says yes to following one more resident. False when there was no such waiting link. */
export function confirmLink(tenantId: string, userId: string, familyMemberId: string): boolean {
  return (
    getControlDb()
      .update(familyLinks)
      .set({ confirmedAt: new Date().toISOString() })
      .where(
        and(
          eq(familyLinks.tenantId, tenantId),
          eq(familyLinks.userId, userId),
          eq(familyLinks.familyMemberId, familyMemberId),
          isNull(familyLinks.confirmedAt),
        ),
      )
      .run().changes === 1
  );
}

/**
 * She says it is not her: the waiting link goes, and the family member record stays with the
 * resident without an account (the care team can invite someone else). False when nothing waited.
 */
export function declineLink(tenantId: string, userId: string, familyMemberId: string): boolean {
  return (
    getControlDb()
      .delete(familyLinks)
      .where(
        and(
          eq(familyLinks.tenantId, tenantId),
          eq(familyLinks.userId, userId),
          eq(familyLinks.familyMemberId, familyMemberId),
          isNull(familyLinks.confirmedAt),
        ),
      )
      .run().changes === 1
  );
}

/**
 * A family member record is removed: its link goes, and the account with it when it follows
 * nobody else (which ends its sessions and open links). Returns the account removed, if any.
 */
export function unlinkMember(tenantId: string, familyMemberId: string): string | null {
  const db = getControlDb();
  return db.transaction((tx) => {
    const link = tx
      .select()
      .from(familyLinks)
      .where(and(eq(familyLinks.tenantId, tenantId), eq(familyLinks.familyMemberId, familyMemberId)))
      .get();
    if (!link) return null;
    tx.delete(familyLinks)
      .where(and(eq(familyLinks.tenantId, tenantId), eq(familyLinks.familyMemberId, familyMemberId)))
      .run();
    const left = tx
      .select({ n: sql<number>`count(*)` })
      .from(familyLinks)
      .where(eq(familyLinks.userId, link.userId))
      .get();
    if ((left?.n ?? 0) > 0) {
      // a session that was showing this resident shows her first one again
      tx.update(sessions)
        .set({ familyMemberId: null })
        .where(and(eq(sessions.userId, link.userId), eq(sessions.familyMemberId, familyMemberId)))
        .run();
      return null;
    }
    tx.delete(users)
      .where(and(eq(users.id, link.userId), eq(users.tenantId, tenantId), eq(users.role, ROLE.family)))
      .run();
    return link.userId;
  });
}

/** Her session shows this resident's page (one of her confirmed family member records). */
export function chooseFamilyMember(sessionId: string, familyMemberId: string | null): void {
  getControlDb().update(sessions).set({ familyMemberId }).where(eq(sessions.id, sessionId)).run();
}

/**
 * The family account of this community that an email already belongs to (without case), if
 * there is one that can still sign in: the one signed in to most recently when there are two.
 * It may not have chosen its password yet (passwordHash null: its invitation is still open).
 */
export function familyAccountByEmail(
  tenantId: string,
  email: string,
): typeof users.$inferSelect | undefined {
  return getControlDb()
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.role, ROLE.family),
        eq(users.isActive, true),
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .orderBy(sql`${users.lastLoginAt} is null`, sql`${users.lastLoginAt} desc`, asc(users.createdAt))
    .get();
}

/**
 * Moves every link of one account to another (the kept one), confirmed, and removes the first
 * account (its sessions and links end with it). The community's own records that name the
 * account are moved by the caller (family-merge.server.ts).
 */
export function moveLinks(tenantId: string, fromUserId: string, toUserId: string): number {
  const db = getControlDb();
  return db.transaction((tx) => {
    const at = new Date().toISOString();
    const moved = tx
      .update(familyLinks)
      .set({ userId: toUserId, confirmedAt: sql`coalesce(${familyLinks.confirmedAt}, ${at})` })
      .where(and(eq(familyLinks.tenantId, tenantId), eq(familyLinks.userId, fromUserId)))
      .run().changes;
    tx.delete(loginTokens).where(eq(loginTokens.userId, fromUserId)).run();
    tx.delete(users)
      .where(and(eq(users.id, fromUserId), eq(users.tenantId, tenantId), eq(users.role, ROLE.family)))
      .run();
    return moved;
  });
}

/** She opened this resident's family page now ("new since your last visit" counts from here). */
export function markFollowSeen(tenantId: string, userId: string, familyMemberId: string, at = new Date()): void {
  getControlDb()
    .update(familyLinks)
    .set({ seenAt: at.toISOString() })
    .where(and(eq(familyLinks.tenantId, tenantId), eq(familyLinks.userId, userId), eq(familyLinks.familyMemberId, familyMemberId)))
    .run();
}

export type WaitingFollow = { memberId: string; residentId: string; residentName: string; relationship: string | null; addedAt: string };

/** The residents added to her account that wait for her answer, with their names. */
export function waitingFollows(db: TenantDb, tenantId: string, userId: string): WaitingFollow[] {
  const waiting = waitingLinks(tenantId, userId);
  if (!waiting.length) return [];
  const { familyMembers, residents } = tenantSchema;
  const rows = db
    .select({ member: familyMembers, resident: residents })
    .from(familyMembers)
    .innerJoin(residents, eq(familyMembers.residentId, residents.id))
    .where(inArray(familyMembers.id, waiting.map((l) => l.familyMemberId)))
    .all();
  return waiting.flatMap((l) => {
    const row = rows.find((r) => r.member.id === l.familyMemberId);
    return row ? [{ memberId: row.member.id, residentId: row.resident.id, residentName: `${row.resident.firstName} ${row.resident.lastName}`, relationship: row.member.relationship, addedAt: l.createdAt }] : [];
  });
}

export type FollowNews = { residentId: string; firstName: string; newStories: number; neverOpened: boolean };

/**
 * For each resident she follows: how many stories she may read were shared since she last opened
 * that resident's page, or that she has never opened it.
 */
export function newSinceLastVisit(db: TenantDb, tenantId: string, userId: string, follows: readonly { member: { id: string }; resident: { id: string; firstName: string } }[]): FollowNews[] {
  const seen = new Map(linksOfAccount(tenantId, userId).map((l) => [l.familyMemberId, l.seenAt]));
  const { stories } = tenantSchema;
  return follows.map((f) => {
    const since = seen.get(f.member.id) ?? null;
    const newStories = since
      ? (db
          .select({ n: sql<number>`count(*)` })
          .from(stories)
          .where(and(storyIsForFamily, eq(stories.residentId, f.resident.id), gt(stories.publishedAt, since)))
          .get()?.n ?? 0)
      : 0;
    return { residentId: f.resident.id, firstName: f.resident.firstName, newStories, neverOpened: !since };
  });
}

/** The other residents (by name) that the account of this family member record follows. */
export function otherFollowedResidents(db: TenantDb, tenantId: string, memberId: string): string[] {
  const link = accountOfMember(tenantId, memberId);
  if (!link) return [];
  const others = linksOfAccount(tenantId, link.userId).filter((l) => l.familyMemberId !== memberId);
  if (!others.length) return [];
  const { familyMembers, residents } = tenantSchema;
  const rows = db
    .select({ id: familyMembers.id, first: residents.firstName, last: residents.lastName })
    .from(familyMembers)
    .innerJoin(residents, eq(familyMembers.residentId, residents.id))
    .where(inArray(familyMembers.id, others.map((l) => l.familyMemberId)))
    .all();
  return others.flatMap((l) => {
    const r = rows.find((x) => x.id === l.familyMemberId);
    return r ? [`${r.first} ${r.last}`] : [];
  });
}
