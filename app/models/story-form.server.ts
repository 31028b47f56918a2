// The typed-story form's rules (title and content required), shared by the screens
// (conform, with and without JS) and the JSON API. Their messages are the `resident` catalog's:
// in English by default (the JSON API), in the reader's language with her translator.
import * as z from "zod";
import type { T } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { CATEGORY_VALUES } from "./categories";
import { AUDIENCES } from "./story-audience";

const english: T = (key, values) => translator("en", "resident")(key, values);

export const TITLE_MAX = 150;
export const CONTENT_MAX = 20_000;

/** The story's fields, their messages said by `t` (the messages are read when a field fails). */
export function storyFieldsSchema(t: T = english) {
  const titleRequired = { error: () => t("form.titleRequired") };
  const contentRequired = { error: () => t("form.contentRequired") };
  return z.object({
    title: z.string(titleRequired).trim().min(1, titleRequired).max(TITLE_MAX, { error: () => t("form.titleTooLong", { max: TITLE_MAX }) }),
    content: z.string(contentRequired).trim().min(1, contentRequired).max(CONTENT_MAX, { error: () => t("form.contentTooLong", { max: CONTENT_MAX }) }),
    category: z.enum(CATEGORY_VALUES, { error: () => t("form.chooseCategory") }).default("general"),
  });
}

export const StoryFieldsSchema = storyFieldsSchema();

/** The form as posted by the resident's pages (the image travels separately). */
export function storyFormSchema(t: T = english) {
  return storyFieldsSchema(t).extend({
    questionId: z.string().max(64).optional(),
    uploadedImage: z.string().max(600).optional(),
    removeImage: z.string().optional(),
    // who may see it once approved: chosen on a new story (the edit form keeps it as it is)
    audience: z.enum(AUDIENCES, { error: () => t("form.chooseAudience") }).optional(),
    // the file itself is read by the action; listed so its errors have a field to show on
    image: z.unknown().optional(),
  });
}

export const StoryFormSchema = storyFormSchema();

export type StoryFields = z.infer<typeof StoryFieldsSchema>;
