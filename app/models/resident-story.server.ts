// A resident's typed story, written on the dashboard or through POST /api/resident/stories: one
// function for both, including the answer to a family question and the optional image.
import type { Community, TenantDb } from "~/utils/db.server";
import type { SessionUser } from "~/utils/auth.server";
import { createStory, type StoryRow } from "./story.server";
import { getQuestionForResident, markQuestionAnswered } from "./family-question.server";
import type { StoryFields } from "./story-form.server";
import type { Audience } from "./story-audience";
import { deleteMedia, saveImage } from "./media.server";
import { findOwnPendingImage } from "./media-access.server";

export function writeResidentStory(
  db: TenantDb,
  input: {
    residentId: string;
    author: Pick<SessionUser, "id" | "username" | "displayName">;
    fields: StoryFields;
    imageId?: string | null;
    questionId?: string | null;
    /** who may see it once approved (omitted: "My family"); staff choosing it pass residentAgreed */
    audience?: Audience | null;
    /** told at the lounge kiosk with a staff member's help */
    helper?: { userId: string; name: string } | null;
  },
): StoryRow {
  // a question asked by family becomes the story's prompt
  const question = input.questionId ? getQuestionForResident(db, input.residentId, input.questionId) : null;
  const story = createStory(db, {
    residentId: input.residentId,
    author: { id: input.author.id, username: input.author.username, displayName: input.author.displayName },
    title: input.fields.title,
    content: input.fields.content,
    category: input.fields.category,
    imageId: input.imageId ?? null,
    aiPrompt: question?.question ?? null,
    audience: input.audience ?? null,
    helper: input.helper ?? null,
  });
  if (question) markQuestionAnswered(db, input.residentId, question.id, story.id);
  return story;
}

export type StoryImageChoice =
  | { kind: "keep" }
  | { kind: "remove" }
  | { kind: "new"; imageId: string; savedNow: boolean }
  // an image uploaded earlier through the signed URL that can no longer be found
  | { kind: "lost" };

/**
 * The image a story form asks for: an image uploaded with JavaScript (`uploadedImage`), else a
 * file sent with the form, else Remove Image, else keep. Throws MediaError (fixed messages) for a
 * file that is not an image; nothing is stored then.
 */
export async function storyImageFromForm(
  db: TenantDb,
  community: Pick<Community, "id" | "subdomain">,
  user: Pick<SessionUser, "id">,
  input: { uploadedImage?: string | null; removeImage?: string | null; file: Buffer | null },
): Promise<StoryImageChoice> {
  if (input.uploadedImage) {
    const row = findOwnPendingImage(db, community, user, input.uploadedImage);
    return row ? { kind: "new", imageId: row.id, savedNow: false } : { kind: "lost" };
  }
  if (input.file) {
    const row = await saveImage(db, community, input.file, { uploadedByUserId: user.id, status: "pending" });
    return { kind: "new", imageId: row.id, savedNow: true };
  }
  return input.removeImage ? { kind: "remove" } : { kind: "keep" };
}

/** Undoes an image stored for a form whose story could not be saved. */
export function discardNewImage(db: TenantDb, community: Pick<Community, "subdomain">, choice: StoryImageChoice) {
  if (choice.kind === "new" && choice.savedNow) deleteMedia(db, community, choice.imageId);
}
