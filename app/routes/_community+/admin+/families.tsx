// The family members list (search, sort, filters, pages, bulk actions): one screen in ../__care-team, also served at /staff/families.
export { familyListLoader as loader } from "../__care-team/families-list.server";
export { FamiliesScreen as default } from "../__care-team/FamiliesList";
