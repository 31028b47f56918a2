// Reading the resident's story form (new and edit pages, and the Tell Your Story dialog) from the
// request: its fields are checked, then the image it asks for is stored through the story model.
import { parseWithZod } from "@conform-to/zod/v4";
import { MediaError } from "~/models/media.server";
import { storyImageFromForm } from "~/models/resident-story.server";
import { storyFormSchema } from "~/models/story-form.server";
import { getT } from "~/utils/i18n.server";
import type { SessionUser } from "~/utils/auth.server";
import type { Community, TenantDb } from "~/utils/db.server";
import { fileErrorReply, formLevelReply } from "~/utils/form-replies.server";
import { fileBytes, readPhotoForm } from "~/utils/upload-form.server";
import { mediaMessageText, photoTooLargeMessage } from "~/utils/media-limits";

/**
 * The form's fields and the image it asks for, or the reply with the errors to show on the form.
 * A new image file is stored (pending) only once the fields are valid.
 */
export async function readStoryForm(
  request: Request,
  db: TenantDb,
  community: Pick<Community, "id" | "subdomain">,
  user: Pick<SessionUser, "id">,
  { allowRemove }: { allowRemove: boolean },
) {
  let upload;
  try {
    // read to its end, so a photo over the limit is answered on the form with what was typed
    upload = await readPhotoForm(request);
  } catch (error) {
    if (error instanceof MediaError)
      return { ok: false as const, reply: formLevelReply([error.title, error.description]) };
    throw error;
  }
  const t = await getT(request, "resident");
  const submission = parseWithZod(upload.form, { schema: storyFormSchema(t) });
  const photoBytes = upload.tooLarge.get("image");
  if (photoBytes !== undefined)
    return {
      ok: false as const,
      reply: submission.reply({
        fieldErrors: { image: [photoTooLargeMessage(photoBytes, t), t("photos:chooseAgain")] },
      }),
    };
  if (submission.status !== "success") return { ok: false as const, reply: submission.reply() };
  const value = submission.value;
  try {
    const image = await storyImageFromForm(db, community, user, {
      uploadedImage: value.uploadedImage,
      removeImage: allowRemove ? value.removeImage : null,
      file: await fileBytes(upload.form.get("image")),
    });
    return { ok: true as const, value, image };
  } catch (error) {
    if (error instanceof MediaError)
      return {
        ok: false as const,
        reply: fileErrorReply(submission, {
          title: mediaMessageText(t, error.title),
          description: `${mediaMessageText(t, error.description)} ${t("photos:chooseAgain")}`,
        }),
      };
    throw error;
  }
}
