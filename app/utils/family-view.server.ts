// What a signed-in family account follows (family_links in the control database), read on every
// request by the session check; the rest of the links' logic is app/models/family-links.server.ts.
import { and, asc, eq, sql } from "drizzle-orm";
import { controlSchema, getControlDb, prepared } from "./db.server";

const { familyLinks } = controlSchema;

export type FamilyLinkRow = typeof familyLinks.$inferSelect;

/** Every link of this account, confirmed or waiting, the one she followed first first. */
export function linksOfAccount(tenantId: string, userId: string): FamilyLinkRow[] {
  // every request of a family member runs it (the session's view): prepared once
  const query = prepared(getControlDb(), "family-links-of-account", (db) =>
    db
      .select()
      .from(familyLinks)
      .where(
        and(
          eq(familyLinks.tenantId, sql.placeholder("tenantId")),
          eq(familyLinks.userId, sql.placeholder("userId")),
        ),
      )
      .orderBy(asc(familyLinks.createdAt), asc(familyLinks.familyMemberId))
      .prepare(),
  );
  return query.all({ tenantId, userId });
}

/**
 * What a signed-in family account sees: the family member records she has confirmed (oldest
 * first), and the one her pages show now: the session's choice while it is still hers, else the
 * first.
 */
export function familyViewOf(
  tenantId: string,
  userId: string,
  chosen: string | null,
): { familyMemberIds: string[]; familyMemberId: string | null } {
  const ids = linksOfAccount(tenantId, userId)
    .filter((l) => l.confirmedAt)
    .map((l) => l.familyMemberId);
  return {
    familyMemberIds: ids,
    familyMemberId: chosen && ids.includes(chosen) ? chosen : (ids[0] ?? null),
  };
}
