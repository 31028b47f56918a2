// Erasure: a resident's data, or a family member's own, deleted for good after a typed
// confirmation: every row that names them in the community's database, the media files on disk,
// their sign-ins in the control database, and one audit row that says who erased and when (not what).
import { and, eq, inArray, or } from "drizzle-orm";
import { controlSchema, getControlDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import type { RequestClient } from "~/utils/host.server";
import { ROLE } from "~/utils/roles";
import { foldText } from "~/utils/text-keys";
import { writeAudit } from "./audit.server";
import { deleteMedia } from "./media.server";
import { linksOfAccount, unlinkMember } from "./family-links.server";

const t = tenantSchema;
const { users } = controlSchema;

/**
 * What must be typed to confirm: the person's full name, compared as search compares names
 * (without case, accents, punctuation or extra spaces: "Amelie Bronte-Quixley" confirms
 * "Amélie Brontë-Quixley").
 */
export function confirmsName(typed: unknown, name: string): boolean {
  const key = (s: string) => foldText(s).replace(/ /g, "");
  return typeof typed === "string" && key(typed) !== "" && key(typed) === key(name);
}

function deleteMediaFiles(db: TenantDb, community: Pick<Community, "subdomain">, ids: (string | null | undefined)[]) {
  for (const id of new Set(ids.filter((x): x is string => !!x))) deleteMedia(db, community, id);
}

/** Rows that name these people (sign-ins) in the community's database: their bells, settings, mail, uploads. */
function forgetUsers(db: TenantDb, community: Pick<Community, "subdomain">, userIds: string[]) {
  if (!userIds.length) return;
  db.delete(t.notifications).where(or(inArray(t.notifications.userId, userIds), inArray(t.notifications.actorUserId, userIds))).run();
  db.delete(t.notificationSettings).where(inArray(t.notificationSettings.userId, userIds)).run();
  db.delete(t.emailOutbox).where(inArray(t.emailOutbox.toUserId, userIds)).run();
  db.delete(t.activity).where(inArray(t.activity.actorUserId, userIds)).run();
  db.delete(t.reactions).where(inArray(t.reactions.userId, userIds)).run();
  const uploads = db.select({ id: t.media.id }).from(t.media).where(inArray(t.media.uploadedByUserId, userIds)).all();
  db.delete(t.transcriptionJobs).where(inArray(t.transcriptionJobs.requestedByUserId, userIds)).run();
  deleteMediaFiles(db, community, uploads.map((m) => m.id));
}

function deleteUsers(communityId: string, userIds: string[]) {
  // sessions and sign-in links go with them (ON DELETE CASCADE)
  if (userIds.length) getControlDb().delete(users).where(and(eq(users.tenantId, communityId), inArray(users.id, userIds))).run();
}

/**
 * Erases a resident: their stories (recordings, pictures, comments, reactions, views, links), their
 * family's photos, questions and family links, About me, the activity and notices about them, their
 * sign-in and their family's sign-ins, and every media file of theirs. False when there is no such
 * resident. The audit row names the administrator and the time only.
 */
export function eraseResident(db: TenantDb, community: Pick<Community, "id" | "subdomain">, residentId: string, actor: { id: string; client?: RequestClient }): boolean {
  const resident = db.select().from(t.residents).where(eq(t.residents.id, residentId)).get();
  if (!resident) return false;
  const stories = db.select({ id: t.stories.id, imageId: t.stories.imageId, audioId: t.stories.audioId }).from(t.stories).where(eq(t.stories.residentId, residentId)).all();
  const storyIds = stories.map((s) => s.id);
  const members = db.select({ id: t.familyMembers.id }).from(t.familyMembers).where(eq(t.familyMembers.residentId, residentId)).all().map((m) => m.id);
  const photos = db.select({ id: t.familyPhotos.id, imageId: t.familyPhotos.imageId }).from(t.familyPhotos).where(eq(t.familyPhotos.residentId, residentId)).all();
  const questions = db.select({ id: t.familyQuestions.id }).from(t.familyQuestions).where(eq(t.familyQuestions.residentId, residentId)).all().map((q) => q.id);
  const residentAccounts = getControlDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, community.id), eq(users.role, ROLE.resident), eq(users.residentId, residentId)))
    .all()
    .map((u) => u.id);
  // a family account goes with the resident only when it follows nobody else; otherwise only
  // its link to this resident goes
  const familyAccounts = members.map((id) => unlinkMember(community.id, id)).filter((id): id is string => !!id);
  const accounts = [...residentAccounts, ...familyAccounts];
  const subjects = [residentId, ...storyIds, ...questions, ...photos.map((p) => p.id)];
  // recordings made at a kiosk and not yet a story: their notes go with the resident (ON DELETE CASCADE), the files here
  const kioskRecordings = db.select({ audioId: t.kioskRecordings.audioId }).from(t.kioskRecordings).where(eq(t.kioskRecordings.residentId, residentId)).all();
  const mediaIds = [...stories.flatMap((s) => [s.imageId, s.audioId]), ...photos.map((p) => p.imageId), resident.profileImageId, ...kioskRecordings.map((r) => r.audioId)];
  db.transaction((tx) => {
    tx.delete(t.activity).where(inArray(t.activity.subjectId, subjects)).run();
    tx.delete(t.notifications).where(inArray(t.notifications.subjectId, subjects)).run();
    if (storyIds.length) tx.delete(t.transcriptionJobs).where(inArray(t.transcriptionJobs.storyId, storyIds)).run();
    // comments, reactions, views, recording links go with the stories; photos, questions, family
    // links and About me with the resident (ON DELETE CASCADE); removed here explicitly all the same
    if (storyIds.length) {
      tx.delete(t.comments).where(inArray(t.comments.storyId, storyIds)).run();
      tx.delete(t.reactions).where(inArray(t.reactions.storyId, storyIds)).run();
      tx.delete(t.storyViews).where(inArray(t.storyViews.storyId, storyIds)).run();
      tx.delete(t.recordingLinks).where(inArray(t.recordingLinks.storyId, storyIds)).run();
    }
    tx.delete(t.familyQuestions).where(eq(t.familyQuestions.residentId, residentId)).run();
    tx.delete(t.familyPhotos).where(eq(t.familyPhotos.residentId, residentId)).run();
    tx.delete(t.stories).where(eq(t.stories.residentId, residentId)).run();
    tx.delete(t.aboutMe).where(eq(t.aboutMe.residentId, residentId)).run();
    tx.delete(t.familyMembers).where(eq(t.familyMembers.residentId, residentId)).run();
    tx.delete(t.residents).where(eq(t.residents.id, residentId)).run();
  });
  deleteMediaFiles(db, community, mediaIds);
  forgetUsers(db, community, accounts);
  deleteUsers(community.id, accounts);
  writeAudit({ actorUserId: actor.id, action: "erasure.resident", tenantId: community.id, client: actor.client, details: erasedRecord("resident", resident.createdAt) });
  return true;
}

/** What an erasure's entry keeps of the erased record: whose it was and the day it was made, nothing else. */
function erasedRecord(role: "resident" | "family member", createdAt: string): string {
  return `${role}, added ${createdAt.slice(0, 10)}`;
}

/**
 * A family member erases their own account: their comments and reactions, the photos they shared
 * (and the files), their questions, their family record for every resident they follow (or were
 * asked to follow), notices and mail, and their sign-in.
 */
export function eraseFamilyMember(db: TenantDb, community: Pick<Community, "id" | "subdomain">, user: { id: string }, client?: RequestClient): boolean {
  const ids = linksOfAccount(community.id, user.id).map((l) => l.familyMemberId);
  const records = ids.length ? db.select().from(t.familyMembers).where(inArray(t.familyMembers.id, ids)).all() : [];
  if (!records.length) return false;
  const memberIds = records.map((m) => m.id);
  const firstAdded = records.map((m) => m.createdAt).sort()[0]!;
  const photos = db.select({ id: t.familyPhotos.id, imageId: t.familyPhotos.imageId }).from(t.familyPhotos).where(inArray(t.familyPhotos.familyMemberId, memberIds)).all();
  const questions = db.select({ id: t.familyQuestions.id }).from(t.familyQuestions).where(inArray(t.familyQuestions.familyMemberId, memberIds)).all().map((q) => q.id);
  const subjects = [...photos.map((p) => p.id), ...questions];
  db.transaction((tx) => {
    tx.delete(t.comments).where(or(inArray(t.comments.familyMemberId, memberIds), eq(t.comments.authorUserId, user.id))).run();
    if (subjects.length) {
      tx.delete(t.activity).where(inArray(t.activity.subjectId, subjects)).run();
      tx.delete(t.notifications).where(inArray(t.notifications.subjectId, subjects)).run();
    }
    tx.delete(t.familyPhotos).where(inArray(t.familyPhotos.familyMemberId, memberIds)).run();
    tx.delete(t.familyQuestions).where(inArray(t.familyQuestions.familyMemberId, memberIds)).run();
    tx.delete(t.storyViews).where(inArray(t.storyViews.familyMemberId, memberIds)).run();
    tx.delete(t.familyMembers).where(inArray(t.familyMembers.id, memberIds)).run();
  });
  // the like counts follow the reactions taken away
  const reacted = db.selectDistinct({ storyId: t.reactions.storyId }).from(t.reactions).where(eq(t.reactions.userId, user.id)).all();
  deleteMediaFiles(db, community, photos.map((p) => p.imageId));
  forgetUsers(db, community, [user.id]);
  for (const r of reacted) {
    const n = db.select({ id: t.reactions.id }).from(t.reactions).where(eq(t.reactions.storyId, r.storyId)).all().length;
    db.update(t.stories).set({ likeCount: n }).where(eq(t.stories.id, r.storyId)).run();
  }
  deleteUsers(community.id, [user.id]);
  writeAudit({ actorUserId: null, action: "erasure.own_account", tenantId: community.id, client, details: erasedRecord("family member", firstAdded) });
  return true;
}
