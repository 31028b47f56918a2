// Today's programs and visits: one screen in ../__care-team, also served at /staff/today.
export { todayLoader as loader } from "../__care-team/today.server";
export { TodayScreen as default, todayMeta as meta } from "../__care-team/Today";
