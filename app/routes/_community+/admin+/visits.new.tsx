// Logging a one-to-one visit: one screen in ../__care-team, also served at /staff/visits/new.
export {
  visitLoader as loader,
  visitAction as action,
  visitPolicy as policy,
} from "../__care-team/visit.server";
export { VisitScreen as default, visitMeta as meta } from "../__care-team/Visit";
