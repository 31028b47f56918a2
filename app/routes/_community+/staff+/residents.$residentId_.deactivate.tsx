// Deactivating (asked first) and reactivating a resident: one screen in ../__care-team, also served at /admin/residents/{residentId}/deactivate.
export {
  deactivateResidentLoader as loader,
  deactivateResidentAction as action,
  deactivateResidentPolicy as policy,
} from "../__care-team/resident-actions.server";
export { DeactivateResidentDialog as default } from "../__care-team/ResidentActions";
