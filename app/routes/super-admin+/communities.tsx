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
import { getCommunity } from "~/models/community.server";
import { CommunityFormSchema } from "~/models/super-admin-forms.server";
import {
  registerCommunity,
  setCommunityActivity,
  subdomainRefusal,
} from "~/models/super-admin.server";
import { env } from "~/utils/env.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Communities · Super admin") },
];

const PAGE = "/super-admin/communities";
const FAILED = "Failed to create community";

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

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: CommunityFormSchema });
    if (submission.status !== "success") {
      // report a refused subdomain together with the other fields' errors
      const raw = String(formData.get("subdomain") ?? "");
      const refusal = raw.trim() && !submission.error?.subdomain ? subdomainRefusal(raw) : null;
      return submission.reply({
        formErrors: [FAILED],
        ...(refusal ? { fieldErrors: { subdomain: [refusal] } } : {}),
      });
    }
    let outcome;
    try {
      outcome = registerCommunity(actor, submission.value, clientOf(request));
    } catch (error) {
      console.error("Creating a community failed", error);
      return submission.reply({
        formErrors: [FAILED, "Please try again or contact support if the problem persists."],
      });
    }
    if (!outcome.ok)
      return submission.reply({ formErrors: [FAILED], fieldErrors: outcome.fieldErrors });
    const c = outcome.community;
    // the list shows the new community (searched by its address), its card open
    return redirectWithToast(
      `${PAGE}?q=${c.subdomain}&open=${encodeURIComponent(c.id)}#community-${c.subdomain}`,
      {
        type: "success",
        title: "Community created successfully!",
        description: `${c.name} is ready at ${c.subdomain}.${env().APP_DOMAIN}. Add its administrator next.`,
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
    if (!community)
      return redirectWithToast(PAGE, { type: "error", title: "That community no longer exists" });
    return redirectWithToast(
      `${PAGE}?q=${community.subdomain}&open=${encodeURIComponent(community.id)}#community-${community.subdomain}`,
      {
        type: "success",
        title: active ? "Community reactivated" : "Community deactivated",
        description: active
          ? `${community.name}'s site is open again and its members can sign in.`
          : `${community.name}'s site now shows a not-available page and its members cannot sign in.`,
      },
    );
  }

  throw new Response("Unknown action", { status: 400 });
}

export default function SuperAdminCommunities() {
  const { communities, appDomain, page, view, confirming } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const dialog = searchParams.get("dialog");
  const openId = searchParams.get("open");
  return (
    <section aria-labelledby="communities-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="communities-title" className="text-2xl font-bold">
          Communities
        </h2>
        <Link to="?dialog=create" className="btn-primary" preventScrollReset {...dialogLinkProps}>
          Create Community
        </Link>
      </div>

      {dialog === "create" ? (
        <RouteDialog id="create-community-dialog" title="Create Community" closeTo={PAGE}>
          <CommunityForm
            lastResult={lastResult}
            appDomain={appDomain}
            action={`${PAGE}?dialog=create`}
            cancelTo={PAGE}
          />
        </RouteDialog>
      ) : null}

      {confirming ? (
        <RouteDialog
          id="deactivate-dialog"
          title={`Deactivate ${confirming.name}?`}
          closeTo={`${PAGE}?q=${confirming.subdomain}&open=${confirming.id}`}
        >
          <p className="mb-4 text-lg">
            Its site ({confirming.subdomain}.{appDomain}) will show a not-available page, everyone
            signed in there is signed out, and nobody can sign in until you reactivate it. Nothing
            is deleted.
          </p>
          <Form method="post" action={PAGE} className="flex flex-wrap gap-3">
            <input type="hidden" name="communityId" value={confirming.id} />
            <SubmitButton
              name="intent"
              value="deactivate"
              className="btn-danger"
              pendingText="Deactivating..."
            >
              Deactivate community
            </SubmitButton>
            <Link
              to={`${PAGE}?q=${confirming.subdomain}&open=${confirming.id}`}
              className="btn-secondary"
              preventScrollReset
            >
              Cancel
            </Link>
          </Form>
        </RouteDialog>
      ) : null}

      <ListSearch
        id="communities-search"
        label="Find communities"
        view={view}
        placeholder="Name, address or city"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [
              { value: "all", label: "Any" },
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
            ],
          },
          {
            name: "sort",
            label: "Order",
            options: [
              { value: "name", label: "By name" },
              { value: "-created", label: "Newest first" },
              { value: "subdomain", label: "By address" },
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
              ? { to: "/super-admin/communities", label: "Show all communities" }
              : undefined
          }
        >
          {view.q || view.filters.status !== "all"
            ? "No communities match."
            : "No communities yet. Create the first one."}
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
                      {c.subdomain}.{appDomain} · {c.staff.length} staff
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
                      <dt className="font-semibold">Site</dt>
                      <dd>
                        <a
                          href={c.origin}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="break-all text-brand-800 underline"
                        >
                          {c.subdomain}.{appDomain}
                          <span className="sr-only"> (opens a new tab)</span>
                        </a>
                      </dd>
                    </div>
                    {(
                      [
                        ["Address", c.address],
                        ["City", c.city],
                        ["Phone", c.phone],
                        ["Email", c.email],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label}>
                        <dt className="font-semibold">{label}</dt>
                        <dd className={value ? "break-words" : "italic text-stone-700"}>
                          {value || "Not provided"}
                        </dd>
                      </div>
                    ))}
                  </dl>

                  <h3 className="mb-2 mt-6 text-xl font-bold">Staff</h3>
                  {c.staff.length === 0 ? (
                    <p className="text-lg">No staff members yet</p>
                  ) : (
                    <ul className="divide-y divide-stone-200" aria-label={`Staff of ${c.name}`}>
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
                              Visit Site
                              <span className="sr-only"> of {c.name} (opens a new tab)</span>
                            </a>
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}

                  <div className="mt-6 flex flex-wrap gap-3 border-t border-stone-200 pt-4">
                    <Link
                      to={`/super-admin/users?dialog=add-staff&tenantId=${encodeURIComponent(c.id)}`}
                      className="btn-primary"
                    >
                      Add Staff<span className="sr-only"> to {c.name}</span>
                    </Link>
                    {c.isActive ? (
                      <Link
                        to={`?q=${c.subdomain}&deactivate=${encodeURIComponent(c.id)}`}
                        className="btn-danger"
                        preventScrollReset
                        {...dialogLinkProps}
                      >
                        Deactivate<span className="sr-only"> {c.name}</span>
                      </Link>
                    ) : (
                      <Form method="post" action={PAGE}>
                        <input type="hidden" name="communityId" value={c.id} />
                        <SubmitButton
                          name="intent"
                          value="reactivate"
                          className="btn-secondary"
                          pendingText="Reactivating..."
                        >
                          Reactivate<span className="sr-only"> {c.name}</span>
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
      <Pager page={page} label="Communities pages" noun="communities" />
    </section>
  );
}
