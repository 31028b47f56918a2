// The one-time sign-in link of a family member or a resident: shown once when made (Copy, Print),
// otherwise the account's state and a button that makes a new link. Works without JavaScript.
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { CopyButton } from "~/components/CopyButton";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import { useHydrated } from "~/components/hydration";
import type { InvitationPage } from "./invitation-page.server";
import { useT } from "~/utils/i18n";
import { AREAS, useCareTeamArea } from "./areas";
import { richText } from "./SignInSheet";

export function InvitationDialog({
  title,
  closeTo: list,
  makeLabel,
}: {
  /** the dialog's title, with the person's name in it */
  title: (name: string) => string;
  closeTo: string;
  makeLabel: string;
}) {
  const t = useT("care");
  const ti = useT("invitations");
  const { member, account, invitation, inactive, back, pending } =
    useLoaderData() as InvitationPage;
  const closeTo = `${list}${back ?? ""}`;
  const hydrated = useHydrated();
  const urlRef = useRef<HTMLInputElement>(null);
  return (
    <RouteDialog id="invitation" title={title(member.name)} closeTo={closeTo}>
      {invitation ? (
        <div data-testid="invitation">
          <p className="mb-3 text-base">
            {richText(
              t,
              "invitation.give",
              { name: member.name },
              {
                once: <strong>{t("sheet.once")}</strong>,
                expires: <strong>{invitation.expires}</strong>,
                username: <strong>{invitation.username}</strong>,
              },
            )}
          </p>
          {invitation.email ? (
            <p
              className="mb-3 rounded-lg border border-stone-300 bg-stone-50 p-3 text-base"
              data-testid="invitation-email"
              role="status"
            >
              {invitation.email.sent
                ? richText(
                    ti,
                    "page.emailed",
                    {},
                    { address: <strong className="break-all">{invitation.email.to}</strong> },
                  )
                : ti(`page.notEmailed.${invitation.email.reason}`, { name: member.name })}
            </p>
          ) : null}
          <label htmlFor="invitation-url" className="label">
            {t("invitation.link")}
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
          <p className="mb-4 text-base text-stone-800">{t("invitation.shownOnce")}</p>
          <div className="flex flex-wrap gap-3">
            <CopyButton
              inputId="invitation-url"
              text={invitation.url}
              label={t("invitation.copy")}
            />
            {hydrated ? (
              <button type="button" className="btn-secondary" onClick={() => window.print()}>
                {t("common:print")}
              </button>
            ) : null}
            <Link to={closeTo} className="btn-primary">
              {t("sheet.done")}
            </Link>
          </div>
        </div>
      ) : account?.status === "active" ? (
        <p className="text-base">
          {richText(
            t,
            "invitation.accepted",
            { name: member.name },
            { username: <strong>{account.username}</strong> },
          )}
        </p>
      ) : inactive ? (
        <p className="text-base">{t("invitation.inactive", { name: member.name })}</p>
      ) : (
        <div>
          <p className="mb-4 text-base">
            {account
              ? t("invitation.noPasswordYet", { name: member.name })
              : t("invitation.noSignInYet", { name: member.name })}
          </p>
          {pending ? (
            <p className="mb-4 text-base" data-testid="invitation-pending">
              {ti("page.pending", { name: member.name })}
            </p>
          ) : null}
          <div className="flex flex-wrap items-start gap-3">
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="reissue" />
              <SubmitButton pendingText={t("invitation.making")}>{makeLabel}</SubmitButton>
            </Form>
            {pending ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="revoke" />
                <SubmitButton className="btn-secondary" pendingText={ti("revoke.pending")}>
                  {ti("revoke.button")}
                </SubmitButton>
              </Form>
            ) : null}
          </div>
          {pending ? <p className="mt-3 text-base text-stone-800">{ti("revoke.hint")}</p> : null}
        </div>
      )}
    </RouteDialog>
  );
}

/** A family member's invitation link (/admin/families/{id}/invitation and the /staff twin). */
export function FamilyInvitationDialog() {
  const t = useT("care");
  return (
    <InvitationDialog
      title={(name) => t("invitation.titleFamily", { name })}
      closeTo={AREAS[useCareTeamArea()].families}
      makeLabel={t("invitation.makeNew")}
    />
  );
}

/** A resident's sign-in link (/admin/residents/{id}/invitation and the /staff twin). */
export function ResidentInvitationDialog() {
  const t = useT("care");
  return (
    <InvitationDialog
      title={(name) => t("row.signInLinkFor", { name })}
      closeTo={AREAS[useCareTeamArea()].residents}
      makeLabel={t("invitation.makeLink")}
    />
  );
}
