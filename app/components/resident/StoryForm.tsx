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
import {
  ErrorList,
  Field,
  KeptNotice,
  SubmitButton,
  useFormTarget,
  useKeptFields,
} from "~/components/forms";
import { ImageUploadField } from "~/components/media/ImageUploadField";
import { PhotoInput } from "~/components/media/PhotoInput";
import { AudienceChoice } from "~/components/story/AudienceChoice";
import { DEFAULT_AUDIENCE, isAudience } from "~/models/story-audience";
import { CATEGORIES } from "~/models/categories";
import type { ReactNode } from "react";
import type * as z from "zod";
import type { StoryFormSchema } from "~/models/story-form.server";
import { useT } from "~/utils/i18n";

export type StoryFormDefaults = {
  title?: string;
  content?: string;
  category?: string;
  audience?: string;
};

export function StoryForm({
  id,
  action,
  lastResult,
  defaultValue,
  existingImage,
  questionId,
  submitLabel,
  chooseAudience,
  withImage = true,
  hiddenFields,
  submit,
}: {
  id: string;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: StoryFormDefaults;
  existingImage?: { url: string; alt: string } | null;
  questionId?: string | null;
  /** default: Save Story */
  submitLabel?: string;
  /** a new story: the resident chooses who may see it */
  chooseAudience?: { communityName: string } | null;
  /** the lounge kiosk writes without a photo (its uploads need a signed-in member) */
  /**
   * The picture field: true, the upload field (uploaded as soon as chosen); "plain", a photo sent
   * with the form (the kiosk, which has no one signed in to upload); false, none.
   */
  withImage?: boolean | "plain";
  /** sent with the form as they are (the kiosk's turn) */
  hiddenFields?: Record<string, string>;
  /** in place of the Save button */
  submit?: ReactNode;
}) {
  const t = useT("resident");
  const tRecord = useT("record");
  const tPhotos = useT("photos");
  const target = useFormTarget(lastResult);
  const Form = target.Form;
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields();
  const [form, fields] = useForm<z.input<typeof StoryFormSchema>>({
    id,
    lastResult: target.lastResult,
    defaultValue: kept?.values ?? { category: "general", ...defaultValue },
  });
  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)}>
      <KeptNotice kept={kept} />
      <ErrorList id={form.errorId} errors={form.errors} />
      {questionId ? <input type="hidden" name="questionId" value={questionId} /> : null}
      {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Field
        label={t("form.title")}
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
        label={tRecord("step.category")}
        htmlFor={fields.category.id}
        errors={fields.category.errors}
        errorId={fields.category.errorId}
      >
        <select {...getSelectProps(fields.category)} className="input">
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {tRecord(`category.${c.value}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={tRecord("preview.story")}
        htmlFor={fields.content.id}
        errors={fields.content.errors}
        errorId={fields.content.errorId}
      >
        <textarea {...getTextareaProps(fields.content)} className="input" rows={10} />
      </Field>
      {withImage === "plain" ? (
        <Field
          label={tPhotos("photoOptional")}
          htmlFor={`${id}-image`}
          errors={fields.image.errors}
          errorId={fields.image.errorId}
        >
          <PhotoInput
            id={`${id}-image`}
            name="image"
            previewAlt={t("story:media.previewAlt")}
            className="input"
          />
        </Field>
      ) : withImage ? (
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
      {submit ?? (
        <SubmitButton pendingText={tRecord("saving")}>
          {submitLabel ?? tRecord("saveStory")}
        </SubmitButton>
      )}
    </Form>
  );
}
