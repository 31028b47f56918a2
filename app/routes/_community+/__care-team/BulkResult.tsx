// What a bulk action on the residents or families list answers when it did not go straight
// through: nothing was ticked, or switching people off is asked once, with their names, before it
// happens. One implementation for both lists (ResidentActions.tsx, FamilyActions.tsx).
import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";

export function BulkNothingDone({
  message,
  backTo,
  backLabel,
}: {
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className="card" aria-labelledby="bulk-title">
      <h2 id="bulk-title" className="mb-2 text-2xl font-bold">
        Nothing done
      </h2>
      <p className="mb-4 text-lg" role="alert">
        {message}
      </p>
      <Link to={backTo} className="btn-primary">
        {backLabel}
      </Link>
    </section>
  );
}

/** Asks before switching the ticked people off; the form sends their ids back with confirm=yes. */
export function BulkDeactivateConfirm({
  title,
  explanation,
  people,
  submitLabel,
  pendingText,
  cancelTo,
}: {
  title: string;
  explanation: string;
  people: { id: string; name: string }[];
  submitLabel: string;
  pendingText: string;
  cancelTo: string;
}) {
  return (
    <section className="card border-2 border-red-700" aria-labelledby="bulk-title">
      <h2 id="bulk-title" className="mb-2 text-2xl font-bold">
        {title}
      </h2>
      <p className="mb-3 text-base">{explanation}</p>
      <ul className="mb-4 list-disc pl-6 text-lg" data-testid="bulk-people">
        {people.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="deactivate" />
        <input type="hidden" name="confirm" value="yes" />
        {people.map((p) => (
          <input key={p.id} type="hidden" name="ids" value={p.id} />
        ))}
        <SubmitButton className="btn-danger" pendingText={pendingText}>
          {submitLabel}
        </SubmitButton>
        <Link to={cancelTo} className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
