// The activity calendar: one screen in ../__care-team, also served at /admin/calendar.
export { calendarLoader as loader } from "../__care-team/calendar.server";
export { CalendarScreen as default } from "../__care-team/Calendar";
