// Form replies for upload problems, in conform's shape, so the form shows them next to the field.
import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { IMAGE_ERRORS, type MediaError } from "./media-limits";

/** A file the form cannot use (422): the message beside the field, everything typed kept. */
export function fileErrorReply(
  submission: Submission<unknown>,
  error?: Pick<MediaError, "title" | "description">,
  field = "image",
) {
  const e = error ?? IMAGE_ERRORS.tooLarge;
  return data(submission.reply({ fieldErrors: { [field]: [e.title, e.description] } }), {
    status: 422,
  });
}

/** A reply when the form itself could not be read (a body far over the limit). */
export function formLevelReply(messages: string[]) {
  return { status: "error" as const, initialValue: null, error: { "": messages } };
}
