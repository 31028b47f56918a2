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

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Change your password") },
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
  const submission = await parseWithZod(formData, {
    async: true,
    schema: passwordSchema(passwordNamesFor(user)).superRefine(async (v, ctx) => {
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
    title: "Your password has been changed.",
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
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="password-title">
      <h1 id="password-title" className="page-title mb-2">
        {forced ? "Choose your own password" : "Change your password"}
      </h1>
      {forced ? (
        <p className="mb-4 text-lg">
          You signed in with a temporary password. Please choose a new one to continue.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <ErrorList id={form.errorId} errors={form.errors} />
        {forced ? null : (
          <Field
            label="Current password"
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
          label="New password"
        />
        <SubmitButton pendingText="Saving...">Save password</SubmitButton>
      </Form>
    </section>
  );
}
