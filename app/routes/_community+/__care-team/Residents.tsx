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
          label="First name"
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
          label="Last name"
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
          label="Room"
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
          label="Date of birth"
          optional
          htmlFor={fields.dateOfBirth.id}
          errors={fields.dateOfBirth.errors}
          errorId={fields.dateOfBirth.errorId}
        >
          <input {...getInputProps(fields.dateOfBirth, { type: "date" })} className="input" />
        </Field>
        <Field
          label="Admission date"
          optional
          htmlFor={fields.admissionDate.id}
          errors={fields.admissionDate.errors}
          errorId={fields.admissionDate.errorId}
        >
          <input {...getInputProps(fields.admissionDate, { type: "date" })} className="input" />
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
        label="Profile photo"
        optional
        hint="A JPEG, PNG, WebP or HEIC image of at most 5 MB. With JavaScript a larger photo is made smaller before it is sent."
        htmlFor={fields.photo.id}
        errors={fields.photo.errors}
        errorId={fields.photo.errorId}
      >
        {photoUrl ? (
          <img
            src={photoUrl}
            alt="Current profile photo"
            className="mb-2 h-24 w-24 rounded-full object-cover"
            width={96}
            height={96}
          />
        ) : null}
        <PhotoInput
          {...getInputProps(fields.photo, { type: "file" })}
          id={fields.photo.id}
          name={fields.photo.name}
          previewAlt="The new profile photo"
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
            Remove the current photo
          </label>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="update" />
      <SubmitButton pendingText="Saving...">Save resident</SubmitButton>
    </Form>
  );
}

export function NewResidentDialog() {
  const area = useCareTeamArea();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { transcription } = useLoaderData<typeof newResidentLoader>();
  return (
    <RouteDialog id="new-resident" title="Add Resident" closeTo={AREAS[area].residents}>
      <p className="mb-4 text-base">
        First and last name are required; everything else can be added later.
      </p>
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
  return (
    <RouteDialog id="edit-resident" title={`Edit ${name}`} closeTo={cfg.residents}>
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
        }}
      />
      <div className="mt-6 border-t border-stone-300 pt-4">
        <h3 className="mb-2 text-xl font-bold">Status</h3>
        <p className="mb-3 flex items-center gap-2 text-base">
          {name} is{" "}
          {resident.isActive ? (
            <Badge tone="green">Active</Badge>
          ) : (
            <Badge tone="gray">Inactive</Badge>
          )}
        </p>
        {resident.isActive ? (
          <Link
            to={`${cfg.residents}/${resident.id}/deactivate`}
            className="btn-secondary"
            preventScrollReset
          >
            Deactivate resident
          </Link>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="activate" />
            <SubmitButton className="btn-primary">Reactivate resident</SubmitButton>
          </Form>
        )}
      </div>
      <div className="mt-6 border-t border-stone-300 pt-4">
        <h3 className="mb-2 text-xl font-bold">Family</h3>
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
          <p className="mb-3 text-base">No family members yet.</p>
        )}
        <Link to={`${cfg.families}/new?residentId=${resident.id}`} className="btn-ghost">
          Add family member
        </Link>
      </div>
    </RouteDialog>
  );
}
