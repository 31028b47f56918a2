// The comment form's rules (trimmed text must be non-empty), shared by the story
// page's action and the JSON API. Validation runs on the server only (no zod in the browser: ADR 010).
// Its messages are catalog keys (msg), said in the reader's language where they are shown.
import * as z from "zod";
import { msg } from "~/utils/i18n";
import { COMMENT_MAX_LENGTH, commentTooLongMessage, REACTIONS } from "~/models/categories";

export const REACTION_EMOJIS = REACTIONS.map((r) => r.emoji) as [string, ...string[]];
export const COMMENT_REQUIRED = msg("story:comment.required");

export const CommentSchema = z.object({
  content: z
    .string({ error: COMMENT_REQUIRED })
    .trim()
    .min(1, COMMENT_REQUIRED)
    .max(COMMENT_MAX_LENGTH, { error: (issue) => commentTooLongMessage(typeof issue.input === "string" ? issue.input.length : COMMENT_MAX_LENGTH + 1) }),
  emoji: z.enum(REACTION_EMOJIS, { error: msg("story:comment.reactionInvalid") }).nullish(),
});

export type CommentInput = z.infer<typeof CommentSchema>;

