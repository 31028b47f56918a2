// The typed-story form's rules (title and content required), shared by the screens
// (conform, with and without JS) and the JSON API.
import * as z from "zod";
import { CATEGORY_VALUES } from "./categories";
import { AUDIENCES } from "./story-audience";

export const TITLE_MAX = 150;
export const CONTENT_MAX = 20_000;

export const StoryFieldsSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  content: z.string({ error: "Content is required" }).trim().min(1, "Content is required").max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters`),
  category: z.enum(CATEGORY_VALUES, { error: "Choose a category" }).default("general"),
});

/** The form as posted by the resident's pages (the image travels separately). */
export const StoryFormSchema = StoryFieldsSchema.extend({
  questionId: z.string().max(64).optional(),
  uploadedImage: z.string().max(600).optional(),
  removeImage: z.string().optional(),
  // who may see it once approved: chosen on a new story (the edit form keeps it as it is)
  audience: z.enum(AUDIENCES, { error: "Choose who may see this story" }).optional(),
  // the file itself is read by the action; listed so its errors have a field to show on
  image: z.unknown().optional(),
});

export type StoryFields = z.infer<typeof StoryFieldsSchema>;
