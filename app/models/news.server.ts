// Community news (administrators and staff share the list): pinned posts first, then newest.
import { and, count, desc, eq } from "drizzle-orm";
import { tenantSchema, type TenantDb, type TenantQueries } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { recordActivity } from "./activity.server";

const { newsPosts } = tenantSchema;

export type NewsPostRow = typeof newsPosts.$inferSelect;

/** A news post's fields as the screens and the JSON API show them. */
export type NewsPostView = {
  id: string;
  title: string;
  content: string;
  isPublished: boolean;
  isPinned: boolean;
  createdAt: string;
  updatedAt: string;
};

export type NewsPostInput = { title: string; content: string; isPublished: boolean; isPinned: boolean };

type Actor = { id: string; displayName: string };

export function toNewsPostView(row: NewsPostRow): NewsPostView {
  return { id: row.id, title: row.title, content: row.content, isPublished: row.isPublished, isPinned: row.isPinned, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

export function listNewsPosts(db: TenantDb, opts: { publishedOnly?: boolean; limit?: number } = {}): NewsPostView[] {
  return db
    .select()
    .from(newsPosts)
    .where(opts.publishedOnly ? eq(newsPosts.isPublished, true) : undefined)
    .orderBy(desc(newsPosts.isPinned), desc(newsPosts.createdAt))
    .limit(opts.limit ?? 200)
    .all()
    .map(toNewsPostView);
}

export function getNewsPost(db: TenantDb, id: string): NewsPostRow | undefined {
  return db.select().from(newsPosts).where(eq(newsPosts.id, id)).get();
}

function announce(db: TenantQueries, post: { id: string; title: string }, actor: Actor | null) {
  recordActivity(db, { type: "news_posted", summary: `News: ${post.title}`, values: { title: post.title }, subjectId: post.id, actor });
}

export function createNewsPost(db: TenantDb, input: NewsPostInput, actor: Actor | null): NewsPostRow {
  const id = newId();
  db.transaction((tx) => {
    tx.insert(newsPosts)
      .values({ id, title: input.title.trim(), content: input.content.trim(), isPublished: input.isPublished, isPinned: input.isPinned, authorUserId: actor?.id ?? null })
      .run();
    if (input.isPublished) announce(tx, { id, title: input.title.trim() }, actor);
  });
  return getNewsPost(db, id)!;
}

/** Updates a post. A field left undefined keeps its value; a draft that becomes published is announced. */
export function updateNewsPost(db: TenantDb, id: string, patch: Partial<NewsPostInput>, actor: Actor | null): NewsPostRow | undefined {
  const before = getNewsPost(db, id);
  if (!before) return undefined;
  const set: Partial<typeof newsPosts.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (patch.title !== undefined) set.title = patch.title.trim();
  if (patch.content !== undefined) set.content = patch.content.trim();
  if (patch.isPublished !== undefined) set.isPublished = patch.isPublished;
  if (patch.isPinned !== undefined) set.isPinned = patch.isPinned;
  db.transaction((tx) => {
    tx.update(newsPosts).set(set).where(eq(newsPosts.id, id)).run();
    if (!before.isPublished && patch.isPublished) announce(tx, { id, title: set.title ?? before.title }, actor);
  });
  return getNewsPost(db, id);
}

export function deleteNewsPost(db: TenantDb, id: string): boolean {
  return db.delete(newsPosts).where(eq(newsPosts.id, id)).run().changes === 1;
}

export function countNewsPosts(db: TenantDb, opts: { published?: boolean } = {}): number {
  return (
    db
      .select({ n: count() })
      .from(newsPosts)
      .where(and(opts.published === undefined ? undefined : eq(newsPosts.isPublished, opts.published)))
      .get()?.n ?? 0
  );
}
