// Bulk actions on the ticked residents (deactivate, reactivate, a sheet of sign-in links): one screen in ../__care-team, also served at /staff/residents/bulk.
export {
  residentsBulkLoader as loader,
  residentsBulkAction as action,
  residentsBulkPolicy as policy,
} from "../__care-team/resident-actions.server";
export { ResidentsBulkPage as default } from "../__care-team/ResidentActions";
