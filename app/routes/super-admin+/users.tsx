import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { RoleBadge } from "~/components/super-admin/Badges";
import { LoginAsForm } from "~/components/super-admin/LoginAsForm";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";
import { StaffForm } from "~/components/super-admin/StaffForm";
import { SubmitButton } from "~/components/forms";
import { ListSearch, Pager, RowMenu, SortHeader } from "~/components/lists/ListControls";
import { listCommunities } from "~/models/community.server";
import { listView } from "~/models/list-params";
import { setStaffActive, StaffError } from "~/models/staff.server";
import { inviteStaffMember } from "~/models/super-admin.server";
import { formatLongDate } from "~/models/local-time";
import { CopyButton } from "~/components/CopyButton";
import { StaffScreenSchema, translateReply } from "~/models/super-admin-forms.server";
import { listUsersPage, readUserListParams } from "~/models/user-list.server";
import { getUserById } from "~/models/user.server";
import { loginAsAllowed } from "~/models/impersonation.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { COMMUNITY_STAFF_ROLES, ROLES, roleIn } from "~/utils/roles";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "superAdmin")("users.title")) },
];

const PAGE = "/super-admin/users";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const communities = listCommunities();
  const params = readUserListParams(new URL(request.url).searchParams);
  const { rows, page } = listUsersPage(params);
  const canLoginAs = loginAsAllowed(rows.map((u) => u.id));
  const users = rows.map((u) => ({
    id: u.id,
    username: u.username,
    displayName: u.displayName,
    email: u.email,
    role: u.role,
    tenant: u.tenant,
    isActive: u.isActive,
    // login-as needs a member of an active community who has chosen their own password
    canLoginAs: canLoginAs.has(u.id),
    isStaff: roleIn(u.role, COMMUNITY_STAFF_ROLES),
  }));
  return {
    users,
    page,
    view: listView(params),
    communityId: params.communityId,
    communities: communities.map((c) => ({
      id: c.id,
      name: c.name,
      subdomain: c.subdomain,
      isActive: c.isActive,
    })),
  };
}

/** Deactivating or reactivating a staff member: the same model function as the administrator's /admin/staff. */
async function staffActivity(
  actor: Awaited<ReturnType<typeof requireSuperAdmin>>,
  formData: FormData,
  request: Request,
) {
  const user = getUserById(String(formData.get("userId") ?? ""));
  const back = `${PAGE}${new URL(request.url).search}`;
  const t = await getT(request, "superAdmin");
  if (!user?.tenantId) return redirectWithToast(back, { type: "error", title: t("users.gone") });
  const activate = formData.get("intent") === "activate";
  try {
    const changed = setStaffActive(user.tenantId, user.id, activate, actor, clientOf(request));
    return redirectWithToast(back, {
      type: "success",
      title: activate ? t("users.reactivated") : t("users.deactivated"),
      description: activate
        ? t("users.reactivatedDescription", { name: changed.username })
        : t("users.deactivatedDescription", { name: changed.username }),
    });
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return redirectWithToast(back, {
      type: "error",
      title: t("users.updateFailed"),
      description: translateMessage(t, error.key),
    });
  }
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireSuperAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "deactivate" || intent === "activate")
    return staffActivity(actor, formData, request);
  const t = await getT(request, "superAdmin");
  const failed = t("users.addFailed");
  const submission = parseWithZod(formData, { schema: StaffScreenSchema });
  if (submission.status !== "success")
    return { result: translateReply(submission.reply({ formErrors: [failed] }), t), created: null };
  // a one-time sign-in link on her community's site, emailed to her and shown here once
  const added = await inviteStaffMember(actor, submission.value, {
    origin: (community) => communityOrigin(request, community.subdomain),
    client: clientOf(request),
  });
  if (!added.ok) {
    const reply = submission.reply({ formErrors: [failed], fieldErrors: added.fieldErrors });
    return { result: translateReply(reply, t), created: null };
  }
  const lang = await requestLanguage(request);
  // the link goes out in this one response and is never stored in clear or in a cookie
  return {
    result: submission.reply({ resetForm: true }),
    created: {
      name: added.user.displayName,
      username: added.user.username,
      role: added.user.role,
      communityName: added.community.name,
      url: added.link.url,
      expires: formatLongDate(added.link.expiresAt, added.community.timeZone, lang),
      email: added.email,
    },
  };
}

export default function SuperAdminUsers() {
  const { users, communities, page, view, communityId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const created = actionData?.created ?? null;
  const showForm = searchParams.get("dialog") === "add-staff" && !created;
  const t = useT("superAdmin");
  const ti = useT("invitations");
  return (
    <section aria-labelledby="users-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-title" className="text-2xl font-bold">
          {t("users.heading")}
        </h2>
        <Link
          to="?dialog=add-staff"
          className="btn-primary"
          preventScrollReset
          {...dialogLinkProps}
        >
          {t("users.add")}
        </Link>
      </div>

      {created ? (
        <div
          role="status"
          className="card mb-6 border-2 border-brand-700 bg-brand-50"
          aria-labelledby="created-title"
        >
          <h3 id="created-title" className="text-2xl font-bold">
            {t("users.added")}
          </h3>
          <p className="mt-2 text-lg">
            {ti("staff.linkFor", {
              name: created.name,
              username: created.username,
              role: created.role,
              community: created.communityName,
              expires: created.expires,
            })}
          </p>
          <label htmlFor="staff-invitation-url" className="label mt-3">
            {ti("staff.link")}
          </label>
          <input
            id="staff-invitation-url"
            readOnly
            value={created.url}
            className="input mb-2 font-mono"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="staff-invitation-link"
          />
          <CopyButton text={created.url} inputId="staff-invitation-url" label={ti("staff.copy")} />
          <p className="mt-3 text-lg" data-testid="invitation-email">
            {created.email.sent
              ? ti("page.emailed", { address: created.email.to })
              : ti(`page.notEmailed.${created.email.reason}`, { name: created.name })}
          </p>
          <p className="mt-2 text-lg">{ti("staff.shownOnce")}</p>
        </div>
      ) : null}
      {showForm ? (
        <RouteDialog id="add-staff-dialog" title={t("users.add")} closeTo={PAGE}>
          <StaffForm
            lastResult={actionData?.result}
            communities={communities}
            defaultTenantId={searchParams.get("tenantId")}
            action={`${PAGE}?dialog=add-staff`}
            cancelTo={PAGE}
          />
        </RouteDialog>
      ) : null}

      <ListSearch
        id="users-search"
        label={t("users.find")}
        view={view}
        placeholder={t("users.findPlaceholder")}
        filters={[
          {
            name: "role",
            label: t("users.col.role"),
            options: [
              { value: "all", label: t("filter.any") },
              ...ROLES.map((r) => ({ value: r, label: t("common:role", { role: r }) })),
            ],
          },
          {
            name: "community",
            label: t("users.col.community"),
            options: [
              { value: "", label: t("filter.any") },
              ...communities.map((c) => ({ value: c.id, label: c.name })),
            ],
          },
          {
            name: "status",
            label: t("filter.status"),
            options: [
              { value: "all", label: t("filter.any") },
              { value: "active", label: t("status.active") },
              { value: "inactive", label: t("users.deactivatedStatus") },
            ],
          },
        ]}
        values={{ community: communityId ?? "" }}
      />
      <div className="card relative overflow-x-auto p-0">
        <table className="w-full min-w-[48rem] text-left text-base">
          <caption className="px-3 py-2 text-left text-xl font-bold">
            {t("users.all", { count: page.total })}
          </caption>
          <thead className="bg-stone-100">
            <tr>
              <SortHeader column="username" label={t("users.col.username")} view={view} />
              <th scope="col" className="px-3 py-2">
                {t("users.col.email")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("users.col.community")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("users.col.role")}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t("users.col.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr
                key={u.id}
                className="border-t border-stone-200 align-middle"
                data-testid="user-row"
              >
                <th scope="row" className="whitespace-nowrap px-3 py-1 font-semibold">
                  {u.username}
                  {u.isActive ? null : (
                    <span className="font-normal text-stone-700">
                      {" "}
                      {t("users.deactivatedMark")}
                    </span>
                  )}
                </th>
                <td className="max-w-[16rem] truncate px-3 py-1" title={u.email || undefined}>
                  {u.email || <span className="text-stone-700">{t("users.noEmail")}</span>}
                </td>
                <td className="whitespace-nowrap px-3 py-1">
                  {u.tenant ? u.tenant.name : t("users.allCommunities")}
                </td>
                <td className="px-3 py-1">
                  <RoleBadge role={u.role} />
                </td>
                <td className="px-3 py-1">
                  <div className="flex items-start gap-1">
                    {u.canLoginAs ? (
                      <LoginAsForm userId={u.id} username={u.username} back={PAGE} />
                    ) : null}
                    {u.isStaff ? (
                      <RowMenu label={t("users.moreActions", { name: u.username })}>
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="userId" value={u.id} />
                          <SubmitButton
                            name="intent"
                            value={u.isActive ? "deactivate" : "activate"}
                            className="btn-ghost w-full justify-start"
                          >
                            {u.isActive ? t("users.deactivate") : t("users.reactivate")}
                            <span className="sr-only"> {u.username}</span>
                          </SubmitButton>
                        </Form>
                      </RowMenu>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {users.length === 0 ? <p className="card mt-3 text-lg">{t("users.noMatch")}</p> : null}
      <Pager page={page} label={t("users.pages")} noun={t("users.noun")} />
    </section>
  );
}
