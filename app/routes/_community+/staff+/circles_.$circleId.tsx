// One story circle's staff view: one screen in ../__care-team, also served at /admin/circles/{circleId}.
export {
  circleLoader as loader,
  circleAction as action,
  circlePolicy as policy,
} from "../__care-team/circles.server";
export { CircleScreen as default, circleMeta as meta } from "../__care-team/Circles";
