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
import { emailSignsIn } from "~/utils/accounts.server";
import { getOptionalUser, signInAndRedirect, type SessionUser } from "~/utils/auth.server";
import { COMMUNITY_STAFF_ROLES, homePathFor, ROLE, roleIn } from "~/utils/roles";
import { requireTenant, resolveHost } from "~/utils/host.server";
import { redirectWithToast, toastHeaders } from "~/utils/toast.server";
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
// "Opened"); choosing the password (POST) uses it. A link already accepted sends the person it was
// for home when she is the one signed in; anyone else is told to sign in.
export async function loader({ request }: LoaderFunctionArgs) {
  const { community } = requireTenant(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = checkInvitation(resolveHost(request), token);
  if (!check.ok) {
    const t = await getT(request, "auth");
    const user = await getOptionalUser(request);
    if (check.acceptedBy && user?.id === check.acceptedBy)
      throw await redirectWithToast(
        user.mustChangePassword ? "/password" : homePathFor(user.role),
        {
          type: "info",
          title: t("invite.alreadyAccepted"),
          description: t("invite.alreadyAcceptedDescription", { username: user.username }),
        },
      );
    return {
      ok: false as const,
      accepted: Boolean(check.acceptedBy),
      reason: translateMessage(t, check.reason),
      signedIn: signedInAs(user),
      community: community.name,
    };
  }
  markInvitationOpened(token);
  // someone else signed in on this browser is told that accepting changes who is signed in
  const current = await getOptionalUser(request);
  return {
    ok: true as const,
    token,
    name: check.user.displayName,
    username: check.user.username,
    role: check.user.role,
    community: community.name,
    otherSignedIn:
      current && current.id !== check.user.id
        ? { name: current.displayName, username: current.username }
        : null,
  };
}

/** Who is signed in on this browser, for the page of a link that cannot be used. */
function signedInAs(user: SessionUser | null) {
  return user ? { name: user.displayName || user.username, home: homePathFor(user.role) } : null;
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
  if (!accepted.ok)
    return {
      result: null,
      reason: translateMessage(t, accepted.reason),
      accepted: Boolean(accepted.acceptedBy),
      signedIn: signedInAs(await getOptionalUser(request)),
    };
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
  // her username, and that her email works too, stay on screen until she closes them
  const headers = await toastHeaders({
    type: "success",
    stay: true,
    title: welcome("invite.welcomeToast", { name: user.displayName, username: user.username }),
    description: welcome(
      emailSignsIn(user) ? "invite.welcomeToastDescription" : "invite.welcomeToastUsernameOnly",
    ),
  });
  return signInAndRedirect(request, user, homePathFor(user.role), headers);
}

type Refusal = {
  reason: string;
  accepted: boolean;
  signedIn: { name: string; home: string } | null;
};

/** The way on from a link that cannot be used: to sign in, or home when someone is signed in. */
function WayOn({ signedIn }: Pick<Refusal, "signedIn">) {
  const t = useT("auth");
  if (!signedIn)
    return (
      <Link to="/login" className="btn-primary" data-testid="invite-sign-in">
        {t("invite.signIn")}
      </Link>
    );
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={signedIn.home} className="btn-primary">
        {t("link.goHome")}
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className="btn-secondary" data-testid="invite-sign-out">
          {t("invite.signOutAndSignIn")}
        </button>
      </Form>
    </div>
  );
}

/** A link already accepted: she signs in with her username or email and her password. */
function Accepted({ reason, signedIn }: Refusal) {
  const t = useT("auth");
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="invite-title">
      <h1 id="invite-title" className="page-title mb-3">
        {t("invite.acceptedTitle")}
      </h1>
      <p className="mb-2 text-lg" data-testid="invite-accepted">
        {reason}
      </p>
      <p className="mb-4 text-lg">{t("invite.signInHow")}</p>
      {signedIn ? (
        <p className="mb-4 text-base">{t("invite.signedInAs", { name: signedIn.name })}</p>
      ) : null}
      <WayOn signedIn={signedIn} />
    </section>
  );
}

function NotValid({ reason, accepted, signedIn }: Refusal) {
  const t = useT("auth");
  if (accepted) return <Accepted reason={reason} accepted signedIn={signedIn} />;
  return (
    <section className="card mx-auto max-w-md" aria-labelledby="invite-title">
      <h1 id="invite-title" className="page-title mb-3">
        {t("invite.notValid")}
      </h1>
      <p className="mb-4 text-lg" data-testid="invite-problem">
        {reason}
      </p>
      <p className="mb-4 text-base">{t("invite.askStaff")}</p>
      {signedIn ? (
        <WayOn signedIn={signedIn} />
      ) : (
        <Link to="/login" className="btn-primary">
          {t("link.goToSignIn")}
        </Link>
      )}
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
  const tf = useT("follows");
  if (actionData?.reason) return <NotValid {...actionData} />;
  if (!data.ok) return <NotValid {...data} />;
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
      {data.otherSignedIn ? (
        <p
          className="mb-4 rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-lg"
          role="note"
        >
          {tf("invite.otherSignedIn", {
            name: data.otherSignedIn.name,
            current: data.otherSignedIn.username,
            username: data.username,
          })}
        </p>
      ) : null}
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
