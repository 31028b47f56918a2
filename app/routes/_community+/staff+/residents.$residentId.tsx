// A resident's details, deactivate and reactivate: one screen in ../__care-team, also served at /admin/residents/{residentId}.
export {
  editResidentLoader as loader,
  editResidentAction as action,
  editResidentPolicy as policy,
} from "../__care-team/residents.server";
export { EditResidentDialog as default } from "../__care-team/Residents";
