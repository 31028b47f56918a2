// The printed gazette: one resident's month in print, for staff to hand over. The family's photos,
// their comments on the resident's stories, their questions, and the stories published that month.
// Months are calendar months in the community's time zone; its dates are written in the language
// asked for (the reader's on the page, the resident's in the PDF).
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { reactionLabel } from "./categories";
// the gazette goes to the family: only stories they may see
import { storyIsForFamily } from "./story.server";
import { programsJoined } from "./participation.server";
import { formatLongDate, formatMonthYear, localDateIn, startOfLocalMonthUtc } from "./local-time";

const { comments, familyMembers, familyPhotos, familyQuestions, residents, stories } = tenantSchema;

export type GazetteMonth = { ym: string; label: string; from: string; to: string; previous: string; next: string | null };

const YM = /^(\d{4})-(0[1-9]|1[0-2])$/;

function shiftMonth(ym: string, by: number): string {
  const [y, m] = ym.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The month asked for (?month=YYYY-MM), or this month; never a month that has not begun. Its label in `lang`. */
export function gazetteMonth(param: string | null | undefined, timeZone: string, now = new Date(), lang: string = DEFAULT_LANGUAGE): GazetteMonth {
  const current = localDateIn(timeZone, now).slice(0, 7);
  const ym = param && YM.test(param) && param <= current && param >= "2000-01" ? param : current;
  const [y, m] = ym.split("-").map(Number) as [number, number];
  // the middle of a month is safely inside it whatever the time zone
  const from = startOfLocalMonthUtc(timeZone, new Date(Date.UTC(y, m - 1, 15)));
  const to = startOfLocalMonthUtc(timeZone, new Date(Date.UTC(y, m, 15)));
  const label = formatMonthYear(ym, lang);
  return { ym, label, from, to, previous: shiftMonth(ym, -1), next: ym < current ? shiftMonth(ym, 1) : null };
}

export type Gazette = {
  /** the language its dates and month are written in */
  lang: string;
  communityName: string;
  resident: { id: string; firstName: string; lastName: string; roomNumber: string | null };
  month: GazetteMonth;
  photos: { id: string; imageId: string; description: string | null; from: string; dateLabel: string }[];
  comments: { id: string; storyTitle: string; content: string; reaction: string | null; emoji: string | null; from: string; dateLabel: string }[];
  questions: { id: string; question: string; from: string; dateLabel: string; answeredTitle: string | null }[];
  stories: { id: string; title: string; dateLabel: string }[];
  /** the programs she joined this month, while her family may see them (else none) */
  activities: string[];
};

const fromOf = (m: { name: string; relationship: string | null }) => (m.relationship ? `${m.name} (${m.relationship})` : m.name);

/**
 * One resident's gazette for a month, its dates (and the month's name) in `lang`, or null when the
 * resident is not of this community.
 */
export function gazetteFor(db: TenantDb, community: Pick<Community, "name" | "timeZone">, residentId: string, month: GazetteMonth, lang: string = DEFAULT_LANGUAGE): Gazette | null {
  const resident = db.select().from(residents).where(eq(residents.id, residentId)).get();
  if (!resident) return null;
  const day = (iso: string) => formatLongDate(iso, community.timeZone, lang);
  const photos = db
    .select({ p: familyPhotos, m: familyMembers })
    .from(familyPhotos)
    .innerJoin(familyMembers, eq(familyPhotos.familyMemberId, familyMembers.id))
    .where(and(eq(familyPhotos.residentId, resident.id), gte(familyPhotos.createdAt, month.from), lt(familyPhotos.createdAt, month.to)))
    .orderBy(asc(familyPhotos.createdAt))
    .all()
    .map(({ p, m }) => ({ id: p.id, imageId: p.imageId, description: p.description, from: fromOf(m), dateLabel: day(p.createdAt) }));
  const said = db
    .select({ c: comments, title: stories.title, m: familyMembers })
    .from(comments)
    .innerJoin(stories, eq(comments.storyId, stories.id))
    .leftJoin(familyMembers, eq(comments.familyMemberId, familyMembers.id))
    .where(and(eq(stories.residentId, resident.id), storyIsForFamily, gte(comments.createdAt, month.from), lt(comments.createdAt, month.to)))
    .orderBy(asc(comments.createdAt))
    .all()
    .map(({ c, title, m }) => ({
      id: c.id,
      storyTitle: title,
      content: c.content,
      emoji: c.emoji,
      reaction: reactionLabel(c.emoji),
      from: m ? fromOf(m) : c.authorName,
      dateLabel: day(c.createdAt),
    }));
  const questions = db
    .select({ q: familyQuestions, m: familyMembers, title: stories.title, published: sql<boolean>`coalesce(${storyIsForFamily}, 0)`.mapWith(Boolean) })
    .from(familyQuestions)
    .innerJoin(familyMembers, eq(familyQuestions.familyMemberId, familyMembers.id))
    .leftJoin(stories, eq(familyQuestions.answeredStoryId, stories.id))
    .where(and(eq(familyQuestions.residentId, resident.id), gte(familyQuestions.createdAt, month.from), lt(familyQuestions.createdAt, month.to)))
    .orderBy(asc(familyQuestions.createdAt))
    .all()
    .map(({ q, m, title, published }) => ({ id: q.id, question: q.question, from: fromOf(m), dateLabel: day(q.createdAt), answeredTitle: published ? title : null }));
  const published = db
    .select({ id: stories.id, title: stories.title, publishedAt: stories.publishedAt })
    .from(stories)
    .where(and(eq(stories.residentId, resident.id), storyIsForFamily, gte(stories.publishedAt, month.from), lt(stories.publishedAt, month.to)))
    .orderBy(asc(stories.publishedAt))
    .all()
    .map((s) => ({ id: s.id, title: s.title, dateLabel: day(s.publishedAt!) }));
  const [y, m] = month.ym.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const activities = resident.shareParticipation ? programsJoined(db, community.timeZone, resident.id, `${month.ym}-01`, lastDay) : [];
  return {
    lang,
    communityName: community.name,
    resident: { id: resident.id, firstName: resident.firstName, lastName: resident.lastName, roomNumber: resident.roomNumber },
    month: { ...month, label: formatMonthYear(month.ym, lang) },
    photos,
    comments: said,
    questions,
    stories: published,
    activities,
  };
}

/** A file name for the PDF: gazette-margaret-ellis-2026-11.pdf */
export function gazetteFileName(g: Pick<Gazette, "resident" | "month">): string {
  const slug = `${g.resident.firstName}-${g.resident.lastName}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `gazette-${slug || "resident"}-${g.month.ym}.pdf`;
}
