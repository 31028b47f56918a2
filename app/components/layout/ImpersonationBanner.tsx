// Shown on every page of a session the super admin opened as someone else (login-as), so it never
// looks like the user's own; its button ends that session and goes back to the super admin's.
import { Form } from "@remix-run/react";

export function ImpersonationBanner({ name, by }: { name: string; by: string }) {
  return (
    <div
      role="region"
      aria-label="Signed in as another user"
      className="border-b-4 border-amber-700 bg-amber-100 text-amber-950 print:hidden"
      data-testid="impersonation-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
        <p className="text-lg font-semibold">
          You are signed in as {name} by the super admin ({by}). Everything you do is done as {name}
          .
        </p>
        <Form method="post" action="/auth/return" reloadDocument>
          <button type="submit" className="btn-primary">
            Return to super admin
          </button>
        </Form>
      </div>
    </div>
  );
}
