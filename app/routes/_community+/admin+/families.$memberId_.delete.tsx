// Removing a family member: one screen in ../__care-team, also served at /staff/families/{memberId}/delete.
export {
  deleteFamilyLoader as loader,
  deleteFamilyAction as action,
  deleteFamilyPolicy as policy,
} from "../__care-team/families.server";
export { DeleteFamilyDialog as default } from "../__care-team/Families";
