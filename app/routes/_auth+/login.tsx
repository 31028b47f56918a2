import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type * as z from "zod";
import { LoginSchema } from "~/models/account-forms.server";
import { Field, SubmitButton, ErrorList } from "~/components/forms";
import {
  authenticator,
  getOptionalUser,
  LoginError,
  signInAndRedirect,
  tooManySignIns,
} from "~/utils/auth.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireKnownHost } from "~/utils/host.server";
import { homePathFor } from "~/utils/roles";
import { beginPasswordAttempt } from "~/utils/sign-in-attempts.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "auth")("login.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = requireKnownHost(request);
  const user = await getOptionalUser(request);
  if (user) throw redirect(user.mustChangePassword ? "/password" : homePathFor(user.role));
  return { where: ctx.kind === "tenant" ? ctx.community.name : null };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  requireKnownHost(request);
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password"] });
  // the attempt is spent before the password is checked; a right password gives it back. The
  // "username" field takes a username or an email address, counted as typed in lowercase.
  const attempt = await beginPasswordAttempt(request, { username: submission.value.username });
  if (!attempt.ok) throw await tooManySignIns(request, attempt.retryAfterSeconds);
  try {
    const user = await authenticator.authenticate("password", request);
    attempt.succeeded();
    const remember = new Headers({ "Set-Cookie": await attempt.rememberDevice() });
    return await signInAndRedirect(
      request,
      user,
      submission.value.redirectTo,
      remember,
      submission.value.keepSignedIn === true,
    );
  } catch (error) {
    if (error instanceof LoginError) {
      const t = await getT(request, "auth");
      return submission.reply({
        formErrors: [translateMessage(t, error.message)],
        hideFields: ["password"],
      });
    }
    throw error;
  }
}

export default function Login() {
  const { where } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "login",
    lastResult,
  });
  const t = useT("auth");
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="login-title">
      <h1 id="login-title" className="page-title mb-2">
        {t("login.title")}
      </h1>
      {where ? (
        <p className="mb-4 text-lg">{t("login.to", { community: where })}</p>
      ) : (
        <p className="mb-4 text-lg">{t("login.superAdmins")}</p>
      )}
      <Form method="post" {...getFormProps(form)}>
        <input
          type="hidden"
          name="redirectTo"
          value={safeRedirect(searchParams.get("redirectTo"), "")}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("login.username")}
          htmlFor={fields.username.id}
          errors={fields.username.errors}
          errorId={fields.username.errorId}
        >
          <input
            {...getInputProps(fields.username, { type: "text" })}
            className="input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Field
          label={t("login.password")}
          htmlFor={fields.password.id}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
        >
          <input
            {...getInputProps(fields.password, { type: "password" })}
            className="input"
            autoComplete="current-password"
          />
        </Field>
        {/* unticked, a staff member's sign-in ends when the browser closes (shared computers) */}
        <div className="mb-4">
          <label className="flex min-h-target items-center gap-3 text-base">
            <input
              {...getInputProps(fields.keepSignedIn, { type: "checkbox" })}
              className="h-6 w-6"
              aria-describedby={`${fields.keepSignedIn.id}-hint`}
            />
            {t("login.keepSignedIn")}
          </label>
          <p id={`${fields.keepSignedIn.id}-hint`} className="text-base text-stone-700">
            {t("login.keepSignedInHint")}
          </p>
          <ErrorList id={fields.keepSignedIn.errorId} errors={fields.keepSignedIn.errors} />
        </div>
        <SubmitButton pendingText={t("login.signingIn")}>{t("login.submit")}</SubmitButton>
      </Form>
      <p className="mt-4">
        <Link to="/forgot-password" className="btn-ghost" data-testid="forgot-password">
          {t("login.forgot")}
        </Link>
      </p>
    </section>
  );
}
