// The comment form's rules (trimmed text must be non-empty), shared by the story
// page's action and the JSON API. Validation runs on the server only (no zod in the browser: ADR 010).
import * as z from "zod";
import { COMMENT_MAX_LENGTH, commentTooLongMessage, REACTIONS } from "~/models/categories";

export const REACTION_EMOJIS = REACTIONS.map((r) => r.emoji) as [string, ...string[]];
export const COMMENT_REQUIRED = "Please write a comment";

export const CommentSchema = z.object({
  content: z
    .string({ error: COMMENT_REQUIRED })
    .trim()
    .min(1, COMMENT_REQUIRED)
    .max(COMMENT_MAX_LENGTH, { error: (issue) => commentTooLongMessage(typeof issue.input === "string" ? issue.input.length : COMMENT_MAX_LENGTH + 1) }),
  emoji: z.enum(REACTION_EMOJIS, { error: "Choose one of the reactions shown" }).nullish(),
});

export type CommentInput = z.infer<typeof CommentSchema>;

