// The family members list of /admin/families and /staff/families: one page of 25 from the URL's
// search, sort, filters and page, each with where their invitation stands.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listFamilyPage, readFamilyListParams } from "~/models/family-list.server";
import { listView } from "~/models/list-params";
import { formatDayThisYear, formatRecentDay } from "~/models/local-time";
import { getResident } from "~/models/resident.server";
import { linkedSignInStates, NO_SIGN_IN, type SignInState } from "~/models/sign-in-state.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import { areaOf } from "./areas";

export type InvitationState = {
  status: SignInState["status"];
  username: string | null;
  /** "Invited on Mar 3, 2026, not accepted" / "Accepted" / "Sign-in switched off" */
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

/** What the list says about a family member's invitation, in the community's time zone. */
export function invitationState(
  state: SignInState,
  timeZone: string,
  now = new Date(),
): InvitationState {
  // "Nov 23" this year, "Nov 23, 2025" before
  const day = (iso: string) => formatDayThisYear(iso, timeZone, now);
  const label =
    state.status === "active"
      ? "Accepted"
      : state.status === "deactivated"
        ? "Sign-in switched off"
        : state.status === "invited"
          ? state.invitedAt
            ? `Invited on ${day(state.invitedAt)}, not accepted`
            : "Invited, not accepted"
          : "No invitation yet";
  return {
    status: state.status,
    username: state.username,
    label,
    lastActive: state.lastActiveAt
      ? `last active ${formatRecentDay(state.lastActiveAt, timeZone, now)}`
      : null,
  };
}

export async function familyListLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const params = readFamilyListParams(new URL(request.url).searchParams);
  const forResident = params.residentId ? getResident(db, params.residentId) : undefined;
  // another community's resident, or none: not found, rather than an empty list
  if (params.residentId && !forResident) throw new Response("404 Page Not Found", { status: 404 });
  const { rows, page } = listFamilyPage(db, community.id, params);
  const states = linkedSignInStates(
    community.id,
    ROLE.family,
    rows.map((r) => r.member.id),
  );
  const members: FamilyRowItem[] = rows.map(({ member, resident }) => ({
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
    invitation: invitationState(states.get(member.id) ?? NO_SIGN_IN, community.timeZone),
  }));
  return {
    members,
    page,
    view: listView(params),
    resident: forResident
      ? { id: forResident.id, name: `${forResident.firstName} ${forResident.lastName}` }
      : null,
  };
}
