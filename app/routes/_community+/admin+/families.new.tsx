// Adding a family member (with their invitation link): one screen in ../__care-team, also served at /staff/families/new.
export {
  newFamilyLoader as loader,
  newFamilyAction as action,
  newFamilyPolicy as policy,
} from "../__care-team/families.server";
export { NewFamilyDialog as default } from "../__care-team/Families";
