import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { RoleBadge } from "~/components/super-admin/Badges";
import { LoginAsForm } from "~/components/super-admin/LoginAsForm";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";
import { StaffForm } from "~/components/super-admin/StaffForm";
import { getCommunity, listCommunities } from "~/models/community.server";
import { StaffFormSchema } from "~/models/super-admin-forms.server";
import { addStaffMember } from "~/models/super-admin.server";
import { listUsersWithCommunity } from "~/models/user.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";

export const meta: MetaFunction = () => [{ title: "Users · Super admin · Storyloom" }];

const PAGE = "/super-admin/users";
const FAILED = "Failed to add staff member";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const communities = listCommunities();
  const active = new Set(communities.filter((c) => c.isActive).map((c) => c.id));
  const users = listUsersWithCommunity().map((u) => ({
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
    tenant: u.tenant,
    // login-as needs a member of an active community who has chosen their own password
    canLoginAs: Boolean(u.tenantId && active.has(u.tenantId) && u.isActive && !u.mustChangePassword && u.role !== ROLE.superAdmin),
  }));
  return {
    users,
    communities: communities.map((c) => ({ id: c.id, name: c.name, subdomain: c.subdomain, isActive: c.isActive })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireSuperAdmin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: StaffFormSchema });
  if (submission.status !== "success") return { result: submission.reply({ formErrors: [FAILED] }), created: null };
  let outcome;
  try {
    outcome = await addStaffMember(actor, submission.value, clientOf(request));
  } catch (error) {
    console.error("Adding a staff member failed", error);
    return { result: submission.reply({ formErrors: [FAILED, "Please try again or contact support if the problem persists."] }), created: null };
  }
  if (!outcome.ok) return { result: submission.reply({ formErrors: [FAILED], fieldErrors: outcome.fieldErrors }), created: null };
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
  const { users, communities } = useLoaderData<typeof loader>();
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
        <Link to="?dialog=add-staff" className="btn-primary" preventScrollReset {...dialogLinkProps}>
          Add Staff Member
        </Link>
      </div>

      {created ? (
        <div role="status" className="card mb-6 border-2 border-brand-700 bg-brand-50" aria-labelledby="created-title">
          <h3 id="created-title" className="text-2xl font-bold">
            Staff member added successfully!
          </h3>
          <p className="mt-2 text-lg">
            {created.username} ({created.role === ROLE.administrator ? "Administrator" : "Staff"}) can now sign in to {created.communityName} at{" "}
            <a href={created.loginUrl} className="break-all text-brand-800 underline">
              {created.loginUrl}
            </a>{" "}
            with this temporary password:
          </p>
          <p className="my-3">
            <code data-testid="temporary-password" className="inline-block rounded-lg border-2 border-stone-400 bg-white px-4 py-2 font-mono text-2xl tracking-wide">
              {created.temporaryPassword}
            </code>
          </p>
          <p className="text-lg">
            It is shown only this once: pass it on now. {created.username} must choose their own password at first sign-in.
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

      <div className="card relative overflow-x-auto">
        <table className="w-full text-left text-base">
          <caption className="mb-3 text-left text-xl font-bold">All Users ({users.length})</caption>
          <thead>
            <tr className="border-b-2 border-stone-300">
              <th scope="col" className="py-2 pr-4">Username</th>
              <th scope="col" className="py-2 pr-4">Email</th>
              <th scope="col" className="py-2 pr-4">Community</th>
              <th scope="col" className="py-2 pr-4">Role</th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-b border-stone-200 align-middle">
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {u.username}
                </th>
                <td className="break-all py-2 pr-4">{u.email || <span className="text-stone-700">No email</span>}</td>
                <td className="py-2 pr-4">{u.tenant ? u.tenant.name : "All communities"}</td>
                <td className="py-2 pr-4">
                  <RoleBadge role={u.role} />
                </td>
                <td className="py-2">{u.canLoginAs ? <LoginAsForm userId={u.id} username={u.username} back={PAGE} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
