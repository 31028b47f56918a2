// A family member's details: one screen in ../__care-team, also served at /staff/families/{memberId}.
export {
  editFamilyLoader as loader,
  editFamilyAction as action,
  editFamilyPolicy as policy,
} from "../__care-team/families.server";
export { EditFamilyDialog as default } from "../__care-team/Families";
