// Form replies for upload problems, in conform's shape, so the form shows them next to the field.
import type { Submission } from "@conform-to/react";
import { IMAGE_ERRORS, type MediaError } from "./media-limits";

export function fileErrorReply(
  submission: Submission<unknown>,
  error?: Pick<MediaError, "title" | "description">,
  field = "image",
) {
  const e = error ?? IMAGE_ERRORS.tooLarge;
  return submission.reply({ fieldErrors: { [field]: [e.title, e.description] } });
}

/** A reply when the form itself could not be read (a body far over the limit). */
export function formLevelReply(messages: string[]) {
  return { status: "error" as const, initialValue: null, error: { "": messages } };
}
