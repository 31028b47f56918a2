// The family bulk page: asks once before switching sign-ins off, or shows the sheet of new
// invitation links. One implementation for /admin and /staff.
import { Form, Link, useActionData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/ui";
import { SubmitButton } from "~/components/forms";
import { AREAS, useCareTeamArea } from "./areas";
import type { FamiliesBulkResult } from "./family-actions.server";
import { SignInSheet } from "./SignInSheet";

export function FamiliesBulkPage() {
  const cfg = AREAS[useCareTeamArea()];
  const result = useActionData() as FamiliesBulkResult | undefined;
  if (!result) return <EmptyState>Tick family members in the list and choose what to do with them.</EmptyState>;
  if (result.kind === "nothing") {
    return (
      <section className="card" aria-labelledby="bulk-title">
        <h2 id="bulk-title" className="mb-2 text-2xl font-bold">
          Nothing done
        </h2>
        <p className="mb-4 text-lg" role="alert">
          {result.message}
        </p>
        <Link to={cfg.families} className="btn-primary">
          Back to the family members
        </Link>
      </section>
    );
  }
  if (result.kind === "sheet") return <SignInSheet title="Invitation links for family members" entries={result.entries} skipped={result.skipped} backTo={cfg.families} />;
  const n = result.people.length;
  return (
    <section className="card border-2 border-red-700" aria-labelledby="bulk-title">
      <h2 id="bulk-title" className="mb-2 text-2xl font-bold">
        Switch off the sign-in of {n} {n === 1 ? "family member" : "family members"}?
      </h2>
      <p className="mb-3 text-base">They are signed out at once and cannot sign in until it is switched back on. Nothing is deleted; the message afterwards has an Undo button.</p>
      <ul className="mb-4 list-disc pl-6 text-lg" data-testid="bulk-people">
        {result.people.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="deactivate" />
        <input type="hidden" name="confirm" value="yes" />
        {result.people.map((p) => (
          <input key={p.id} type="hidden" name="ids" value={p.id} />
        ))}
        <SubmitButton className="btn-danger" pendingText="Switching off...">
          Switch off {n} {n === 1 ? "sign-in" : "sign-ins"}
        </SubmitButton>
        <Link to={cfg.families} className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
