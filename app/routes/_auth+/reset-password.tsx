import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import {
  acceptInvitationSchema,
  type AcceptInvitationSchema,
  passwordNamesFor,
} from "~/models/account-forms.server";
import { NewPasswordFields } from "~/components/account-fields";
import { ErrorList, SubmitButton } from "~/components/forms";
import { checkPasswordReset, completePasswordReset } from "~/models/password-reset.server";
import { signInAndRedirect } from "~/utils/auth.server";
import { homePathFor } from "~/utils/roles";
import { clientOf, requireKnownHost } from "~/utils/host.server";
import { toastHeaders } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { richText } from "~/routes/_community+/__care-team/SignInSheet";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "password")("reset.title")) },
];

// Opening the link (GET) changes nothing; choosing the password (POST) uses it.
export async function loader({ request }: LoaderFunctionArgs) {
  const host = requireKnownHost(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = checkPasswordReset(host, token);
  if (!check.ok) {
    const t = await getT(request, "password");
    return { ok: false as const, reason: translateMessage(t, check.reason) };
  }
  return { ok: true as const, token, username: check.user.username };
}

export const policy = { body: "form", rate: "sign-in links" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const host = requireKnownHost(request);
  const formData = await request.formData();
  const t = await getT(request, "auth");
  const tp = await getT(request, "password");
  // the person's names, so the password she chooses does not lean on them
  const check = checkPasswordReset(host, String(formData.get("token") ?? ""));
  if (!check.ok) return { result: null, reason: translateMessage(tp, check.reason) };
  const submission = await parseWithZod(formData, {
    schema: acceptInvitationSchema(passwordNamesFor(check.user), t),
    async: true,
  });
  if (submission.status !== "success")
    return {
      result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
      reason: null,
    };
  const done = await completePasswordReset(
    host,
    submission.value.token,
    submission.value.password,
    clientOf(request),
  );
  if (!done.ok) return { result: null, reason: translateMessage(tp, done.reason) };
  const headers = await toastHeaders({
    type: "success",
    title: tp("reset.done"),
    description: tp("reset.doneDescription"),
  });
  // every session of the account has ended: this device starts a new one
  return signInAndRedirect(request, done.user, homePathFor(done.user.role), headers);
}

function NotValid({ reason }: { reason: string }) {
  const t = useT("password");
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="reset-title">
      <h1 id="reset-title" className="page-title mb-3">
        {t("reset.notValidTitle")}
      </h1>
      <p className="mb-4 text-lg" data-testid="reset-problem">
        {reason}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/forgot-password" className="btn-primary">
          {t("reset.askAgain")}
        </Link>
        <Link to="/login" className="btn-secondary">
          {t("forgot.backToSignIn")}
        </Link>
      </div>
    </section>
  );
}

export default function ResetPassword() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof AcceptInvitationSchema>>({
    id: "reset-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const t = useT("password");
  if (actionData?.reason) return <NotValid reason={actionData.reason} />;
  if (!data.ok) return <NotValid reason={data.reason} />;
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="reset-title">
      <h1 id="reset-title" className="page-title mb-2">
        {t("reset.title")}
      </h1>
      <p className="mb-2 text-lg" data-testid="reset-username">
        {richText(t, "reset.for", {}, { username: <strong>{data.username}</strong> })}
      </p>
      <p className="mb-4 text-base">{t("reset.signsOut")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <input type="hidden" name="token" value={data.token} />
        {/* lets password managers store the username with the new password */}
        <input type="hidden" name="username" value={data.username} autoComplete="username" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label={t("reset.password")}
          againLabel={t("reset.passwordAgain")}
        />
        <SubmitButton pendingText={t("reset.saving")}>{t("reset.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
