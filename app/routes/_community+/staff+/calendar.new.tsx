// A new event: one screen in ../__care-team, also served at /admin/calendar/new.
export {
  newEventLoader as loader,
  newEventAction as action,
  newEventPolicy as policy,
} from "../__care-team/calendar.server";
export { NewEventDialog as default } from "../__care-team/Calendar";
