// Deactivating a resident (asked first), the bulk page (asks once, or shows the sign-in sheet) and
// the printable resident directory. One implementation for /admin and /staff.
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Badge, EmptyState } from "~/components/admin/ui";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { useHydrated } from "~/components/hydration";
import { AREAS, useCareTeamArea } from "./areas";
import { BulkPage, type BulkWords } from "./BulkResult";
import type { deactivateResidentLoader, residentsPrintLoader } from "./resident-actions.server";

export function DeactivateResidentDialog() {
  const area = useCareTeamArea();
  const { resident } = useLoaderData<typeof deactivateResidentLoader>();
  const cfg = AREAS[area];
  return (
    <RouteDialog
      id="deactivate-resident"
      title={resident.isActive ? `Deactivate ${resident.name}?` : `${resident.name} is inactive`}
      closeTo={cfg.residents}
    >
      {resident.isActive ? (
        <>
          <p className="mb-2 text-lg">
            {resident.name} will be marked inactive: no new stories or family members for them, and
            their own sign-in stops.
          </p>
          <p className="mb-4 text-base">
            Nothing is deleted. Their stories stay, and you can reactivate them at any time (the
            message afterwards has an Undo button).
          </p>
          <Form method="post" className="flex flex-wrap gap-3" preventScrollReset>
            <input type="hidden" name="intent" value="deactivate" />
            <SubmitButton className="btn-danger" pendingText="Deactivating...">
              Deactivate resident
            </SubmitButton>
            <Link to={cfg.residents} className="btn-secondary" preventScrollReset>
              Keep active
            </Link>
          </Form>
        </>
      ) : (
        <Form method="post" className="flex flex-wrap gap-3" preventScrollReset>
          <input type="hidden" name="intent" value="activate" />
          <SubmitButton className="btn-primary">Reactivate resident</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}

const residents = (n: number) => `${n} ${n === 1 ? "resident" : "residents"}`;

const BULK_WORDS: BulkWords = {
  intro: "Tick residents in the list and choose what to do with them.",
  backLabel: "Back to the residents",
  sheetTitle: "Sign-in links for residents",
  confirmTitle: (n) => `Deactivate ${residents(n)}?`,
  explanation:
    "They are marked inactive and their own sign-ins stop. Nothing is deleted; the message afterwards has an Undo button.",
  submitLabel: (n) => `Deactivate ${residents(n)}`,
  pendingText: "Deactivating...",
};

export function ResidentsBulkPage() {
  return <BulkPage listTo={AREAS[useCareTeamArea()].residents} words={BULK_WORDS} />;
}

export function ResidentsPrintPage() {
  const area = useCareTeamArea();
  const { facility, printedOn, residents, byRoom } = useLoaderData<typeof residentsPrintLoader>();
  const hydrated = useHydrated();
  const cfg = AREAS[area];
  return (
    <section aria-labelledby="directory-title" className="print-directory">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="flex flex-wrap gap-2">
          <Link
            to={byRoom ? `${cfg.residents}/print` : `${cfg.residents}/print?sort=room`}
            className="btn-secondary"
          >
            {byRoom ? "Order by name" : "Order by room"}
          </Link>
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()}>
              Print
            </button>
          ) : null}
          <Link to={cfg.residents} className="btn-ghost">
            Back to the residents
          </Link>
        </div>
        {hydrated ? null : (
          <p className="text-base">Use your browser&apos;s Print command to print this page.</p>
        )}
      </div>
      <h2 id="directory-title" className="text-2xl font-bold">
        Resident directory: {facility}
      </h2>
      <p className="mb-3 text-base">
        {residents.length} active residents, {byRoom ? "by room" : "by name"}. Printed {printedOn}.
      </p>
      {residents.length === 0 ? (
        <EmptyState>No active residents.</EmptyState>
      ) : (
        <table className="w-full border-collapse text-left text-base print:text-sm">
          <thead>
            <tr className="border-b-2 border-stone-700">
              <th scope="col" className="py-1 pr-4">
                Name
              </th>
              <th scope="col" className="py-1 pr-4">
                Room
              </th>
              <th scope="col" className="py-1 pr-4">
                Admitted
              </th>
              <th scope="col" className="py-1">
                Born
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
                <th scope="row" className="py-1 pr-4 font-semibold">
                  {r.name}
                </th>
                <td className="py-1 pr-4">{r.room ?? "—"}</td>
                <td className="py-1 pr-4">{r.admitted ?? "—"}</td>
                <td className="py-1">{r.born ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-4 hidden text-sm print:block">
        <Badge tone="gray">Confidential</Badge> Residents&apos; personal details: keep this page in
        the office.
      </p>
    </section>
  );
}
