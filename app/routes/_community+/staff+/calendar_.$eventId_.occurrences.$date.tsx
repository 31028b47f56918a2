// One occurrence's attendance and sign-ups: one screen in ../__care-team, also served at /admin/calendar/{eventId}/occurrences/{date}.
export {
  occurrenceLoader as loader,
  occurrenceAction as action,
  occurrencePolicy as policy,
} from "../__care-team/attendance.server";
export { OccurrenceScreen as default, occurrenceMeta as meta } from "../__care-team/Attendance";
