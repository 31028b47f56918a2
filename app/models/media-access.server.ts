// Who may see a media file, found through the record that owns it, and the sweeping of uploads
// that nothing ever claimed. Kept apart from media.server.ts because it reads the owners' tables.
import { and, eq, inArray, lt, or } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import type { SessionUser } from "~/utils/auth.server";
import { mediaOfReadableStory } from "./story.server";
import { recordForResident } from "./family.server";
import { deleteMedia, getMedia, type MediaRow } from "./media.server";
import { parseImageUrl, readUploadToken, UPLOAD_CLAIM_GRACE_MS } from "./upload-token.server";
import { ROLE, CARE_TEAM_ROLES } from "~/utils/roles";

const { media, stories, residents, familyPhotos, transcriptionJobs, libraryItems, kioskDrafts } =
  tenantSchema;

type Viewer = Pick<SessionUser, "id" | "role" | "residentId" | "familyMemberIds">;

const CARE_ROLES = new Set<Viewer["role"]>(CARE_TEAM_ROLES);

/**
 * Whether this member of the community may see the media file:
 * a story's image or audio whoever may read the story; a resident's profile photo any member;
 * a family photo that resident, their family, staff and administrators; a picture or song of the
 * community's library its care team and its residents; an upload nothing owns yet only its
 * uploader. Anything else: nobody.
 */
export function canAccessMedia(db: TenantDb, user: Viewer, row: Pick<MediaRow, "id" | "status" | "uploadedByUserId">): boolean {
  // a story's image or recording: whoever may read the story (its audience, story.server.ts)
  const owningStory = mediaOfReadableStory(db, user, row.id);
  if (owningStory.readable) return true;

  if (db.select({ id: residents.id }).from(residents).where(eq(residents.profileImageId, row.id)).get()) return true;

  const photo = db.select({ residentId: familyPhotos.residentId }).from(familyPhotos).where(eq(familyPhotos.imageId, row.id)).get();
  if (photo) {
    if (CARE_ROLES.has(user.role)) return true;
    if (user.role === ROLE.resident) return user.residentId === photo.residentId;
    if (user.role === ROLE.family) return !!recordForResident(db, user.familyMemberIds, photo.residentId);
    return false;
  }

  // the community's library is shown to residents in story circles and prompts; families never
  // see it (nothing of theirs, and the community's permission to use it covers its own residents)
  if (isLibraryMedia(db, row.id)) return CARE_ROLES.has(user.role) || user.role === ROLE.resident;

  if (owningStory.owned) return false;
  return row.status === "pending" && !!row.uploadedByUserId && row.uploadedByUserId === user.id;
}

/** Whether the media file is a picture or song of the community's library (a lounge kiosk may show it). */
export function isLibraryMedia(db: TenantDb, mediaId: string): boolean {
  return !!db.select({ id: libraryItems.id }).from(libraryItems).where(eq(libraryItems.mediaId, mediaId)).get();
}

/**
 * An image this user uploaded through the signed URL flow and nothing owns yet, named by an
 * `imageUrl` (the upload URL or `/media/{id}`); otherwise null.
 */
export function findOwnPendingImage(db: TenantDb, community: Pick<Community, "id">, user: Pick<SessionUser, "id">, imageUrl: string): MediaRow | null {
  const target = parseImageUrl(imageUrl);
  if (!target) return null;
  let mediaId: string;
  if (target.kind === "upload") {
    const claim = readUploadToken(target.token, { communityId: community.id, userId: user.id, graceMs: UPLOAD_CLAIM_GRACE_MS });
    if (!claim) return null;
    mediaId = claim.mediaId;
  } else {
    mediaId = target.mediaId;
  }
  const row = getMedia(db, mediaId);
  if (!row || row.kind !== "image" || row.status !== "pending" || row.uploadedByUserId !== user.id) return null;
  return row;
}

export const PENDING_MEDIA_MAX_AGE_MS = 24 * 60 * 60_000;

/** Deletes uploads older than a day that no record took (rows and files). Returns how many. */
export function sweepPendingMedia(db: TenantDb, community: Pick<Community, "subdomain">, now = Date.now()): number {
  const cutoff = new Date(now - PENDING_MEDIA_MAX_AGE_MS).toISOString();
  const stale = db.select({ id: media.id }).from(media).where(and(eq(media.status, "pending"), lt(media.createdAt, cutoff))).all().map((r) => r.id);
  if (!stale.length) return 0;
  // never a file that something points at, whatever its status says
  const used = new Set<string>();
  for (const r of db.select({ a: stories.imageId, b: stories.audioId }).from(stories).where(or(inArray(stories.imageId, stale), inArray(stories.audioId, stale))).all()) {
    if (r.a) used.add(r.a);
    if (r.b) used.add(r.b);
  }
  for (const r of db.select({ a: residents.profileImageId }).from(residents).where(inArray(residents.profileImageId, stale)).all()) if (r.a) used.add(r.a);
  for (const r of db.select({ a: familyPhotos.imageId }).from(familyPhotos).where(inArray(familyPhotos.imageId, stale)).all()) used.add(r.a);
  for (const r of db.select({ a: transcriptionJobs.audioId }).from(transcriptionJobs).where(inArray(transcriptionJobs.audioId, stale)).all()) used.add(r.a);
  // a photo kept with a kiosk story whose turn ended: it goes with that draft, not before
  for (const r of db.select({ a: kioskDrafts.imageId }).from(kioskDrafts).where(inArray(kioskDrafts.imageId, stale)).all()) if (r.a) used.add(r.a);
  let removed = 0;
  for (const id of stale) {
    if (used.has(id)) continue;
    deleteMedia(db, community, id);
    removed++;
  }
  return removed;
}
