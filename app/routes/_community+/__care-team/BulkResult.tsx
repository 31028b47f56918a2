// The bulk page of the residents and families lists: what a bulk action answered when it did not
// go straight through (nothing was ticked; switching people off is asked once, with their names,
// before it happens; a sheet of sign-in links). One implementation for both lists, in their words.
import { Form, Link, useActionData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/ui";
import { SubmitButton } from "~/components/forms";
import { useT } from "~/utils/i18n";
import type { BulkResult } from "./bulk.server";
import { SignInSheet } from "./SignInSheet";

/** A list's words on its bulk page, in the reader's language. */
export type BulkWords = {
  /** before anything was sent */
  intro: string;
  backLabel: string;
  sheetTitle: string;
  confirmTitle: (n: number) => string;
  explanation: string;
  submitLabel: (n: number) => string;
  pendingText: string;
};

/** The page's answer to the list's bulk form (the action's data); `listTo` is the list's path. */
export function BulkPage({ listTo, words }: { listTo: string; words: BulkWords }) {
  const result = useActionData() as BulkResult | undefined;
  if (!result) return <EmptyState>{words.intro}</EmptyState>;
  const back = result.back ?? "";
  const backTo = `${listTo}${back}`;
  if (result.kind === "nothing")
    return <BulkNothingDone message={result.message} backTo={backTo} backLabel={words.backLabel} />;
  if (result.kind === "sheet")
    return (
      <SignInSheet
        title={words.sheetTitle}
        entries={result.entries}
        skipped={result.skipped}
        backTo={backTo}
      />
    );
  const n = result.people.length;
  return (
    <BulkDeactivateConfirm
      title={words.confirmTitle(n)}
      explanation={words.explanation}
      people={result.people}
      submitLabel={words.submitLabel(n)}
      pendingText={words.pendingText}
      cancelTo={backTo}
      back={back}
    />
  );
}

function BulkNothingDone({
  message,
  backTo,
  backLabel,
}: {
  message: string;
  backTo: string;
  backLabel: string;
}) {
  const t = useT("care");
  return (
    <section className="card" aria-labelledby="bulk-title">
      <h2 id="bulk-title" className="mb-2 text-2xl font-bold">
        {t("bulk.nothingDone")}
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
function BulkDeactivateConfirm({
  title,
  explanation,
  people,
  submitLabel,
  pendingText,
  cancelTo,
  back,
}: {
  title: string;
  explanation: string;
  people: { id: string; name: string }[];
  submitLabel: string;
  pendingText: string;
  cancelTo: string;
  /** the list's query, sent on so that the list comes back as it was */
  back: string;
}) {
  const t = useT("care");
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
        {back ? <input type="hidden" name="back" value={back} /> : null}
        {people.map((p) => (
          <input key={p.id} type="hidden" name="ids" value={p.id} />
        ))}
        <SubmitButton className="btn-danger" pendingText={pendingText}>
          {submitLabel}
        </SubmitButton>
        <Link to={cancelTo} className="btn-secondary">
          {t("common:cancel")}
        </Link>
      </Form>
    </section>
  );
}
