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
import {
  acceptInvitation,
  checkInvitation,
  markInvitationOpened,
} from "~/models/invitation.server";
import { signInAndRedirect } from "~/utils/auth.server";
import { COMMUNITY_STAFF_ROLES, homePathFor, ROLE, roleIn } from "~/utils/roles";
import { requireTenant, resolveHost } from "~/utils/host.server";
import { toastHeaders } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useT } from "~/utils/i18n";
import { getT, resolveLanguage, translator } from "~/utils/i18n.server";
import { getResident } from "~/models/resident.server";
import { richText } from "~/routes/_community+/__care-team/SignInSheet";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "auth")("invite.title")) },
];

// Opening the link (GET) only records, the first time, that a valid link was opened (the list says
// "Opened"); choosing the password (POST) uses it.
export async function loader({ request }: LoaderFunctionArgs) {
  const { community } = requireTenant(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = checkInvitation(resolveHost(request), token);
  if (!check.ok) {
    const t = await getT(request, "auth");
    return {
      ok: false as const,
      reason: translateMessage(t, check.reason),
      community: community.name,
    };
  }
  markInvitationOpened(token);
  return {
    ok: true as const,
    token,
    name: check.user.displayName,
    username: check.user.username,
    role: check.user.role,
    community: community.name,
  };
}

export const policy = { body: "form", rate: "sign-in links" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { community, db } = requireTenant(request);
  const formData = await request.formData();
  const t = await getT(request, "auth");
  // the invited person's names, so the password they choose does not lean on them
  const invited = checkInvitation(resolveHost(request), String(formData.get("token") ?? ""));
  const submission = await parseWithZod(formData, {
    schema: acceptInvitationSchema(invited.ok ? passwordNamesFor(invited.user) : [], t),
    async: true,
  });
  if (submission.status !== "success")
    return {
      result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
      reason: null,
    };
  const accepted = await acceptInvitation(
    resolveHost(request),
    submission.value.token,
    submission.value.password,
  );
  if (!accepted.ok) return { result: null, reason: translateMessage(t, accepted.reason) };
  // the welcome is read on the first page signed in, in that page's language
  const { user } = accepted;
  const residentLanguage = user.residentId
    ? (getResident(db, user.residentId)?.preferredLanguage ?? null)
    : null;
  const lang = await resolveLanguage(
    request,
    { language: user.language, residentLanguage },
    community.defaultLanguage,
  );
  const welcome = translator(lang, "auth");
  const headers = await toastHeaders({
    type: "success",
    title: welcome("invite.welcomeToast", { name: accepted.user.displayName }),
    description: welcome("invite.welcomeToastDescription", { username: accepted.user.username }),
  });
  return signInAndRedirect(request, accepted.user, homePathFor(accepted.user.role), headers);
}

function NotValid({ reason }: { reason: string }) {
  const t = useT("auth");
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="invite-title">
      <h1 id="invite-title" className="page-title mb-3">
        {t("invite.notValid")}
      </h1>
      <p className="mb-4 text-lg">{reason}</p>
      <p className="mb-4 text-base">{t("invite.askStaff")}</p>
      <Link to="/login" className="btn-primary">
        {t("link.goToSignIn")}
      </Link>
    </section>
  );
}

export default function AcceptInvitation() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof AcceptInvitationSchema>>({
    id: "accept-invitation",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const t = useT("auth");
  if (actionData?.reason) return <NotValid reason={actionData.reason} />;
  if (!data.ok) return <NotValid reason={data.reason} />;
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="invite-title">
      <h1 id="invite-title" className="page-title mb-2">
        {t("invite.welcome", { name: data.name })}
      </h1>
      <p className="mb-2 text-lg">
        {t("invite.invitedTo", {
          who:
            data.role === ROLE.resident
              ? "resident"
              : roleIn(data.role, COMMUNITY_STAFF_ROLES)
                ? "staff"
                : "family",
          community: data.community,
        })}
      </p>
      <p className="mb-4 text-lg">
        {richText(t, "invite.username", {}, { username: <strong>{data.username}</strong> })}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <input type="hidden" name="token" value={data.token} />
        {/* lets password managers store the username with the new password */}
        <input type="hidden" name="username" value={data.username} autoComplete="username" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label={t("invite.password")}
          againLabel={t("invite.passwordAgain")}
        />
        <SubmitButton pendingText={t("login.signingIn")}>{t("invite.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
