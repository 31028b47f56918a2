// Story circles: one screen in ../__care-team, also served at /staff/circles.
export {
  circlesLoader as loader,
  circlesAction as action,
  circlesPolicy as policy,
} from "../__care-team/circles.server";
export { CirclesScreen as default, circlesMeta as meta } from "../__care-team/Circles";
