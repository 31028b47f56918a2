// The family bulk page: asks once before switching sign-ins off, or shows the sheet of new
// invitation links. One implementation for /admin and /staff.
import { useActionData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/ui";
import { AREAS, useCareTeamArea } from "./areas";
import { BulkDeactivateConfirm, BulkNothingDone } from "./BulkResult";
import type { FamiliesBulkResult } from "./family-actions.server";
import { SignInSheet } from "./SignInSheet";

export function FamiliesBulkPage() {
  const cfg = AREAS[useCareTeamArea()];
  const result = useActionData() as FamiliesBulkResult | undefined;
  if (!result)
    return (
      <EmptyState>Tick family members in the list and choose what to do with them.</EmptyState>
    );
  if (result.kind === "nothing")
    return (
      <BulkNothingDone
        message={result.message}
        backTo={cfg.families}
        backLabel="Back to the family members"
      />
    );
  if (result.kind === "sheet")
    return (
      <SignInSheet
        title="Invitation links for family members"
        entries={result.entries}
        skipped={result.skipped}
        backTo={cfg.families}
      />
    );
  const n = result.people.length;
  return (
    <BulkDeactivateConfirm
      title={`Switch off the sign-in of ${n} ${n === 1 ? "family member" : "family members"}?`}
      explanation="They are signed out at once and cannot sign in until it is switched back on. Nothing is deleted; the message afterwards has an Undo button."
      people={result.people}
      submitLabel={`Switch off ${n} ${n === 1 ? "sign-in" : "sign-ins"}`}
      pendingText="Switching off..."
      cancelTo={cfg.families}
    />
  );
}
