// Share Photo and Ask Question: real forms posting to /family, shown as dialogs with JavaScript and
// as page sections (/family?dialog=photo, /family?dialog=question) without it.
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import type * as z from "zod";
import {
  ErrorList,
  Field,
  KeptNotice,
  SubmitButton,
  useFormTarget,
  useKeptFields,
} from "~/components/forms";
import type { AskQuestionSchema, SharePhotoSchema } from "~/models/family-form.server";
import { PhotoInput } from "~/components/media/PhotoInput";
import { useT } from "~/utils/i18n";

type Result = SubmissionResult<string[]> | null | undefined;

/** The family page's address for this resident's form (the page it is answered on without script). */
const formAction = (residentId: string, dialog: "photo" | "question") =>
  `/family?resident=${encodeURIComponent(residentId)}&dialog=${dialog}`;

export function SharePhotoForm({
  id,
  lastResult,
  residentId,
  residentFirstName,
}: {
  id: string;
  lastResult?: Result;
  /** the resident the photo is for (she may follow several) */
  residentId: string;
  residentFirstName: string;
}) {
  const t = useT("family");
  const { Form, lastResult: result } = useFormTarget(lastResult);
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields("share-photo");
  const [form, fields] = useForm<z.input<typeof SharePhotoSchema>>({
    id,
    lastResult: result,
    defaultValue: kept?.values,
  });
  return (
    <Form
      method="post"
      action={formAction(residentId, "photo")}
      encType="multipart/form-data"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="share-photo" />
      <input type="hidden" name="residentId" value={residentId} />
      <KeptNotice kept={kept} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("photo.label")}
        htmlFor={fields.photo.id}
        hint={t("photos:familyHint", { name: residentFirstName })}
        errors={fields.photo.errors}
        errorId={fields.photo.errorId}
      >
        <PhotoInput
          id={fields.photo.id}
          name={fields.photo.name}
          previewAlt={t("photo.previewAlt", { name: residentFirstName })}
          aria-invalid={fields.photo.errors ? true : undefined}
          aria-describedby={fields.photo.errors ? fields.photo.errorId : `${fields.photo.id}-hint`}
          className="block w-full text-base file:mr-3 file:min-h-target file:rounded-lg file:border-2 file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800"
        />
      </Field>
      <Field
        label={t("photo.description")}
        optional
        htmlFor={fields.description.id}
        errors={fields.description.errors}
        errorId={fields.description.errorId}
      >
        <textarea {...getTextareaProps(fields.description)} className="input" rows={3} />
      </Field>
      <SubmitButton pendingText={t("photo.sharing")}>{t("photo.share")}</SubmitButton>
    </Form>
  );
}

export function AskQuestionForm({
  id,
  lastResult,
  residentId,
  residentFirstName,
}: {
  id: string;
  lastResult?: Result;
  /** the resident the question is for (she may follow several) */
  residentId: string;
  residentFirstName: string;
}) {
  const t = useT("family");
  const { Form, lastResult: result } = useFormTarget(lastResult);
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields("ask-question");
  const [form, fields] = useForm<z.input<typeof AskQuestionSchema>>({
    id,
    lastResult: result,
    defaultValue: kept?.values,
  });
  return (
    <Form method="post" action={formAction(residentId, "question")} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="ask-question" />
      <input type="hidden" name="residentId" value={residentId} />
      <KeptNotice kept={kept} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("question.label")}
        htmlFor={fields.question.id}
        hint={t("question.hint", { name: residentFirstName })}
        errors={fields.question.errors}
        errorId={fields.question.errorId}
      >
        <textarea {...getTextareaProps(fields.question)} className="input" rows={4} />
      </Field>
      <SubmitButton pendingText={t("question.sending")}>{t("question.send")}</SubmitButton>
    </Form>
  );
}
