// Photos a family member shares with their resident. The image goes through saveImage (sniffed,
// re-encoded, metadata removed); the row ties it to the member and the resident.
import { desc, eq } from "drizzle-orm";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { recordActivity } from "./activity.server";
import { deleteMedia, mediaVariants, saveImage } from "./media.server";
import { mediaUrl } from "./media-urls";
import { assertWithinLimits } from "./person-limits.server";

const { familyPhotos, familyMembers, media } = tenantSchema;

export { PHOTO_REQUIRED } from "./family-form.server";

export type FamilyPhotoView = {
  id: string;
  imageUrl: string;
  imageId: string;
  widths: number[];
  description: string | null;
  createdAt: string;
  familyMember: { id: string; name: string; relationship: string | null };
};

/**
 * Stores a shared photo for the member's resident. Throws MediaError with the fixed messages for a
 * file that is too large or not an image, and PersonLimitError past the member's limit
 * (PERSON_LIMITS.photo); nothing is kept then.
 */
export async function shareFamilyPhoto(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  input: {
    member: { id: string; residentId: string; name: string };
    bytes: Buffer;
    description?: string | null;
    actor: { id: string; displayName: string };
  },
  now = new Date(),
): Promise<FamilyPhotoView> {
  // refused before the picture is worked on; counted again with the row, for photos sent at once
  assertWithinLimits(db, "photo", input.actor.id, now);
  const image = await saveImage(db, community, input.bytes, { uploadedByUserId: input.actor.id, status: "attached" });
  const id = newId();
  try {
    db.transaction((tx) => {
      assertWithinLimits(tx, "photo", input.actor.id, now);
      tx.insert(familyPhotos)
        .values({ id, familyMemberId: input.member.id, residentId: input.member.residentId, imageId: image.id, description: input.description?.trim() || null })
        .run();
      recordActivity(tx, { type: "photo_shared", summary: `${input.member.name} shared a photo`, values: { name: input.member.name }, subjectId: id, actor: input.actor });
    });
  } catch (error) {
    deleteMedia(db, community, image.id);
    throw error;
  }
  return listPhotosForResident(db, input.member.residentId).find((p) => p.id === id)!;
}

/** Photos shared with one resident by their family, newest first. */
export function listPhotosForResident(db: TenantDb, residentId: string, limit = 50): FamilyPhotoView[] {
  return db
    .select({ photo: familyPhotos, member: familyMembers, image: media })
    .from(familyPhotos)
    .innerJoin(familyMembers, eq(familyPhotos.familyMemberId, familyMembers.id))
    .innerJoin(media, eq(familyPhotos.imageId, media.id))
    .where(eq(familyPhotos.residentId, residentId))
    .orderBy(desc(familyPhotos.createdAt))
    .limit(limit)
    .all()
    .map(({ photo, member, image }) => ({
      id: photo.id,
      imageId: photo.imageId,
      imageUrl: mediaUrl(photo.imageId),
      widths: mediaVariants(image).map((v) => v.width),
      description: photo.description,
      createdAt: photo.createdAt,
      familyMember: { id: member.id, name: member.name, relationship: member.relationship },
    }));
}
