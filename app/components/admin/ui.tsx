// Small building blocks of the administrator and staff screens.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { useT } from "~/utils/i18n";
import { useDateFormat } from "~/components/community-time";
import { initialsOfParts } from "~/utils/initials";

const BADGE_TONES = {
  green: "border-green-800 bg-green-50 text-green-900",
  gray: "border-stone-600 bg-stone-100 text-stone-800",
  amber: "border-amber-800 bg-amber-50 text-amber-900",
  blue: "border-blue-800 bg-blue-50 text-blue-900",
  red: "border-red-800 bg-red-50 text-red-900",
  purple: "border-purple-800 bg-purple-50 text-purple-900",
} as const;

/** A short state or kind (Published, Under Review, Staff): a word in a pill, never the only cue. */
export function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-3 py-0.5 text-base font-bold ${BADGE_TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** A resident's photo, or their two initials when there is none. The name sits beside it, so it is decorative. */
export function Avatar({
  firstName,
  lastName,
  imageUrl,
  size = "md",
}: {
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  size?: "sm" | "md" | "lg";
}) {
  const box =
    size === "lg"
      ? "h-20 w-20 text-2xl"
      : size === "sm"
        ? "h-9 w-9 text-base"
        : "h-12 w-12 text-lg";
  const px = size === "lg" ? 80 : size === "sm" ? 36 : 48;
  if (imageUrl)
    return (
      <img
        src={imageUrl}
        alt=""
        className={`${box} shrink-0 rounded-full object-cover`}
        width={px}
        height={px}
      />
    );
  const initials = initialsOfParts(firstName, lastName);
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900`}
    >
      {initials || "?"}
    </span>
  );
}

export function StatCard({
  label,
  value,
  hint,
  to,
}: {
  label: string;
  value: number;
  hint?: string;
  to?: string;
}) {
  const { number } = useDateFormat();
  const body = (
    <>
      <span className="block text-base font-semibold text-stone-700">{label}</span>
      <span className="block text-4xl font-bold text-ink">{number(value)}</span>
      {hint ? <span className="block text-base text-stone-700">{hint}</span> : null}
    </>
  );
  return (
    <li className="card p-4">
      {to ? (
        <Link to={to} className="block no-underline hover:underline">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/**
 * An empty list or section: what is missing, what to do next, and (usually) one button that does
 * it. `action` is a link's target and label, or any one element (a DialogLink, a form).
 */
export function EmptyState({
  children,
  action,
}: {
  children: ReactNode;
  action?: { to: string; label: string } | ReactNode;
}) {
  const button =
    action && typeof action === "object" && "to" in action && "label" in action ? (
      <Link to={action.to as string} className="btn-secondary">
        {action.label as string}
      </Link>
    ) : (
      (action as ReactNode)
    );
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-card border-2 border-dashed border-stone-400 bg-white/60 p-6 text-center"
      data-testid="empty-state"
    >
      <p className="text-lg text-stone-800">{children}</p>
      {button ?? null}
    </div>
  );
}

/** The page header: the page's one h1, a line under it, and its main action on the right. */
export function PageHeader({
  title,
  intro,
  action,
  id,
}: {
  title: ReactNode;
  intro?: ReactNode;
  action?: ReactNode;
  id?: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 id={id} className="page-title">
          {title}
        </h1>
        {intro ? <div className="mt-1 text-lg text-stone-700">{intro}</div> : null}
      </div>
      {action}
    </div>
  );
}

/** The confirmation of a delete: works without JavaScript (its own URL and a POST form). */
export function ConfirmDelete({
  id,
  title,
  closeTo,
  question,
  detail,
  confirmLabel,
}: {
  id: string;
  title: string;
  closeTo: string;
  question: string;
  detail?: ReactNode;
  confirmLabel: string;
}) {
  const t = useT("care-content");
  return (
    <RouteDialog id={id} title={title} closeTo={closeTo}>
      <p className="mb-2 text-lg">{question}</p>
      {detail ? <div className="mb-4 text-base">{detail}</div> : null}
      <p className="mb-4 text-base text-stone-800">{t("confirm.cannotUndo")}</p>
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <SubmitButton className="btn-danger" pendingText={t("confirm.deleting")}>
          {confirmLabel}
        </SubmitButton>
        <Link to={closeTo} className="btn-secondary" preventScrollReset>
          {t("confirm.keep")}
        </Link>
      </Form>
    </RouteDialog>
  );
}

/** Heading row of a tab: its title and its main action. */
export function SectionHeader({
  id,
  title,
  action,
}: {
  id: string;
  title: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {action}
    </div>
  );
}
