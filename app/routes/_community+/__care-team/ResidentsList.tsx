// The residents list: search, status filter, sortable columns, 25 a page, a row a line high with
// its actions in one compact row, and checkboxes for bulk actions. All of it works without
// JavaScript (GET forms and links; the bulk form is one POST). One screen for /admin and /staff.
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { Avatar, Badge, EmptyState } from "~/components/admin/ui";
import { dialogLinkProps } from "~/components/dialog";
import {
  BulkBar,
  ColumnHeader,
  ListHeader,
  ListSearch,
  ListToolbar,
  Pager,
  RowMenu,
  RowMenuPost,
  RowTick,
  SortHeader,
  TickAllHeader,
  useListQuery,
  viewQuery,
  type ListViewProps,
} from "~/components/lists/ListControls";
import { useT } from "~/utils/i18n";
import { useDateFormat } from "~/components/community-time";
import { AREAS, useCareTeamArea, type AreaName } from "./areas";
import type { residentListLoader, ResidentRowItem } from "./residents-list.server";

export function ResidentsScreen() {
  const area = useCareTeamArea();
  const { residents, page, view } = useLoaderData<typeof residentListLoader>();
  const cfg = AREAS[area];
  const filtered = view.q !== "" || view.filters.status !== "active";
  const t = useT("care");
  return (
    <section aria-labelledby="residents-title">
      <ListHeader
        id="residents-title"
        title={t("residents.title")}
        action={
          <div className="flex flex-wrap gap-2">
            {area === "admin" ? (
              <a href={`/admin/residents.csv${viewQuery(view)}`} className="btn-secondary" download>
                {t("list.exportCsv")}
              </a>
            ) : null}
            {area === "admin" ? (
              <Link to="/admin/import" className="btn-secondary">
                {t("import:link")}
              </Link>
            ) : null}
            <Link to={`${cfg.residents}/print`} className="btn-secondary">
              {t("residents.printDirectory")}
            </Link>
            <Link
              to={`${cfg.residents}/new`}
              className="btn-primary"
              preventScrollReset
              {...dialogLinkProps}
            >
              {t("residents.add")}
            </Link>
          </div>
        }
      />
      <Outlet />
      <ListToolbar>
        <ListSearch
          id="residents-search"
          label={t("residents.find")}
          view={view}
          placeholder={t("residents.searchPlaceholder")}
          filters={[
            {
              name: "status",
              label: t("column.status"),
              options: [
                { value: "active", label: t("status.active") },
                { value: "inactive", label: t("status.inactive") },
                { value: "all", label: t("status.all") },
              ],
            },
          ]}
        />
        {residents.length ? (
          <BulkBar
            formId="residents-bulk"
            action={`${AREAS[area].residents}/bulk`}
            label={t("residents.bulkLabel")}
            applyLabel={t("residents.bulkApply")}
            actions={[
              { value: "links", label: t("residents.bulk.links") },
              { value: "deactivate", label: t("row.deactivate") },
              { value: "activate", label: t("row.reactivate") },
            ]}
          />
        ) : null}
      </ListToolbar>
      {residents.length === 0 ? (
        <EmptyState
          action={filtered ? { to: cfg.residents, label: t("residents.showAll") } : undefined}
        >
          {filtered ? t("residents.noMatch") : t("residents.none")}
        </EmptyState>
      ) : (
        <>
          <ResidentTable residents={residents} area={area} view={view} formId="residents-bulk" />
          <Pager
            page={page}
            label={t("residents.pages")}
            noun={t("residents.noun")}
            anchor="residents-table"
          />
        </>
      )}
    </section>
  );
}

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
  const t = useT("care");
  const tp = useT("participation");
  // the list's search, filter, sort and page go with a row's actions, so the list comes back as it was
  const here = useListQuery();
  const { number } = useDateFormat();
  return (
    <div className="card relative scroll-mt-2 overflow-x-auto p-0" id="residents-table">
      <table className="w-full min-w-[56rem] border-collapse text-left text-base">
        <caption className="sr-only">{t("residents.caption")}</caption>
        <thead className="bg-stone-100">
          <tr>
            <th scope="col" className="w-12 px-2 py-0">
              <span className="sr-only">{t("list.choose")}</span>
              <TickAllHeader formId={formId} count={residents.length} />
            </th>
            <SortHeader column="name" label={t("column.resident")} view={view} className="px-2" />
            <SortHeader column="room" label={t("column.room")} view={view} className="px-2" />
            <SortHeader
              column="admitted"
              label={t("column.admitted")}
              view={view}
              className="px-2"
            />
            <ColumnHeader label={t("column.stories")} />
            <ColumnHeader label={t("column.status")} />
            <ColumnHeader label={t("column.actions")} />
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
                <td className="px-2 py-0">
                  <RowTick value={r.id} formId={formId} label={t("list.chooseName", { name })} />
                </td>
                <th scope="row" className="px-2 py-0 font-semibold">
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
                <td className="whitespace-nowrap px-2 py-0">
                  {r.roomNumber ? t("roomNumber", { room: r.roomNumber }) : "—"}
                </td>
                <td className="whitespace-nowrap px-2 py-0">{r.admissionLabel ?? "—"}</td>
                <td className="whitespace-nowrap px-2 py-0">
                  {number(r.storyCount)}
                  {r.pendingStoryCount > 0 ? (
                    <span className="text-stone-700">
                      {" "}
                      {t("residents.waiting", {
                        count: number(r.pendingStoryCount),
                      })}
                    </span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-2 py-0">
                  {r.isActive ? (
                    <Badge tone="green">{t("status.active")}</Badge>
                  ) : (
                    <Badge tone="gray">{t("status.inactive")}</Badge>
                  )}{" "}
                  <span className="text-stone-700" data-testid="resident-sign-in">
                    {t(`signIn.${r.signIn}`)}
                  </span>
                </td>
                <td className="px-2 py-0">
                  <div className="flex items-start gap-1">
                    <Link
                      to={`${cfg.residents}/${r.id}`}
                      className="btn-secondary min-h-target py-0"
                      aria-label={t("row.editName", { name })}
                      preventScrollReset
                      {...dialogLinkProps}
                    >
                      {t("common:edit")}
                    </Link>
                    <RowMenu label={t("row.moreFor", { name })}>
                      <Link
                        to={`${cfg.families}/new?residentId=${r.id}`}
                        className="btn-ghost justify-start"
                        aria-label={t("row.addFamilyFor", { name })}
                      >
                        {t("row.addFamily")}
                      </Link>
                      <Link
                        to={`${cfg.families}?resident=${r.id}`}
                        className="btn-ghost justify-start"
                        aria-label={t("familyOf", { name })}
                      >
                        {t("row.family")}
                      </Link>
                      <Link
                        to={`${cfg.residents}/${r.id}/activities`}
                        className="btn-ghost justify-start"
                        aria-label={tp("link.activitiesFor", { name })}
                      >
                        {tp("link.activities")}
                      </Link>
                      <Link
                        to={`${cfg.residents}/${r.id}/gazette`}
                        className="btn-ghost justify-start"
                        aria-label={t("row.gazetteFor", { name })}
                      >
                        {t("row.gazette")}
                      </Link>
                      <Link
                        to={`/residents/${r.id}/about`}
                        className="btn-ghost justify-start"
                        aria-label={t("row.aboutFor", { name })}
                      >
                        {t("row.about")}
                      </Link>
                      <Link
                        to={`/residents/${r.id}/book`}
                        className="btn-ghost justify-start"
                        aria-label={t("row.bookFor", { name })}
                      >
                        {t("row.book")}
                      </Link>
                      {area === "admin" ? (
                        <>
                          <Link
                            to={`/residents/${r.id}/export.zip`}
                            reloadDocument
                            className="btn-ghost justify-start"
                            aria-label={t("row.downloadFor", { name })}
                          >
                            {t("row.download")}
                          </Link>
                          <Link
                            to={`/admin/residents/${r.id}/erase`}
                            className="btn-ghost justify-start text-red-800"
                            aria-label={t("row.eraseName", { name })}
                          >
                            {t("row.erase")}
                          </Link>
                        </>
                      ) : null}
                      {r.isActive ? (
                        <Link
                          to={`${cfg.residents}/${r.id}/kiosk`}
                          className="btn-ghost justify-start"
                          aria-label={t("row.kioskFor", { name })}
                          preventScrollReset
                          {...dialogLinkProps}
                        >
                          {t("row.kiosk")}
                        </Link>
                      ) : null}
                      {r.signIn !== "active" && r.isActive ? (
                        <Link
                          to={`${cfg.residents}/${r.id}/invitation`}
                          className="btn-ghost justify-start"
                          aria-label={t("row.signInLinkFor", { name })}
                          preventScrollReset
                          {...dialogLinkProps}
                        >
                          {t("row.signInLink")}
                        </Link>
                      ) : null}
                      {r.isActive ? (
                        <Link
                          to={`${cfg.residents}/${r.id}/deactivate${here}`}
                          className="btn-ghost justify-start text-red-800"
                          aria-label={t("row.deactivateName", { name })}
                          preventScrollReset
                          {...dialogLinkProps}
                        >
                          {t("row.deactivate")}
                        </Link>
                      ) : (
                        <RowMenuPost
                          action={`${cfg.residents}/${r.id}/deactivate${here}`}
                          fields={{ intent: "activate" }}
                          label={t("row.reactivate")}
                          srLabel={t("row.reactivateName", { name })}
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
