// A resident's one-time sign-in link: one screen in ../__care-team, also served at /staff/residents/{residentId}/invitation.
export {
  residentInvitationLoader as loader,
  residentInvitationAction as action,
  residentInvitationPolicy as policy,
} from "../__care-team/residents.server";
export { ResidentInvitationDialog as default } from "../__care-team/Invitation";
