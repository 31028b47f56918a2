// The typed confirmation of an erasure: a page of its own with a POST form, the same with
// and without JavaScript. The person types a name to show they mean it; nothing is deleted otherwise.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList, SubmitButton } from "~/components/forms";

export function EraseConfirm({
  title,
  children,
  mustType,
  typed,
  error,
  cancelTo,
  confirmLabel,
}: {
  title: string;
  children: ReactNode;
  /** the words to type, e.g. the resident's full name */
  mustType: string;
  typed?: string | null;
  error?: string | null;
  cancelTo: string;
  confirmLabel: string;
}) {
  return (
    <section className="card mx-auto max-w-2xl" aria-labelledby="erase-title">
      <h1 id="erase-title" className="page-title mb-4">
        {title}
      </h1>
      <div className="mb-4 space-y-2 text-lg">{children}</div>
      <p className="mb-4 text-lg font-semibold">This cannot be undone.</p>
      <Form method="post">
        <label htmlFor="erase-confirm" className="label">
          Type <strong>{mustType}</strong> to confirm
        </label>
        <input
          id="erase-confirm"
          name="confirm"
          type="text"
          className="input mb-2"
          autoComplete="off"
          defaultValue={typed ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "erase-confirm-error" : undefined}
        />
        <ErrorList id="erase-confirm-error" errors={error ? [error] : null} />
        <div className="mt-4 flex flex-wrap gap-3">
          <SubmitButton className="btn-danger" pendingText="Erasing...">
            {confirmLabel}
          </SubmitButton>
          <Link to={cancelTo} className="btn-secondary">
            Keep everything
          </Link>
        </div>
      </Form>
    </section>
  );
}
