import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import type * as z from "zod";
import type { CommunityFormSchema } from "~/models/super-admin-forms.server";

/** Create Community: name and subdomain required; address, city, phone, email optional. */
export function CommunityForm({
  lastResult,
  appDomain,
  action,
  cancelTo,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  appDomain: string;
  action: string;
  cancelTo: string;
}) {
  const [form, fields] = useForm<z.input<typeof CommunityFormSchema>>({
    id: "create-community",
    lastResult,
  });
  const [subdomain, setSubdomain] = useState(String(fields.subdomain.initialValue ?? ""));
  const shown = subdomain.trim().toLowerCase() || "{subdomain}";
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Community name"
        htmlFor={fields.name.id}
        errors={fields.name.errors}
        errorId={fields.name.errorId}
      >
        <input
          {...getInputProps(fields.name, { type: "text" })}
          className="input"
          autoComplete="organization"
        />
      </Field>
      <Field
        label="Subdomain"
        hint={`Lowercase letters, digits and hyphens, 3 to 40 characters. The site will be at ${shown}.${appDomain}`}
        htmlFor={fields.subdomain.id}
        errors={fields.subdomain.errors}
        errorId={fields.subdomain.errorId}
      >
        <input
          {...getInputProps(fields.subdomain, {
            type: "text",
            ariaDescribedBy: `${fields.subdomain.id}-hint`,
          })}
          className="input"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setSubdomain(e.currentTarget.value)}
        />
      </Field>
      <Field
        label="Address"
        optional
        htmlFor={fields.address.id}
        errors={fields.address.errors}
        errorId={fields.address.errorId}
      >
        <input
          {...getInputProps(fields.address, { type: "text" })}
          className="input"
          autoComplete="street-address"
        />
      </Field>
      <Field
        label="City"
        optional
        htmlFor={fields.city.id}
        errors={fields.city.errors}
        errorId={fields.city.errorId}
      >
        <input
          {...getInputProps(fields.city, { type: "text" })}
          className="input"
          autoComplete="address-level2"
        />
      </Field>
      <Field
        label="Phone"
        optional
        htmlFor={fields.phone.id}
        errors={fields.phone.errors}
        errorId={fields.phone.errorId}
      >
        <input
          {...getInputProps(fields.phone, { type: "tel" })}
          className="input"
          autoComplete="tel"
        />
      </Field>
      <Field
        label="Email"
        optional
        htmlFor={fields.email.id}
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      >
        {/* type=text: the server's message, not the browser's bubble, explains a bad address */}
        <input
          {...getInputProps(fields.email, { type: "text" })}
          inputMode="email"
          className="input"
          autoComplete="email"
          autoCapitalize="none"
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pendingText="Creating...">Create Community</SubmitButton>
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
