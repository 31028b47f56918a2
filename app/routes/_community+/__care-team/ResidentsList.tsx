// The residents list: search, status filter, sortable columns, 25 a page, a row a line high with
// its actions in one compact row, and checkboxes for bulk actions. All of it works without
// JavaScript (GET forms and links; the bulk form is one POST). One screen for /admin and /staff.
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { Avatar, Badge, EmptyState, SectionHeader } from "~/components/admin/ui";
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
import type { residentListLoader, ResidentRowItem } from "./residents-list.server";

const SIGN_IN_TEXT: Record<ResidentRowItem["signIn"], string> = {
  none: "No sign-in",
  invited: "Sign-in link made",
  active: "Signs in",
  deactivated: "Sign-in switched off",
};

export function ResidentsScreen() {
  const area = useCareTeamArea();
  const { residents, page, view } = useLoaderData<typeof residentListLoader>();
  const cfg = AREAS[area];
  const filtered = view.q !== "" || view.filters.status !== "active";
  return (
    <section aria-labelledby="residents-title">
      <SectionHeader
        id="residents-title"
        title="Resident Management"
        action={
          <div className="flex flex-wrap gap-2">
            {area === "admin" ? (
              <a href={`/admin/residents.csv${viewQuery(view)}`} className="btn-secondary" download>
                Export CSV
              </a>
            ) : null}
            <Link to={`${cfg.residents}/print`} className="btn-secondary">
              Print directory
            </Link>
            <Link
              to={`${cfg.residents}/new`}
              className="btn-primary"
              preventScrollReset
              {...dialogLinkProps}
            >
              Add Resident
            </Link>
          </div>
        }
      />
      <Outlet />
      <ListSearch
        id="residents-search"
        label="Find residents"
        view={view}
        placeholder="Name or room"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
              { value: "all", label: "All" },
            ],
          },
        ]}
      />
      {residents.length === 0 ? (
        <EmptyState
          action={filtered ? { to: cfg.residents, label: "Show all residents" } : undefined}
        >
          {filtered
            ? "No residents match. Try other words or another status."
            : "No residents yet. Add the first resident to start collecting stories."}
        </EmptyState>
      ) : (
        <>
          <BulkBar
            formId="residents-bulk"
            action={`${AREAS[area].residents}/bulk`}
            noun="residents"
            actions={RESIDENT_BULK_ACTIONS}
          />
          <ResidentTable residents={residents} area={area} view={view} formId="residents-bulk" />
          <Pager page={page} label="Residents pages" noun="residents" />
        </>
      )}
    </section>
  );
}

const RESIDENT_BULK_ACTIONS = [
  { value: "links", label: "Make sign-in links (printable sheet)" },
  { value: "deactivate", label: "Deactivate" },
  { value: "activate", label: "Reactivate" },
];

function ResidentTable({
  residents,
  area,
  view,
  formId,
}: {
  residents: ResidentRowItem[];
  area: AreaName;
  view: ListViewProps;
  formId: string;
}) {
  const cfg = AREAS[area];
  return (
    <div className="card relative overflow-x-auto p-0">
      <table className="w-full min-w-[56rem] border-collapse text-left text-base">
        <caption className="sr-only">Residents</caption>
        <thead className="bg-stone-100">
          <tr>
            <th scope="col" className="w-12 px-2 py-2">
              <span className="sr-only">Choose</span>
            </th>
            <SortHeader column="name" label="Resident" view={view} className="px-2" />
            <SortHeader column="room" label="Room" view={view} className="px-2" />
            <SortHeader column="admitted" label="Admitted" view={view} className="px-2" />
            <ColumnHeader label="Stories" />
            <ColumnHeader label="Status" />
            <ColumnHeader label="Actions" />
          </tr>
        </thead>
        <tbody>
          {residents.map((r) => {
            const name = `${r.firstName} ${r.lastName}`;
            return (
              <tr
                key={r.id}
                className="border-t border-stone-300 align-middle"
                data-testid="resident-row"
              >
                <td className="px-2 py-1">
                  <RowTick value={r.id} formId={formId} label={`Choose ${name}`} />
                </td>
                <th scope="row" className="px-2 py-1 font-semibold">
                  <span className="flex items-center gap-2 whitespace-nowrap">
                    <Avatar
                      firstName={r.firstName}
                      lastName={r.lastName}
                      imageUrl={r.profileImageUrl}
                      size="sm"
                    />
                    <span data-testid="resident-name">{name}</span>
                  </span>
                </th>
                <td className="whitespace-nowrap px-2 py-1">
                  {r.roomNumber ? `Room ${r.roomNumber}` : "—"}
                </td>
                <td className="whitespace-nowrap px-2 py-1">{r.admissionLabel ?? "—"}</td>
                <td className="whitespace-nowrap px-2 py-1">
                  {r.storyCount}
                  {r.storyCount > r.publishedStoryCount ? (
                    <span className="text-stone-700">
                      {" "}
                      ({r.storyCount - r.publishedStoryCount} waiting)
                    </span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-2 py-1">
                  {r.isActive ? (
                    <Badge tone="green">Active</Badge>
                  ) : (
                    <Badge tone="gray">Inactive</Badge>
                  )}{" "}
                  <span className="text-stone-700" data-testid="resident-sign-in">
                    {SIGN_IN_TEXT[r.signIn]}
                  </span>
                </td>
                <td className="px-2 py-1">
                  <div className="flex items-start gap-1">
                    <Link
                      to={`${cfg.residents}/${r.id}`}
                      className="btn-secondary min-h-target py-1"
                      aria-label={`Edit ${name}`}
                      preventScrollReset
                      {...dialogLinkProps}
                    >
                      Edit
                    </Link>
                    <RowMenu label={`More actions for ${name}`}>
                      <Link
                        to={`${cfg.families}/new?residentId=${r.id}`}
                        className="btn-ghost justify-start"
                        aria-label={`Add family member for ${name}`}
                      >
                        Add family
                      </Link>
                      <Link
                        to={`${cfg.families}?resident=${r.id}`}
                        className="btn-ghost justify-start"
                        aria-label={`Family of ${name}`}
                      >
                        Family
                      </Link>
                      <Link
                        to={`${cfg.residents}/${r.id}/gazette`}
                        className="btn-ghost justify-start"
                        aria-label={`Gazette for ${name}`}
                      >
                        Gazette
                      </Link>
                      <Link
                        to={`/residents/${r.id}/about`}
                        className="btn-ghost justify-start"
                        aria-label={`About ${name}`}
                      >
                        About me
                      </Link>
                      <Link
                        to={`/residents/${r.id}/book`}
                        className="btn-ghost justify-start"
                        aria-label={`Life-story book of ${name}`}
                      >
                        Life-story book
                      </Link>
                      {area === "admin" ? (
                        <>
                          <Link
                            to={`/residents/${r.id}/export.zip`}
                            reloadDocument
                            className="btn-ghost justify-start"
                            aria-label={`Download the stories of ${name}`}
                          >
                            Download stories
                          </Link>
                          <Link
                            to={`/admin/residents/${r.id}/erase`}
                            className="btn-ghost justify-start text-red-800"
                            aria-label={`Erase ${name}`}
                          >
                            Erase
                          </Link>
                        </>
                      ) : null}
                      {r.isActive ? (
                        <Link
                          to={`${cfg.residents}/${r.id}/kiosk`}
                          className="btn-ghost justify-start"
                          aria-label={`Kiosk settings for ${name}`}
                          preventScrollReset
                          {...dialogLinkProps}
                        >
                          Kiosk
                        </Link>
                      ) : null}
                      {r.signIn !== "active" && r.isActive ? (
                        <Link
                          to={`${cfg.residents}/${r.id}/invitation`}
                          className="btn-ghost justify-start"
                          aria-label={`Sign-in link for ${name}`}
                          preventScrollReset
                          {...dialogLinkProps}
                        >
                          Sign-in link
                        </Link>
                      ) : null}
                      {r.isActive ? (
                        <Link
                          to={`${cfg.residents}/${r.id}/deactivate`}
                          className="btn-ghost justify-start text-red-800"
                          aria-label={`Deactivate ${name}`}
                          preventScrollReset
                          {...dialogLinkProps}
                        >
                          Deactivate
                        </Link>
                      ) : (
                        <RowMenuPost
                          action={`${cfg.residents}/${r.id}/deactivate`}
                          fields={{ intent: "activate" }}
                          label="Reactivate"
                          srLabel={`Reactivate ${name}`}
                        />
                      )}
                    </RowMenu>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
