// Editing a post: one screen in ../__care-team, also served at /admin/news/{postId}; its old address under /staff/bulletin redirects here.
export {
  editNewsLoader as loader,
  editNewsAction as action,
  editNewsPolicy as policy,
} from "../__care-team/news.server";
export { EditNewsDialog as default } from "../__care-team/News";
