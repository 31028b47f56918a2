// The family members list: search (name, email, resident), filters on the invitation and the
// sign-in, sortable columns, 25 a page, where each invitation stands, and checkboxes for bulk
// actions. Works without JavaScript. One screen for /admin and /staff.
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps } from "~/components/dialog";
import {
  BulkBar,
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
import { AREAS, useCareTeamArea, type AreaName } from "./areas";
import type { familyListLoader, FamilyRowItem } from "./families-list.server";

export function FamiliesScreen() {
  const area = useCareTeamArea();
  const { members, page, view, resident } = useLoaderData<typeof familyListLoader>();
  const cfg = AREAS[area];
  const filtered =
    view.q !== "" ||
    view.filters.invitation !== "all" ||
    view.filters.status !== "active" ||
    resident !== null;
  return (
    <section aria-labelledby="families-title">
      <SectionHeader
        id="families-title"
        title={resident ? `Family of ${resident.name}` : "Family Management"}
        action={
          <div className="flex flex-wrap gap-2">
            {area === "admin" ? (
              <a
                href={`/admin/families.csv${viewQuery(view, { resident: resident?.id })}`}
                className="btn-secondary"
                download
              >
                Export CSV
              </a>
            ) : null}
            <Link
              to={`${cfg.families}/new${resident ? `?residentId=${resident.id}` : ""}`}
              className="btn-primary"
              preventScrollReset
              {...dialogLinkProps}
            >
              Add Family Member
            </Link>
          </div>
        }
      />
      {resident ? (
        <p className="mb-3 text-base">
          Only the family of {resident.name} is shown.{" "}
          <Link to={cfg.families} className="font-semibold text-brand-800 underline">
            Show every family member
          </Link>
        </p>
      ) : null}
      <Outlet />
      <ListSearch
        id="families-search"
        label="Find family members"
        view={view}
        placeholder="Name, email or resident"
        keep={{ resident: resident?.id }}
        filters={[
          {
            name: "invitation",
            label: "Invitation",
            options: [
              { value: "all", label: "Any" },
              { value: "pending", label: "Not accepted yet" },
              { value: "accepted", label: "Accepted" },
            ],
          },
          {
            name: "status",
            label: "Sign-in",
            options: [
              { value: "active", label: "On" },
              { value: "inactive", label: "Switched off" },
              { value: "all", label: "Any" },
            ],
          },
        ]}
      />
      {members.length === 0 ? (
        <EmptyState
          action={filtered ? { to: cfg.families, label: "Show all family members" } : undefined}
        >
          {filtered
            ? "No family members match. Try other words or filters."
            : "No family members yet."}
        </EmptyState>
      ) : (
        <>
          <BulkBar
            formId="families-bulk"
            action={`${AREAS[area].families}/bulk`}
            noun="family members"
            actions={FAMILY_BULK_ACTIONS}
          />
          <FamilyTable members={members} area={area} view={view} formId="families-bulk" />
          <Pager page={page} label="Family members pages" noun="family members" />
        </>
      )}
    </section>
  );
}

const FAMILY_BULK_ACTIONS = [
  { value: "links", label: "Make new invitation links (printable sheet)" },
  { value: "deactivate", label: "Switch off their sign-in" },
  { value: "activate", label: "Switch their sign-in back on" },
];

function InvitationCell({ member, area }: { member: FamilyRowItem; area: AreaName }) {
  const cfg = AREAS[area];
  const { invitation } = member;
  const dot =
    invitation.status === "active"
      ? "bg-green-700"
      : invitation.status === "deactivated"
        ? "bg-stone-500"
        : "bg-amber-600";
  return (
    <span
      className="flex items-center gap-x-2 whitespace-nowrap text-base"
      data-testid="family-invitation"
    >
      <span
        className="inline-flex items-center gap-1"
        title={invitation.username ? `Username: ${invitation.username}` : undefined}
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
          aria-label={`Make a new link for ${member.name}`}
          preventScrollReset
          {...dialogLinkProps}
        >
          New link
        </Link>
      ) : null}
    </span>
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
  return (
    <div className="card relative overflow-x-auto p-0">
      <table className="w-full min-w-[60rem] border-collapse text-left text-base">
        <caption className="sr-only">Family members and the residents they follow</caption>
        <thead className="bg-stone-100">
          <tr>
            <th scope="col" className="w-10 px-2 py-2">
              <span className="sr-only">Choose</span>
            </th>
            <SortHeader column="name" label="Family Member" view={view} className="px-2" />
            <SortHeader column="resident" label="Resident" view={view} className="px-2" />
            <ColumnHeader label="Invitation" />
            <ColumnHeader label="Actions" />
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
                <RowTick value={m.id} formId={formId} label={`Choose ${m.name}`} />
              </td>
              <th scope="row" className="whitespace-nowrap px-2 py-1 font-semibold">
                {/* the name opens Edit: one button fewer on a row a line high */}
                <Link
                  to={`${cfg.families}/${m.id}`}
                  className="inline-flex min-h-target items-center text-brand-800 underline underline-offset-2"
                  aria-label={`Edit ${m.name}`}
                  preventScrollReset
                  {...dialogLinkProps}
                >
                  {m.name}
                </Link>
              </th>
              {/* the one cell that may take a second line for long names: a row stays as high as its buttons */}
              <td className="px-2 py-1 leading-snug">
                {m.relationship ? (
                  <span className="text-stone-700">{m.relationship} of </span>
                ) : null}
                {m.resident.name}
                {m.resident.roomNumber ? (
                  <span className="whitespace-nowrap text-stone-700">
                    {" "}
                    · Room {m.resident.roomNumber}
                  </span>
                ) : null}
                {m.resident.isActive ? null : <span className="text-stone-700"> (inactive)</span>}
              </td>
              <td className="px-2 py-1 font-normal">
                <InvitationCell member={m} area={area} />
              </td>
              <td className="px-2 py-1">
                <div className="flex items-start gap-1">
                  <RowMenu label={`More actions for ${m.name}`}>
                    {/* the address in full (and the phone number): the row has no room for a contact column */}
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
                        aria-label={`New invitation for ${m.name}`}
                        preventScrollReset
                        {...dialogLinkProps}
                      >
                        Invitation
                      </Link>
                    ) : null}
                    {m.invitation.status === "deactivated" ? (
                      <RowMenuPost
                        action={`${cfg.families}/bulk`}
                        fields={{ ids: m.id, intent: "activate" }}
                        label="Switch sign-in on"
                        srLabel={`Switch on the sign-in of ${m.name}`}
                      />
                    ) : (
                      <RowMenuPost
                        action={`${cfg.families}/bulk`}
                        fields={{ ids: m.id, intent: "deactivate" }}
                        label="Switch sign-in off"
                        srLabel={`Switch off the sign-in of ${m.name}`}
                      />
                    )}
                    <Link
                      to={`${cfg.families}/${m.id}/delete`}
                      className="btn-ghost justify-start text-red-800"
                      aria-label={`Remove ${m.name}`}
                      preventScrollReset
                      {...dialogLinkProps}
                    >
                      Remove
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
