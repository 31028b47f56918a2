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
  if (sent) {
    return (
      <div className="rounded-xl border-2 border-brand-700 bg-brand-50 p-6" role="status">
        <h3 className="mb-2 text-2xl font-bold text-brand-900">Thank you!</h3>
        <p className="text-lg">
          We received your message and will be in touch soon to set up your free trial.
        </p>
        <p className="mt-3">
          <a href="/#contact" className="font-semibold text-brand-800 underline">
            Send another message
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
          label="Your name"
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
          label="Email"
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
          label="Facility name"
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
      </div>
      <Field
        label="Message"
        optional
        htmlFor={fields.message.id}
        errors={fields.message.errors}
        errorId={fields.message.errorId}
      >
        <textarea {...getTextareaProps(fields.message)} className="input" rows={4} />
      </Field>
      <SubmitButton pendingText="Sending...">Send Message</SubmitButton>
    </Form>
  );
}
