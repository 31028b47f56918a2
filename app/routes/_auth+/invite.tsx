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
import { acceptInvitation, checkInvitation } from "~/models/invitation.server";
import { signInAndRedirect } from "~/utils/auth.server";
import { COMMUNITY_STAFF_ROLES, homePathFor, ROLE, roleIn } from "~/utils/roles";
import { requireTenant, resolveHost } from "~/utils/host.server";
import { toastHeaders } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Accept your invitation") },
];

// Opening the link (GET) changes nothing; choosing the password (POST) uses it.
export async function loader({ request }: LoaderFunctionArgs) {
  const { community } = requireTenant(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = checkInvitation(resolveHost(request), token);
  if (!check.ok) return { ok: false as const, reason: check.reason, community: community.name };
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
  requireTenant(request);
  const formData = await request.formData();
  // the invited person's names, so the password they choose does not lean on them
  const invited = checkInvitation(resolveHost(request), String(formData.get("token") ?? ""));
  const submission = await parseWithZod(formData, {
    schema: acceptInvitationSchema(invited.ok ? passwordNamesFor(invited.user) : []),
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
  if (!accepted.ok) return { result: null, reason: accepted.reason };
  const headers = await toastHeaders({
    type: "success",
    title: `Welcome, ${accepted.user.displayName}!`,
    description: `From now on sign in as ${accepted.user.username} with your new password.`,
  });
  return signInAndRedirect(request, accepted.user, homePathFor(accepted.user.role), headers);
}

function NotValid({ reason }: { reason: string }) {
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="invite-title">
      <h1 id="invite-title" className="page-title mb-3">
        Invitation link not valid
      </h1>
      <p className="mb-4 text-lg">{reason}</p>
      <p className="mb-4 text-base">If you need a new link, please ask the community's staff.</p>
      <Link to="/login" className="btn-primary">
        Go to sign in
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
  if (actionData?.reason) return <NotValid reason={actionData.reason} />;
  if (!data.ok) return <NotValid reason={data.reason} />;
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="invite-title">
      <h1 id="invite-title" className="page-title mb-2">
        Welcome, {data.name}
      </h1>
      <p className="mb-2 text-lg">
        {data.role === ROLE.resident
          ? `You have been invited to tell your stories at ${data.community}.`
          : roleIn(data.role, COMMUNITY_STAFF_ROLES)
            ? `You have been invited to join the team of ${data.community}.`
            : `You have been invited to follow your family's stories at ${data.community}.`}
      </p>
      <p className="mb-4 text-lg">
        Your username is <strong>{data.username}</strong>. Choose a password to finish.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <input type="hidden" name="token" value={data.token} />
        {/* lets password managers store the username with the new password */}
        <input type="hidden" name="username" value={data.username} autoComplete="username" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label="Password"
        />
        <SubmitButton pendingText="Signing in...">Choose password and sign in</SubmitButton>
      </Form>
    </section>
  );
}
