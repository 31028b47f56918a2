// The invitation page of the care-team screens: the one-time link is shown once, right after it
// is made. It travels to the next page in a short-lived flash cookie (never in the URL), so a
// refresh or the browser history does not show it again.
import { formatDateTime } from "~/models/local-time";
import { data } from "@remix-run/node";
import {
  hasOpenInviteLink,
  type Invitation,
  type InvitationEmail,
} from "~/models/invitation.server";
import type { UserRow } from "~/models/user.server";
import type { Community } from "~/utils/db.server";
import { flashCookie } from "~/utils/flash-cookie.server";
import { getT, requestLanguage } from "~/utils/i18n.server";

const invitationFlash = flashCookie<Invitation>("storyloom_invitation", "invitation", {
  maxAge: 600,
});

export async function invitationFlashHeaders(invitation: Invitation): Promise<Headers> {
  return invitationFlash.headers(invitation);
}

/** What an invitation page shows: the link just made (once), else the account's state. */
export type InvitationPage = {
  member: { id: string; name: string };
  account: { username: string; status: "invited" | "active" } | null;
  invitation: {
    url: string;
    username: string;
    expires: string | null;
    /** whether it was emailed, and to whom (absent: nobody tried) */
    email: InvitationEmail | null;
  } | null;
  /** the account has a link that still works: it can be revoked */
  pending: boolean;
  /** residents only: an inactive resident gets no new link */
  inactive?: boolean;
  /** the list's query to go back to, showing this person (e.g. "?resident=..." or "?q=...") */
  back?: string;
};

/** The invitation page's data for a family member or a resident (the flash cookie is cleared). */
export async function invitationPageData(
  request: Request,
  community: Pick<Community, "timeZone">,
  person: { id: string; name: string },
  account: UserRow | undefined,
  extra: { inactive?: boolean; back?: string } = {},
) {
  const { invitation, headers } = await readInvitationFlash(request, person.id);
  const expires = invitation
    ? formatDateTime(invitation.expiresAt, community.timeZone, await requestLanguage(request))
    : null;
  return data<InvitationPage>(
    {
      member: person,
      account: account
        ? { username: account.username, status: account.passwordHash ? "active" : "invited" }
        : null,
      invitation: invitation
        ? {
            url: invitation.url,
            username: invitation.username,
            expires,
            email: invitation.email ?? null,
          }
        : null,
      pending: Boolean(account && !account.passwordHash && hasOpenInviteLink(account.id)),
      ...extra,
    },
    { headers: headers ?? undefined },
  );
}

/** The invitation to show once for this member, if one was just made; the cookie is cleared. */
export async function readInvitationFlash(
  request: Request,
  memberId: string,
): Promise<{ invitation: Invitation | null; headers: Headers | null }> {
  const { value, headers } = await invitationFlash.take(request);
  const invitation = value as Invitation | undefined;
  if (!invitation) return { invitation: null, headers: null };
  return { invitation: invitation.memberId === memberId ? invitation : null, headers };
}

/** The toast after "Revoke": the links stopped, or there was none open (`revoked` as revokeInvitation returns). */
export async function revokedToast(request: Request, name: string, revoked: number | null) {
  const t = await getT(request, "invitations");
  return revoked
    ? {
        type: "success" as const,
        title: t("revoked.title"),
        description: t("revoked.detail", { name }),
      }
    : {
        type: "info" as const,
        title: t("revoked.noneTitle"),
        description: t("revoked.none", { name }),
      };
}
