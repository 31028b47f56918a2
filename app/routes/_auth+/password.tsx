import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import {
  passwordNamesFor,
  passwordSchema,
  type PasswordSchema,
} from "~/models/account-forms.server";
import { NewPasswordFields } from "~/components/account-fields";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { setPassword } from "~/models/user.server";
import { homePathFor } from "~/utils/roles";
import { requireUser } from "~/utils/auth.server";
import { requireKnownHost } from "~/utils/host.server";
import { deleteUserSessions } from "~/utils/session.server";
import { currentPasswordProblem } from "~/utils/sign-in-attempts.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "auth")("password.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  requireKnownHost(request);
  const user = await requireUser(request, { allowPasswordChange: true });
  return { forced: user.mustChangePassword };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  requireKnownHost(request);
  const user = await requireUser(request, { allowPasswordChange: true });
  const formData = await request.formData();
  const t = await getT(request, "auth");
  const submission = await parseWithZod(formData, {
    async: true,
    schema: passwordSchema(passwordNamesFor(user), t).superRefine(async (v, ctx) => {
      if (user.mustChangePassword) return;
      // counted like a sign-in: a stolen session cannot guess the password freely
      const problem = await currentPasswordProblem(request, user, v.currentPassword ?? "");
      if (problem) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: problem });
    }),
  });
  if (submission.status !== "success") {
    return submission.reply({ hideFields: ["currentPassword", "newPassword", "confirmPassword"] });
  }
  await setPassword(user.id, submission.value.newPassword);
  // every other session of this account ends; this one carries on
  deleteUserSessions(user.id, user.sessionId);
  return redirectWithToast(homePathFor(user.role), {
    type: "success",
    title: t("password.changed"),
  });
}

export default function ChangePassword() {
  const { forced } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof PasswordSchema>>({
    id: "password",
    lastResult,
    shouldValidate: "onSubmit",
  });
  const t = useT("auth");
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="password-title">
      <h1 id="password-title" className="page-title mb-2">
        {forced ? t("password.forcedTitle") : t("password.title")}
      </h1>
      {forced ? <p className="mb-4 text-lg">{t("password.forced")}</p> : null}
      <Form method="post" {...getFormProps(form)}>
        <ErrorList id={form.errorId} errors={form.errors} />
        {forced ? null : (
          <Field
            label={t("password.current")}
            htmlFor={fields.currentPassword.id}
            errors={fields.currentPassword.errors}
            errorId={fields.currentPassword.errorId}
          >
            <input
              {...getInputProps(fields.currentPassword, { type: "password" })}
              className="input"
              autoComplete="current-password"
            />
          </Field>
        )}
        <NewPasswordFields
          password={fields.newPassword}
          confirm={fields.confirmPassword}
          label={t("password.new")}
          againLabel={t("password.newAgain")}
        />
        <SubmitButton pendingText={t("password.saving")}>{t("password.save")}</SubmitButton>
      </Form>
    </section>
  );
}
