import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { ForgotPasswordSchema, requestPasswordReset } from "~/models/password-reset.server";
import { clientOf, originsFor, requireKnownHost } from "~/utils/host.server";
import { clientAddress } from "~/utils/rate-limit.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "password")("forgot.title")) },
];

// The answer after asking is the same page whether or not an account matched (`?sent=1`).
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = requireKnownHost(request);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { sent, where: ctx.kind === "tenant" ? ctx.community.name : null };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const host = requireKnownHost(request);
  const formData = await request.formData();
  const t = await getT(request, "password");
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return submission.reply();
  const asked = await requestPasswordReset({
    host,
    identifier: submission.value.identifier,
    ip: clientAddress(request),
    client: clientOf(request),
    originOf: originsFor(request),
    requestLanguage: await requestLanguage(request),
  });
  if (!asked.ok) {
    // refused for this address or this name, whatever it names: says nothing about any account
    const minutes = Math.max(1, Math.ceil(asked.retryAfterSeconds / 60));
    return data(submission.reply({ formErrors: [t("forgot.tooMany", { minutes })] }), {
      status: 429,
      headers: { "Retry-After": String(asked.retryAfterSeconds) },
    });
  }
  return redirect("/forgot-password?sent=1");
}

function Sent() {
  const t = useT("password");
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="page-title mb-3">
        {t("sent.title")}
      </h1>
      <p className="mb-3 text-lg" data-testid="reset-sent">
        {t("sent.body")}
      </p>
      <p className="mb-3 text-base">{t("sent.spam")}</p>
      <p className="mb-4 text-base">{t("sent.nothing")}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/login" className="btn-primary">
          {t("forgot.backToSignIn")}
        </Link>
        <Link to="/forgot-password" className="btn-secondary">
          {t("sent.again")}
        </Link>
      </div>
    </section>
  );
}

export default function ForgotPassword() {
  const { sent, where } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ForgotPasswordSchema>>({
    id: "forgot-password",
    lastResult,
    shouldValidate: "onSubmit",
  });
  const t = useT("password");
  if (sent) return <Sent />;
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="page-title mb-2">
        {t("forgot.title")}
      </h1>
      {where ? <p className="mb-2 text-lg">{where}</p> : null}
      <p className="mb-4 text-lg">{t("forgot.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("forgot.identifier")}
          htmlFor={fields.identifier.id}
          errors={fields.identifier.errors}
          errorId={fields.identifier.errorId}
        >
          <input
            {...getInputProps(fields.identifier, { type: "text" })}
            className="input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <SubmitButton pendingText={t("forgot.sending")}>{t("forgot.submit")}</SubmitButton>
      </Form>
      <p className="mt-4">
        <Link to="/login" className="btn-ghost">
          {t("forgot.backToSignIn")}
        </Link>
      </p>
    </section>
  );
}
