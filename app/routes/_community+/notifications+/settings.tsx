// /notifications/settings: which kinds of notification a person gets, and whether email comes
// right away, once a week in the digest, or never. A plain form: works without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, SubmitButton } from "~/components/forms";
import { getFamilyProfile } from "~/models/family.server";
import {
  EMAIL_MODE_LABELS,
  EMAIL_MODE_LIST,
  kindLabel,
  kindsForRole,
} from "~/models/notification-kinds";
import { NotificationSettingsSchema } from "~/models/notification-form.server";
import { getNotificationSettings, saveNotificationSettings } from "~/models/notification.server";
import { requireTenantUser } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Notification settings") },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, community } = await requireTenantUser(request);
  const settings = getNotificationSettings(db, user);
  const resident = user.familyMemberId
    ? (getFamilyProfile(db, user.familyMemberId)?.resident.firstName ?? null)
    : null;
  return {
    kinds: kindsForRole(user.role).map((k) => ({
      kind: k,
      label: kindLabel(k, resident),
      on: settings.enabledKinds.includes(k),
    })),
    emailMode: settings.emailMode,
    hasEmail: user.email.includes("@"),
    email: user.email,
    communityName: community.name,
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireTenantUser(request);
  const submission = parseWithZod(await request.formData(), { schema: NotificationSettingsSchema });
  if (submission.status !== "success")
    return submission.reply({
      formErrors: ["Your settings were not saved. Please choose from the options shown."],
    });
  saveNotificationSettings(db, user, {
    enabledKinds: submission.value.kinds,
    emailMode: submission.value.emailMode,
  });
  return redirectWithToast("/notifications/settings", {
    type: "success",
    title: "Your notification settings are saved",
  });
}

export default function NotificationSettingsPage() {
  const { kinds, emailMode, hasEmail, email, communityName } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ id: "notification-settings", lastResult });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p>
        <Link
          to="/notifications"
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          <span aria-hidden="true">←&nbsp;</span>Notifications
        </Link>
      </p>
      <h1 className="page-title">Notification settings</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        {kinds.length ? (
          <fieldset className="card">
            <legend className="px-1 text-xl font-bold">Tell me when</legend>
            <ul className="mt-2 space-y-1">
              {kinds.map((k) => (
                <li key={k.kind}>
                  <label className="flex min-h-target cursor-pointer items-center gap-3 text-lg">
                    <input
                      type="checkbox"
                      name="kinds"
                      value={k.kind}
                      defaultChecked={k.on}
                      className="h-6 w-6 shrink-0 accent-brand-700"
                    />
                    {k.label}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <fieldset className="card" aria-describedby="email-note">
          <legend className="px-1 text-xl font-bold">Email</legend>
          <p id="email-note" className="mb-2 text-base text-stone-700">
            {hasEmail
              ? `Emails from ${communityName} go to ${email}.`
              : "We have no email address for you, so no emails can be sent. Ask the community to add one."}
          </p>
          <ul className="space-y-2">
            {EMAIL_MODE_LIST.map((mode) => (
              <li key={mode}>
                <label className="grid min-h-target cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 text-lg">
                  <input
                    type="radio"
                    name="emailMode"
                    value={mode}
                    defaultChecked={emailMode === mode}
                    className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
                  />
                  <span className="font-semibold">{EMAIL_MODE_LABELS[mode].label}</span>
                  <span className="col-start-2 text-base text-stone-700">
                    {EMAIL_MODE_LABELS[mode].hint}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <SubmitButton pendingText="Saving...">Save settings</SubmitButton>
      </Form>
    </div>
  );
}
