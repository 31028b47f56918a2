import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { EmailField, StaffRoleField, UsernameField } from "~/components/account-fields";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import type * as z from "zod";
import type { StaffFormSchema } from "~/models/super-admin-forms.server";

export type CommunityOption = { id: string; name: string; subdomain: string; isActive: boolean };

/** Add Staff Member: community, username, email and role, all required. The server makes the password. */
export function StaffForm({
  lastResult,
  communities,
  defaultTenantId,
  action,
  cancelTo,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  communities: CommunityOption[];
  defaultTenantId?: string | null;
  action: string;
  cancelTo: string;
}) {
  const [form, fields] = useForm<z.input<typeof StaffFormSchema>>({
    id: "add-staff",
    lastResult,
    defaultValue: { tenantId: defaultTenantId ?? "" },
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Community"
        htmlFor={fields.tenantId.id}
        errors={fields.tenantId.errors}
        errorId={fields.tenantId.errorId}
      >
        <select {...getSelectProps(fields.tenantId)} className="input">
          <option value="">Choose a community</option>
          {communities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.subdomain}){c.isActive ? "" : " (inactive)"}
            </option>
          ))}
        </select>
      </Field>
      <UsernameField meta={fields.username} />
      <EmailField meta={fields.email} />
      <StaffRoleField meta={fields.role} placeholder="Choose a role" />
      <p className="mb-4 text-base text-stone-700">
        A temporary password is made for them and shown once on the next page. They choose their own
        at first sign-in.
      </p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pendingText="Adding...">Add Staff Member</SubmitButton>
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
