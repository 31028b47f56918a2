// /notifications/settings: which kinds of notification a person gets, and whether email comes
// right away, once a week in the digest, or never. A plain form: works without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, SubmitButton } from "~/components/forms";
import { getFamilyProfile } from "~/models/family.server";
import { EMAIL_MODE_LIST, kindsForRole } from "~/models/notification-kinds";
import { NotificationSettingsSchema } from "~/models/notification-form.server";
import { getNotificationSettings, saveNotificationSettings } from "~/models/notification.server";
import { requireTenantUser } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "notifications")("settings.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, community } = await requireTenantUser(request);
  const settings = getNotificationSettings(db, user);
  // every resident she follows, by first name: "Frank or Rose shares a new story"
  const names = user.familyMemberIds
    .map((id) => getFamilyProfile(db, id)?.resident.firstName)
    .filter((n): n is string => !!n);
  const lang = await requestLanguage(request);
  const resident = names.length
    ? new Intl.ListFormat(lang, { type: "disjunction" }).format(names)
    : null;
  return {
    kinds: kindsForRole(user.role).map((k) => ({
      kind: k,
      on: settings.enabledKinds.includes(k),
    })),
    // the first name a family follows, for "Frank shares a new story"
    resident,
    emailMode: settings.emailMode,
    hasEmail: user.email.includes("@"),
    email: user.email,
    communityName: community.name,
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireTenantUser(request);
  const t = await getT(request, "notifications");
  const submission = parseWithZod(await request.formData(), { schema: NotificationSettingsSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: [t("settings.notSaved")] });
  saveNotificationSettings(db, user, {
    enabledKinds: submission.value.kinds,
    emailMode: submission.value.emailMode,
  });
  return redirectWithToast("/notifications/settings", {
    type: "success",
    title: t("settings.saved"),
  });
}

export default function NotificationSettingsPage() {
  const { kinds, resident, emailMode, hasEmail, email, communityName } =
    useLoaderData<typeof loader>();
  const t = useT("notifications");
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ id: "notification-settings", lastResult });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p>
        <Link
          to="/notifications"
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          <span aria-hidden="true">←&nbsp;</span>
          {t("title")}
        </Link>
      </p>
      <h1 className="page-title">{t("settings.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        {kinds.length ? (
          <fieldset className="card">
            <legend className="px-1 text-xl font-bold">{t("settings.tellMe")}</legend>
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
                    {k.kind === "new_story" && resident
                      ? t("kind.new_story.named", { resident })
                      : t(`kind.${k.kind}`)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <fieldset className="card" aria-describedby="email-note">
          <legend className="px-1 text-xl font-bold">{t("settings.email")}</legend>
          <p id="email-note" className="mb-2 text-base text-stone-700">
            {hasEmail
              ? t("settings.emailTo", { community: communityName, email })
              : t("settings.noEmail")}
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
                  <span className="font-semibold">{t(`mode.${mode}`)}</span>
                  <span className="col-start-2 text-base text-stone-700">
                    {t(`mode.${mode}.hint`)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <SubmitButton pendingText={t("settings.saving")}>{t("settings.save")}</SubmitButton>
      </Form>
    </div>
  );
}
