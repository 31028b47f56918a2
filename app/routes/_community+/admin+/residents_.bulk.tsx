// Bulk actions on the ticked residents (deactivate, reactivate, a sheet of sign-in links): one screen in ../__care-team, also served at /staff/residents/bulk.
export { bulkLoader as loader, bulkPolicy as policy } from "../__care-team/bulk.server";
export { residentsBulkAction as action } from "../__care-team/resident-actions.server";
export { ResidentsBulkPage as default } from "../__care-team/ResidentActions";
