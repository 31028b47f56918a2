// The administrator's staff screens: the list and its dialogs. Work without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Badge, EmptyState, SectionHeader } from "~/components/admin/ui";
import { CopyButton } from "~/components/CopyButton";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";
import { EmailField, NameField, StaffRoleField, UsernameField } from "~/components/account-fields";
import { ErrorList, SubmitButton } from "~/components/forms";
import {
  ColumnHeader,
  ListSearch,
  Pager,
  RowMenu,
  RowMenuPost,
  SortHeader,
  viewQuery,
} from "~/components/lists/ListControls";
import type { NewStaffSchema } from "~/models/staff-forms.server";
import { ROLE } from "~/utils/roles";
import type {
  deactivateStaffLoader,
  editStaffLoader,
  newStaffAction,
  resetStaffAction,
  resetStaffLoader,
  ShownSignIn,
  staffListLoader,
} from "./staff.server";

const STAFF = "/admin/staff";

const STATUS_TEXT = {
  none: "No sign-in",
  invited: "Link not used yet",
  active: "Signs in",
  deactivated: "Deactivated",
} as const;

export function StaffScreen() {
  const { staff, page, view, me } = useLoaderData<typeof staffListLoader>();
  const filtered = view.q !== "" || view.filters.role !== "all" || view.filters.status !== "active";
  return (
    <section aria-labelledby="staff-title">
      <SectionHeader
        id="staff-title"
        title="Staff"
        action={
          <div className="flex flex-wrap gap-2">
            <a href={`/admin/staff.csv${viewQuery(view)}`} className="btn-secondary" download>
              Export CSV
            </a>
            <Link
              to={`${STAFF}/new`}
              className="btn-primary"
              preventScrollReset
              {...dialogLinkProps}
            >
              Add Staff Member
            </Link>
          </div>
        }
      />
      <Outlet />
      <ListSearch
        id="staff-search"
        label="Find staff"
        view={view}
        placeholder="Name, username or email"
        filters={[
          {
            name: "role",
            label: "Role",
            options: [
              { value: "all", label: "Any" },
              { value: ROLE.administrator, label: "Administrators" },
              { value: ROLE.staff, label: "Staff" },
            ],
          },
          {
            name: "status",
            label: "Status",
            options: [
              { value: "active", label: "Active" },
              { value: "inactive", label: "Deactivated" },
              { value: "all", label: "All" },
            ],
          },
        ]}
      />
      {staff.length === 0 ? (
        <EmptyState action={filtered ? { to: "/admin/staff", label: "Show all staff" } : undefined}>
          {filtered
            ? "Nobody matches. Try other words or filters."
            : "No staff yet. Add the first staff member."}
        </EmptyState>
      ) : (
        <>
          <div className="card relative overflow-x-auto p-0">
            <table className="w-full min-w-[48rem] border-collapse text-left text-base">
              <caption className="sr-only">Staff and administrators</caption>
              <thead className="bg-stone-100">
                <tr>
                  <SortHeader column="name" label="Name" view={view} className="px-2" />
                  <SortHeader column="username" label="Username" view={view} className="px-2" />
                  <ColumnHeader label="Role" />
                  <SortHeader column="signin" label="Last active" view={view} className="px-2" />
                  <ColumnHeader label="Status" />
                  <ColumnHeader label="Actions" />
                </tr>
              </thead>
              <tbody>
                {staff.map((u) => (
                  <tr
                    key={u.id}
                    className="border-t border-stone-300 align-middle"
                    data-testid="staff-row"
                  >
                    <th scope="row" className="max-w-[18rem] px-2 py-1 font-semibold leading-snug">
                      <span className="block">
                        {u.displayName}
                        {u.id === me ? (
                          <span className="font-normal text-stone-700"> (you)</span>
                        ) : null}
                      </span>
                      <span
                        className="block truncate text-sm font-normal leading-snug text-stone-700"
                        title={u.email}
                      >
                        {u.email}
                      </span>
                    </th>
                    <td className="px-2 py-1">{u.username}</td>
                    <td className="px-2 py-1">
                      <Badge tone={u.role === ROLE.administrator ? "blue" : "green"}>
                        {u.roleLabel}
                      </Badge>
                    </td>
                    <td className="whitespace-nowrap px-2 py-1">{u.lastActive ?? "Never"}</td>
                    <td className="whitespace-nowrap px-2 py-1" data-testid="staff-status">
                      {u.mustChangePassword && u.status === "active"
                        ? "Temporary password"
                        : STATUS_TEXT[u.status]}
                    </td>
                    <td className="px-2 py-1">
                      <div className="flex items-start gap-1">
                        <Link
                          to={`${STAFF}/${u.id}`}
                          className="btn-secondary py-1"
                          aria-label={`Edit ${u.displayName}`}
                          preventScrollReset
                          {...dialogLinkProps}
                        >
                          Edit
                        </Link>
                        {u.id === me ? null : (
                          <RowMenu label={`More actions for ${u.displayName}`}>
                            {u.isActive ? (
                              <>
                                <Link
                                  to={`${STAFF}/${u.id}/reset`}
                                  className="btn-ghost justify-start"
                                  aria-label={`New sign-in for ${u.displayName}`}
                                  preventScrollReset
                                  {...dialogLinkProps}
                                >
                                  New sign-in
                                </Link>
                                <Link
                                  to={`${STAFF}/${u.id}/deactivate`}
                                  className="btn-ghost justify-start text-red-800"
                                  aria-label={`Deactivate ${u.displayName}`}
                                  preventScrollReset
                                  {...dialogLinkProps}
                                >
                                  Deactivate
                                </Link>
                              </>
                            ) : (
                              <RowMenuPost
                                action={`${STAFF}/${u.id}/deactivate`}
                                fields={{ intent: "activate" }}
                                label="Reactivate"
                                srLabel={`Reactivate ${u.displayName}`}
                              />
                            )}
                          </RowMenu>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} label="Staff pages" noun="staff members" />
        </>
      )}
    </section>
  );
}

/** The link or temporary password just made: shown once, with Copy. */
function SignInShown({ created, title }: { created: ShownSignIn; title: string }) {
  const s = created.signIn;
  return (
    <div
      role="status"
      className="rounded-lg border-2 border-brand-700 bg-brand-50 p-4"
      data-testid="staff-sign-in"
    >
      <h3 className="mb-2 text-xl font-bold">{title}</h3>
      {s.kind === "link" ? (
        <>
          <p className="mb-2 text-base">
            Give this link to {created.name}. It works <strong>once</strong>, until{" "}
            {created.expires}: they choose their password there and afterwards sign in as{" "}
            <strong>{created.username}</strong>.
          </p>
          <label htmlFor="staff-link" className="label">
            Sign-in link
          </label>
          <input
            id="staff-link"
            readOnly
            value={s.url}
            className="input mb-2 font-mono"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="staff-link"
          />
          <CopyButton text={s.url} inputId="staff-link" label="Copy link" />
        </>
      ) : (
        <>
          <p className="mb-2 text-base">
            {created.name} signs in as <strong>{created.username}</strong> at {created.loginUrl}{" "}
            with this temporary password, and chooses their own at first sign-in:
          </p>
          <label htmlFor="staff-password" className="label">
            Temporary password
          </label>
          <input
            id="staff-password"
            readOnly
            value={s.temporaryPassword}
            className="input mb-2 font-mono text-xl"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="temporary-password"
          />
          <CopyButton text={s.temporaryPassword} inputId="staff-password" label="Copy password" />
        </>
      )}
      <p className="mt-2 text-base text-stone-800">
        It is shown only now. If it gets lost, make a new sign-in from the staff list.
      </p>
      <Link to={STAFF} className="btn-primary mt-3">
        Done
      </Link>
    </div>
  );
}

function MethodChoice({
  name,
  defaultValue = "link",
  errors,
}: {
  name: string;
  defaultValue?: string;
  errors?: string[];
}) {
  return (
    <fieldset className="mb-4">
      <legend className="label">How they sign in the first time</legend>
      {[
        { value: "link", label: "A one-time sign-in link (they choose their password)" },
        {
          value: "password",
          label: "A temporary password, shown once (they change it at first sign-in)",
        },
      ].map((o) => (
        <div key={o.value} className="flex min-h-target items-center gap-3">
          <input
            type="radio"
            id={`${name}-${o.value}`}
            name={name}
            value={o.value}
            defaultChecked={o.value === defaultValue}
            className="h-6 w-6"
          />
          <label htmlFor={`${name}-${o.value}`} className="text-base">
            {o.label}
          </label>
        </div>
      ))}
      <ErrorList errors={errors} />
    </fieldset>
  );
}

export function NewStaffDialog() {
  const data = useActionData<typeof newStaffAction>();
  const [form, fields] = useForm<z.input<typeof NewStaffSchema>>({
    id: "new-staff",
    lastResult: data?.result,
    shouldValidate: "onSubmit",
    defaultValue: { role: ROLE.staff, method: "link" },
  });
  return (
    <RouteDialog id="new-staff-dialog" title="Add Staff Member" closeTo={STAFF}>
      {data?.created ? (
        <SignInShown created={data.created} title={`${data.created.name} added`} />
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
          <ErrorList id={form.errorId} errors={form.errors} />
          <NameField meta={fields.displayName} />
          <UsernameField meta={fields.username} />
          <EmailField meta={fields.email} />
          <StaffRoleField meta={fields.role} />
          <MethodChoice
            name={fields.method.name}
            defaultValue={String(fields.method.initialValue ?? "link")}
            errors={fields.method.errors}
          />
          <SubmitButton pendingText="Adding...">Add staff member</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}

export function EditStaffDialog() {
  const { member, me } = useLoaderData<typeof editStaffLoader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: `edit-staff-${member.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { displayName: member.displayName, email: member.email, role: member.role },
  });
  const self = member.id === me;
  return (
    <RouteDialog id="edit-staff" title={`Edit ${member.displayName}`} closeTo={STAFF}>
      <p className="mb-3 text-base">
        Username: <strong>{member.username}</strong>{" "}
        {member.isActive ? (
          <Badge tone="green">Active</Badge>
        ) : (
          <Badge tone="gray">Deactivated</Badge>
        )}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <NameField meta={fields.displayName} />
        <EmailField meta={fields.email} />
        <StaffRoleField
          meta={fields.role}
          hint={self ? "You cannot change your own role." : undefined}
        />
        <SubmitButton pendingText="Saving...">Save staff member</SubmitButton>
      </Form>
      {self ? null : (
        <div className="mt-6 flex flex-wrap gap-2 border-t border-stone-300 pt-4">
          {member.isActive ? (
            <>
              <Link to={`${STAFF}/${member.id}/reset`} className="btn-secondary" preventScrollReset>
                New sign-in
              </Link>
              <Link
                to={`${STAFF}/${member.id}/deactivate`}
                className="btn-ghost text-red-800"
                preventScrollReset
              >
                Deactivate
              </Link>
            </>
          ) : (
            <Form method="post" action={`${STAFF}/${member.id}/deactivate`} preventScrollReset>
              <input type="hidden" name="intent" value="activate" />
              <SubmitButton className="btn-primary">Reactivate</SubmitButton>
            </Form>
          )}
        </div>
      )}
    </RouteDialog>
  );
}

export function ResetStaffDialog() {
  const { member, me } = useLoaderData<typeof resetStaffLoader>();
  const data = useActionData<typeof resetStaffAction>();
  return (
    <RouteDialog id="reset-staff" title={`New sign-in for ${member.displayName}`} closeTo={STAFF}>
      {data?.created ? (
        <SignInShown created={data.created} title="New sign-in made" />
      ) : member.id === me ? (
        <p className="text-base">
          To change your own password, use Change password on your account page.
        </p>
      ) : (
        <Form method="post" preventScrollReset>
          {data?.refused ? (
            <p className="field-error mb-3" role="alert">
              {data.refused}
            </p>
          ) : null}
          <p className="mb-3 text-base">
            Their current password stops working and they are signed out everywhere. Then give them
            the new link or temporary password.
          </p>
          <MethodChoice name="method" />
          <SubmitButton className="btn-danger" pendingText="Making...">
            Make a new sign-in
          </SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}

export function DeactivateStaffDialog() {
  const { member, me } = useLoaderData<typeof deactivateStaffLoader>();
  return (
    <RouteDialog
      id="deactivate-staff"
      title={
        member.isActive
          ? `Deactivate ${member.displayName}?`
          : `${member.displayName} is deactivated`
      }
      closeTo={STAFF}
    >
      {member.id === me ? (
        <p className="text-base">You cannot deactivate yourself. Another administrator can.</p>
      ) : member.isActive ? (
        <>
          <p className="mb-2 text-lg">
            {member.displayName} is signed out everywhere at once and cannot sign in until
            reactivated.
          </p>
          <p className="mb-4 text-base">
            Nothing they made is deleted. The message afterwards has an Undo button.
          </p>
          <Form method="post" className="flex flex-wrap gap-3" preventScrollReset>
            <input type="hidden" name="intent" value="deactivate" />
            <SubmitButton className="btn-danger" pendingText="Deactivating...">
              Deactivate staff member
            </SubmitButton>
            <Link to={STAFF} className="btn-secondary" preventScrollReset>
              Keep active
            </Link>
          </Form>
        </>
      ) : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="activate" />
          <SubmitButton className="btn-primary">Reactivate</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}
