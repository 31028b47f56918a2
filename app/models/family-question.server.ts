// Questions family members ask their resident. The resident answers one by starting a story with
// the question as its prompt; the story then records which question it answered.
import { and, desc, eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { recordActivity } from "./activity.server";
import { assertWithinLimits } from "./person-limits.server";
import { storyIsForFamily } from "./story.server";

const { familyQuestions, familyMembers, stories } = tenantSchema;

export type FamilyQuestionView = {
  id: string;
  question: string;
  createdAt: string;
  answeredStoryId: string | null;
  answeredStoryTitle: string | null;
  answeredStoryPublished: boolean;
  familyMember: { id: string; name: string; relationship: string | null };
};

/** Stores a question; past the asker's limit (PERSON_LIMITS.question), PersonLimitError and nothing is kept. */
export function askFamilyQuestion(
  db: TenantDb,
  input: { member: { id: string; residentId: string; name: string }; question: string; actor: { id: string; displayName: string } },
  now = new Date(),
): FamilyQuestionView {
  const id = newId();
  db.transaction((tx) => {
    assertWithinLimits(tx, "question", input.actor.id, now);
    tx.insert(familyQuestions).values({ id, familyMemberId: input.member.id, residentId: input.member.residentId, question: input.question.trim() }).run();
    recordActivity(tx, { type: "question_asked", summary: `${input.member.name} asked a question`, values: { name: input.member.name }, subjectId: id, actor: input.actor });
  });
  return getQuestionForResident(db, input.member.residentId, id)!;
}

function selectQuestions(db: TenantDb) {
  return db
    // "published" for a family: approved, not withdrawn, and shared with the family or everyone
    .select({ q: familyQuestions, member: familyMembers, storyTitle: stories.title, storyPublished: sql<boolean>`coalesce(${storyIsForFamily}, 0)`.mapWith(Boolean) })
    .from(familyQuestions)
    .innerJoin(familyMembers, eq(familyQuestions.familyMemberId, familyMembers.id))
    .leftJoin(stories, eq(familyQuestions.answeredStoryId, stories.id));
}

function toView(r: { q: typeof familyQuestions.$inferSelect; member: typeof familyMembers.$inferSelect; storyTitle: string | null; storyPublished: boolean | null }): FamilyQuestionView {
  return {
    id: r.q.id,
    question: r.q.question,
    createdAt: r.q.createdAt,
    answeredStoryId: r.q.answeredStoryId,
    answeredStoryTitle: r.storyTitle,
    answeredStoryPublished: r.storyPublished ?? false,
    familyMember: { id: r.member.id, name: r.member.name, relationship: r.member.relationship },
  };
}

/** What a family member may see of the answers: only published stories are named. */
export function forFamily(q: FamilyQuestionView): FamilyQuestionView {
  return q.answeredStoryPublished ? q : { ...q, answeredStoryTitle: null };
}

/** Questions asked of one resident, newest first. */
export function listQuestionsForResident(db: TenantDb, residentId: string, limit = 50): FamilyQuestionView[] {
  return selectQuestions(db).where(eq(familyQuestions.residentId, residentId)).orderBy(desc(familyQuestions.createdAt)).limit(limit).all().map(toView);
}

/** One question asked of this resident, or null (ownership is in the where). */
export function getQuestionForResident(db: TenantDb, residentId: string, id: string): FamilyQuestionView | null {
  const row = selectQuestions(db).where(and(eq(familyQuestions.id, id), eq(familyQuestions.residentId, residentId))).get();
  return row ? toView(row) : null;
}

/** Records that the resident's story answers the question. */
export function markQuestionAnswered(db: TenantDb, residentId: string, questionId: string, storyId: string): boolean {
  const result = db
    .update(familyQuestions)
    .set({ answeredStoryId: storyId })
    .where(and(eq(familyQuestions.id, questionId), eq(familyQuestions.residentId, residentId)))
    .run();
  return result.changes === 1;
}
