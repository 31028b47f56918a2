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
import { FamilyPasswordLink } from "./FamilyActions";
import { useT } from "~/utils/i18n";

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
  const t = useT("care");
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("column.resident")}
        htmlFor={fields.residentId.id}
        errors={fields.residentId.errors}
        errorId={fields.residentId.errorId}
      >
        <select {...getSelectProps(fields.residentId)} className="input">
          <option value="">{t("family.selectResident")}</option>
          {residents.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <NameField meta={fields.name} />
      <Field
        label={t("family.email")}
        hint={t("family.emailHint")}
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
          label={t("family.relationship")}
          optional
          htmlFor={fields.relationship.id}
          errors={fields.relationship.errors}
          errorId={fields.relationship.errorId}
        >
          <input
            {...getInputProps(fields.relationship, { type: "text" })}
            className="input"
            placeholder={t("family.relationshipExample")}
            autoComplete="off"
          />
        </Field>
        <Field
          label={t("family.phone")}
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
      <SubmitButton pendingText={t("saving")}>{submitLabel}</SubmitButton>
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
  const t = useT("care");
  const values = { name: existing.name, resident: existing.resident };
  return (
    <div
      className="mb-4 rounded-lg border-2 border-amber-700 bg-amber-50 p-4"
      role="alert"
      data-testid="existing-follower"
    >
      <p className="mb-2 text-lg font-semibold">
        {existing.accepted ? t("existing.follows", values) : t("existing.followsNewLink", values)}
      </p>
      {existing.accepted ? (
        <p className="mb-3 text-base">
          {t("existing.accepted", { username: existing.username ?? "" })}
        </p>
      ) : (
        <p className="mb-3 text-base">{t("existing.notAccepted")}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {existing.accepted ? null : (
          <Form method="post" action={`${cfg.families}/${existing.id}/invitation`}>
            <input type="hidden" name="intent" value="reissue" />
            <SubmitButton pendingText={t("invitation.making")}>
              {t("existing.newLink")}
            </SubmitButton>
          </Form>
        )}
        <Link to={`${cfg.families}/${existing.id}`} className="btn-secondary">
          {t("existing.open", { name: existing.name })}
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
  const t = useT("care");
  return (
    <RouteDialog id="new-family" title={t("families.add")} closeTo={AREAS[area].families}>
      {existing ? <ExistingFollowerOffer existing={existing} area={area} /> : null}
      <p className="mb-4 text-base">{t("family.addIntro")}</p>
      <FamilyFields
        formId="new-family-form"
        lastResult={lastResult}
        residents={residents}
        defaultValue={{ residentId }}
        submitLabel={t("family.add")}
      />
    </RouteDialog>
  );
}

export function EditFamilyDialog() {
  const area = useCareTeamArea();
  const { member, residents } = useLoaderData<typeof editFamilyLoader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const t = useT("care");
  return (
    <RouteDialog
      id="edit-family"
      title={t("row.editName", { name: member.name })}
      closeTo={AREAS[area].families}
    >
      <FamilyFields
        key={member.id}
        formId={`edit-family-${member.id}`}
        lastResult={lastResult}
        residents={residents}
        submitLabel={t("family.save")}
        defaultValue={{
          residentId: member.residentId,
          name: member.name,
          email: member.email,
          relationship: member.relationship ?? "",
          phoneNumber: member.phoneNumber ?? "",
        }}
      />
      <FamilyPasswordLink memberId={member.id} />
    </RouteDialog>
  );
}

export function DeleteFamilyDialog() {
  const area = useCareTeamArea();
  const { member } = useLoaderData<typeof deleteFamilyLoader>();
  const t = useT("care");
  const tf = useT("follows");
  return (
    <ConfirmDelete
      id="delete-family"
      title={t("family.removeTitle", { name: member.name })}
      closeTo={AREAS[area].families}
      question={
        member.resident
          ? t("family.removeQuestionOf", { name: member.name, resident: member.resident })
          : t("family.removeTitle", { name: member.name })
      }
      detail={
        <p>
          {member.alsoFollows.length
            ? tf("remove.keepsSignIn", { names: member.alsoFollows.join(", ") })
            : t("family.removeDetail")}
        </p>
      }
      confirmLabel={t("family.removeConfirm")}
    />
  );
}
