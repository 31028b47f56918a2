// Bulk actions on the ticked family members (invitation links, sign-ins off and on): one screen in ../__care-team, also served at /admin/families/bulk.
export { bulkLoader as loader, bulkPolicy as policy } from "../__care-team/bulk.server";
export { familiesBulkAction as action } from "../__care-team/family-actions.server";
export { FamiliesBulkPage as default } from "../__care-team/FamilyActions";
