// Editing, cancelling and reinstating an event: one screen in ../__care-team, also served at /staff/calendar/{eventId}.
export {
  editEventLoader as loader,
  editEventAction as action,
  editEventPolicy as policy,
} from "../__care-team/calendar.server";
export { EditEventDialog as default } from "../__care-team/Calendar";
