// Duplicating an event: one screen in ../__care-team, served under /admin and /staff.
export {
  duplicateLoader as loader,
  duplicateAction as action,
  duplicatePolicy as policy,
} from "../__care-team/calendar-duplicate.server";
export { DuplicateEventScreen as default } from "../__care-team/CalendarDuplicate";
