// The one-time sign-in link of a family member or a resident: shown once when made (Copy, Print),
// otherwise the account's state and a button that makes a new link. Works without JavaScript.
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { CopyButton } from "~/components/CopyButton";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { useHydrated } from "~/components/hydration";
import type { InvitationPage } from "./invitation-page.server";
import { AREAS, useCareTeamArea } from "./areas";

export function InvitationDialog({
  title,
  closeTo: list,
  makeLabel,
}: {
  title: string;
  closeTo: string;
  makeLabel: string;
}) {
  const { member, account, invitation, inactive, back } = useLoaderData() as InvitationPage;
  const closeTo = `${list}${back ?? ""}`;
  const hydrated = useHydrated();
  const urlRef = useRef<HTMLInputElement>(null);
  return (
    <RouteDialog id="invitation" title={`${title} ${member.name}`} closeTo={closeTo}>
      {invitation ? (
        <div data-testid="invitation">
          <p className="mb-3 text-base">
            Give this link to {member.name}, on paper or in a message. It works{" "}
            <strong>once</strong> and until <strong>{invitation.expires}</strong>. They choose their
            password there and afterwards sign in with the username{" "}
            <strong>{invitation.username}</strong>.
          </p>
          <label htmlFor="invitation-url" className="label">
            Invitation link
          </label>
          <input
            ref={urlRef}
            id="invitation-url"
            readOnly
            value={invitation.url}
            className="input mb-2 font-mono text-base"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="mb-4 hidden break-all font-mono text-base print:block" aria-hidden="true">
            {invitation.url}
          </p>
          <p className="mb-4 text-base text-stone-800">
            For safety the link is shown only now. If it gets lost, make a new one here.
          </p>
          <div className="flex flex-wrap gap-3">
            <CopyButton inputId="invitation-url" text={invitation.url} label="Copy link" />
            {hydrated ? (
              <button type="button" className="btn-secondary" onClick={() => window.print()}>
                Print
              </button>
            ) : null}
            <Link to={closeTo} className="btn-primary">
              Done
            </Link>
          </div>
        </div>
      ) : account?.status === "active" ? (
        <p className="text-base">
          {member.name} has already accepted the invitation and signs in as{" "}
          <strong>{account.username}</strong>.
        </p>
      ) : inactive ? (
        <p className="text-base">
          {member.name} is inactive. Reactivate them before making a sign-in link.
        </p>
      ) : (
        <div>
          <p className="mb-4 text-base">
            {account
              ? `${member.name} has not chosen a password yet. An invitation link is shown only once, when it is made; if ${member.name} has lost it, make a new one.`
              : `${member.name} has no sign-in yet. Make a link: ${member.name} opens it once, chooses a password and from then on signs in with it.`}
          </p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="reissue" />
            <SubmitButton pendingText="Making link...">{makeLabel}</SubmitButton>
          </Form>
        </div>
      )}
    </RouteDialog>
  );
}

/** A family member's invitation link (/admin/families/{id}/invitation and the /staff twin). */
export function FamilyInvitationDialog() {
  return (
    <InvitationDialog
      title="Invitation for"
      closeTo={AREAS[useCareTeamArea()].families}
      makeLabel="Make a new invitation link"
    />
  );
}

/** A resident's sign-in link (/admin/residents/{id}/invitation and the /staff twin). */
export function ResidentInvitationDialog() {
  return (
    <InvitationDialog
      title="Sign-in link for"
      closeTo={AREAS[useCareTeamArea()].residents}
      makeLabel="Make a sign-in link"
    />
  );
}
