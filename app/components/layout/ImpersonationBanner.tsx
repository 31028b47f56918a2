// Shown on every page of a session the super admin opened as someone else (login-as), so it never
// looks like the user's own; its button ends that session and goes back to the super admin's.
import { Form } from "@remix-run/react";
import { useT } from "~/utils/i18n";

export function ImpersonationBanner({ name, by }: { name: string; by: string }) {
  const t = useT("auth");
  return (
    <div
      role="region"
      aria-label={t("impersonation.region")}
      className="border-b-4 border-amber-700 bg-amber-100 text-amber-950 print:hidden"
      data-testid="impersonation-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
        <p className="text-lg font-semibold">{t("impersonation.banner", { name, by })}</p>
        <Form method="post" action="/auth/return" reloadDocument>
          <button type="submit" className="btn-primary">
            {t("impersonation.return")}
          </button>
        </Form>
      </div>
    </div>
  );
}
