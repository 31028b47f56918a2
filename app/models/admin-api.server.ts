// JSON shapes of the residents, family members, news and events API, built from
// the same model functions as the screens.
import { mediaUrl } from "./media-urls";
import type { ResidentRow, ResidentWithCounts } from "./resident.server";
import type { FamilyMemberRow } from "./family.server";
import type { SignInAccount } from "./invitation.server";

export type ResidentJson = {
  id: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  dateOfBirth: string | null;
  admissionDate: string | null;
  email: string | null;
  profileImageUrl: string | null;
  isActive: boolean;
  storyCount?: number;
};

export function residentJson(r: ResidentRow | ResidentWithCounts): ResidentJson {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    roomNumber: r.roomNumber,
    dateOfBirth: r.dateOfBirth,
    admissionDate: r.admissionDate,
    email: r.email,
    profileImageUrl: r.profileImageId ? mediaUrl(r.profileImageId) : null,
    isActive: r.isActive,
    ...("storyCount" in r ? { storyCount: r.storyCount } : {}),
  };
}

export function familyMemberJson(member: FamilyMemberRow, resident: ResidentRow, account?: SignInAccount | null) {
  return {
    id: member.id,
    residentId: member.residentId,
    name: member.name,
    email: member.email,
    relationship: member.relationship,
    phoneNumber: member.phoneNumber,
    resident: { id: resident.id, firstName: resident.firstName, lastName: resident.lastName, roomNumber: resident.roomNumber, profileImageUrl: resident.profileImageId ? mediaUrl(resident.profileImageId) : null },
    signIn: account ? { username: account.username, status: account.status } : null,
  };
}
