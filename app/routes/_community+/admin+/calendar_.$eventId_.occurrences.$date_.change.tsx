// Moving, cancelling or changing one day of a repeating program, or the program from that day on:
// one screen in ../__care-team, also served at /staff/calendar/{eventId}/occurrences/{date}/change.
export {
  changeLoader as loader,
  changeAction as action,
  changePolicy as policy,
} from "../__care-team/calendar-change.server";
export { ChangeOccurrenceScreen as default } from "../__care-team/CalendarChange";
