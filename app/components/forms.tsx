// Form pieces shared by every screen: labelled fields whose errors are announced, JS or not.
import { createContext, useContext, type ReactNode } from "react";
import {
  Form,
  useFetcher,
  useLocation,
  useNavigation,
  useRouteLoaderData,
  type FetcherWithComponents,
} from "@remix-run/react";
import type { KeptForm } from "~/utils/kept-forms.server";
import { translateMessage, useT } from "~/utils/i18n";

/**
 * Inside a modal (DialogLink), forms post through a fetcher: the action's field errors come back into
 * the modal instead of replacing the page, and a success redirects (which closes the modal). On a
 * page, and without JavaScript, they are ordinary forms.
 */
const FormFetcher = createContext<FetcherWithComponents<unknown> | null>(null);

export function FetcherFormScope({ children }: { children: ReactNode }) {
  const fetcher = useFetcher();
  return <FormFetcher.Provider value={fetcher}>{children}</FormFetcher.Provider>;
}

/** The form element to render and the action's last answer for it: the page's, or the modal's. */
export function useFormTarget<T>(pageResult: T | null | undefined): {
  Form: typeof Form;
  lastResult: T | undefined;
} {
  const fetcher = useContext(FormFetcher);
  if (!fetcher) return { Form, lastResult: pageResult ?? undefined };
  return {
    Form: fetcher.Form as typeof Form,
    lastResult: (fetcher.data as T | null | undefined) ?? undefined,
  };
}

/** A field's errors: each a catalog key made by `msg` (a schema's message), or text as it is. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const t = useT("validation");
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-error" role="alert">
      {errors.map((e) => (
        <li key={e}>{translateMessage(t, e)}</li>
      ))}
    </ul>
  );
}

type FieldProps = {
  label: string;
  hint?: string;
  errors?: string[] | null;
  errorId?: string;
  children: ReactNode;
  htmlFor: string;
  optional?: boolean;
};

/** A label, the control (passed as children), an optional hint and the field's errors. */
export function Field({ label, hint, errors, errorId, children, htmlFor, optional }: FieldProps) {
  const t = useT("common");
  return (
    <div className="mb-4">
      <label htmlFor={htmlFor} className="label">
        {label}
        {optional ? <span className="font-normal text-stone-700"> {t("optional")}</span> : null}
      </label>
      {hint ? (
        <p className="mb-1 text-base text-stone-700" id={`${htmlFor}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SubmitButton({
  children,
  pendingText,
  className = "btn-primary",
  name,
  value,
  disabled,
}: {
  children: ReactNode;
  pendingText?: string;
  className?: string;
  name?: string;
  value?: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const fetcher = useContext(FormFetcher);
  const submission = fetcher ?? navigation;
  const pending =
    submission.state === "submitting" && (!name || submission.formData?.get(name) === value);
  return (
    <button
      type="submit"
      className={className}
      name={name}
      value={value}
      disabled={disabled || pending}
    >
      {pending && pendingText ? pendingText : children}
    </button>
  );
}

/**
 * What this form held when it was sent after its session had ended, given back once the person
 * has signed in again (app/utils/kept-forms.server.ts, through the root loader): the values to
 * start from instead of the usual ones, or null. Only on the page the form was sent from, and
 * only to the form of the same `intent` (a form without one takes only a form kept without one).
 * Show <KeptNotice> with it, so the person knows why the form is filled in.
 */
export function useKeptFields(intent?: string): KeptForm | null {
  const root = useRouteLoaderData("root") as { kept?: KeptForm | null } | undefined;
  const location = useLocation();
  const kept = root?.kept ?? null;
  if (!kept || kept.page !== location.pathname + location.search) return null;
  return (kept.intent ?? null) === (intent ?? null) ? kept : null;
}

/**
 * For a form without conform: the kept value of one field (the first, for a name sent more than
 * once; "" for a checkbox left unticked), or `fallback` when nothing was kept.
 */
export function keptOr<T>(kept: KeptForm | null, name: string, fallback: T): string | T {
  if (!kept) return fallback;
  const value = kept.values[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** Says why a form is filled in with what the person wrote before they were signed out. */
export function KeptNotice({ kept }: { kept: KeptForm | null }) {
  const t = useT("auth");
  if (!kept) return null;
  return (
    <p
      role="status"
      data-testid="kept-notice"
      className="mb-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-3 text-lg"
    >
      {t("kept.notice")}
      {kept.filesLeftOut ? ` ${t("kept.photosLeftOut")}` : null}
    </p>
  );
}

/** Spam trap for public forms: humans never see or fill it. */
export function Honeypot() {
  const t = useT("auth");
  return (
    <div
      aria-hidden="true"
      style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}
    >
      <label htmlFor="website-field">{t("form.honeypot")}</label>
      <input id="website-field" type="text" name="website" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
