// Who gave each reaction to a story: names for the "who reacted" lists under the counts.
import { asc, eq, inArray } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { peopleByIds } from "./community-people.server";

const { reactions, familyMembers } = tenantSchema;

/** Per emoji, the names of the people who gave it, first to react first. */
export function reactorsByEmoji(db: TenantDb, communityId: string, storyId: string): Record<string, string[]> {
  const rows = db.select({ userId: reactions.userId, emoji: reactions.emoji }).from(reactions).where(eq(reactions.storyId, storyId)).orderBy(asc(reactions.createdAt)).all();
  const people = peopleByIds(communityId, rows.map((r) => r.userId));
  // family members go by the name on their family record, as their comments are signed
  const memberIds = people.flatMap((p) => p.familyMemberIds);
  const family = new Map(
    memberIds.length ? db.select({ id: familyMembers.id, name: familyMembers.name }).from(familyMembers).where(inArray(familyMembers.id, memberIds)).all().map((m) => [m.id, m.name]) : [],
  );
  const names = new Map(people.map((p) => [p.id, p.familyMemberIds.map((id) => family.get(id)).find(Boolean) || p.displayName]));
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.emoji] ??= []).push(names.get(r.userId) ?? "A former member");
  return out;
}

/** The reaction counts with the names added. */
export function withReactors<T extends { emoji: string }>(counts: T[], people: Record<string, string[]>): (T & { people: string[] })[] {
  return counts.map((c) => ({ ...c, people: people[c.emoji] ?? [] }));
}
