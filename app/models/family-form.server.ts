// The family area's form rules, shared by the /family page's action and the JSON API (checked on
// the server only: ADR 010). Messages are catalog keys (msg), translated where they are shown.
import * as z from "zod";
import { msg } from "~/utils/i18n";

export const QUESTION_MAX_LENGTH = 500;
export const PHOTO_REQUIRED = msg("validation:photoRequired");
export const PHOTO_DESCRIPTION_MAX_LENGTH = 500;

const QUESTION_REQUIRED = msg("validation:questionRequired");

export const QuestionSchema = z.object({
  question: z
    .string({ error: QUESTION_REQUIRED })
    .trim()
    .min(1, QUESTION_REQUIRED)
    .max(QUESTION_MAX_LENGTH, msg("validation:questionTooLong", { max: QUESTION_MAX_LENGTH })),
});

export const PhotoDescriptionSchema = z.object({
  description: z
    .string()
    .trim()
    .max(PHOTO_DESCRIPTION_MAX_LENGTH, msg("validation:descriptionTooLong", { max: PHOTO_DESCRIPTION_MAX_LENGTH }))
    .optional(),
});

/** A non-empty file (browsers send an empty, unnamed file when none was chosen). */
export const PhotoFileSchema = z.custom<File>((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, { message: PHOTO_REQUIRED });

/** The /family page's two forms. */
export const SharePhotoSchema = PhotoDescriptionSchema.extend({ intent: z.literal("share-photo"), photo: PhotoFileSchema });
export const AskQuestionSchema = QuestionSchema.extend({ intent: z.literal("ask-question") });
