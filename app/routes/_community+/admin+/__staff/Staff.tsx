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
import { useT } from "~/utils/i18n";
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

export function StaffScreen() {
  const { staff, page, view, me } = useLoaderData<typeof staffListLoader>();
  const t = useT("admin");
  const filtered = view.q !== "" || view.filters.role !== "all" || view.filters.status !== "active";
  return (
    <section aria-labelledby="staff-title">
      <SectionHeader
        id="staff-title"
        title={t("staff.title")}
        action={
          <div className="flex flex-wrap gap-2">
            <a href={`/admin/staff.csv${viewQuery(view)}`} className="btn-secondary" download>
              {t("staff.export")}
            </a>
            <Link
              to={`${STAFF}/new`}
              className="btn-primary"
              preventScrollReset
              {...dialogLinkProps}
            >
              {t("staff.add")}
            </Link>
          </div>
        }
      />
      <Outlet />
      <ListSearch
        id="staff-search"
        label={t("staff.find")}
        view={view}
        placeholder={t("staff.findPlaceholder")}
        filters={[
          {
            name: "role",
            label: t("staff.col.role"),
            options: [
              { value: "all", label: t("staff.any") },
              { value: ROLE.administrator, label: t("staff.administrators") },
              { value: ROLE.staff, label: t("common:role", { role: ROLE.staff }) },
            ],
          },
          {
            name: "status",
            label: t("staff.col.status"),
            options: [
              { value: "active", label: t("staff.active") },
              { value: "inactive", label: t("staff.deactivatedStatus") },
              { value: "all", label: t("staff.all") },
            ],
          },
        ]}
      />
      {staff.length === 0 ? (
        <EmptyState
          action={filtered ? { to: "/admin/staff", label: t("staff.showAll") } : undefined}
        >
          {filtered ? t("staff.noMatch") : t("staff.none")}
        </EmptyState>
      ) : (
        <>
          <div className="card relative overflow-x-auto p-0">
            <table className="w-full min-w-[48rem] border-collapse text-left text-base">
              <caption className="sr-only">{t("staff.caption")}</caption>
              <thead className="bg-stone-100">
                <tr>
                  <SortHeader
                    column="name"
                    label={t("staff.col.name")}
                    view={view}
                    className="px-2"
                  />
                  <SortHeader
                    column="username"
                    label={t("staff.col.username")}
                    view={view}
                    className="px-2"
                  />
                  <ColumnHeader label={t("staff.col.role")} />
                  <SortHeader
                    column="signin"
                    label={t("staff.col.lastActive")}
                    view={view}
                    className="px-2"
                  />
                  <ColumnHeader label={t("staff.col.status")} />
                  <ColumnHeader label={t("staff.col.actions")} />
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
                          <span className="font-normal text-stone-700"> {t("staff.you")}</span>
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
                        {t("common:role", { role: u.role })}
                      </Badge>
                    </td>
                    <td className="whitespace-nowrap px-2 py-1">
                      {u.lastActive ?? t("staff.never")}
                    </td>
                    <td className="whitespace-nowrap px-2 py-1" data-testid="staff-status">
                      {t("staff.signIn", {
                        status:
                          u.mustChangePassword && u.status === "active" ? "temporary" : u.status,
                      })}
                    </td>
                    <td className="px-2 py-1">
                      <div className="flex items-start gap-1">
                        <Link
                          to={`${STAFF}/${u.id}`}
                          className="btn-secondary py-1"
                          aria-label={t("staff.editName", { name: u.displayName })}
                          preventScrollReset
                          {...dialogLinkProps}
                        >
                          {t("common:edit")}
                        </Link>
                        {u.id === me ? null : (
                          <RowMenu label={t("staff.moreActions", { name: u.displayName })}>
                            {u.isActive ? (
                              <>
                                <Link
                                  to={`${STAFF}/${u.id}/reset`}
                                  className="btn-ghost justify-start"
                                  aria-label={t("staff.newSignInFor", { name: u.displayName })}
                                  preventScrollReset
                                  {...dialogLinkProps}
                                >
                                  {t("staff.newSignIn")}
                                </Link>
                                <Link
                                  to={`${STAFF}/${u.id}/deactivate`}
                                  className="btn-ghost justify-start text-red-800"
                                  aria-label={t("staff.deactivateName", { name: u.displayName })}
                                  preventScrollReset
                                  {...dialogLinkProps}
                                >
                                  {t("staff.deactivate")}
                                </Link>
                              </>
                            ) : (
                              <RowMenuPost
                                action={`${STAFF}/${u.id}/deactivate`}
                                fields={{ intent: "activate" }}
                                label={t("staff.reactivate")}
                                srLabel={t("staff.reactivateName", { name: u.displayName })}
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
          <Pager page={page} label={t("staff.pages")} noun={t("staff.noun")} />
        </>
      )}
    </section>
  );
}

/** Whether the link just made was emailed: "We emailed it to x@y", or why not. */
export function InvitationEmailNote({
  email,
  name,
}: {
  email: ShownSignIn["emailed"];
  name: string;
}) {
  const ti = useT("invitations");
  if (!email) return null;
  return (
    <p className="mt-3 text-base" data-testid="invitation-email">
      {email.sent
        ? ti("page.emailed", { address: email.to })
        : ti(`page.notEmailed.${email.reason}`, { name })}
    </p>
  );
}

/** The link or temporary password just made: shown once, with Copy. */
function SignInShown({ created, title }: { created: ShownSignIn; title: string }) {
  const t = useT("admin");
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
            {t("signIn.giveLink", { name: created.name })} <strong>{t("signIn.once")}</strong>
            {t("signIn.until", { expires: created.expires })} <strong>{created.username}</strong>.
          </p>
          <label htmlFor="staff-link" className="label">
            {t("signIn.link")}
          </label>
          <input
            id="staff-link"
            readOnly
            value={s.url}
            className="input mb-2 font-mono"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="staff-link"
          />
          <CopyButton text={s.url} inputId="staff-link" label={t("signIn.copyLink")} />
          <InvitationEmailNote email={created.emailed} name={created.name} />
        </>
      ) : (
        <>
          <p className="mb-2 text-base">
            {t("signIn.signsInAs", { name: created.name })} <strong>{created.username}</strong>{" "}
            {t("signIn.withPassword", { url: created.loginUrl })}
          </p>
          <label htmlFor="staff-password" className="label">
            {t("signIn.temporaryPassword")}
          </label>
          <input
            id="staff-password"
            readOnly
            value={s.temporaryPassword}
            className="input mb-2 font-mono text-xl"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="temporary-password"
          />
          <CopyButton
            text={s.temporaryPassword}
            inputId="staff-password"
            label={t("signIn.copyPassword")}
          />
        </>
      )}
      <p className="mt-2 text-base text-stone-800">{t("signIn.shownOnce")}</p>
      <Link to={STAFF} className="btn-primary mt-3">
        {t("signIn.done")}
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
  const t = useT("admin");
  return (
    <fieldset className="mb-4">
      <legend className="label">{t("method.legend")}</legend>
      {[
        { value: "link", label: t("method.link") },
        { value: "password", label: t("method.password") },
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
  const t = useT("admin");
  const [form, fields] = useForm<z.input<typeof NewStaffSchema>>({
    id: "new-staff",
    lastResult: data?.result,
    shouldValidate: "onSubmit",
    defaultValue: { role: ROLE.staff, method: "link" },
  });
  return (
    <RouteDialog id="new-staff-dialog" title={t("staff.add")} closeTo={STAFF}>
      {data?.created ? (
        <SignInShown
          created={data.created}
          title={t("signIn.added", { name: data.created.name })}
        />
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
          <SubmitButton pendingText={t("adding")}>{t("staff.addSubmit")}</SubmitButton>
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
  const t = useT("admin");
  const tp = useT("password");
  return (
    <RouteDialog
      id="edit-staff"
      title={t("staff.editName", { name: member.displayName })}
      closeTo={STAFF}
    >
      <p className="mb-3 text-base">
        {t("staff.usernameIs")} <strong>{member.username}</strong>{" "}
        {member.isActive ? (
          <Badge tone="green">{t("staff.active")}</Badge>
        ) : (
          <Badge tone="gray">{t("staff.deactivatedStatus")}</Badge>
        )}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <NameField meta={fields.displayName} />
        <EmailField meta={fields.email} />
        <StaffRoleField meta={fields.role} hint={self ? t("staff.ownRoleHint") : undefined} />
        <SubmitButton pendingText={t("saving")}>{t("staff.save")}</SubmitButton>
      </Form>
      {self ? null : (
        <div className="mt-6 flex flex-wrap gap-2 border-t border-stone-300 pt-4">
          {member.isActive ? (
            <>
              <Link to={`${STAFF}/${member.id}/reset`} className="btn-secondary" preventScrollReset>
                {t("staff.newSignIn")}
              </Link>
              <Link
                to={`${STAFF}/${member.id}/password-link`}
                className="btn-secondary"
                preventScrollReset
                data-testid="password-link"
              >
                {tp("staff.link")}
              </Link>
              <Link
                to={`${STAFF}/${member.id}/deactivate`}
                className="btn-ghost text-red-800"
                preventScrollReset
              >
                {t("staff.deactivate")}
              </Link>
            </>
          ) : (
            <Form method="post" action={`${STAFF}/${member.id}/deactivate`} preventScrollReset>
              <input type="hidden" name="intent" value="activate" />
              <SubmitButton className="btn-primary">{t("staff.reactivate")}</SubmitButton>
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
  const t = useT("admin");
  return (
    <RouteDialog
      id="reset-staff"
      title={t("staff.newSignInFor", { name: member.displayName })}
      closeTo={STAFF}
    >
      {data?.created ? (
        <SignInShown created={data.created} title={t("signIn.made")} />
      ) : member.id === me ? (
        <p className="text-base">{t("staffError.ownPassword")}</p>
      ) : (
        <Form method="post" preventScrollReset>
          {data?.refused ? (
            <p className="field-error mb-3" role="alert">
              {data.refused}
            </p>
          ) : null}
          <p className="mb-3 text-base">{t("reset.intro")}</p>
          <MethodChoice name="method" />
          <SubmitButton className="btn-danger" pendingText={t("reset.making")}>
            {t("reset.submit")}
          </SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}

export function DeactivateStaffDialog() {
  const { member, me } = useLoaderData<typeof deactivateStaffLoader>();
  const t = useT("admin");
  return (
    <RouteDialog
      id="deactivate-staff"
      title={
        member.isActive
          ? t("deactivate.title", { name: member.displayName })
          : t("deactivate.already", { name: member.displayName })
      }
      closeTo={STAFF}
    >
      {member.id === me ? (
        <p className="text-base">{t("staffError.deactivateSelf")}</p>
      ) : member.isActive ? (
        <>
          <p className="mb-2 text-lg">{t("deactivate.intro", { name: member.displayName })}</p>
          <p className="mb-4 text-base">{t("deactivate.nothingDeleted")}</p>
          <Form method="post" className="flex flex-wrap gap-3" preventScrollReset>
            <input type="hidden" name="intent" value="deactivate" />
            <SubmitButton className="btn-danger" pendingText={t("deactivating")}>
              {t("deactivate.submit")}
            </SubmitButton>
            <Link to={STAFF} className="btn-secondary" preventScrollReset>
              {t("deactivate.keep")}
            </Link>
          </Form>
        </>
      ) : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="activate" />
          <SubmitButton className="btn-primary">{t("staff.reactivate")}</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}
