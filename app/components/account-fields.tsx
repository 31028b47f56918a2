// The fields of a person's account (name, username, email, staff role, a new password), the same
// wherever one is added or edited: the administrator's Staff screens, the super admin's Add Staff
// Member form, the care team's family member form, accepting an invitation, changing a password.
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";
import { MIN_PASSWORD_LENGTH } from "~/utils/password-rules";
import { STAFF_ROLE_OPTIONS } from "~/utils/roles";
import { useT } from "~/utils/i18n";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field of this shape
type Meta<Schema> = FieldMetadata<Schema, any, string[]>;

export function UsernameField<Schema>({ meta }: { meta: Meta<Schema> }) {
  const t = useT("auth");
  return (
    <Field
      label={t("fields.username")}
      hint={t("fields.usernameHint")}
      htmlFor={meta.id}
      errors={meta.errors}
      errorId={meta.errorId}
    >
      <input
        {...getInputProps(meta, { type: "text", ariaDescribedBy: `${meta.id}-hint` })}
        className="input"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
      />
    </Field>
  );
}

/** type=text: the server's message, not the browser's bubble, explains a bad address. */
export function EmailField<Schema>({ meta }: { meta: Meta<Schema> }) {
  const t = useT("auth");
  return (
    <Field label={t("fields.email")} htmlFor={meta.id} errors={meta.errors} errorId={meta.errorId}>
      <input
        {...getInputProps(meta, { type: "text" })}
        inputMode="email"
        className="input"
        autoComplete="off"
        autoCapitalize="none"
      />
    </Field>
  );
}

/** The staff roles; `placeholder` is a first, empty choice that makes the person pick one. */
export function StaffRoleField<Schema>({
  meta,
  hint,
  placeholder,
}: {
  meta: Meta<Schema>;
  hint?: string;
  placeholder?: string;
}) {
  const t = useT("auth");
  return (
    <Field
      label={t("fields.role")}
      hint={hint}
      htmlFor={meta.id}
      errors={meta.errors}
      errorId={meta.errorId}
    >
      <select {...getSelectProps(meta)} className="input">
        {placeholder ? <option value="">{placeholder}</option> : null}
        {STAFF_ROLE_OPTIONS.map((r) => (
          <option key={r.value} value={r.value}>
            {t("common:role", { role: r.value })}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function NameField<Schema>({ meta }: { meta: Meta<Schema> }) {
  const t = useT("auth");
  return (
    <Field label={t("fields.name")} htmlFor={meta.id} errors={meta.errors} errorId={meta.errorId}>
      <input {...getInputProps(meta, { type: "text" })} className="input" autoComplete="off" />
    </Field>
  );
}

/** A new password and the same again, marked for password managers as a new one. */
export function NewPasswordFields<A, B>({
  password,
  confirm,
  label,
  againLabel,
}: {
  password: Meta<A>;
  confirm: Meta<B>;
  /** "Password", "New password" */
  label: string;
  /** the second field's: "Password again", "New password again" */
  againLabel: string;
}) {
  const t = useT("auth");
  return (
    <>
      <Field
        label={label}
        hint={t("fields.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        htmlFor={password.id}
        errors={password.errors}
        errorId={password.errorId}
      >
        <input
          {...getInputProps(password, { type: "password" })}
          className="input"
          autoComplete="new-password"
        />
      </Field>
      <Field
        label={againLabel}
        htmlFor={confirm.id}
        errors={confirm.errors}
        errorId={confirm.errorId}
      >
        <input
          {...getInputProps(confirm, { type: "password" })}
          className="input"
          autoComplete="new-password"
        />
      </Field>
    </>
  );
}
