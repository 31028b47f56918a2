// The family members list: search (name, email, resident), filters on the invitation and the
// sign-in, sortable columns, 25 a page, where each invitation stands, and checkboxes for bulk
// actions. Works without JavaScript. One screen for /admin and /staff.
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/ui";
import { dialogLinkProps } from "~/components/dialog";
import {
  BulkBar,
  ListHeader,
  ListToolbar,
  TickAllHeader,
  ColumnHeader,
  ListSearch,
  Pager,
  RowMenu,
  RowMenuPost,
  RowTick,
  SortHeader,
  viewQuery,
  type ListViewProps,
} from "~/components/lists/ListControls";
import { useT } from "~/utils/i18n";
import { AREAS, useCareTeamArea, type AreaName } from "./areas";
import type { familyListLoader, FamilyRowItem } from "./families-list.server";

export function FamiliesScreen() {
  const area = useCareTeamArea();
  const { members, page, view, resident, duplicates } = useLoaderData<typeof familyListLoader>();
  const cfg = AREAS[area];
  const filtered =
    view.q !== "" ||
    view.filters.invitation !== "all" ||
    view.filters.status !== "active" ||
    resident !== null;
  const t = useT("care");
  const tf = useT("follows");
  return (
    <section aria-labelledby="families-title">
      <ListHeader
        id="families-title"
        title={resident ? t("familyOf", { name: resident.name }) : t("families.title")}
        action={
          <div className="flex flex-wrap gap-2">
            {area === "admin" ? (
              <a
                href={`/admin/families.csv${viewQuery(view, { resident: resident?.id })}`}
                className="btn-secondary"
                download
              >
                {t("list.exportCsv")}
              </a>
            ) : null}
            <Link
              to={`${cfg.families}/new${resident ? `?residentId=${resident.id}` : ""}`}
              className="btn-primary"
              preventScrollReset
              {...dialogLinkProps}
            >
              {t("families.add")}
            </Link>
          </div>
        }
      />
      {resident ? (
        <p className="mb-3 text-base">
          {t("families.onlyOf", { name: resident.name })}{" "}
          <Link to={cfg.families} className="font-semibold text-brand-800 underline">
            {t("families.showEvery")}
          </Link>
        </p>
      ) : null}
      {duplicates > 0 ? (
        <p className="mb-3 text-base" data-testid="duplicate-accounts">
          {tf("merge.notice", { count: duplicates })}{" "}
          <Link
            to="/admin/families/merge"
            className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
          >
            {tf("merge.noticeLink")}
          </Link>
        </p>
      ) : null}
      <Outlet />
      <ListToolbar>
        <ListSearch
          id="families-search"
          label={t("families.find")}
          view={view}
          placeholder={t("families.searchPlaceholder")}
          keep={{ resident: resident?.id }}
          filters={[
            {
              name: "invitation",
              label: t("column.invitation"),
              options: [
                { value: "all", label: t("filter.any") },
                { value: "pending", label: t("filter.notAccepted") },
                { value: "accepted", label: t("filter.accepted") },
              ],
            },
            {
              name: "status",
              label: t("filter.signIn"),
              options: [
                { value: "active", label: t("filter.on") },
                { value: "inactive", label: t("filter.off") },
                { value: "all", label: t("filter.any") },
              ],
            },
          ]}
        />
        {members.length ? (
          <BulkBar
            formId="families-bulk"
            action={`${AREAS[area].families}/bulk`}
            label={t("families.bulkLabel")}
            applyLabel={t("families.bulkApply")}
            actions={[
              { value: "links", label: t("families.bulk.links") },
              { value: "deactivate", label: t("families.bulk.deactivate") },
              { value: "activate", label: t("families.bulk.activate") },
            ]}
          />
        ) : null}
      </ListToolbar>
      {members.length === 0 ? (
        <EmptyState
          action={filtered ? { to: cfg.families, label: t("families.showAll") } : undefined}
        >
          {filtered ? t("families.noMatch") : t("families.none")}
        </EmptyState>
      ) : (
        <>
          <FamilyTable members={members} area={area} view={view} formId="families-bulk" />
          <Pager
            page={page}
            label={t("families.pages")}
            noun={t("families.noun")}
            anchor="families-table"
          />
        </>
      )}
    </section>
  );
}

function InvitationCell({ member, area }: { member: FamilyRowItem; area: AreaName }) {
  const cfg = AREAS[area];
  const { invitation } = member;
  const t = useT("care");
  const dot =
    invitation.status === "active"
      ? "bg-green-700"
      : invitation.status === "deactivated"
        ? "bg-stone-500"
        : invitation.stage === "revoked" || invitation.stage === "expired"
          ? "bg-red-700"
          : "bg-amber-600";
  return (
    <span
      className="flex items-center gap-x-2 whitespace-nowrap text-base"
      data-testid="family-invitation"
    >
      <span
        className="inline-flex items-center gap-1"
        title={
          invitation.username ? t("sheet.username", { username: invitation.username }) : undefined
        }
      >
        <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${dot}`} />
        {invitation.label}
      </span>
      {invitation.status === "active" && invitation.lastActive ? (
        <span className="text-stone-700">· {invitation.lastActive}</span>
      ) : null}
      {invitation.status === "invited" || invitation.status === "none" ? (
        <Link
          to={`${cfg.families}/${member.id}/invitation`}
          className="inline-flex min-h-target items-center whitespace-nowrap font-semibold text-brand-800 underline"
          aria-label={t("families.newLinkFor", { name: member.name })}
          preventScrollReset
          {...dialogLinkProps}
        >
          {t("families.newLink")}
        </Link>
      ) : null}
    </span>
  );
}

/**
 * The family member's name (which opens Edit) with her phone beside it, and her email under it: two
 * lines, unless her name is very long (it wraps rather than spill into the next column). They are
 * text to read; the row's menu has them as links (big enough to tap). A long address is cut short
 * with an ellipsis (in full on hover, in the menu and in the CSV), so the column stays narrow
 * enough for the table to fit at 1024 px.
 */
function NameAndContact({ member, editTo }: { member: FamilyRowItem; editTo: string }) {
  const t = useT("care");
  // one line, so a row stays as high as its buttons: the email cut short (whole on hover and in
  // the row's menu), the phone beside it
  return (
    <div className="flex max-w-[30rem] items-center gap-x-3">
      <Link
        to={editTo}
        className="inline-flex min-h-target shrink-0 items-center text-brand-800 underline underline-offset-2"
        aria-label={t("row.editName", { name: member.name })}
        preventScrollReset
        {...dialogLinkProps}
      >
        {member.name}
      </Link>
      <span
        title={member.email}
        className="min-w-0 truncate font-normal text-stone-800"
        data-testid="family-contact"
      >
        {member.email}
      </span>
      {member.phoneNumber ? (
        <span className="whitespace-nowrap font-normal text-stone-800" data-testid="family-phone">
          {member.phoneNumber}
        </span>
      ) : null}
    </div>
  );
}

function FamilyTable({
  members,
  area,
  view,
  formId,
}: {
  members: FamilyRowItem[];
  area: AreaName;
  view: ListViewProps;
  formId: string;
}) {
  const cfg = AREAS[area];
  const t = useT("care");
  return (
    <div className="card relative scroll-mt-2 overflow-x-auto p-0" id="families-table">
      <table className="w-full min-w-[60rem] border-collapse text-left text-base">
        <caption className="sr-only">{t("families.caption")}</caption>
        <thead className="bg-stone-100">
          <tr>
            <th scope="col" className="w-10 px-2 py-0">
              <TickAllHeader formId={formId} count={members.length} />
            </th>
            <SortHeader
              column="name"
              label={t("column.familyMember")}
              view={view}
              className="px-2"
            />
            <SortHeader
              column="resident"
              label={t("column.resident")}
              view={view}
              className="px-2"
            />
            <ColumnHeader label={t("column.invitation")} />
            <ColumnHeader label={t("column.actions")} />
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr
              key={m.id}
              className="border-t border-stone-300 align-middle"
              data-testid="family-row"
            >
              <td className="px-2 py-1">
                <RowTick
                  value={m.id}
                  formId={formId}
                  label={t("list.chooseName", { name: m.name })}
                />
              </td>
              <th scope="row" className="px-2 py-1 font-semibold">
                {/* the name opens Edit: one button fewer on the row */}
                <NameAndContact member={m} editTo={`${cfg.families}/${m.id}`} />
              </th>
              {/* the one cell that may take a second line for long names: a row stays as high as its buttons */}
              <td className="px-2 py-1 leading-snug">
                {m.relationship ? (
                  <span className="text-stone-700">
                    {t("families.relationshipOf", { relationship: m.relationship })}{" "}
                  </span>
                ) : null}
                {m.resident.name}
                {m.resident.roomNumber ? (
                  <span className="whitespace-nowrap text-stone-700">
                    {" "}
                    · {t("roomNumber", { room: m.resident.roomNumber })}
                  </span>
                ) : null}
                {m.resident.isActive ? null : (
                  <span className="text-stone-700"> {t("families.residentInactive")}</span>
                )}
              </td>
              <td className="px-2 py-1 font-normal">
                <InvitationCell member={m} area={area} />
              </td>
              <td className="px-2 py-1">
                <div className="flex items-start gap-1">
                  <RowMenu label={t("row.moreFor", { name: m.name })}>
                    {/* the address and phone number as links, each a full-size target */}
                    <a href={`mailto:${m.email}`} className="btn-ghost justify-start break-all">
                      {m.email}
                    </a>
                    {m.phoneNumber ? (
                      <a
                        href={`tel:${m.phoneNumber.replace(/[^\d+]/g, "")}`}
                        className="btn-ghost justify-start"
                      >
                        {m.phoneNumber}
                      </a>
                    ) : null}
                    {m.invitation.status !== "active" && m.invitation.status !== "deactivated" ? (
                      <Link
                        to={`${cfg.families}/${m.id}/invitation`}
                        className="btn-ghost justify-start"
                        aria-label={t("families.newInvitationFor", { name: m.name })}
                        preventScrollReset
                        {...dialogLinkProps}
                      >
                        {t("column.invitation")}
                      </Link>
                    ) : null}
                    {m.invitation.status === "deactivated" ? (
                      <RowMenuPost
                        action={`${cfg.families}/bulk`}
                        fields={{ ids: m.id, intent: "activate" }}
                        label={t("families.switchOn")}
                        srLabel={t("families.switchOnFor", { name: m.name })}
                      />
                    ) : (
                      <RowMenuPost
                        action={`${cfg.families}/bulk`}
                        fields={{ ids: m.id, intent: "deactivate" }}
                        label={t("families.switchOff")}
                        srLabel={t("families.switchOffFor", { name: m.name })}
                      />
                    )}
                    <Link
                      to={`${cfg.families}/${m.id}/delete`}
                      className="btn-ghost justify-start text-red-800"
                      aria-label={t("families.removeName", { name: m.name })}
                      preventScrollReset
                      {...dialogLinkProps}
                    >
                      {t("common:remove")}
                    </Link>
                  </RowMenu>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
