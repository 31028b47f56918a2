// The family area's form rules, shared by the /family page's action and the JSON API (checked on
// the server only: ADR 010).
import * as z from "zod";

export const QUESTION_MAX_LENGTH = 500;
export const PHOTO_REQUIRED = "Please select a photo to upload";
export const PHOTO_DESCRIPTION_MAX_LENGTH = 500;

export const QuestionSchema = z.object({
  question: z
    .string({ error: "Please write your question" })
    .trim()
    .min(1, "Please write your question")
    .max(QUESTION_MAX_LENGTH, `Questions can be at most ${QUESTION_MAX_LENGTH} characters`),
});

export const PhotoDescriptionSchema = z.object({
  description: z.string().trim().max(PHOTO_DESCRIPTION_MAX_LENGTH, `Descriptions can be at most ${PHOTO_DESCRIPTION_MAX_LENGTH} characters`).optional(),
});

/** A non-empty file (browsers send an empty, unnamed file when none was chosen). */
export const PhotoFileSchema = z.custom<File>((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, { message: PHOTO_REQUIRED });

/** The /family page's two forms. */
export const SharePhotoSchema = PhotoDescriptionSchema.extend({ intent: z.literal("share-photo"), photo: PhotoFileSchema });
export const AskQuestionSchema = QuestionSchema.extend({ intent: z.literal("ask-question") });
