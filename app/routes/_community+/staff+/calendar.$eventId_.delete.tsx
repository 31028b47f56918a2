// Deleting an event: one screen in ../__care-team, also served at /admin/calendar/{eventId}/delete.
export {
  deleteEventLoader as loader,
  deleteEventAction as action,
  deleteEventPolicy as policy,
} from "../__care-team/calendar.server";
export { DeleteEventDialog as default } from "../__care-team/Calendar";
