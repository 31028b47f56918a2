// Subscribing to the calendar in one's own calendar program: one screen in ../__care-team,
// served under /admin and /staff.
export {
  subscribeLoader as loader,
  subscribeAction as action,
  subscribePolicy as policy,
} from "../__care-team/calendar-subscribe.server";
export { CalendarSubscribeScreen as default } from "../__care-team/CalendarSubscribe";
