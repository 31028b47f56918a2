// The typed confirmation of an erasure: a page of its own with a POST form, the same with
// and without JavaScript. The person types a name to show they mean it; nothing is deleted otherwise.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList, SubmitButton } from "~/components/forms";
import { useT } from "~/utils/i18n";

const MARK = "\u0000";

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
  const t = useT("care");
  // the words to type stand in the sentence where the language puts them, in bold
  const [before, after = ""] = t("erase.typeToConfirm", { words: MARK }).split(MARK);
  return (
    <section className="card mx-auto max-w-2xl" aria-labelledby="erase-title">
      <h1 id="erase-title" className="page-title mb-4">
        {title}
      </h1>
      <div className="mb-4 space-y-2 text-lg">{children}</div>
      <p className="mb-4 text-lg font-semibold">{t("erase.cannotUndo")}</p>
      <Form method="post">
        <label htmlFor="erase-confirm" className="label">
          {before}
          <strong>{mustType}</strong>
          {after}
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
          <SubmitButton className="btn-danger" pendingText={t("erase.erasing")}>
            {confirmLabel}
          </SubmitButton>
          <Link to={cancelTo} className="btn-secondary">
            {t("erase.keep")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
