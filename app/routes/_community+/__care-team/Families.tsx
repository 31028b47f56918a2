// Family members: the add and edit dialogs and removal with confirmation (the list: FamiliesList.tsx; the invitation link: Invitation.tsx).
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { NameField } from "~/components/account-fields";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import type { FamilyMemberSchema } from "~/models/admin-schemas.server";
import { AREAS, useCareTeamArea } from "./areas";
import type {
  deleteFamilyLoader,
  editFamilyLoader,
  ExistingFollower,
  newFamilyAction,
  newFamilyLoader,
} from "./families.server";
import { ConfirmDelete } from "~/components/admin/ui";
import { RouteDialog } from "~/components/dialog";

type FamilyFormShape = z.input<typeof FamilyMemberSchema>;

function FamilyFields({
  formId,
  lastResult,
  residents,
  defaultValue,
  submitLabel,
}: {
  formId: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  residents: { id: string; name: string }[];
  defaultValue?: Record<string, string>;
  submitLabel: string;
}) {
  const [form, fields] = useForm<FamilyFormShape>({
    id: formId,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Resident"
        htmlFor={fields.residentId.id}
        errors={fields.residentId.errors}
        errorId={fields.residentId.errorId}
      >
        <select {...getSelectProps(fields.residentId)} className="input">
          <option value="">Select a resident…</option>
          {residents.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <NameField meta={fields.name} />
      <Field
        label="Email"
        hint="Used as their contact address; their username is made from it."
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
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="Relationship"
          optional
          htmlFor={fields.relationship.id}
          errors={fields.relationship.errors}
          errorId={fields.relationship.errorId}
        >
          <input
            {...getInputProps(fields.relationship, { type: "text" })}
            className="input"
            placeholder="e.g. Daughter"
            autoComplete="off"
          />
        </Field>
        <Field
          label="Phone number"
          optional
          htmlFor={fields.phoneNumber.id}
          errors={fields.phoneNumber.errors}
          errorId={fields.phoneNumber.errorId}
        >
          <input
            {...getInputProps(fields.phoneNumber, { type: "tel" })}
            className="input"
            autoComplete="off"
          />
        </Field>
      </div>
      <SubmitButton pendingText="Saving...">{submitLabel}</SubmitButton>
    </Form>
  );
}

/** The family member this form would have added twice: offered instead of a second account. */
function ExistingFollowerOffer({
  existing,
  area,
}: {
  existing: ExistingFollower;
  area: "admin" | "staff";
}) {
  const cfg = AREAS[area];
  return (
    <div
      className="mb-4 rounded-lg border-2 border-amber-700 bg-amber-50 p-4"
      role="alert"
      data-testid="existing-follower"
    >
      <p className="mb-2 text-lg font-semibold">
        {existing.name} already follows {existing.resident}
        {existing.accepted ? "." : ": make a new sign-in link?"}
      </p>
      {existing.accepted ? (
        <p className="mb-3 text-base">
          They accepted their invitation and sign in as {existing.username}. Nothing was added.
        </p>
      ) : (
        <p className="mb-3 text-base">
          Nothing was added. Their earlier invitation was not accepted yet; a new link replaces a
          lost one.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {existing.accepted ? null : (
          <Form method="post" action={`${cfg.families}/${existing.id}/invitation`}>
            <input type="hidden" name="intent" value="reissue" />
            <SubmitButton pendingText="Making link...">Make a new sign-in link</SubmitButton>
          </Form>
        )}
        <Link to={`${cfg.families}/${existing.id}`} className="btn-secondary">
          Open {existing.name}
        </Link>
      </div>
    </div>
  );
}

export function NewFamilyDialog() {
  const area = useCareTeamArea();
  const { residents, residentId } = useLoaderData<typeof newFamilyLoader>();
  const actionData = useActionData<typeof newFamilyAction>();
  const lastResult = actionData as SubmissionResult<string[]> | undefined;
  const existing = actionData && "existing" in actionData ? actionData.existing : null;
  return (
    <RouteDialog id="new-family" title="Add Family Member" closeTo={AREAS[area].families}>
      {existing ? <ExistingFollowerOffer existing={existing} area={area} /> : null}
      <p className="mb-4 text-base">
        They get a one-time invitation link where they choose their own password. You can copy or
        print it on the next screen.
      </p>
      <FamilyFields
        formId="new-family-form"
        lastResult={lastResult}
        residents={residents}
        defaultValue={{ residentId }}
        submitLabel="Add family member"
      />
    </RouteDialog>
  );
}

export function EditFamilyDialog() {
  const area = useCareTeamArea();
  const { member, residents } = useLoaderData<typeof editFamilyLoader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <RouteDialog id="edit-family" title={`Edit ${member.name}`} closeTo={AREAS[area].families}>
      <FamilyFields
        key={member.id}
        formId={`edit-family-${member.id}`}
        lastResult={lastResult}
        residents={residents}
        submitLabel="Save family member"
        defaultValue={{
          residentId: member.residentId,
          name: member.name,
          email: member.email,
          relationship: member.relationship ?? "",
          phoneNumber: member.phoneNumber ?? "",
        }}
      />
    </RouteDialog>
  );
}

export function DeleteFamilyDialog() {
  const area = useCareTeamArea();
  const { member } = useLoaderData<typeof deleteFamilyLoader>();
  return (
    <ConfirmDelete
      id="delete-family"
      title={`Remove ${member.name}?`}
      closeTo={AREAS[area].families}
      question={`Remove ${member.name}${member.resident ? `, family of ${member.resident}` : ""}?`}
      detail={<p>Their sign-in is removed too; they can no longer see stories.</p>}
      confirmLabel="Remove family member"
    />
  );
}
