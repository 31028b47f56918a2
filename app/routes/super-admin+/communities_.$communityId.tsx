// /super-admin/communities/{id}: the super admin changes a community's details, its time zone and
// its language (the same model function as its administrator's /admin/settings, which writes the
// audit entry). Its address on the web never changes.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CommunityForm } from "~/components/super-admin/CommunityForm";
import { getCommunity, timeZoneNames, updateCommunityDetails } from "~/models/community.server";
import { digestScheduleChanged } from "~/models/email-outbox.server";
import { CommunityEditScreenSchema, translateReply } from "~/models/super-admin-forms.server";
import { env } from "~/utils/env.server";
import { clientOf } from "~/utils/host.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, languageOptions } from "~/utils/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  {
    title: pageTitle(
      matches,
      metaT(matches, "settings")("community.editTitle", { name: data?.community.name ?? "" }),
    ),
  },
];

const LIST = "/super-admin/communities";

async function communityOr404(request: Request, id: string | undefined) {
  const community = id ? getCommunity(id) : undefined;
  if (!community) {
    const t = await getT(request, "settings");
    throw new Response(t("community.notFound"), { status: 404 });
  }
  return community;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const c = await communityOr404(request, params.communityId);
  return {
    community: {
      id: c.id,
      name: c.name,
      subdomain: c.subdomain,
      values: {
        name: c.name,
        address: c.address ?? "",
        city: c.city ?? "",
        phone: c.phone ?? "",
        email: c.email ?? "",
        timeZone: c.timeZone,
        defaultLanguage: c.defaultLanguage,
      },
    },
    appDomain: env().APP_DOMAIN,
    languages: languageOptions(),
    timeZones: timeZoneNames(),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireSuperAdmin(request);
  const community = await communityOr404(request, params.communityId);
  const formData = await request.formData();
  const t = await getT(request, "settings");
  if (formData.get("intent") !== "update")
    throw new Response(t("superAdmin:unknownAction"), { status: 400 });
  const failed = t("community.failed");
  const submission = parseWithZod(formData, { schema: CommunityEditScreenSchema });
  if (submission.status !== "success")
    return translateReply(submission.reply({ formErrors: [failed] }), t);
  const v = submission.value;
  const outcome = updateCommunityDetails(
    community.id,
    {
      name: v.name,
      address: v.address ?? null,
      city: v.city ?? null,
      phone: v.phone ?? null,
      email: v.email ?? null,
      timeZone: v.timeZone,
      defaultLanguage: v.defaultLanguage,
    },
    { actorUserId: actor.id, client: clientOf(request) },
  );
  if (!outcome.ok) {
    const fieldErrors = Object.fromEntries(
      Object.entries(outcome.fieldErrors).map(([f, errors]) => [f, errors ?? []]),
    );
    return translateReply(submission.reply({ formErrors: [failed], fieldErrors }), t);
  }
  // the mail worker keeps each community's next digest in memory: worked out again on its new clock
  if (outcome.changed.includes("timeZone")) digestScheduleChanged(community.subdomain);
  const c = outcome.community;
  return redirectWithToast(
    `${LIST}?q=${c.subdomain}&open=${encodeURIComponent(c.id)}#community-${c.subdomain}`,
    {
      type: "success",
      title: t("community.saved"),
      description: t("community.savedDescription", { name: c.name }),
    },
  );
}

export default function SuperAdminCommunityEdit() {
  const { community, appDomain, languages, timeZones } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const t = useT("settings");
  const back = `${LIST}?q=${community.subdomain}&open=${encodeURIComponent(community.id)}`;
  return (
    <section aria-labelledby="edit-community-title" className="max-w-2xl">
      <p className="mb-3">
        <Link to={back} className="text-lg text-brand-800 underline">
          {t("community.back")}
        </Link>
      </p>
      <h2 id="edit-community-title" className="mb-4 text-2xl font-bold">
        {t("community.editTitle", { name: community.name })}
      </h2>
      <div className="card">
        <CommunityForm
          lastResult={lastResult}
          appDomain={appDomain}
          languages={languages}
          timeZones={timeZones}
          action={`${LIST}/${community.id}`}
          cancelTo={back}
          editing={{ subdomain: community.subdomain, values: community.values }}
        />
      </div>
    </section>
  );
}
