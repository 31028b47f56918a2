// Adding a resident: one screen in ../__care-team, also served at /staff/residents/new.
export {
  newResidentLoader as loader,
  newResidentAction as action,
  newResidentPolicy as policy,
} from "../__care-team/residents.server";
export { NewResidentDialog as default } from "../__care-team/Residents";
