// Deleting a post: one screen in ../__care-team, also served at /admin/news/{postId}/delete; its old address under /staff/bulletin redirects here.
export {
  deleteNewsLoader as loader,
  deleteNewsAction as action,
  deleteNewsPolicy as policy,
} from "../__care-team/news.server";
export { DeleteNewsDialog as default } from "../__care-team/News";
