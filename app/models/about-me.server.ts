// "About me": one page per resident for carers: the name they like, where they grew up,
// work, family, what they enjoy, routines, what worries and what calms them, how best to talk with
// them. Staff and the resident fill it in (family too when the resident allows); "Suggest from
// stories" proposes lines from the resident's stories, and a person accepts or edits each one.
import { and, eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { CARE_TEAM_ROLES, ROLE, roleIn } from "~/utils/roles";
import { ABOUT_KEYS, ABOUT_MAX, type AboutSectionKey } from "./about-me-sections";
import { storyReadableBy, type StoryViewer } from "./story.server";
import { recordForResident } from "./family.server";

const { aboutMe, stories } = tenantSchema;

export type AboutMe = Record<AboutSectionKey, string> & { familyMayView: boolean; familyMayEdit: boolean; updatedAt: string | null };

export function getAboutMe(db: TenantDb, residentId: string): AboutMe {
  const row = db.select().from(aboutMe).where(eq(aboutMe.residentId, residentId)).get();
  const out = { familyMayView: row?.familyMayView ?? false, familyMayEdit: row?.familyMayEdit ?? false, updatedAt: row?.updatedAt ?? null } as AboutMe;
  for (const k of ABOUT_KEYS) out[k] = (row?.[k] as string | null | undefined) ?? "";
  return out;
}

export type AboutAccess = { view: boolean; edit: boolean; share: boolean };

/**
 * Who may do what with a resident's About me: the care team and the resident read and fill it in,
 * and choose whether family may read it or fill it in; their family only as the resident allows.
 */
export function aboutMeAccess(db: TenantDb, viewer: StoryViewer, residentId: string): AboutAccess {
  if (roleIn(viewer.role, CARE_TEAM_ROLES)) return { view: true, edit: true, share: true };
  if (viewer.role === ROLE.resident) return viewer.residentId === residentId ? { view: true, edit: true, share: true } : { view: false, edit: false, share: false };
  if (viewer.role === ROLE.family) {
    // only the residents she follows
    if (!recordForResident(db, viewer.familyMemberIds, residentId)) return { view: false, edit: false, share: false };
    const about = getAboutMe(db, residentId);
    return { view: about.familyMayView || about.familyMayEdit, edit: about.familyMayEdit, share: false };
  }
  return { view: false, edit: false, share: false };
}

const clip = (s: string | null | undefined) => (s ?? "").replace(/\r\n/g, "\n").trim().slice(0, ABOUT_MAX);

/** Saves the sections given (others stay); `sharing` only from someone who may choose it. */
export function saveAboutMe(
  db: TenantDb,
  residentId: string,
  fields: Partial<Record<AboutSectionKey, string | null>>,
  byUserId: string,
  sharing?: { familyMayView: boolean; familyMayEdit: boolean } | null,
): AboutMe {
  const current = getAboutMe(db, residentId);
  const values: Record<string, unknown> = {};
  for (const k of ABOUT_KEYS) values[k] = k in fields ? clip(fields[k]) || null : current[k] || null;
  const share = sharing ?? { familyMayView: current.familyMayView, familyMayEdit: current.familyMayEdit };
  const row = { ...values, familyMayView: share.familyMayView || share.familyMayEdit, familyMayEdit: share.familyMayEdit, updatedByUserId: byUserId, updatedAt: new Date().toISOString() };
  db.insert(aboutMe)
    .values({ residentId, ...row })
    .onConflictDoUpdate({ target: aboutMe.residentId, set: row })
    .run();
  return getAboutMe(db, residentId);
}

/** Adds one accepted line to a section (a new line under what is there; never twice). */
export function addAboutLine(db: TenantDb, residentId: string, section: AboutSectionKey, line: string, byUserId: string): AboutMe {
  const current = getAboutMe(db, residentId);
  const text = clip(line);
  if (!text || current[section].includes(text)) return current;
  return saveAboutMe(db, residentId, { [section]: current[section] ? `${current[section]}\n${text}` : text }, byUserId);
}

// --- "Suggest from stories": plain, deterministic matching, no AI ---

const KEYWORDS: Record<AboutSectionKey, RegExp> = {
  preferredName: /\b(call(ed)? me|nickname|known as)\b/i,
  grewUp: /\b(grew up|born|childhood|village|hometown|farm|as a (girl|boy|child)|school)\b/i,
  work: /\b(worked|work(ing)? as|job|career|factory|office|teacher|nurse|shop|retired|apprentice|trade)\b/i,
  family: /\b(husband|wife|son|daughter|brother|sister|children|grandchildren|married|mother|father|mum|dad|grandmother|grandfather)\b/i,
  enjoys: /\b(love[ds]?|enjoy(ed|s)?|favou?rite|garden(ing)?|danc(e|ed|ing)|music|sing(ing)?|fishing|read(ing)?|bak(e|ed|ing)|cook(ing)?)\b/i,
  routines: /\b(every (morning|evening|night|day|sunday|monday|tuesday|wednesday|thursday|friday|saturday|week)|each (morning|evening)|always|bedtime|breakfast|cup of tea)\b/i,
  worries: /\b(afraid|worr(y|ied|ies)|scared|frighten(ed|s)?|nervous|anxious|upset)\b/i,
  calms: /\b(calm(s|ed)?|peaceful|comfort(s|ed)?|sooth(e|es|ing)|quiet|relax(es|ed)?)\b/i,
  talking: /\b(hear(ing)?|deaf|speak (slowly|up|clearly)|listen(s|ed)?|glasses|accent)\b/i,
};

/** The most telling sections first: a sentence about a worry that names a mother is about the worry. */
const MATCH_ORDER: AboutSectionKey[] = ["worries", "calms", "routines", "talking", "grewUp", "work", "enjoys", "family"];

/** A category says where a whole story belongs when no keyword decides. */
const BY_CATEGORY: Partial<Record<string, AboutSectionKey>> = { childhood: "grewUp", career: "work", family: "family", love: "family", hobby: "enjoys" };

export type AboutSuggestion = { section: AboutSectionKey; text: string; storyId: string; storyTitle: string };

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z"“'‘])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12 && s.length <= 240);
}

/**
 * Lines for each section drawn from the resident's stories that this viewer may read: each a
 * sentence with the story it came from, at most three per section, none already on the page.
 */
export function suggestFromStories(db: TenantDb, viewer: StoryViewer, residentId: string, perSection = 3): AboutSuggestion[] {
  const about = getAboutMe(db, residentId);
  const rows = db
    .select({ id: stories.id, title: stories.title, content: stories.content, category: stories.category })
    .from(stories)
    .where(and(eq(stories.residentId, residentId), storyReadableBy(viewer)))
    .orderBy(stories.createdAt)
    .all();
  const out: AboutSuggestion[] = [];
  const seen = new Set<string>();
  const count = (k: AboutSectionKey) => out.filter((s) => s.section === k).length;
  for (const story of rows) {
    for (const sentence of sentencesOf(story.content)) {
      let section = MATCH_ORDER.find((k) => KEYWORDS[k].test(sentence));
      if (!section && KEYWORDS.preferredName.test(sentence)) section = "preferredName";
      section ??= BY_CATEGORY[story.category];
      if (!section || count(section) >= perSection || seen.has(sentence) || about[section].includes(sentence)) continue;
      seen.add(sentence);
      out.push({ section, text: sentence, storyId: story.id, storyTitle: story.title });
    }
  }
  return out.sort((a, b) => ABOUT_KEYS.indexOf(a.section) - ABOUT_KEYS.indexOf(b.section));
}
