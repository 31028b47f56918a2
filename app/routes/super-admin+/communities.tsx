import { parseWithZod } from "@conform-to/zod/v4";
import { EmptyState } from "~/components/admin/ui";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { StatusBadge, RoleBadge } from "~/components/super-admin/Badges";
import { CommunityForm } from "~/components/super-admin/CommunityForm";
import { LoginAsForm } from "~/components/super-admin/LoginAsForm";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { ListSearch, Pager } from "~/components/lists/ListControls";
import { listView } from "~/models/list-params";
import { listCommunitiesPage, readCommunityListParams } from "~/models/user-list.server";
import { listStaffOfCommunity } from "~/models/user.server";
import { loginAsAllowed } from "~/models/impersonation.server";
import { getCommunity, subdomainRefusalMessage, timeZoneNames } from "~/models/community.server";
import { CommunityScreenSchema } from "~/models/super-admin-forms.server";
import { registerCommunity, setCommunityActivity } from "~/models/super-admin.server";
import { env } from "~/utils/env.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, languageOptions } from "~/utils/i18n.server";
import { translateReply } from "~/models/super-admin-forms.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "superAdmin")("communities.title")) },
];

const PAGE = "/super-admin/communities";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const params = readCommunityListParams(new URL(request.url).searchParams);
  const { rows, page } = listCommunitiesPage(params);
  const communities = rows
    .map((c) => {
      const staff = listStaffOfCommunity(c.id);
      return { ...c, staff, canLoginAs: loginAsAllowed(staff.map((u) => u.id)) };
    })
    .map((c) => ({
      id: c.id,
      name: c.name,
      subdomain: c.subdomain,
      address: c.address,
      city: c.city,
      phone: c.phone,
      email: c.email,
      timeZone: c.timeZone,
      isActive: c.isActive,
      origin: communityOrigin(request, c.subdomain),
      staff: c.staff.map((u) => ({
        id: u.id,
        username: u.username,
        displayName: u.displayName,
        email: u.email,
        role: u.role,
        isActive: u.isActive,
        // an active member of an active community who has chosen their own password
        canLoginAs: c.canLoginAs.has(u.id),
      })),
    }));
  // the community whose deactivation is being confirmed, wherever it is in the list
  const confirmId = new URL(request.url).searchParams.get("deactivate");
  const confirm = confirmId ? getCommunity(confirmId) : undefined;
  return {
    communities,
    appDomain: env().APP_DOMAIN,
    languages: languageOptions(),
    timeZones: timeZoneNames(),
    page,
    view: listView(params),
    confirming: confirm
      ? { id: confirm.id, name: confirm.name, subdomain: confirm.subdomain }
      : null,
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireSuperAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const t = await getT(request, "superAdmin");

  if (intent === "create") {
    const failed = t("communities.createFailed");
    const submission = parseWithZod(formData, { schema: CommunityScreenSchema });
    if (submission.status !== "success") {
      // report a refused subdomain together with the other fields' errors
      const raw = String(formData.get("subdomain") ?? "");
      const refusal =
        raw.trim() && !submission.error?.subdomain ? subdomainRefusalMessage(raw) : null;
      return translateReply(
        submission.reply({
          formErrors: [failed],
          ...(refusal ? { fieldErrors: { subdomain: [refusal] } } : {}),
        }),
        t,
      );
    }
    let outcome;
    try {
      outcome = registerCommunity(actor, submission.value, clientOf(request));
    } catch (error) {
      console.error("Creating a community failed", error);
      return submission.reply({ formErrors: [failed, t("tryAgain")] });
    }
    if (!outcome.ok) {
      // the refusal is the subdomain's (taken since the form was checked): said in the reader's words
      const refusal = subdomainRefusalMessage(submission.value.subdomain);
      return translateReply(
        submission.reply({
          formErrors: [failed],
          fieldErrors: refusal ? { subdomain: [refusal] } : outcome.fieldErrors,
        }),
        t,
      );
    }
    const c = outcome.community;
    // the list shows the new community (searched by its address), its card open
    return redirectWithToast(
      `${PAGE}?q=${c.subdomain}&open=${encodeURIComponent(c.id)}#community-${c.subdomain}`,
      {
        type: "success",
        title: t("communities.created"),
        description: t("communities.createdDescription", {
          name: c.name,
          site: `${c.subdomain}.${env().APP_DOMAIN}`,
        }),
      },
    );
  }

  if (intent === "deactivate" || intent === "reactivate") {
    const active = intent === "reactivate";
    const community = setCommunityActivity(
      actor,
      String(formData.get("communityId") ?? ""),
      active,
      clientOf(request),
    );
    if (!community) return redirectWithToast(PAGE, { type: "error", title: t("communities.gone") });
    return redirectWithToast(
      `${PAGE}?q=${community.subdomain}&open=${encodeURIComponent(community.id)}#community-${community.subdomain}`,
      {
        type: "success",
        title: active ? t("communities.reactivated") : t("communities.deactivated"),
        description: active
          ? t("communities.reactivatedDescription", { name: community.name })
          : t("communities.deactivatedDescription", { name: community.name }),
      },
    );
  }

  throw new Response(t("unknownAction"), { status: 400 });
}

export default function SuperAdminCommunities() {
  const { communities, appDomain, languages, timeZones, page, view, confirming } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const t = useT("superAdmin");
  const ts = useT("settings");
  const [searchParams] = useSearchParams();
  const dialog = searchParams.get("dialog");
  const openId = searchParams.get("open");
  return (
    <section aria-labelledby="communities-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="communities-title" className="text-2xl font-bold">
          {t("communities.heading")}
        </h2>
        <Link to="?dialog=create" className="btn-primary" preventScrollReset {...dialogLinkProps}>
          {t("communities.create")}
        </Link>
      </div>

      {dialog === "create" ? (
        <RouteDialog id="create-community-dialog" title={t("communities.create")} closeTo={PAGE}>
          <CommunityForm
            lastResult={lastResult}
            appDomain={appDomain}
            languages={languages}
            timeZones={timeZones}
            action={`${PAGE}?dialog=create`}
            cancelTo={PAGE}
          />
        </RouteDialog>
      ) : null}

      {confirming ? (
        <RouteDialog
          id="deactivate-dialog"
          title={t("communities.confirmTitle", { name: confirming.name })}
          closeTo={`${PAGE}?q=${confirming.subdomain}&open=${confirming.id}`}
        >
          <p className="mb-4 text-lg">
            {t("communities.confirm", { site: `${confirming.subdomain}.${appDomain}` })}
          </p>
          <Form method="post" action={PAGE} className="flex flex-wrap gap-3">
            <input type="hidden" name="communityId" value={confirming.id} />
            <SubmitButton
              name="intent"
              value="deactivate"
              className="btn-danger"
              pendingText={t("deactivating")}
            >
              {t("communities.deactivate")}
            </SubmitButton>
            <Link
              to={`${PAGE}?q=${confirming.subdomain}&open=${confirming.id}`}
              className="btn-secondary"
              preventScrollReset
            >
              {t("common:cancel")}
            </Link>
          </Form>
        </RouteDialog>
      ) : null}

      <ListSearch
        id="communities-search"
        label={t("communities.find")}
        view={view}
        placeholder={t("communities.findPlaceholder")}
        filters={[
          {
            name: "status",
            label: t("filter.status"),
            options: [
              { value: "all", label: t("filter.any") },
              { value: "active", label: t("status.active") },
              { value: "inactive", label: t("status.inactive") },
            ],
          },
          {
            name: "sort",
            label: t("communities.order"),
            options: [
              { value: "name", label: t("communities.byName") },
              { value: "-created", label: t("communities.newest") },
              { value: "subdomain", label: t("communities.byAddress") },
            ],
          },
        ]}
        values={{ sort: view.desc ? `-${view.sort}` : view.sort }}
        keep={{ sort: null }}
      />
      {communities.length === 0 ? (
        <EmptyState
          action={
            view.q || view.filters.status !== "all"
              ? { to: "/super-admin/communities", label: t("communities.showAll") }
              : undefined
          }
        >
          {view.q || view.filters.status !== "all"
            ? t("communities.noMatch")
            : t("communities.none")}
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {communities.map((c) => (
            <li key={c.id} id={`community-${c.subdomain}`}>
              <details className="card group" open={c.id === openId || undefined}>
                <summary className="flex min-h-target cursor-pointer list-none flex-wrap items-center justify-between gap-3">
                  <span>
                    <span className="block text-xl font-bold">{c.name}</span>
                    <span className="block text-base text-stone-700">
                      {c.subdomain}.{appDomain} ·{" "}
                      {t("communities.staffCount", { count: c.staff.length })}
                    </span>
                  </span>
                  <span className="flex items-center gap-3">
                    <StatusBadge active={c.isActive} />
                    <span
                      aria-hidden="true"
                      className="text-2xl transition-transform group-open:rotate-180"
                    >
                      ▾
                    </span>
                  </span>
                </summary>
                <div className="mt-4 border-t border-stone-200 pt-4">
                  <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
                    <div className="sm:col-span-2">
                      <dt className="font-semibold">{t("communities.site")}</dt>
                      <dd>
                        <a
                          href={c.origin}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="break-all text-brand-800 underline"
                        >
                          {c.subdomain}.{appDomain}
                          <span className="sr-only"> {t("newTab")}</span>
                        </a>
                      </dd>
                    </div>
                    {(
                      [
                        [t("form.address"), c.address],
                        [t("form.city"), c.city],
                        [t("form.phone"), c.phone],
                        [t("form.email"), c.email],
                        [ts("timeZone.label"), c.timeZone],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label}>
                        <dt className="font-semibold">{label}</dt>
                        <dd className={value ? "break-words" : "italic text-stone-700"}>
                          {value || t("communities.notProvided")}
                        </dd>
                      </div>
                    ))}
                  </dl>

                  <h3 className="mb-2 mt-6 text-xl font-bold">{t("communities.staff")}</h3>
                  {c.staff.length === 0 ? (
                    <p className="text-lg">{t("communities.noStaff")}</p>
                  ) : (
                    <ul
                      className="divide-y divide-stone-200"
                      aria-label={t("communities.staffOf", { name: c.name })}
                    >
                      {c.staff.map((u) => (
                        <li
                          key={u.id}
                          className="flex flex-wrap items-center justify-between gap-3 py-3"
                        >
                          <div>
                            <p className="text-lg font-semibold">
                              {u.username} <RoleBadge role={u.role} />
                            </p>
                            <p className="break-all text-base text-stone-700">
                              {u.displayName !== u.username ? `${u.displayName} · ` : ""}
                              {u.email}
                            </p>
                          </div>
                          <div className="flex flex-wrap gap-2">
                            {u.canLoginAs ? (
                              <LoginAsForm
                                userId={u.id}
                                username={u.username}
                                back={`${PAGE}?open=${c.id}`}
                              />
                            ) : null}
                            <a
                              href={c.origin}
                              target="_blank"
                              rel="noopener noreferrer"
                              className="btn-ghost"
                            >
                              {t("communities.visit")}
                              <span className="sr-only">
                                {" "}
                                {t("communities.visitOf", { name: c.name })}
                              </span>
                            </a>
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}

                  <div className="mt-6 flex flex-wrap gap-3 border-t border-stone-200 pt-4">
                    <Link to={`${PAGE}/${encodeURIComponent(c.id)}`} className="btn-secondary">
                      {ts("community.edit")}
                      <span className="sr-only"> {ts("community.editOf", { name: c.name })}</span>
                    </Link>
                    <Link
                      to={`/super-admin/users?dialog=add-staff&tenantId=${encodeURIComponent(c.id)}`}
                      className="btn-primary"
                    >
                      {t("communities.addStaff")}
                      <span className="sr-only">
                        {" "}
                        {t("communities.addStaffTo", { name: c.name })}
                      </span>
                    </Link>
                    {c.isActive ? (
                      <Link
                        to={`?q=${c.subdomain}&deactivate=${encodeURIComponent(c.id)}`}
                        className="btn-danger"
                        preventScrollReset
                        {...dialogLinkProps}
                      >
                        {t("communities.deactivateShort")}
                        <span className="sr-only"> {c.name}</span>
                      </Link>
                    ) : (
                      <Form method="post" action={PAGE}>
                        <input type="hidden" name="communityId" value={c.id} />
                        <SubmitButton
                          name="intent"
                          value="reactivate"
                          className="btn-secondary"
                          pendingText={t("reactivating")}
                        >
                          {t("communities.reactivate")}
                          <span className="sr-only"> {c.name}</span>
                        </SubmitButton>
                      </Form>
                    )}
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} label={t("communities.pages")} noun={t("communities.noun")} />
    </section>
  );
}
