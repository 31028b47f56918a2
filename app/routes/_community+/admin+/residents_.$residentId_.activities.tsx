// A resident's activity profile, participation and family sharing: one screen in ../__care-team, served in both areas.
export {
  residentActivitiesLoader as loader,
  residentActivitiesAction as action,
  residentActivitiesPolicy as policy,
} from "../__care-team/resident-activities.server";
export { ResidentActivities as default } from "../__care-team/ResidentActivities";
