// Family members: the table, add/edit dialogs and removal with confirmation (the invitation link: Invitation.tsx).
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import type { FamilyMemberSchema } from "~/models/admin-schemas.server";
import { AREAS, useCareTeamArea, type AreaName } from "./areas";
import type { deleteFamilyLoader, editFamilyLoader, familiesLoader, FamilyListItem, newFamilyLoader } from "./families.server";
import { Badge, ConfirmDelete, EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";

type FamilyFormShape = z.input<typeof FamilyMemberSchema>;

export function FamiliesScreen() {
  const area = useCareTeamArea();
  const { members } = useLoaderData<typeof familiesLoader>();
  const cfg = AREAS[area];
  return (
    <section aria-labelledby="families-title">
      <SectionHeader
        id="families-title"
        title="Family Management"
        action={
          <Link to={`${cfg.families}/new`} className="btn-primary" preventScrollReset {...dialogLinkProps}>
            Add Family Member
          </Link>
        }
      />
      <Outlet />
      {members.length === 0 ? <EmptyState>No family members yet.</EmptyState> : <FamilyTable members={members} area={area} />}
    </section>
  );
}

function FamilyTable({ members, area }: { members: FamilyListItem[]; area: AreaName }) {
  const cfg = AREAS[area];
  return (
    <div className="card relative overflow-x-auto p-0">
      <table className="w-full min-w-[48rem] border-collapse text-left text-base">
        <caption className="sr-only">Family members and the residents they follow</caption>
        <thead className="bg-stone-100">
          <tr>
            {["Family Member", "Resident", "Relationship", "Contact", "Actions"].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id} className="border-t border-stone-300 align-middle" data-testid="family-row">
              <th scope="row" className="px-4 py-3 font-semibold">
                <span className="block">{m.name}</span>
                {m.signIn?.status === "active" ? (
                  <span className="block font-normal text-stone-700">Signs in as {m.signIn.username}</span>
                ) : (
                  <Badge tone="amber">Invitation pending</Badge>
                )}
              </th>
              <td className="px-4 py-3">
                {m.resident.firstName} {m.resident.lastName}
                {m.resident.roomNumber ? <span className="block text-stone-700">Room {m.resident.roomNumber}</span> : null}
              </td>
              <td className="px-4 py-3">{m.relationship ?? "—"}</td>
              <td className="px-4 py-3">
                <a href={`mailto:${m.email}`} className="block break-all text-brand-800 underline">
                  {m.email}
                </a>
                {m.phoneNumber ? <span className="block">{m.phoneNumber}</span> : null}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-2">
                  <Link to={`${cfg.families}/${m.id}`} className="btn-secondary" aria-label={`Edit ${m.name}`} preventScrollReset {...dialogLinkProps}>
                    Edit
                  </Link>
                  {m.signIn?.status !== "active" ? (
                    <Link to={`${cfg.families}/${m.id}/invitation`} className="btn-ghost" aria-label={`New invitation for ${m.name}`} preventScrollReset {...dialogLinkProps}>
                      Invitation
                    </Link>
                  ) : null}
                  <Link to={`${cfg.families}/${m.id}/delete`} className="btn-ghost text-red-800" aria-label={`Remove ${m.name}`} preventScrollReset {...dialogLinkProps}>
                    Remove
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
  const [form, fields] = useForm<FamilyFormShape>({ id: formId, lastResult, defaultValue, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label="Resident" htmlFor={fields.residentId.id} errors={fields.residentId.errors} errorId={fields.residentId.errorId}>
        <select {...getSelectProps(fields.residentId)} className="input">
          <option value="">Select a resident…</option>
          {residents.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...getInputProps(fields.name, { type: "text" })} className="input" autoComplete="off" />
      </Field>
      <Field label="Email" hint="Used as their contact address; their username is made from it." htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: "email" })} className="input" autoComplete="off" />
      </Field>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label="Relationship" optional htmlFor={fields.relationship.id} errors={fields.relationship.errors} errorId={fields.relationship.errorId}>
          <input {...getInputProps(fields.relationship, { type: "text" })} className="input" placeholder="e.g. Daughter" autoComplete="off" />
        </Field>
        <Field label="Phone number" optional htmlFor={fields.phoneNumber.id} errors={fields.phoneNumber.errors} errorId={fields.phoneNumber.errorId}>
          <input {...getInputProps(fields.phoneNumber, { type: "tel" })} className="input" autoComplete="off" />
        </Field>
      </div>
      <SubmitButton pendingText="Saving...">{submitLabel}</SubmitButton>
    </Form>
  );
}

export function NewFamilyDialog() {
  const area = useCareTeamArea();
  const { residents, residentId } = useLoaderData<typeof newFamilyLoader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <RouteDialog id="new-family" title="Add Family Member" closeTo={AREAS[area].families}>
      <p className="mb-4 text-base">They get a one-time invitation link where they choose their own password. You can copy or print it on the next screen.</p>
      <FamilyFields formId="new-family-form" lastResult={lastResult} residents={residents} defaultValue={{ residentId }} submitLabel="Add family member" />
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
        defaultValue={{ residentId: member.residentId, name: member.name, email: member.email, relationship: member.relationship ?? "", phoneNumber: member.phoneNumber ?? "" }}
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
