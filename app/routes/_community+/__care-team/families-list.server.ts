// The family members list of /admin/families and /staff/families: one page of 25 from the URL's
// search, sort, filters and page, each with where their invitation stands.
import { duplicateFamilyAccounts } from "~/models/family-merge.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listFamilyPage, readFamilyListParams } from "~/models/family-list.server";
import { listView } from "~/models/list-params";
import { formatDayThisYear, formatRecentDay, formatShortDate } from "~/models/local-time";
import { getResident } from "~/models/resident.server";
import {
  isEmailAddress,
  newestInviteLinks,
  type InviteLinkState,
} from "~/models/invitation.server";
import { linkedSignInStates, NO_SIGN_IN, type SignInState } from "~/models/sign-in-state.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import { areaOf } from "./areas";
import type { T } from "~/utils/i18n";
import { getT, requestLanguage, translator } from "~/utils/i18n.server";

/** Where the newest invitation link stands, while no password is chosen. */
export type InvitationStage = "sent" | "notSent" | "opened" | "revoked" | "expired" | "made";

export type InvitationState = {
  status: SignInState["status"];
  /** for an invited account whose link is known: what became of it */
  stage: InvitationStage | null;
  username: string | null;
  /** "Sent Mar 3" / "Opened Mar 4" / "Revoked" / "Expired" / "Not sent (no email)" / "Accepted" / "Sign-in switched off" */
  label: string;
  /** "last active today", "last active yesterday", "last active Nov 20": short, so a row stays a line high */
  lastActive: string | null;
};

export type FamilyRowItem = {
  id: string;
  name: string;
  email: string;
  relationship: string | null;
  phoneNumber: string | null;
  resident: { id: string; name: string; roomNumber: string | null; isActive: boolean };
  invitation: InvitationState;
};

/** Where an invited account's newest link stands (null: no link is known). */
export function invitationStage(
  link: InviteLinkState | null | undefined,
  hasEmail: boolean,
  now = new Date(),
): InvitationStage | null {
  if (!link || link.usedAt) return null;
  if (link.revokedAt) return "revoked";
  if (Date.parse(link.expiresAt) <= now.getTime()) return "expired";
  if (link.openedAt) return "opened";
  if (link.emailed) return "sent";
  return hasEmail ? "made" : "notSent";
}

/**
 * What the list says about a family member's (or resident's) invitation, in the community's time
 * zone and the reader's language (`t` of the care namespace, `lang`; English by default). With
 * `link` (the newest invitation link) and `hasEmail` it says whether the link was sent, opened,
 * revoked or has expired.
 */
export function invitationState(
  state: SignInState,
  timeZone: string,
  now = new Date(),
  t: T = translator("en", "care"),
  lang = "en",
  {
    fullDates = false,
    link = null,
    hasEmail = true,
  }: { fullDates?: boolean; link?: InviteLinkState | null; hasEmail?: boolean } = {},
): InvitationState {
  // "Nov 23" this year, "Nov 23, 2025" before; a file that is kept says the year always
  const day = (iso: string) =>
    fullDates ? formatShortDate(iso, timeZone, lang) : formatDayThisYear(iso, timeZone, now, lang);
  const stage = state.status === "invited" ? invitationStage(link, hasEmail, now) : null;
  const ti = translator(lang, "invitations");
  const label =
    state.status === "waiting"
      ? translator(lang, "follows")("state.waiting", { username: state.username ?? "" })
      : state.status === "active"
        ? t("invitationState.accepted")
        : state.status === "deactivated"
          ? t("signIn.deactivated")
          : state.status === "invited"
            ? stage === "sent"
              ? ti("state.sent", { date: day(link!.createdAt) })
              : stage === "opened"
                ? ti("state.opened", { date: day(link!.openedAt!) })
                : stage === "revoked"
                  ? ti("state.revoked")
                  : stage === "expired"
                    ? ti("state.expired")
                    : stage === "notSent"
                      ? ti("state.notSent")
                      : state.invitedAt
                        ? t("invitationState.invitedOn", { date: day(state.invitedAt) })
                        : t("invitationState.invited")
            : t("invitationState.none");
  return {
    status: state.status,
    stage,
    username: state.username,
    label,
    lastActive: state.lastActiveAt
      ? t("invitationState.lastActive", {
          day: formatRecentDay(state.lastActiveAt, timeZone, now, lang),
        })
      : null,
  };
}

export async function familyListLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const params = readFamilyListParams(new URL(request.url).searchParams);
  const t = await getT(request, "care");
  const lang = await requestLanguage(request);
  const now = new Date();
  const forResident = params.residentId ? getResident(db, params.residentId) : undefined;
  // another community's resident, or none: not found, rather than an empty list
  if (params.residentId && !forResident) throw new Response("404 Page Not Found", { status: 404 });
  const { rows, page } = listFamilyPage(db, community.id, params);
  const states = linkedSignInStates(
    community.id,
    ROLE.family,
    rows.map((r) => r.member.id),
  );
  const links = newestInviteLinks([...states.values()].map((st) => st.userId ?? ""));
  const members: FamilyRowItem[] = rows.map(({ member, resident }) => {
    const state = states.get(member.id) ?? NO_SIGN_IN;
    return {
      id: member.id,
      name: member.name,
      email: member.email,
      relationship: member.relationship,
      phoneNumber: member.phoneNumber,
      resident: {
        id: resident.id,
        name: `${resident.firstName} ${resident.lastName}`,
        roomNumber: resident.roomNumber,
        isActive: resident.isActive,
      },
      invitation: invitationState(state, community.timeZone, now, t, lang, {
        link: state.userId ? links.get(state.userId) : null,
        hasEmail: isEmailAddress(member.email),
      }),
    };
  });
  return {
    members,
    page,
    // people with two accounts under one email (made before one account could follow several
    // residents): administrators are offered to merge them
    duplicates: area === "admin" ? duplicateFamilyAccounts(db, community.id).length : 0,
    view: listView(params),
    resident: forResident
      ? { id: forResident.id, name: `${forResident.firstName} ${forResident.lastName}` }
      : null,
  };
}
