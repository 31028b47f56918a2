// Residents: the add and edit dialogs (the list is ResidentsList.tsx). One implementation for /admin and /staff.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import type { ResidentSchema } from "~/models/admin-schemas.server";
import { AREAS, useCareTeamArea } from "./areas";
import type { editResidentLoader, newResidentLoader } from "./residents.server";
import { TranscriptionLanguageField } from "~/components/admin/TranscriptionLanguageField";
import { PhotoInput } from "~/components/media/PhotoInput";
import type { ModelLanguages } from "~/utils/whisper.server";
import { Badge } from "~/components/admin/ui";
import { RouteDialog } from "~/components/dialog";
import { useT } from "~/utils/i18n";

type ResidentFormShape = z.input<typeof ResidentSchema> & { photo?: File; removePhoto?: string };

function ResidentFields({
  formId,
  lastResult,
  defaultValue,
  photoUrl,
  transcription,
}: {
  formId: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, string>;
  photoUrl?: string | null;
  transcription: ModelLanguages;
}) {
  const [form, fields] = useForm<ResidentFormShape>({
    id: formId,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
  });
  const t = useT("care");
  const ti = useT("invitations");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      preventScrollReset
    >
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label={t("resident.firstName")}
          htmlFor={fields.firstName.id}
          errors={fields.firstName.errors}
          errorId={fields.firstName.errorId}
        >
          <input
            {...getInputProps(fields.firstName, { type: "text" })}
            className="input"
            autoComplete="off"
          />
        </Field>
        <Field
          label={t("resident.lastName")}
          htmlFor={fields.lastName.id}
          errors={fields.lastName.errors}
          errorId={fields.lastName.errorId}
        >
          <input
            {...getInputProps(fields.lastName, { type: "text" })}
            className="input"
            autoComplete="off"
          />
        </Field>
        <Field
          label={t("column.room")}
          optional
          htmlFor={fields.roomNumber.id}
          errors={fields.roomNumber.errors}
          errorId={fields.roomNumber.errorId}
        >
          <input
            {...getInputProps(fields.roomNumber, { type: "text" })}
            className="input"
            autoComplete="off"
          />
        </Field>
        <Field
          label={t("resident.dateOfBirth")}
          optional
          htmlFor={fields.dateOfBirth.id}
          errors={fields.dateOfBirth.errors}
          errorId={fields.dateOfBirth.errorId}
        >
          <input {...getInputProps(fields.dateOfBirth, { type: "date" })} className="input" />
        </Field>
        <Field
          label={t("resident.admissionDate")}
          optional
          htmlFor={fields.admissionDate.id}
          errors={fields.admissionDate.errors}
          errorId={fields.admissionDate.errorId}
        >
          <input {...getInputProps(fields.admissionDate, { type: "date" })} className="input" />
        </Field>
        <Field
          label={ti("resident.email")}
          optional
          hint={ti("resident.emailHint")}
          htmlFor={fields.email.id}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        >
          <input
            {...getInputProps(fields.email, { type: "email" })}
            className="input"
            autoComplete="off"
          />
        </Field>
      </div>
      <TranscriptionLanguageField
        id={fields.preferredLanguage.id}
        name={fields.preferredLanguage.name}
        current={
          typeof fields.preferredLanguage.initialValue === "string" &&
          fields.preferredLanguage.initialValue
            ? fields.preferredLanguage.initialValue
            : "en"
        }
        languages={transcription}
        errors={fields.preferredLanguage.errors}
        errorId={fields.preferredLanguage.errorId}
      />
      <Field
        label={t("resident.photo")}
        optional
        hint={t("resident.photoHint")}
        htmlFor={fields.photo.id}
        errors={fields.photo.errors}
        errorId={fields.photo.errorId}
      >
        {photoUrl ? (
          <img
            src={photoUrl}
            alt={t("resident.currentPhoto")}
            className="mb-2 h-24 w-24 rounded-full object-cover"
            width={96}
            height={96}
          />
        ) : null}
        <PhotoInput
          {...getInputProps(fields.photo, { type: "file" })}
          id={fields.photo.id}
          name={fields.photo.name}
          previewAlt={t("resident.newPhoto")}
          className="input"
        />
      </Field>
      {photoUrl ? (
        <div className="mb-4 flex min-h-target items-center gap-3">
          <input
            type="checkbox"
            id={`${formId}-remove-photo`}
            name="removePhoto"
            className="h-6 w-6"
          />
          <label htmlFor={`${formId}-remove-photo`} className="text-base">
            {t("resident.removePhoto")}
          </label>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="update" />
      <SubmitButton pendingText={t("saving")}>{t("resident.save")}</SubmitButton>
    </Form>
  );
}

export function NewResidentDialog() {
  const area = useCareTeamArea();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { transcription } = useLoaderData<typeof newResidentLoader>();
  const t = useT("care");
  return (
    <RouteDialog id="new-resident" title={t("residents.add")} closeTo={AREAS[area].residents}>
      <p className="mb-4 text-base">{t("resident.addIntro")}</p>
      <ResidentFields
        formId="new-resident-form"
        lastResult={lastResult}
        transcription={transcription}
      />
    </RouteDialog>
  );
}

export function EditResidentDialog() {
  const area = useCareTeamArea();
  const { resident, transcription } = useLoaderData<typeof editResidentLoader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const cfg = AREAS[area];
  const name = `${resident.firstName} ${resident.lastName}`;
  const t = useT("care");
  return (
    <RouteDialog id="edit-resident" title={t("row.editName", { name })} closeTo={cfg.residents}>
      <ResidentFields
        key={resident.id}
        formId={`edit-resident-${resident.id}`}
        lastResult={lastResult}
        photoUrl={resident.profileImageUrl}
        transcription={transcription}
        defaultValue={{
          preferredLanguage: resident.preferredLanguage,
          firstName: resident.firstName,
          lastName: resident.lastName,
          roomNumber: resident.roomNumber ?? "",
          dateOfBirth: resident.dateOfBirth ?? "",
          admissionDate: resident.admissionDate ?? "",
          email: resident.email ?? "",
        }}
      />
      <div className="mt-6 border-t border-stone-300 pt-4">
        <h3 className="mb-2 text-xl font-bold">{t("column.status")}</h3>
        <p className="mb-3 flex items-center gap-2 text-base">
          {t("resident.statusOf", { name })}{" "}
          {resident.isActive ? (
            <Badge tone="green">{t("status.active")}</Badge>
          ) : (
            <Badge tone="gray">{t("status.inactive")}</Badge>
          )}
        </p>
        {resident.isActive ? (
          <Link
            to={`${cfg.residents}/${resident.id}/deactivate`}
            className="btn-secondary"
            preventScrollReset
          >
            {t("resident.deactivate")}
          </Link>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="activate" />
            <SubmitButton className="btn-primary">{t("resident.reactivate")}</SubmitButton>
          </Form>
        )}
      </div>
      <div className="mt-6 border-t border-stone-300 pt-4">
        <h3 className="mb-2 text-xl font-bold">{t("row.family")}</h3>
        {resident.family.length ? (
          <ul className="mb-3 list-disc pl-6 text-base">
            {resident.family.map((f) => (
              <li key={f.id}>
                {f.name}
                {f.relationship ? ` (${f.relationship})` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-3 text-base">{t("resident.noFamily")}</p>
        )}
        <Link to={`${cfg.families}/new?residentId=${resident.id}`} className="btn-ghost">
          {t("family.add")}
        </Link>
      </div>
    </RouteDialog>
  );
}
