import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { EmailField, NameField, StaffRoleField, UsernameField } from "~/components/account-fields";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import type * as z from "zod";
import type { StaffScreenSchema } from "~/models/super-admin-forms.server";
import { useT } from "~/utils/i18n";

export type CommunityOption = { id: string; name: string; subdomain: string; isActive: boolean };

/**
 * Add Staff Member: community, name, username, email and role, all required. The server makes a
 * one-time sign-in link and emails it to her.
 */
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
  const t = useT("superAdmin");
  const ti = useT("invitations");
  const [form, fields] = useForm<z.input<typeof StaffScreenSchema>>({
    id: "add-staff",
    lastResult,
    defaultValue: { tenantId: defaultTenantId ?? "" },
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("staffForm.community")}
        htmlFor={fields.tenantId.id}
        errors={fields.tenantId.errors}
        errorId={fields.tenantId.errorId}
      >
        <select {...getSelectProps(fields.tenantId)} className="input">
          <option value="">{t("form.communityRequired")}</option>
          {communities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.isActive
                ? t("staffForm.option", { name: c.name, subdomain: c.subdomain })
                : t("staffForm.optionInactive", { name: c.name, subdomain: c.subdomain })}
            </option>
          ))}
        </select>
      </Field>
      <NameField meta={fields.displayName} />
      <UsernameField meta={fields.username} />
      <EmailField meta={fields.email} />
      <StaffRoleField meta={fields.role} placeholder={t("staffForm.chooseRole")} />
      <p className="mb-4 text-base text-stone-700">{ti("staff.linkNote")}</p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pendingText={t("adding")}>{t("users.add")}</SubmitButton>
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          {t("common:cancel")}
        </Link>
      </div>
    </Form>
  );
}
