// Deactivating a resident (asked first), the bulk page (asks once, or shows the sign-in sheet) and
// the printable resident directory. One implementation for /admin and /staff.
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Badge, EmptyState } from "~/components/admin/ui";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { useHydrated } from "~/components/hydration";
import { useT } from "~/utils/i18n";
import { AREAS, useCareTeamArea } from "./areas";
import { BulkPage, type BulkWords } from "./BulkResult";
import type { deactivateResidentLoader, residentsPrintLoader } from "./resident-actions.server";

export function DeactivateResidentDialog() {
  const area = useCareTeamArea();
  const { resident } = useLoaderData<typeof deactivateResidentLoader>();
  const cfg = AREAS[area];
  // the list's search and page, to go back to the list as it was
  const listTo = `${cfg.residents}${useLocation().search}`;
  const t = useT("care");
  const name = resident.name;
  return (
    <RouteDialog
      id="deactivate-resident"
      title={
        resident.isActive
          ? t("deactivate.title", { name })
          : t("deactivate.alreadyInactive", { name })
      }
      closeTo={listTo}
    >
      {resident.isActive ? (
        <>
          <p className="mb-2 text-lg">{t("deactivate.what", { name })}</p>
          <p className="mb-4 text-base">{t("deactivate.nothingDeleted")}</p>
          <Form method="post" className="flex flex-wrap gap-3" preventScrollReset>
            <input type="hidden" name="intent" value="deactivate" />
            <SubmitButton className="btn-danger" pendingText={t("deactivating")}>
              {t("resident.deactivate")}
            </SubmitButton>
            <Link to={listTo} className="btn-secondary" preventScrollReset>
              {t("deactivate.keep")}
            </Link>
          </Form>
        </>
      ) : (
        <Form method="post" className="flex flex-wrap gap-3" preventScrollReset>
          <input type="hidden" name="intent" value="activate" />
          <SubmitButton className="btn-primary">{t("resident.reactivate")}</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}

export function ResidentsBulkPage() {
  const t = useT("care");
  const words: BulkWords = {
    intro: t("residentBulk.intro"),
    backLabel: t("residents.back"),
    sheetTitle: t("residentBulk.sheetTitle"),
    confirmTitle: (count) => t("residentBulk.confirmTitle", { count }),
    explanation: t("residentBulk.explanation"),
    submitLabel: (count) => t("residentBulk.submit", { count }),
    pendingText: t("deactivating"),
  };
  return <BulkPage listTo={AREAS[useCareTeamArea()].residents} words={words} />;
}

export function ResidentsPrintPage() {
  const area = useCareTeamArea();
  const { facility, printedOn, residents, byRoom } = useLoaderData<typeof residentsPrintLoader>();
  const hydrated = useHydrated();
  const cfg = AREAS[area];
  const t = useT("care");
  return (
    <section aria-labelledby="directory-title" className="print-directory">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="flex flex-wrap gap-2">
          <Link
            to={byRoom ? `${cfg.residents}/print` : `${cfg.residents}/print?sort=room`}
            className="btn-secondary"
          >
            {byRoom ? t("directory.orderByName") : t("directory.orderByRoom")}
          </Link>
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()}>
              {t("common:print")}
            </button>
          ) : null}
          <Link to={cfg.residents} className="btn-ghost">
            {t("residents.back")}
          </Link>
        </div>
        {hydrated ? null : <p className="text-base">{t("directory.printCommand")}</p>}
      </div>
      <h2 id="directory-title" className="text-2xl font-bold">
        {t("directory.title", { facility })}
      </h2>
      <p className="mb-3 text-base">
        {t(byRoom ? "directory.summaryByRoom" : "directory.summaryByName", {
          count: residents.length,
          date: printedOn,
        })}
      </p>
      {residents.length === 0 ? (
        <EmptyState>{t("directory.none")}</EmptyState>
      ) : (
        // on a phone a long name or date scrolls inside the table's box, never the page
        <div className="overflow-x-auto print:overflow-visible">
          <table className="w-full border-collapse text-left text-base print:text-sm">
            <thead>
              <tr className="border-b-2 border-stone-700">
                <th scope="col" className="py-1 pr-4">
                  {t("directory.name")}
                </th>
                <th scope="col" className="py-1 pr-4">
                  {t("column.room")}
                </th>
                <th scope="col" className="py-1 pr-4">
                  {t("column.admitted")}
                </th>
                <th scope="col" className="py-1">
                  {t("directory.born")}
                </th>
              </tr>
            </thead>
            <tbody>
              {residents.map((r) => (
                <tr
                  key={r.id}
                  className="break-inside-avoid border-b border-stone-300"
                  data-testid="directory-row"
                >
                  <th scope="row" className="py-1 pr-4 font-semibold [overflow-wrap:anywhere]">
                    {r.name}
                  </th>
                  <td className="py-1 pr-4">{r.room ?? "—"}</td>
                  <td className="py-1 pr-4">{r.admitted ?? "—"}</td>
                  <td className="py-1">{r.born ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-4 hidden text-sm print:block">
        <Badge tone="gray">{t("directory.confidential")}</Badge> {t("directory.keepInOffice")}
      </p>
    </section>
  );
}
