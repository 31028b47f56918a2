// The typed story form (Tell Your Story, edit): title and content required, a category, an
// optional image. A real multipart <Form> that works the same with and without JavaScript.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { ErrorList, Field, SubmitButton, useFormTarget } from "~/components/forms";
import { ImageUploadField } from "~/components/media/ImageUploadField";
import { AudienceChoice } from "~/components/story/AudienceChoice";
import { DEFAULT_AUDIENCE, isAudience } from "~/models/story-audience";
import { CATEGORIES } from "~/models/categories";
import type * as z from "zod";
import type { StoryFormSchema } from "~/models/story-form.server";

export type StoryFormDefaults = { title?: string; content?: string; category?: string };

export function StoryForm({
  id,
  action,
  lastResult,
  defaultValue,
  existingImage,
  questionId,
  submitLabel = "Save Story",
  chooseAudience,
  withImage = true,
}: {
  id: string;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: StoryFormDefaults;
  existingImage?: { url: string; alt: string } | null;
  questionId?: string | null;
  submitLabel?: string;
  /** a new story: the resident chooses who may see it */
  chooseAudience?: { communityName: string } | null;
  /** the lounge kiosk writes without a photo (its uploads need a signed-in member) */
  withImage?: boolean;
}) {
  const target = useFormTarget(lastResult);
  const Form = target.Form;
  const [form, fields] = useForm<z.input<typeof StoryFormSchema>>({
    id,
    lastResult: target.lastResult,
    defaultValue: { category: "general", ...defaultValue },
  });
  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)}>
      <ErrorList id={form.errorId} errors={form.errors} />
      {questionId ? <input type="hidden" name="questionId" value={questionId} /> : null}
      <Field
        label="Title"
        htmlFor={fields.title.id}
        errors={fields.title.errors}
        errorId={fields.title.errorId}
      >
        <input
          {...getInputProps(fields.title, { type: "text" })}
          className="input"
          autoComplete="off"
        />
      </Field>
      <Field
        label="Category"
        htmlFor={fields.category.id}
        errors={fields.category.errors}
        errorId={fields.category.errorId}
      >
        <select {...getSelectProps(fields.category)} className="input">
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Your story"
        htmlFor={fields.content.id}
        errors={fields.content.errors}
        errorId={fields.content.errorId}
      >
        <textarea {...getTextareaProps(fields.content)} className="input" rows={10} />
      </Field>
      {withImage ? (
        <ImageUploadField
          id={`${id}-image`}
          existing={existingImage}
          errors={fields.image.errors}
        />
      ) : null}
      {chooseAudience ? (
        <AudienceChoice
          key={String(fields.audience.initialValue)}
          idPrefix={`${id}-audience`}
          communityName={chooseAudience.communityName}
          defaultValue={
            isAudience(fields.audience.initialValue)
              ? fields.audience.initialValue
              : DEFAULT_AUDIENCE
          }
          errors={fields.audience.errors}
        />
      ) : null}
      <SubmitButton pendingText="Saving...">{submitLabel}</SubmitButton>
    </Form>
  );
}
