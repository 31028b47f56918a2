// Emails a family member a link to choose a new password: one screen in ../__care-team, also served at /admin/families/{memberId}/password-link.
export {
  familyPasswordLinkLoader as loader,
  familyPasswordLinkAction as action,
  familyPasswordLinkPolicy as policy,
} from "../__care-team/family-actions.server";
export { FamilyPasswordLinkDialog as default } from "../__care-team/FamilyActions";
