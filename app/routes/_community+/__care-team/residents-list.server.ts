// The residents list of /admin/residents and /staff/residents: one page of 25 from the URL's
// search, sort, status filter and page (models/resident-list.server.ts does it in SQL).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listView } from "~/models/list-params";
import { mediaUrl } from "~/models/media-urls";
import { listResidentsPage, readResidentListParams } from "~/models/resident-list.server";
import { linkedSignInStates, NO_SIGN_IN, type SignInStatus } from "~/models/sign-in-state.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import { areaOf } from "./areas";
import { calendarDay } from "./resident-actions.server";
import { requestLanguage } from "~/utils/i18n.server";

export type ResidentRowItem = {
  id: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  admissionLabel: string | null;
  profileImageUrl: string | null;
  isActive: boolean;
  storyCount: number;
  publishedStoryCount: number;
  pendingStoryCount: number;
  /** their own sign-in: none yet, a link made but no password chosen, in use, or switched off */
  signIn: SignInStatus;
};

export async function residentListLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const params = readResidentListParams(new URL(request.url).searchParams);
  const { rows, page } = listResidentsPage(db, params);
  const lang = await requestLanguage(request);
  const signIns = linkedSignInStates(
    community.id,
    ROLE.resident,
    rows.map((r) => r.id),
  );
  const residents: ResidentRowItem[] = rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    roomNumber: r.roomNumber,
    admissionLabel: r.admissionDate ? calendarDay(r.admissionDate, lang) : null,
    profileImageUrl: r.profileImageId ? mediaUrl(r.profileImageId, 400) : null,
    isActive: r.isActive,
    storyCount: r.storyCount,
    publishedStoryCount: r.publishedStoryCount,
    pendingStoryCount: r.pendingStoryCount,
    signIn: (signIns.get(r.id) ?? NO_SIGN_IN).status,
  }));
  return { residents, page, view: listView(params) };
}
