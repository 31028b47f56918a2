// The family members list: one screen in ../__care-team, also served at /staff/families.
export { familiesLoader as loader } from "../__care-team/families.server";
export { FamiliesScreen as default } from "../__care-team/Families";
