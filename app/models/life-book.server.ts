// The life-story book: the resident's stories that family may see, chosen and ordered by
// life period or category, as print-ready HTML and a PDF; beside each recorded story a QR code that
// opens its recording through a signed link that plays without signing in, until it is revoked.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { newId } from "~/utils/ids.server";
import { signPayload, verifyPayload } from "~/utils/signed-token.server";
import { CATEGORIES } from "./categories";
import { getMedia, type MediaRow } from "./media.server";
import { storyIsForFamily } from "./story.server";
import { CARE_TEAM_ROLES, ROLE, roleIn, type Role } from "~/utils/roles";

const { stories, recordingLinks } = tenantSchema;

export type BookOrder = "period" | "category";

/** Life periods, from the story's category (stories carry no dates of their own); named by pdf.json's `period.{key}`. */
export const LIFE_PERIODS = [
  { key: "childhood", categories: ["childhood"] },
  { key: "growingUp", categories: ["love", "friendship"] },
  { key: "work", categories: ["career", "achievement"] },
  { key: "family", categories: ["family"] },
  { key: "other", categories: ["travel", "hobby", "general"] },
] as const;

/** The life period of a category, named in `lang`. */
export function periodOf(category: string, lang: string = DEFAULT_LANGUAGE): string {
  const period = LIFE_PERIODS.find((p) => (p.categories as readonly string[]).includes(category)) ?? LIFE_PERIODS[LIFE_PERIODS.length - 1]!;
  return translator(lang, "pdf")(`period.${period.key}`);
}

/** A category's name in the book, in `lang`. */
export function bookCategoryName(category: string, lang: string = DEFAULT_LANGUAGE): string {
  return translator(lang, "pdf")(`category.${CATEGORIES.some((c) => c.value === category) ? category : "general"}`);
}

/** A story of the book; `lang` is the language it is told in (null: not kept). */
export type BookStory = { id: string; title: string; content: string; lang: string | null; category: string; section: string; imageId: string | null; audioId: string | null; createdAt: string };

/**
 * Every story the resident's family may see, in the book's order (sections by life period or
 * category, oldest first within), the sections named in `lang`.
 */
export function bookCandidates(db: TenantDb, residentId: string, order: BookOrder, lang: string = DEFAULT_LANGUAGE): BookStory[] {
  const rows = db
    .select({ id: stories.id, title: stories.title, content: stories.content, lang: stories.lang, category: stories.category, imageId: stories.imageId, audioId: stories.audioId, createdAt: stories.createdAt })
    .from(stories)
    .where(and(eq(stories.residentId, residentId), storyIsForFamily))
    .orderBy(asc(stories.createdAt))
    .all();
  const rank = (category: string) =>
    order === "period" ? LIFE_PERIODS.findIndex((p) => (p.categories as readonly string[]).includes(category)) : CATEGORIES.findIndex((c) => c.value === category);
  const label = (category: string) => (order === "period" ? periodOf(category, lang) : bookCategoryName(category, lang));
  return rows
    .map((r, i) => ({ ...r, section: label(r.category), i }))
    .sort((a, b) => rank(a.category) - rank(b.category) || a.i - b.i)
    .map(({ i: _i, ...r }) => r);
}

/** The chosen ones among the candidates (none chosen: all), in the book's order. */
export function bookStories(db: TenantDb, residentId: string, order: BookOrder, chosen: string[], lang: string = DEFAULT_LANGUAGE): BookStory[] {
  const all = bookCandidates(db, residentId, order, lang);
  return chosen.length ? all.filter((s) => chosen.includes(s.id)) : all;
}

// --- signed, revocable links to a recording ---

// the link's id, signed; the MAC cut to 32 characters (192 bits) keeps the printed QR code small
const LISTEN_MAC = { macLength: 32 };

/** The link printed for a story's recording: the one already made (not revoked) or a new one. */
export function recordingLinkToken(db: TenantDb, storyId: string, byUserId: string | null, secret = env().SESSION_SECRET): string {
  const existing = db
    .select({ id: recordingLinks.id })
    .from(recordingLinks)
    .where(and(eq(recordingLinks.storyId, storyId), isNull(recordingLinks.revokedAt)))
    .get();
  const id = existing?.id ?? newId();
  if (!existing) db.insert(recordingLinks).values({ id, storyId, createdByUserId: byUserId }).run();
  return signPayload("listen", id, secret, LISTEN_MAC);
}

/**
 * The recording a link plays: a well-signed, unrevoked link to a story its family may still see
 * (a story withdrawn or made private stops playing); else null.
 */
export function recordingOfLink(db: TenantDb, token: string, secret = env().SESSION_SECRET): { story: { id: string; title: string }; audio: MediaRow } | null {
  const id = verifyPayload("listen", token, secret, { ...LISTEN_MAC, maxLength: 120 });
  if (!id) return null;
  const row = db
    .select({ id: stories.id, title: stories.title, audioId: stories.audioId })
    .from(recordingLinks)
    .innerJoin(stories, eq(recordingLinks.storyId, stories.id))
    .where(and(eq(recordingLinks.id, id), isNull(recordingLinks.revokedAt), storyIsForFamily))
    .get();
  const audio = row?.audioId ? getMedia(db, row.audioId) : undefined;
  return row && audio ? { story: { id: row.id, title: row.title }, audio } : null;
}

/** Revokes every printed recording link of a resident's stories (a new book prints new ones). */
export function revokeRecordingLinks(db: TenantDb, residentId: string): number {
  const ids = db.select({ id: stories.id }).from(stories).where(eq(stories.residentId, residentId)).all().map((s) => s.id);
  if (!ids.length) return 0;
  return db
    .update(recordingLinks)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(inArray(recordingLinks.storyId, ids), isNull(recordingLinks.revokedAt)))
    .run().changes;
}

/** Who may open a resident's book: the care team, the resident, and the resident's family. */
export function mayOpenBook(db: TenantDb, viewer: { role: Role; residentId?: string | null; familyMemberId?: string | null }, residentId: string): { open: boolean; manage: boolean } {
  if (roleIn(viewer.role, CARE_TEAM_ROLES)) return { open: true, manage: true };
  if (viewer.role === ROLE.resident) return viewer.residentId === residentId ? { open: true, manage: true } : { open: false, manage: false };
  if (viewer.role === ROLE.family && viewer.familyMemberId) {
    const member = db.select({ residentId: tenantSchema.familyMembers.residentId }).from(tenantSchema.familyMembers).where(eq(tenantSchema.familyMembers.id, viewer.familyMemberId)).get();
    return { open: member?.residentId === residentId, manage: false };
  }
  return { open: false, manage: false };
}
