// A member of staff confirming at the kiosk with their own username and password: "I'm helping"
// a resident, or staff mode to take attendance. What else the form carries comes as children.
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/utils/i18n";

export function StaffConfirmForm({
  error,
  username,
  submitLabel,
  action,
  children,
}: {
  error: string | null | undefined;
  username: string | null | undefined;
  submitLabel: string;
  action?: string;
  children?: ReactNode;
}) {
  const t = useT("kiosk");
  return (
    <Form method="post" action={action} className="card">
      {children}
      {error ? (
        <p
          id="staff-confirm-error"
          className="field-error mb-3 text-xl"
          role="alert"
          data-testid="help-error"
        >
          {error}
        </p>
      ) : null}
      <label htmlFor="username" className="label text-xl">
        {t("help.username")}
      </label>
      <input
        id="username"
        name="username"
        type="text"
        autoComplete="off"
        autoCapitalize="none"
        required
        defaultValue={username ?? ""}
        aria-describedby={error ? "staff-confirm-error" : undefined}
        className="input mb-4"
      />
      <label htmlFor="password" className="label text-xl">
        {t("help.password")}
      </label>
      <input
        id="password"
        name="password"
        type="password"
        autoComplete="off"
        required
        aria-describedby={error ? "staff-confirm-error" : undefined}
        className="input mb-4"
      />
      <button type="submit" className="btn-primary w-full">
        {submitLabel}
      </button>
    </Form>
  );
}
