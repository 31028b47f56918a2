// A family member's invitation link: one screen in ../__care-team, also served at /staff/families/{memberId}/invitation.
export {
  invitationLoader as loader,
  invitationAction as action,
  invitationPolicy as policy,
} from "../__care-team/families.server";
export { FamilyInvitationDialog as default } from "../__care-team/Invitation";
