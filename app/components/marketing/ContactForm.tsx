import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList, Field, Honeypot, SubmitButton } from "~/components/forms";
import type * as z from "zod";
import type { ContactSchema } from "~/models/contact-form.server";
import { useT } from "~/utils/i18n";

/** The contact form, or the thank-you note after it was sent. */
export function ContactForm({
  lastResult,
  sent,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  sent: boolean;
}) {
  const [form, fields] = useForm<z.input<typeof ContactSchema>>({
    id: "contact-form",
    lastResult: lastResult ?? undefined,
  });
  const t = useT("marketing");
  if (sent) {
    return (
      <div className="rounded-xl border-2 border-brand-700 bg-brand-50 p-6" role="status">
        <h3 className="mb-2 text-2xl font-bold text-brand-900">{t("contact.thanks")}</h3>
        <p className="text-lg">{t("contact.received")}</p>
        <p className="mt-3">
          <a href="/#contact" className="font-semibold text-brand-800 underline">
            {t("contact.sendAnother")}
          </a>
        </p>
      </div>
    );
  }
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="relative rounded-xl bg-white p-6 text-ink shadow-sm"
    >
      <Honeypot />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 md:grid-cols-2">
        <Field
          label={t("contact.name")}
          htmlFor={fields.name.id}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        >
          <input
            {...getInputProps(fields.name, { type: "text" })}
            className="input"
            autoComplete="name"
          />
        </Field>
        <Field
          label={t("contact.email")}
          htmlFor={fields.email.id}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        >
          <input
            {...getInputProps(fields.email, { type: "email" })}
            className="input"
            autoComplete="email"
          />
        </Field>
        <Field
          label={t("contact.facility")}
          htmlFor={fields.facility.id}
          errors={fields.facility.errors}
          errorId={fields.facility.errorId}
        >
          <input
            {...getInputProps(fields.facility, { type: "text" })}
            className="input"
            autoComplete="organization"
          />
        </Field>
        <Field
          label={t("contact.phone")}
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
      </div>
      <Field
        label={t("contact.message")}
        optional
        htmlFor={fields.message.id}
        errors={fields.message.errors}
        errorId={fields.message.errorId}
      >
        <textarea {...getTextareaProps(fields.message)} className="input" rows={4} />
      </Field>
      <SubmitButton pendingText={t("contact.sending")}>{t("contact.send")}</SubmitButton>
    </Form>
  );
}
