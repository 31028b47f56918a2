import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { RoleBadge } from "~/components/super-admin/Badges";
import { LoginAsForm } from "~/components/super-admin/LoginAsForm";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";
import { StaffForm } from "~/components/super-admin/StaffForm";
import { SubmitButton } from "~/components/forms";
import { ListSearch, Pager, RowMenu, SortHeader } from "~/components/lists/ListControls";
import { getCommunity, listCommunities } from "~/models/community.server";
import { listView } from "~/models/list-params";
import { setStaffActive, StaffError } from "~/models/staff.server";
import { StaffFormSchema } from "~/models/super-admin-forms.server";
import { addStaffMember } from "~/models/super-admin.server";
import { listUsersPage, readUserListParams } from "~/models/user-list.server";
import { getUserById } from "~/models/user.server";
import { loginAsAllowed } from "~/models/impersonation.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { COMMUNITY_STAFF_ROLES, ROLE, ROLE_LABELS, ROLES, roleIn } from "~/utils/roles";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Users · Super admin") },
];

const PAGE = "/super-admin/users";
const FAILED = "Failed to add staff member";

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
  if (!user?.tenantId)
    return redirectWithToast(back, { type: "error", title: "That user no longer exists" });
  const activate = formData.get("intent") === "activate";
  try {
    const changed = setStaffActive(user.tenantId, user.id, activate, actor, clientOf(request));
    return redirectWithToast(back, {
      type: "success",
      title: activate ? "Staff member reactivated" : "Staff member deactivated",
      description: activate
        ? `${changed.username} can sign in again.`
        : `${changed.username} is signed out everywhere and cannot sign in.`,
    });
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return redirectWithToast(back, {
      type: "error",
      title: "Failed to update staff member",
      description: error.message,
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
  const submission = parseWithZod(formData, { schema: StaffFormSchema });
  if (submission.status !== "success")
    return { result: submission.reply({ formErrors: [FAILED] }), created: null };
  let outcome;
  try {
    outcome = await addStaffMember(actor, submission.value, clientOf(request));
  } catch (error) {
    console.error("Adding a staff member failed", error);
    return {
      result: submission.reply({
        formErrors: [FAILED, "Please try again or contact support if the problem persists."],
      }),
      created: null,
    };
  }
  if (!outcome.ok)
    return {
      result: submission.reply({ formErrors: [FAILED], fieldErrors: outcome.fieldErrors }),
      created: null,
    };
  const community = getCommunity(outcome.user.tenantId!)!;
  // the temporary password goes out in this one response and is never stored in clear or in a cookie
  return {
    result: submission.reply({ resetForm: true }),
    created: {
      username: outcome.user.username,
      role: outcome.user.role,
      communityName: community.name,
      loginUrl: `${communityOrigin(request, community.subdomain)}/login`,
      temporaryPassword: outcome.temporaryPassword,
    },
  };
}

export default function SuperAdminUsers() {
  const { users, communities, page, view, communityId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const created = actionData?.created ?? null;
  const showForm = searchParams.get("dialog") === "add-staff" && !created;
  return (
    <section aria-labelledby="users-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-title" className="text-2xl font-bold">
          Users
        </h2>
        <Link
          to="?dialog=add-staff"
          className="btn-primary"
          preventScrollReset
          {...dialogLinkProps}
        >
          Add Staff Member
        </Link>
      </div>

      {created ? (
        <div
          role="status"
          className="card mb-6 border-2 border-brand-700 bg-brand-50"
          aria-labelledby="created-title"
        >
          <h3 id="created-title" className="text-2xl font-bold">
            Staff member added successfully!
          </h3>
          <p className="mt-2 text-lg">
            {created.username} ({created.role === ROLE.administrator ? "Administrator" : "Staff"})
            can now sign in to {created.communityName} at{" "}
            <a href={created.loginUrl} className="break-all text-brand-800 underline">
              {created.loginUrl}
            </a>{" "}
            with this temporary password:
          </p>
          <p className="my-3">
            <code
              data-testid="temporary-password"
              className="inline-block rounded-lg border-2 border-stone-400 bg-white px-4 py-2 font-mono text-2xl tracking-wide"
            >
              {created.temporaryPassword}
            </code>
          </p>
          <p className="text-lg">
            It is shown only this once: pass it on now. {created.username} must choose their own
            password at first sign-in.
          </p>
        </div>
      ) : null}

      {showForm ? (
        <RouteDialog id="add-staff-dialog" title="Add Staff Member" closeTo={PAGE}>
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
        label="Find users"
        view={view}
        placeholder="Username, name, email or community"
        filters={[
          {
            name: "role",
            label: "Role",
            options: [
              { value: "all", label: "Any" },
              ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
            ],
          },
          {
            name: "community",
            label: "Community",
            options: [
              { value: "", label: "Any" },
              ...communities.map((c) => ({ value: c.id, label: c.name })),
            ],
          },
          {
            name: "status",
            label: "Status",
            options: [
              { value: "all", label: "Any" },
              { value: "active", label: "Active" },
              { value: "inactive", label: "Deactivated" },
            ],
          },
        ]}
        values={{ community: communityId ?? "" }}
      />
      <div className="card relative overflow-x-auto p-0">
        <table className="w-full min-w-[48rem] text-left text-base">
          <caption className="px-3 py-2 text-left text-xl font-bold">
            All Users ({page.total})
          </caption>
          <thead className="bg-stone-100">
            <tr>
              <SortHeader column="username" label="Username" view={view} />
              <th scope="col" className="px-3 py-2">
                Email
              </th>
              <th scope="col" className="px-3 py-2">
                Community
              </th>
              <th scope="col" className="px-3 py-2">
                Role
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
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
                    <span className="font-normal text-stone-700"> (deactivated)</span>
                  )}
                </th>
                <td className="max-w-[16rem] truncate px-3 py-1" title={u.email || undefined}>
                  {u.email || <span className="text-stone-700">No email</span>}
                </td>
                <td className="whitespace-nowrap px-3 py-1">
                  {u.tenant ? u.tenant.name : "All communities"}
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
                      <RowMenu label={`More actions for ${u.username}`}>
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="userId" value={u.id} />
                          <SubmitButton
                            name="intent"
                            value={u.isActive ? "deactivate" : "activate"}
                            className="btn-ghost w-full justify-start"
                          >
                            {u.isActive ? "Deactivate" : "Reactivate"}
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
      {users.length === 0 ? (
        <p className="card mt-3 text-lg">Nobody matches. Try other words or filters.</p>
      ) : null}
      <Pager page={page} label="Users pages" noun="users" />
    </section>
  );
}
