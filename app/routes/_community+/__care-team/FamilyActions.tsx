// The family bulk page: asks once before switching sign-ins off, or shows the sheet of new
// invitation links; and the page that emails one family member a link to choose a new password.
// One implementation for /admin and /staff.
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { useT } from "~/utils/i18n";
import type { familyPasswordLinkAction, familyPasswordLinkLoader } from "./family-actions.server";
import { AREAS, useCareTeamArea } from "./areas";
import { BulkPage, type BulkWords } from "./BulkResult";

export function FamiliesBulkPage() {
  const t = useT("care");
  const words: BulkWords = {
    intro: t("familyBulk.intro"),
    backLabel: t("familyBulk.back"),
    sheetTitle: t("familyBulk.sheetTitle"),
    confirmTitle: (count) => t("familyBulk.confirmTitle", { count }),
    explanation: t("familyBulk.explanation"),
    submitLabel: (count) => t("familyBulk.submit", { count }),
    pendingText: t("familyBulk.pending"),
  };
  return <BulkPage listTo={AREAS[useCareTeamArea()].families} words={words} />;
}

/** What the "email a link to choose a new password" page knows of the account. */
export type PasswordLinkState = {
  name: string;
  username: string | null;
  email: string | null;
  /** why no link can be sent, as a message; null: it can */
  refusal: string | null;
};

/**
 * The button that emails someone a link to choose a new password, or why it cannot be sent.
 * Shared by the family member's page and the administrator's staff page.
 */
export function PasswordLinkForm({
  state,
  refused,
  backTo,
}: {
  state: PasswordLinkState;
  refused?: string | null;
  backTo: string;
}) {
  const t = useT("password");
  if (state.refusal)
    return (
      <div>
        <p className="mb-4 text-lg" data-testid="password-link-refusal">
          {state.refusal}
        </p>
        <Link to={backTo} className="btn-secondary" preventScrollReset>
          {t("staff.back")}
        </Link>
      </div>
    );
  return (
    <Form method="post" preventScrollReset>
      {refused ? (
        <p className="field-error mb-3" role="alert">
          {refused}
        </p>
      ) : null}
      {state.username ? (
        <p className="mb-2 text-lg">{t("staff.username", { username: state.username })}</p>
      ) : null}
      <p className="mb-4 text-base">{t("staff.intro", { email: state.email ?? "" })}</p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-primary" pendingText={t("staff.sending")}>
          {t("staff.submit")}
        </SubmitButton>
        <Link to={backTo} className="btn-secondary" preventScrollReset>
          {t("staff.back")}
        </Link>
      </div>
    </Form>
  );
}

/** The link from a family member's page to the page that emails her a password link. */
export function FamilyPasswordLink({ memberId }: { memberId: string }) {
  const area = useCareTeamArea();
  const t = useT("password");
  return (
    <p className="mt-6 border-t border-stone-300 pt-4">
      <Link
        to={`${AREAS[area].families}/${memberId}/password-link`}
        className="btn-secondary"
        preventScrollReset
        data-testid="password-link"
      >
        {t("staff.link")}
      </Link>
    </p>
  );
}

/** /admin|staff/families/{memberId}/password-link */
export function FamilyPasswordLinkDialog() {
  const area = useCareTeamArea();
  const { state } = useLoaderData<typeof familyPasswordLinkLoader>();
  const data = useActionData<typeof familyPasswordLinkAction>();
  const t = useT("password");
  return (
    <RouteDialog
      id="family-password-link"
      title={t("staff.title", { name: state.name })}
      closeTo={AREAS[area].families}
    >
      <PasswordLinkForm
        state={state}
        refused={data && "refused" in data ? data.refused : null}
        backTo={AREAS[area].families}
      />
    </RouteDialog>
  );
}
