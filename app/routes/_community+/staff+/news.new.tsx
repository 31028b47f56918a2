// A new post: one screen in ../__care-team, also served at /admin/news/new; its old address /staff/bulletin/new redirects here.
export {
  newNewsLoader as loader,
  newNewsAction as action,
  newNewsPolicy as policy,
} from "../__care-team/news.server";
export { NewNewsDialog as default } from "../__care-team/News";
